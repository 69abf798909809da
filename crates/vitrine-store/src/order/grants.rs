//! Download grants of paid orders: read by order or token, and used (counted against their
//! limit and expiry in one conditional update).

use time::OffsetDateTime;
use vitrine_domain::order::{DownloadGrant, OrderId};

use super::SqlOrderStore;
use super::rows::{GRANT_COLUMNS, decode_grant};
use crate::error::{StoreResult, db_error};

impl SqlOrderStore {
    pub(super) async fn read_grants(&self, order: OrderId) -> StoreResult<Vec<DownloadGrant>> {
        let sql = format!(
            "SELECT {GRANT_COLUMNS} FROM download_grants WHERE order_id = $1 ORDER BY position"
        );
        let rows = sqlx::query(&sql)
            .bind(order.0)
            .fetch_all(self.db.pool())
            .await
            .map_err(db_error)?;
        rows.iter().map(decode_grant).collect()
    }

    pub(super) async fn read_grant(&self, token: &str) -> StoreResult<Option<DownloadGrant>> {
        let sql = format!("SELECT {GRANT_COLUMNS} FROM download_grants WHERE token = $1");
        let row = sqlx::query(&sql)
            .bind(token)
            .fetch_optional(self.db.pool())
            .await
            .map_err(db_error)?;
        row.as_ref().map(decode_grant).transpose()
    }

    pub(super) async fn count_download(
        &self,
        token: &str,
        now: OffsetDateTime,
    ) -> StoreResult<Option<DownloadGrant>> {
        let before = self.read_grant(token).await?;
        let done = sqlx::query(
            "UPDATE download_grants SET download_count = download_count + 1, \
             downloads_remaining = CASE WHEN downloads_remaining IS NULL THEN NULL \
             ELSE downloads_remaining - 1 END \
             WHERE token = $1 AND (downloads_remaining IS NULL OR downloads_remaining > 0) \
             AND (expires_at IS NULL OR expires_at > $2)",
        )
        .bind(token)
        .bind(now.unix_timestamp())
        .execute(self.db.writer())
        .await
        .map_err(db_error)?;
        Ok(before.filter(|_| done.rows_affected() == 1))
    }
}
