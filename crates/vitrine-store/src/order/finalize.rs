//! Marking an order paid (its stock, downloads, e-mail and emptied cart with it), and
//! cancelling an unpaid one: each one transaction whose first statement is conditional, so the
//! second of two racing callers changes nothing.

use sqlx::Row;
use vitrine_domain::order::{FinalizeOutcome, OrderId, OrderStatus, Settlement};

use super::SqlOrderStore;
use super::place::{record_stock, take_stock};
use crate::error::{StoreResult, db_error};

/// Marks paid only an unpaid order whose total and currency are the payment's.
pub(super) const MARK_PAID: &str = "UPDATE orders SET status = $2, paid_at = $3, transaction_id = $4, \
    payment_method_title = $5, resume_key = NULL, updated_at = $3 \
    WHERE id = $1 AND paid_at IS NULL AND total_minor = $6 AND currency = $7 \
    AND status NOT IN ('refunded', 'completed') RETURNING stock_reduced, session_id";

/// A paid order short of stock it had given back, for the shop to sort out.
pub(super) const PUT_ON_HOLD: &str = "UPDATE orders SET status = 'on-hold' WHERE id = $1";
pub(super) const STOCK_HELD: &str = "UPDATE orders SET stock_reduced = 1 WHERE id = $1";
pub(super) const INSERT_GRANT: &str = "INSERT INTO download_grants (token, order_id, position, \
    product_id, product_name, name, file, downloads_remaining, expires_at) \
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)";
pub(super) const QUEUE_RECEIVED_MAIL: &str = "INSERT INTO mail_outbox (order_id, kind, \
    recipient, subject, body_text, body_html, created_at) \
    VALUES ($1, 'order_received', $2, $3, $4, $5, $6) ON CONFLICT (order_id, kind) DO NOTHING";

impl SqlOrderStore {
    pub(super) async fn do_finalize(&self, s: &Settlement) -> StoreResult<FinalizeOutcome> {
        if self.db.writes_whole() {
            return self.finalize_whole(s).await;
        }
        let mut tx = self.begin().await?;
        let paid_at = s.paid_at.unix_timestamp();
        let marked = sqlx::query(MARK_PAID)
            .bind(s.order_id.0)
            .bind(s.status.as_str())
            .bind(paid_at)
            .bind(s.transaction_id.as_deref())
            .bind(s.payment_method_title.as_str())
            .bind(s.amount.amount_minor())
            .bind(s.amount.currency().code())
            .fetch_optional(&mut *tx)
            .await
            .map_err(db_error)?;
        let Some(marked) = marked else {
            tx.rollback().await.map_err(db_error)?;
            if let Some(attempt) = &s.attempt {
                self.write_attempt(attempt).await?;
            }
            return self.why_not_paid(s.order_id).await;
        };
        if let Some(attempt) = &s.attempt {
            super::attempts::upsert_attempt(attempt)
                .execute(&mut *tx)
                .await
                .map_err(db_error)?;
        }
        let held: i64 = marked.try_get("stock_reduced").map_err(db_error)?;
        let session: String = marked.try_get("session_id").map_err(db_error)?;
        // The cart it was placed from is emptied with the payment, in this transaction.
        crate::cart::empty_in(&mut tx, &session, paid_at).await?;
        crate::catalogue::record_sales(&mut tx, s.order_id.0).await?;
        if held == 0 {
            // The stock was given back (the order had been cancelled): take it again; an item
            // that ran out meanwhile puts the paid order on hold for the shop to sort out.
            if let Some((item, available)) = take_stock(&mut tx, &s.stock).await? {
                tracing::error!(order = %s.order_id, item, available, "paid order short of stock");
                sqlx::query(PUT_ON_HOLD)
                    .bind(s.order_id.0)
                    .execute(&mut *tx)
                    .await
                    .map_err(db_error)?;
            } else {
                record_stock(&mut tx, s.order_id, &s.stock).await?;
                sqlx::query(STOCK_HELD)
                    .bind(s.order_id.0)
                    .execute(&mut *tx)
                    .await
                    .map_err(db_error)?;
            }
        }
        for (position, grant) in s.downloads.iter().enumerate() {
            sqlx::query(INSERT_GRANT)
                .bind(grant.token.as_str())
                .bind(s.order_id.0)
                .bind(i64::try_from(position).unwrap_or(i64::MAX))
                .bind(grant.product_id.0)
                .bind(grant.product_name.as_str())
                .bind(grant.name.as_str())
                .bind(grant.file.as_str())
                .bind(grant.downloads_remaining.map(i64::from))
                .bind(grant.expires_at.map(|t| t.unix_timestamp()))
                .execute(&mut *tx)
                .await
                .map_err(db_error)?;
        }
        sqlx::query(QUEUE_RECEIVED_MAIL)
            .bind(s.order_id.0)
            .bind(s.mail.to.as_str())
            .bind(s.mail.subject.as_str())
            .bind(s.mail.text.as_str())
            .bind(s.mail.html.as_deref())
            .bind(paid_at)
            .execute(&mut *tx)
            .await
            .map_err(db_error)?;
        vitrine_crash::point(vitrine_crash::FINALIZE_BEFORE_COMMIT);
        tx.commit().await.map_err(db_error)?;
        Ok(FinalizeOutcome::Paid)
    }

