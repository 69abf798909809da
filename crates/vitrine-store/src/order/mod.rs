//! The order adapter (ADR 0014): orders with their held stock, checkout requests, payment
//! attempts, webhook events, download grants and the mail outbox. Every change that spans
//! rows is one transaction opened for writing (`BEGIN IMMEDIATE` on SQLite); the statements
//! that decide (claim a key, take stock, mark paid, cancel) are conditional updates, so
//! concurrent callers on one database — one process or several — never both win.

mod after;
mod attempts;
mod customer;
mod finalize;
mod finalize_whole;
mod grants;
mod outbox;
mod place;
mod place_whole;
mod rows;

use async_trait::async_trait;
use sqlx::{Any, Row, Transaction};
use time::OffsetDateTime;
use vitrine_domain::order::{
    CheckoutRequest, DownloadGrant, FinalizeOutcome, NewOrder, Order, OrderId, OrderNote,
    OrderStatus, OrderStore, PaymentAttempt, PlaceOutcome, QueuedMail, Settlement, StockChange,
};

pub use self::customer::SqlCustomerStore;
use self::place::Tried;
use self::rows::{ORDER_COLUMNS, decode_order};
use crate::db::Database;
use crate::error::{StoreResult, backend, db_error};

/// [`OrderStore`] over SQLite or PostgreSQL. Cheap to clone.
#[derive(Debug, Clone)]
pub struct SqlOrderStore {
    db: Database,
}

impl SqlOrderStore {
    pub fn new(db: Database) -> Self {
        Self { db }
    }

    async fn begin(&self) -> StoreResult<Transaction<'static, Any>> {
        self.db.begin_write().await
    }

    async fn find_order(&self, id: OrderId) -> StoreResult<Option<Order>> {
        let sql = format!("SELECT {ORDER_COLUMNS} FROM orders WHERE id = $1");
        let row = sqlx::query(&sql)
            .bind(id.0)
            .fetch_optional(self.db.pool())
            .await
            .map_err(db_error)?;
        row.as_ref().map(decode_order).transpose()
    }

    async fn read_order(&self, id: OrderId) -> StoreResult<Order> {
        self.find_order(id)
            .await?
            .ok_or_else(|| backend(format!("order {id} vanished after it was written")))
    }
}

#[async_trait]
impl OrderStore for SqlOrderStore {
    async fn place_order(
        &self,
        order: &NewOrder,
        stock: &[StockChange],
        request_key: Option<&str>,
    ) -> StoreResult<PlaceOutcome> {
        // A lost race with another placement of the same cart is retried once: the second
        // try finds that order and resumes it.
        for _ in 0..3 {
            if let Tried::Done(outcome) = self.try_place(order, stock, request_key).await? {
                return Ok(*outcome);
            }
        }
        Err(backend(
            "an order kept racing with another placement of its cart",
        ))
    }

    async fn order(&self, id: OrderId) -> StoreResult<Option<Order>> {
        self.find_order(id).await
    }

    async fn checkout_request(&self, key: &str) -> StoreResult<Option<CheckoutRequest>> {
        self.request(key).await
    }

    async fn save_checkout_response(&self, key: &str, response: &str) -> StoreResult<()> {
        sqlx::query(
            "UPDATE checkout_requests SET response = $2 \
             WHERE idempotency_key = $1 AND response IS NULL",
        )
        .bind(key)
        .bind(response)
        .execute(self.db.writer())
        .await
        .map_err(db_error)?;
        Ok(())
    }

    async fn save_attempt(&self, a: &PaymentAttempt) -> StoreResult<()> {
        self.write_attempt(a).await
    }

    async fn attempts(&self, order: OrderId) -> StoreResult<Vec<PaymentAttempt>> {
        self.read_attempts(order).await
    }

    async fn attempt_by_intent(&self, intent_id: &str) -> StoreResult<Option<PaymentAttempt>> {
        self.read_attempt_by_intent(intent_id).await
    }

    async fn attempt_by_intent_with_paid(
        &self,
        intent_id: &str,
    ) -> StoreResult<Option<(PaymentAttempt, bool)>> {
        self.read_attempt_by_intent_with_paid(intent_id).await
    }

