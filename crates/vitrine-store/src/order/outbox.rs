//! The order e-mail outbox: queued with the payment (see `finalize`), claimed for a while by
//! one sender, marked sent.

use time::OffsetDateTime;
use vitrine_domain::order::QueuedMail;

use super::SqlOrderStore;
use super::rows::decode_mail;
use crate::error::{StoreResult, db_error};

impl SqlOrderStore {
    pub(super) async fn read_pending_mail(&self, limit: u32) -> StoreResult<Vec<QueuedMail>> {
        let rows = sqlx::query(
            "SELECT id, order_id, recipient, subject, body_text, body_html FROM mail_outbox \
             WHERE sent_at IS NULL ORDER BY id LIMIT $1",
        )
        .bind(i64::from(limit))
        .fetch_all(self.db.pool())
        .await
        .map_err(db_error)?;
        rows.iter().map(decode_mail).collect()
    }

    pub(super) async fn do_claim_mail(
        &self,
        id: i64,
        now: OffsetDateTime,
        until: OffsetDateTime,
    ) -> StoreResult<bool> {
        let done = sqlx::query(
            "UPDATE mail_outbox SET claimed_until = $3 WHERE id = $1 AND sent_at IS NULL \
             AND (claimed_until IS NULL OR claimed_until <= $2)",
        )
        .bind(id)
        .bind(now.unix_timestamp())
        .bind(until.unix_timestamp())
        .execute(self.db.writer())
        .await
        .map_err(db_error)?;
        Ok(done.rows_affected() == 1)
    }

    /// Claims the oldest unclaimed queued e-mails in one statement. The outer conditions are
    /// checked again on each row as it is updated (PostgreSQL re-reads a row another claimer
    /// changed), so two claimers never both get one e-mail.
    pub(super) async fn do_claim_pending_mail(
        &self,
        limit: u32,
        now: OffsetDateTime,
        until: OffsetDateTime,
    ) -> StoreResult<Vec<QueuedMail>> {
        let rows = sqlx::query(
            "UPDATE mail_outbox SET claimed_until = $3 WHERE id IN (SELECT id FROM mail_outbox \
             WHERE sent_at IS NULL AND (claimed_until IS NULL OR claimed_until <= $2) \
             ORDER BY id LIMIT $1) \
             AND sent_at IS NULL AND (claimed_until IS NULL OR claimed_until <= $2) \
             RETURNING id, order_id, recipient, subject, body_text, body_html",
        )
        .bind(i64::from(limit))
        .bind(now.unix_timestamp())
        .bind(until.unix_timestamp())
        .fetch_all(self.db.writer())
        .await
        .map_err(db_error)?;
        let mut claimed = rows
            .iter()
            .map(decode_mail)
            .collect::<StoreResult<Vec<_>>>()?;
        claimed.sort_by_key(|m| m.id);
        Ok(claimed)
    }

    pub(super) async fn mark_mail_sent(&self, id: i64, at: OffsetDateTime) -> StoreResult<()> {
        sqlx::query("UPDATE mail_outbox SET sent_at = $2 WHERE id = $1")
            .bind(id)
            .bind(at.unix_timestamp())
            .execute(self.db.writer())
            .await
            .map_err(db_error)?;
        Ok(())
    }
}