    pub(super) async fn why_not_paid(&self, id: OrderId) -> StoreResult<FinalizeOutcome> {
        let row = sqlx::query("SELECT paid_at FROM orders WHERE id = $1")
            .bind(id.0)
            .fetch_optional(self.db.pool())
            .await
            .map_err(db_error)?;
        Ok(match row {
            None => FinalizeOutcome::NotFound,
            Some(row) => {
                let paid_at: Option<i64> = row.try_get("paid_at").map_err(db_error)?;
                if paid_at.is_some() {
                    FinalizeOutcome::AlreadyPaid
                } else {
                    FinalizeOutcome::AmountMismatch
                }
            }
        })
    }

    pub(super) async fn do_cancel(&self, id: OrderId, now: i64) -> StoreResult<bool> {
        let mut tx = self.begin().await?;
        let row = sqlx::query(
            "UPDATE orders SET status = 'cancelled', resume_key = NULL, stock_reduced = 0, \
             updated_at = $2 WHERE id = $1 AND paid_at IS NULL \
             AND status IN ('pending', 'failed') RETURNING id",
        )
        .bind(id.0)
        .bind(now)
        .fetch_optional(&mut *tx)
        .await
        .map_err(db_error)?;
        if row.is_none() {
            tx.rollback().await.map_err(db_error)?;
            return Ok(false);
        }
        // What the order holds (nothing if it never held or already gave back) goes back.
        let given = sqlx::query(
            "UPDATE stock SET quantity = quantity + (SELECT os.quantity FROM order_stock os \
             WHERE os.order_id = $1 AND os.item_id = stock.item_id) \
             WHERE item_id IN (SELECT item_id FROM order_stock WHERE order_id = $1)",
        )
        .bind(id.0)
        .execute(&mut *tx)
        .await
        .map_err(db_error)?;
        if given.rows_affected() > 0 {
            // Pages showing the stock are out of date on every instance.
            crate::catalogue::next_change(&mut tx).await?;
        }
        sqlx::query("DELETE FROM order_stock WHERE order_id = $1")
            .bind(id.0)
            .execute(&mut *tx)
            .await
            .map_err(db_error)?;
        tx.commit().await.map_err(db_error)?;
        Ok(true)
    }

    pub(super) async fn set_status(
        &self,
        id: OrderId,
        from: &[OrderStatus],
        to: OrderStatus,
    ) -> StoreResult<bool> {
        let allowed: Vec<&OrderStatus> = from.iter().filter(|f| f.can_become(to)).collect();
        if allowed.is_empty() {
            return Ok(false);
        }
        let mut sql = crate::sql::Sql::new("UPDATE orders SET status = ");
        sql.bind_text(to.as_str())
            .push(" WHERE id = ")
            .bind_int(id.0)
            .push(" AND paid_at IS NULL AND status IN (");
        for (i, status) in allowed.iter().enumerate() {
            if i > 0 {
                sql.push(", ");
            }
            sql.bind_text(status.as_str());
        }
        sql.push(")");
        let done = sql
            .query()
            .execute(self.db.writer())
            .await
            .map_err(db_error)?;
        Ok(done.rows_affected() == 1)
    }
}
