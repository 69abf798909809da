//! Pricing settings saved through the API (migration 0011): one JSON document per part
//! (`currencies`, `discounts`) and the `pricing_settings` counter every instance polls.

use async_trait::async_trait;
use serde::Serialize;
use serde::de::DeserializeOwned;
use sqlx::Row;
use time::OffsetDateTime;
use vitrine_domain::ports::StoreError;
use vitrine_domain::pricing::discount::DiscountConfig;
use vitrine_domain::pricing::{CurrencyConfig, PricingSettingsStore, SavedPricing};

use crate::db::Database;
use crate::error::{StoreResult, db_error};

const COUNTER: &str = "pricing_settings";
const CURRENCIES: &str = "currencies";
const DISCOUNTS: &str = "discounts";

/// [`PricingSettingsStore`] over SQLite or PostgreSQL. Cheap to clone.
#[derive(Debug, Clone)]
pub struct SqlPricingSettingsStore {
    db: Database,
}

impl SqlPricingSettingsStore {
    pub fn new(db: Database) -> Self {
        Self { db }
    }

    /// Writes one part and takes the next version in the same transaction, so a version is
    /// never visible before its document (PostgreSQL locks the counter row until commit;
    /// SQLite has one writer).
    async fn save(&self, name: &str, document: &impl Serialize) -> StoreResult<i64> {
        let json = serde_json::to_string(document)
            .map_err(|e| StoreError::Corrupt(format!("pricing settings {name}: {e}")))?;
        let mut tx = self.db.begin_write().await?;
        let version: i64 = sqlx::query_scalar(
            "UPDATE id_counters SET last_id = last_id + 1 WHERE name = $1 RETURNING last_id",
        )
        .bind(COUNTER)
        .fetch_one(&mut *tx)
        .await
        .map_err(db_error)?;
        sqlx::query(
            "INSERT INTO pricing_settings (name, document, version, updated_at) \
             VALUES ($1, $2, $3, $4) ON CONFLICT (name) DO UPDATE SET \
             document = excluded.document, version = excluded.version, \
             updated_at = excluded.updated_at",
        )
        .bind(name)
        .bind(json)
        .bind(version)
        .bind(OffsetDateTime::now_utc().unix_timestamp())
        .execute(&mut *tx)
        .await
        .map_err(db_error)?;
        tx.commit().await.map_err(db_error)?;
        Ok(version)
    }
}

fn decode<T: DeserializeOwned>(name: &str, json: &str) -> StoreResult<T> {
    serde_json::from_str(json)
        .map_err(|e| StoreError::Corrupt(format!("saved pricing settings {name}: {e}")))
}

#[async_trait]
impl PricingSettingsStore for SqlPricingSettingsStore {
    async fn pricing_version(&self) -> StoreResult<i64> {
        sqlx::query_scalar("SELECT last_id FROM id_counters WHERE name = $1")
            .bind(COUNTER)
            .fetch_one(self.db.pool())
            .await
            .map_err(db_error)
    }

    async fn saved_pricing(&self) -> StoreResult<SavedPricing> {
        // One transaction, so the documents and the version are read at one point in time.
        let mut tx = self.db.pool().begin().await.map_err(db_error)?;
        let version: i64 = sqlx::query_scalar("SELECT last_id FROM id_counters WHERE name = $1")
            .bind(COUNTER)
            .fetch_one(&mut *tx)
            .await
            .map_err(db_error)?;
        let rows = sqlx::query("SELECT name, document FROM pricing_settings")
            .fetch_all(&mut *tx)
            .await
            .map_err(db_error)?;
        tx.commit().await.map_err(db_error)?;
        let mut saved = SavedPricing {
            version,
            ..SavedPricing::default()
        };
        for row in rows {
            let name: String = row.try_get("name").map_err(db_error)?;
            let document: String = row.try_get("document").map_err(db_error)?;
            match name.as_str() {
                CURRENCIES => saved.currencies = Some(decode(&name, &document)?),
                DISCOUNTS => saved.discounts = Some(decode(&name, &document)?),
                other => {
                    return Err(StoreError::Corrupt(format!(
                        "unknown pricing settings part {other:?}"
                    )));
                }
            }
        }
        Ok(saved)
    }

    async fn save_currencies(&self, config: &CurrencyConfig) -> StoreResult<i64> {
        self.save(CURRENCIES, config).await
    }

    async fn save_discounts(&self, config: &DiscountConfig) -> StoreResult<i64> {
        self.save(DISCOUNTS, config).await
    }
}