    async fn finalize(&self, settlement: &Settlement) -> StoreResult<FinalizeOutcome> {
        self.do_finalize(settlement).await
    }

    async fn set_unpaid_status(
        &self,
        id: OrderId,
        from: &[OrderStatus],
        to: OrderStatus,
    ) -> StoreResult<bool> {
        self.set_status(id, from, to).await
    }

    async fn reprice_unpaid(&self, id: OrderId, order: &NewOrder) -> StoreResult<bool> {
        self.do_reprice(id, order).await
    }

    async fn set_paid_status(
        &self,
        id: OrderId,
        from: &[OrderStatus],
        to: OrderStatus,
        note: &OrderNote,
    ) -> StoreResult<bool> {
        self.do_paid_status(id, from, to, note).await
    }

    async fn notes(&self, id: OrderId) -> StoreResult<Vec<OrderNote>> {
        self.read_notes(id).await
    }

    async fn cancel_unpaid(&self, id: OrderId) -> StoreResult<bool> {
        self.do_cancel(id, OffsetDateTime::now_utc().unix_timestamp())
            .await
    }

    async fn record_webhook_event(
        &self,
        event_id: &str,
        kind: &str,
        received_at: OffsetDateTime,
    ) -> StoreResult<bool> {
        let row = sqlx::query(
            "INSERT INTO webhook_events (event_id, kind, received_at) VALUES ($1, $2, $3) \
             ON CONFLICT (event_id) DO NOTHING RETURNING event_id",
        )
        .bind(event_id)
        .bind(kind)
        .bind(received_at.unix_timestamp())
        .fetch_optional(self.db.writer())
        .await
        .map_err(db_error)?;
        Ok(row.is_some())
    }

    async fn stale_attempts(
        &self,
        before: OffsetDateTime,
        limit: u32,
    ) -> StoreResult<Vec<PaymentAttempt>> {
        self.read_stale_attempts(before, limit).await
    }

    async fn unpaid_orders(&self, before: OffsetDateTime, limit: u32) -> StoreResult<Vec<OrderId>> {
        let rows = sqlx::query(
            "SELECT id FROM orders WHERE paid_at IS NULL AND status IN ('pending', 'failed') \
             AND created_at < $1 ORDER BY created_at, id LIMIT $2",
        )
        .bind(before.unix_timestamp())
        .bind(i64::from(limit))
        .fetch_all(self.db.pool())
        .await
        .map_err(db_error)?;
        rows.iter()
            .map(|r| r.try_get("id").map(OrderId).map_err(db_error))
            .collect()
    }

    async fn downloads(&self, order: OrderId) -> StoreResult<Vec<DownloadGrant>> {
        self.read_grants(order).await
    }

    async fn download(&self, token: &str) -> StoreResult<Option<DownloadGrant>> {
        self.read_grant(token).await
    }

    async fn use_download(
        &self,
        token: &str,
        now: OffsetDateTime,
    ) -> StoreResult<Option<DownloadGrant>> {
        self.count_download(token, now).await
    }

    async fn pending_mail(&self, limit: u32) -> StoreResult<Vec<QueuedMail>> {
        self.read_pending_mail(limit).await
    }

    async fn claim_mail(
        &self,
        id: i64,
        now: OffsetDateTime,
        until: OffsetDateTime,
    ) -> StoreResult<bool> {
        self.do_claim_mail(id, now, until).await
    }

    async fn mail_sent(&self, id: i64, at: OffsetDateTime) -> StoreResult<()> {
        self.mark_mail_sent(id, at).await
    }

    async fn claim_pending_mail(
        &self,
        limit: u32,
        now: OffsetDateTime,
        until: OffsetDateTime,
    ) -> StoreResult<Vec<QueuedMail>> {
        self.do_claim_pending_mail(limit, now, until).await
    }

    async fn stock_level(&self, item_id: i64) -> StoreResult<Option<i64>> {
        sqlx::query_scalar("SELECT quantity FROM stock WHERE item_id = $1")
            .bind(item_id)
            .fetch_optional(self.db.pool())
            .await
            .map_err(db_error)
    }
}

impl Database {
    /// The order adapter over this database.
    pub fn orders(&self) -> SqlOrderStore {
        SqlOrderStore::new(self.clone())
    }
}
