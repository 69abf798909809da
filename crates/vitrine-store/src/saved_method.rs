//! Saved cards (issue 15): the provider-customer links (`payment_customers`) and the saved
//! payment methods (`saved_payment_methods`). Changes that touch the default flag run in one
//! write transaction, so an account never has two defaults or none while it has cards.

use async_trait::async_trait;
use sqlx::any::AnyRow;
use sqlx::{Any, Row, Transaction};
use vitrine_domain::account::UserId;
use vitrine_domain::payment::saved::{SavedCard, SavedMethod, SavedMethodStore};
use vitrine_domain::ports::StoreError;

use crate::db::Database;
use crate::error::{StoreResult, db_error};

const COLUMNS: &str =
    "user_id, provider_method_id, brand, last4, exp_month, exp_year, is_default, created_at";

/// [`SavedMethodStore`] over SQLite or PostgreSQL. Cheap to clone.
#[derive(Debug, Clone)]
pub struct SqlSavedMethodStore {
    db: Database,
}

impl SqlSavedMethodStore {
    pub fn new(db: Database) -> Self {
        Self { db }
    }

    async fn begin(&self) -> StoreResult<Transaction<'static, Any>> {
        self.db.begin_write().await
    }
}

fn decode(row: &AnyRow) -> StoreResult<SavedMethod> {
    let corrupt = |what: &str| StoreError::Corrupt(format!("saved payment method: {what}"));
    let month: i64 = row.try_get("exp_month").map_err(db_error)?;
    let year: i64 = row.try_get("exp_year").map_err(db_error)?;
    Ok(SavedMethod {
        user: UserId(row.try_get("user_id").map_err(db_error)?),
        method_id: row.try_get("provider_method_id").map_err(db_error)?,
        card: SavedCard {
            brand: row.try_get("brand").map_err(db_error)?,
            last4: row.try_get("last4").map_err(db_error)?,
            exp_month: u8::try_from(month).map_err(|_| corrupt("expiry month"))?,
            exp_year: u16::try_from(year).map_err(|_| corrupt("expiry year"))?,
        },
        is_default: row.try_get::<i64, _>("is_default").map_err(db_error)? != 0,
        created_at: row.try_get("created_at").map_err(db_error)?,
    })
}

async fn find(
    tx: &mut Transaction<'static, Any>,
    method_id: &str,
) -> StoreResult<Option<SavedMethod>> {
    let sql = format!("SELECT {COLUMNS} FROM saved_payment_methods WHERE provider_method_id = $1");
    let row = sqlx::query(&sql)
        .bind(method_id)
        .fetch_optional(&mut **tx)
        .await
        .map_err(db_error)?;
    row.as_ref().map(decode).transpose()
}

/// Makes `method_id` the account's only default.
async fn make_default(
    tx: &mut Transaction<'static, Any>,
    user: UserId,
    method_id: &str,
) -> StoreResult<()> {
    sqlx::query(
        "UPDATE saved_payment_methods SET is_default = CASE WHEN provider_method_id = $2 \
         THEN 1 ELSE 0 END WHERE user_id = $1",
    )
    .bind(user.0)
    .bind(method_id)
    .execute(&mut **tx)
    .await
    .map_err(db_error)?;
    Ok(())
}

/// When the account has cards but no default, its newest becomes the default.
async fn keep_a_default(tx: &mut Transaction<'static, Any>, user: UserId) -> StoreResult<()> {
    let sql = format!(
        "SELECT {COLUMNS} FROM saved_payment_methods WHERE user_id = $1 \
         ORDER BY is_default DESC, created_at DESC, id DESC LIMIT 1"
    );
    let row = sqlx::query(&sql)
        .bind(user.0)
        .fetch_optional(&mut **tx)
        .await
        .map_err(db_error)?;
    if let Some(first) = row.as_ref().map(decode).transpose()?
        && !first.is_default
    {
        make_default(tx, user, &first.method_id).await?;
    }
    Ok(())
}

async fn insert(tx: &mut Transaction<'static, Any>, method: &SavedMethod) -> StoreResult<()> {
    sqlx::query(
        "INSERT INTO saved_payment_methods (user_id, provider_method_id, brand, last4, \
         exp_month, exp_year, is_default, created_at) VALUES ($1, $2, $3, $4, $5, $6, 0, $7)",
    )
    .bind(method.user.0)
    .bind(method.method_id.as_str())
    .bind(method.card.brand.as_str())
    .bind(method.card.last4.as_str())
    .bind(i64::from(method.card.exp_month))
    .bind(i64::from(method.card.exp_year))
    .bind(method.created_at)
    .execute(&mut **tx)
    .await
    .map_err(db_error)?;
    Ok(())
}

#[async_trait]
impl SavedMethodStore for SqlSavedMethodStore {
    async fn provider_customer(&self, user: UserId) -> StoreResult<Option<String>> {
        sqlx::query("SELECT provider_customer_id FROM payment_customers WHERE user_id = $1")
            .bind(user.0)
            .fetch_optional(self.db.pool())
            .await
            .map_err(db_error)?
            .map(|row| row.try_get(0).map_err(db_error))
            .transpose()
    }

