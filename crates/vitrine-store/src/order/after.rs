//! After placing: repricing an unpaid order its shopper resubmitted (same cart, another
//! destination, shipping method or discount), and what happens to a paid order later — a
//! refund, a dispute — with its notes. Each one transaction whose first change is conditional.

use sqlx::Row;
use time::OffsetDateTime;
use vitrine_domain::order::{NewOrder, OrderId, OrderNote, OrderStatus};

use super::SqlOrderStore;
use super::place::insert_lines;
use crate::error::{StoreResult, backend, db_error};

impl SqlOrderStore {
    pub(super) async fn do_reprice(&self, id: OrderId, order: &NewOrder) -> StoreResult<bool> {
        let document = serde_json::to_string(order)
            .map_err(|e| backend(format!("cannot encode an order: {e}")))?;
        let mut tx = self.begin().await?;
        let row = sqlx::query(
            "UPDATE orders SET total_minor = $2, currency = $3, document = $4, updated_at = $5 \
             WHERE id = $1 AND paid_at IS NULL AND status IN ('pending', 'failed') RETURNING id",
        )
        .bind(id.0)
        .bind(order.totals.total.amount_minor())
        .bind(order.currency.code())
        .bind(document)
        .bind(OffsetDateTime::now_utc().unix_timestamp())
        .fetch_optional(&mut *tx)
        .await
        .map_err(db_error)?;
        if row.is_none() {
            tx.rollback().await.map_err(db_error)?;
            return Ok(false);
        }
        sqlx::query("DELETE FROM order_lines WHERE order_id = $1")
            .bind(id.0)
            .execute(&mut *tx)
            .await
            .map_err(db_error)?;
        insert_lines(&mut tx, id, &order.lines).await?;
        tx.commit().await.map_err(db_error)?;
        Ok(true)
    }

    pub(super) async fn do_paid_status(
        &self,
        id: OrderId,
        from: &[OrderStatus],
        to: OrderStatus,
        note: &OrderNote,
    ) -> StoreResult<bool> {
        let mut tx = self.begin().await?;
        let added = sqlx::query(
            "INSERT INTO order_notes (order_id, source, note, created_at) \
             VALUES ($1, $2, $3, $4) ON CONFLICT (source) DO NOTHING RETURNING id",
        )
        .bind(id.0)
        .bind(note.source.as_str())
        .bind(note.text.as_str())
        .bind(note.created_at.unix_timestamp())
        .fetch_optional(&mut *tx)
        .await
        .map_err(db_error)?;
        if added.is_none() {
            tx.rollback().await.map_err(db_error)?;
            return Ok(false);
        }
        let allowed: Vec<&OrderStatus> = from.iter().filter(|f| f.can_become(to)).collect();
        let mut moved = false;
        if !allowed.is_empty() {
            let mut sql = crate::sql::Sql::new("UPDATE orders SET status = ");
            sql.bind_text(to.as_str())
                .push(", updated_at = ")
                .bind_int(note.created_at.unix_timestamp())
                .push(" WHERE id = ")
                .bind_int(id.0)
                .push(" AND paid_at IS NOT NULL AND status IN (");
            for (i, status) in allowed.iter().enumerate() {
                if i > 0 {
                    sql.push(", ");
                }
                sql.bind_text(status.as_str());
            }
            sql.push(")");
            let done = sql.query().execute(&mut *tx).await.map_err(db_error)?;
            moved = done.rows_affected() == 1;
        }
        tx.commit().await.map_err(db_error)?;
        Ok(moved)
    }

    pub(super) async fn read_notes(&self, id: OrderId) -> StoreResult<Vec<OrderNote>> {
        let rows = sqlx::query(
            "SELECT source, note, created_at FROM order_notes WHERE order_id = $1 ORDER BY id",
        )
        .bind(id.0)
        .fetch_all(self.db.pool())
        .await
        .map_err(db_error)?;
        rows.iter()
            .map(|row| {
                Ok(OrderNote {
                    source: row.try_get("source").map_err(db_error)?,
                    text: row.try_get("note").map_err(db_error)?,
                    created_at: super::rows::time(row.try_get("created_at").map_err(db_error)?)?,
                })
            })
            .collect()
    }
}
