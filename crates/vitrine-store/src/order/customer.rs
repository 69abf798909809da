//! A customer's own records (issue 15): saved addresses (`customer_addresses`), their orders
//! a page at a time and the download links of their paid orders. Every statement filters by
//! the account's id.

use async_trait::async_trait;
use sqlx::Row;
use time::OffsetDateTime;
use vitrine_domain::account::UserId;
use vitrine_domain::address::{Address, AddressKind};
use vitrine_domain::customer::{CustomerStore, OrderPage, SavedAddresses};
use vitrine_domain::order::DownloadGrant;

use super::rows::{GRANT_COLUMNS, ORDER_COLUMNS, decode_grant, decode_order};
use crate::db::Database;
use crate::error::{StoreResult, corrupt, db_error};

/// [`CustomerStore`] over SQLite or PostgreSQL. Cheap to clone.
#[derive(Debug, Clone)]
pub struct SqlCustomerStore {
    db: Database,
}

impl SqlCustomerStore {
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

fn kind_str(kind: AddressKind) -> &'static str {
    kind.prefix()
}

#[async_trait]
impl CustomerStore for SqlCustomerStore {
    async fn addresses(&self, customer: UserId) -> StoreResult<SavedAddresses> {
        let rows = sqlx::query("SELECT kind, document FROM customer_addresses WHERE user_id = $1")
            .bind(customer.0)
            .fetch_all(self.db.pool())
            .await
            .map_err(db_error)?;
        let mut saved = SavedAddresses::default();
        for row in rows {
            let kind: String = row.try_get("kind").map_err(db_error)?;
            let document: String = row.try_get("document").map_err(db_error)?;
            let address: Address = serde_json::from_str(&document)
                .map_err(|e| corrupt(format!("address of user {}", customer.0), e))?;
            match kind.as_str() {
                "billing" => saved.billing = Some(address),
                "shipping" => saved.shipping = Some(address),
                other => return Err(corrupt("customer address", format!("kind {other}"))),
            }
        }
        Ok(saved)
    }

    async fn save_address(
        &self,
        customer: UserId,
        kind: AddressKind,
        address: &Address,
        at: OffsetDateTime,
    ) -> StoreResult<()> {
        let document =
            serde_json::to_string(address).map_err(|e| corrupt("customer address", e))?;
        sqlx::query(
            "INSERT INTO customer_addresses (user_id, kind, document, updated_at) \
             VALUES ($1, $2, $3, $4) \
             ON CONFLICT (user_id, kind) DO UPDATE SET document = $3, updated_at = $4",
        )
        .bind(customer.0)
        .bind(kind_str(kind))
        .bind(document)
        .bind(at.unix_timestamp())
        .execute(self.db.writer())
        .await
        .map_err(db_error)?;
        Ok(())
    }

    async fn orders(&self, customer: UserId, offset: u64, limit: u32) -> StoreResult<OrderPage> {
        let total: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM orders WHERE customer_id = $1")
            .bind(customer.0)
            .fetch_one(self.db.pool())
            .await
            .map_err(db_error)?;
        let sql = format!(
            "SELECT {ORDER_COLUMNS} FROM orders WHERE customer_id = $1 \
             ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3"
        );
        let rows = sqlx::query(&sql)
            .bind(customer.0)
            .bind(i64::from(limit))
            .bind(i64::try_from(offset).unwrap_or(i64::MAX))
            .fetch_all(self.db.pool())
            .await
            .map_err(db_error)?;
        Ok(OrderPage {
            orders: rows.iter().map(decode_order).collect::<StoreResult<_>>()?,
            total: u64::try_from(total).unwrap_or(0),
        })
    }

    async fn downloads(
        &self,
        customer: UserId,
        now: OffsetDateTime,
    ) -> StoreResult<Vec<DownloadGrant>> {
        let columns = GRANT_COLUMNS
            .split(", ")
            .map(|c| format!("g.{c}"))
            .collect::<Vec<_>>()
            .join(", ");
        let sql = format!(
            "SELECT {columns} FROM download_grants g JOIN orders o ON o.id = g.order_id \
             WHERE o.customer_id = $1 AND o.paid_at IS NOT NULL \
             AND (g.downloads_remaining IS NULL OR g.downloads_remaining > 0) \
             AND (g.expires_at IS NULL OR g.expires_at > $2) \
             ORDER BY o.created_at DESC, o.id DESC, g.position"
        );
        let rows = sqlx::query(&sql)
            .bind(customer.0)
            .bind(now.unix_timestamp())
            .fetch_all(self.db.pool())
            .await
            .map_err(db_error)?;
        rows.iter().map(decode_grant).collect()
    }
}

impl Database {
    /// A customer's saved addresses, orders and downloads over this database.
    pub fn customers(&self) -> SqlCustomerStore {
        SqlCustomerStore::new(self.clone())
    }
}
