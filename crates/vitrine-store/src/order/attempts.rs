//! Payment attempts: one row per intent of an order, upserted as the provider answers, and
//! the stale ones the reconciliation job settles.

use sqlx::any::AnyArguments;
use sqlx::query::Query;
use sqlx::{Any, Row};
use time::OffsetDateTime;
use vitrine_domain::order::{OrderId, PaymentAttempt};

use super::SqlOrderStore;
use super::rows::{ATTEMPT_COLUMNS, decode_attempt, intent_status_str};
use crate::error::{StoreResult, db_error};

pub(super) const UPSERT_ATTEMPT: &str = "INSERT INTO payment_attempts (intent_id, order_id, \
    number, status, amount_minor, currency, client_secret, last_error, created_at, updated_at) \
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) \
    ON CONFLICT (intent_id) DO UPDATE SET status = $4, amount_minor = $5, \
    currency = $6, last_error = $8, updated_at = $10";

/// The attempt's row, inserted or brought up to date (one statement, for a transaction or the
/// writer).
pub(super) fn upsert_attempt(a: &PaymentAttempt) -> Query<'_, Any, AnyArguments<'_>> {
    sqlx::query(UPSERT_ATTEMPT)
        .bind(a.intent_id.as_str())
        .bind(a.order_id.0)
        .bind(i64::from(a.number))
        .bind(intent_status_str(a.status))
        .bind(a.amount.amount_minor())
        .bind(a.amount.currency().code())
        .bind(a.client_secret.as_str())
        .bind(a.last_error.as_deref())
        .bind(a.created_at.unix_timestamp())
        .bind(a.updated_at.unix_timestamp())
}

impl SqlOrderStore {
    pub(super) async fn write_attempt(&self, a: &PaymentAttempt) -> StoreResult<()> {
        upsert_attempt(a)
            .execute(self.db.writer())
            .await
            .map_err(db_error)?;
        Ok(())
    }

    pub(super) async fn read_attempts(&self, order: OrderId) -> StoreResult<Vec<PaymentAttempt>> {
        let sql = format!(
            "SELECT {ATTEMPT_COLUMNS} FROM payment_attempts WHERE order_id = $1 ORDER BY number"
        );
        let rows = sqlx::query(&sql)
            .bind(order.0)
            .fetch_all(self.db.pool())
            .await
            .map_err(db_error)?;
        rows.iter().map(decode_attempt).collect()
    }

    pub(super) async fn read_attempt_by_intent(
        &self,
        intent_id: &str,
    ) -> StoreResult<Option<PaymentAttempt>> {
        let sql = format!("SELECT {ATTEMPT_COLUMNS} FROM payment_attempts WHERE intent_id = $1");
        let row = sqlx::query(&sql)
            .bind(intent_id)
            .fetch_optional(self.db.pool())
            .await
            .map_err(db_error)?;
        row.as_ref().map(decode_attempt).transpose()
    }

    /// The attempt and whether its order is paid, in one statement.
    pub(super) async fn read_attempt_by_intent_with_paid(
        &self,
        intent_id: &str,
    ) -> StoreResult<Option<(PaymentAttempt, bool)>> {
        let columns = ATTEMPT_COLUMNS
            .split(", ")
            .map(|c| format!("a.{c}"))
            .collect::<Vec<_>>()
            .join(", ");
        let sql = format!(
            "SELECT {columns}, CASE WHEN o.paid_at IS NULL THEN 0 ELSE 1 END AS order_paid \
             FROM payment_attempts a LEFT JOIN orders o ON o.id = a.order_id \
             WHERE a.intent_id = $1"
        );
        let row = sqlx::query(&sql)
            .bind(intent_id)
            .fetch_optional(self.db.pool())
            .await
            .map_err(db_error)?;
        row.as_ref()
            .map(|row| {
                let paid: i64 = row.try_get("order_paid").map_err(db_error)?;
                Ok((decode_attempt(row)?, paid != 0))
            })
            .transpose()
    }

    pub(super) async fn read_stale_attempts(
        &self,
        before: OffsetDateTime,
        limit: u32,
    ) -> StoreResult<Vec<PaymentAttempt>> {
        let columns = ATTEMPT_COLUMNS
            .split(", ")
            .map(|c| format!("a.{c}"))
            .collect::<Vec<_>>()
            .join(", ");
        let sql = format!(
            "SELECT {columns} FROM payment_attempts a JOIN orders o ON o.id = a.order_id \
             WHERE o.paid_at IS NULL AND o.status IN ('pending', 'failed', 'on-hold') \
             AND a.updated_at < $1 AND a.number = (SELECT MAX(b.number) FROM payment_attempts b \
             WHERE b.order_id = a.order_id) ORDER BY a.updated_at LIMIT $2"
        );
        let rows = sqlx::query(&sql)
            .bind(before.unix_timestamp())
            .bind(i64::from(limit))
            .fetch_all(self.db.pool())
            .await
            .map_err(db_error)?;
        rows.iter().map(decode_attempt).collect()
    }
}