    async fn link_provider_customer(
        &self,
        user: UserId,
        customer: &str,
        now: i64,
    ) -> StoreResult<String> {
        sqlx::query(
            "INSERT INTO payment_customers (user_id, provider_customer_id, created_at) \
             VALUES ($1, $2, $3) ON CONFLICT (user_id) DO NOTHING",
        )
        .bind(user.0)
        .bind(customer)
        .bind(now)
        .execute(self.db.writer())
        .await
        .map_err(db_error)?;
        self.provider_customer(user)
            .await?
            .ok_or_else(|| StoreError::Conflict("the account is gone".to_owned()))
    }

    async fn saved_methods(&self, user: UserId) -> StoreResult<Vec<SavedMethod>> {
        let sql = format!(
            "SELECT {COLUMNS} FROM saved_payment_methods WHERE user_id = $1 \
             ORDER BY created_at, id"
        );
        let rows = sqlx::query(&sql)
            .bind(user.0)
            .fetch_all(self.db.pool())
            .await
            .map_err(db_error)?;
        rows.iter().map(decode).collect()
    }

    async fn saved_method(&self, method_id: &str) -> StoreResult<Option<SavedMethod>> {
        let sql =
            format!("SELECT {COLUMNS} FROM saved_payment_methods WHERE provider_method_id = $1");
        let row = sqlx::query(&sql)
            .bind(method_id)
            .fetch_optional(self.db.pool())
            .await
            .map_err(db_error)?;
        row.as_ref().map(decode).transpose()
    }

    async fn save_method(&self, method: &SavedMethod) -> StoreResult<SavedMethod> {
        let mut tx = self.begin().await?;
        match find(&mut tx, &method.method_id).await? {
            Some(found) if found.user != method.user => {
                return Err(StoreError::Conflict(
                    "the payment method is another account's".to_owned(),
                ));
            }
            Some(_) => {
                sqlx::query(
                    "UPDATE saved_payment_methods SET brand = $2, last4 = $3, exp_month = $4, \
                     exp_year = $5 WHERE provider_method_id = $1",
                )
                .bind(method.method_id.as_str())
                .bind(method.card.brand.as_str())
                .bind(method.card.last4.as_str())
                .bind(i64::from(method.card.exp_month))
                .bind(i64::from(method.card.exp_year))
                .execute(&mut *tx)
                .await
                .map_err(db_error)?;
            }
            None => insert(&mut tx, method).await?,
        }
        if method.is_default {
            make_default(&mut tx, method.user, &method.method_id).await?;
        } else {
            keep_a_default(&mut tx, method.user).await?;
        }
        let saved = find(&mut tx, &method.method_id)
            .await?
            .ok_or_else(|| StoreError::Corrupt("saved payment method vanished".to_owned()))?;
        tx.commit().await.map_err(db_error)?;
        Ok(saved)
    }

    async fn delete_method(
        &self,
        user: UserId,
        method_id: &str,
    ) -> StoreResult<Option<SavedMethod>> {
        let mut tx = self.begin().await?;
        let Some(found) = find(&mut tx, method_id).await?.filter(|m| m.user == user) else {
            return Ok(None);
        };
        sqlx::query("DELETE FROM saved_payment_methods WHERE provider_method_id = $1")
            .bind(method_id)
            .execute(&mut *tx)
            .await
            .map_err(db_error)?;
        keep_a_default(&mut tx, user).await?;
        tx.commit().await.map_err(db_error)?;
        Ok(Some(found))
    }

    async fn set_default_method(&self, user: UserId, method_id: &str) -> StoreResult<bool> {
        let mut tx = self.begin().await?;
        if find(&mut tx, method_id)
            .await?
            .filter(|m| m.user == user)
            .is_none()
        {
            return Ok(false);
        }
        make_default(&mut tx, user, method_id).await?;
        tx.commit().await.map_err(db_error)?;
        Ok(true)
    }

    async fn replace_method(
        &self,
        user: UserId,
        old: &str,
        new: &SavedMethod,
    ) -> StoreResult<Option<SavedMethod>> {
        let mut tx = self.begin().await?;
        let Some(replaced) = find(&mut tx, old).await?.filter(|m| m.user == user) else {
            return Ok(None);
        };
        if find(&mut tx, &new.method_id).await?.is_some() {
            return Err(StoreError::Conflict(
                "the new payment method is saved already".to_owned(),
            ));
        }
        sqlx::query("DELETE FROM saved_payment_methods WHERE provider_method_id = $1")
            .bind(old)
            .execute(&mut *tx)
            .await
            .map_err(db_error)?;
        let new = SavedMethod {
            user,
            ..new.clone()
        };
        insert(&mut tx, &new).await?;
        if replaced.is_default {
            make_default(&mut tx, user, &new.method_id).await?;
        } else {
            keep_a_default(&mut tx, user).await?;
        }
        let saved = find(&mut tx, &new.method_id)
            .await?
            .ok_or_else(|| StoreError::Corrupt("saved payment method vanished".to_owned()))?;
        tx.commit().await.map_err(db_error)?;
        Ok(Some(saved))
    }
}
