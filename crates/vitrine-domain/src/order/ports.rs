//! The order store port (ADR 0014): orders and their stock, checkout requests, payment
//! attempts, webhook events, download grants and the mail outbox. Every method that changes
//! more than one row does it in one transaction.

use async_trait::async_trait;
use time::OffsetDateTime;

use super::{DownloadGrant, NewOrder, Order, OrderId, OrderStatus, StockChange};
use crate::mail::OutgoingMail;
use crate::money::Money;
use crate::payment::IntentStatus;
use crate::ports::StoreError;

/// A checkout request by its `Idempotency-Key`: the cart it was for, its order and, once
/// answered, the answer (JSON) to replay.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckoutRequest {
    pub key: String,
    pub cart_hash: String,
    pub order_id: OrderId,
    pub response: Option<String>,
}

/// What placing an order did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlaceOutcome {
    /// A new order, its stock taken.
    Created(Order),
    /// The idempotency key was used before (maybe by a request still running): nothing new.
    KeyUsed(CheckoutRequest),
    /// The same session's same cart has an unpaid order: it is the one to pay (a reload or a
    /// retry never places a second order). The key, if any, now points at it.
    Resumed(Order),
    /// An item has fewer units than the order needs (and no backorders): nothing stored.
    OutOfStock { item_id: i64, available: i64 },
}

/// One payment attempt: an intent made for an order. Attempt `n` of an order uses the
/// provider idempotency keys `order-{id}-attempt-{n}-…`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PaymentAttempt {
    pub order_id: OrderId,
    pub number: u32,
    pub intent_id: String,
    pub status: IntentStatus,
    pub amount: Money,
    /// The intent's client secret: the browser proves it holds the intent with it.
    pub client_secret: String,
    pub last_error: Option<String>,
    pub created_at: OffsetDateTime,
    pub updated_at: OffsetDateTime,
}

impl PaymentAttempt {
    /// The attempt as the provider's latest answer about its intent leaves it: status, amount
    /// and error (`error`, else the intent's last payment error), stamped `now`.
    pub fn updated_by(
        &self,
        intent: &crate::payment::PaymentIntent,
        error: Option<String>,
        now: OffsetDateTime,
    ) -> Self {
        Self {
            status: intent.status,
            amount: intent.amount,
            last_error: error.or_else(|| {
                intent
                    .last_payment_error
                    .as_ref()
                    .map(|e| e.message.clone())
            }),
            updated_at: now,
            ..self.clone()
        }
    }

    /// Whether `other` says something this attempt does not (its time aside).
    pub fn differs_from(&self, other: &Self) -> bool {
        (self.status, self.amount, &self.last_error)
            != (other.status, other.amount, &other.last_error)
    }
}

/// Marking an order paid and everything that goes with it, all or nothing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Settlement {
    pub order_id: OrderId,
    pub intent_id: String,
    /// What the provider took; must be the order's total.
    pub amount: Money,
    pub transaction_id: Option<String>,
    pub payment_method_title: String,
    pub paid_at: OffsetDateTime,
    /// `Processing` (paid) or `OnHold` (the provider is still settling, or the stock ran out
    /// for an order whose stock was not held).
    pub status: OrderStatus,
    /// Taken only if the order's stock is not held any more (it was given back).
    pub stock: Vec<StockChange>,
    pub downloads: Vec<DownloadGrant>,
    pub mail: OutgoingMail,
    /// The payment attempt as the provider's answer left it, saved in the same transaction
    /// (one commit fewer per order); none for an order with nothing to pay.
    pub attempt: Option<PaymentAttempt>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FinalizeOutcome {
    /// This call marked it paid.
    Paid,
    /// Someone else did before: nothing changed, no second e-mail.
    AlreadyPaid,
    NotFound,
    /// The amount is not the order's total: not marked paid.
    AmountMismatch,
}

/// A note on an order about something that happened after it was placed (a refund, a
/// dispute), as WooCommerce's order notes. `source` names what made it (a webhook event id):
/// one note per source, so a redelivered event adds none.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderNote {
    pub source: String,
    pub text: String,
    pub created_at: OffsetDateTime,
}

/// A queued e-mail.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QueuedMail {
    pub id: i64,
    pub order_id: OrderId,
    pub mail: OutgoingMail,
}

#[async_trait]
pub trait OrderStore: Send + Sync + 'static {
    /// Places `order`, taking `stock` (one conditional update per item: never below zero
    /// unless backorders are allowed) and recording `request_key` with the cart hash, in one
    /// transaction. See [`PlaceOutcome`] for what else can happen.
    async fn place_order(
        &self,
        order: &NewOrder,
        stock: &[StockChange],
        request_key: Option<&str>,
    ) -> Result<PlaceOutcome, StoreError>;

    async fn order(&self, id: OrderId) -> Result<Option<Order>, StoreError>;

    async fn checkout_request(&self, key: &str) -> Result<Option<CheckoutRequest>, StoreError>;

    /// Stores the answer a key replays (first answer wins).
    async fn save_checkout_response(&self, key: &str, response: &str) -> Result<(), StoreError>;

    /// Inserts or updates the attempt with this intent id.
    async fn save_attempt(&self, attempt: &PaymentAttempt) -> Result<(), StoreError>;

    /// An order's attempts, by number.
    async fn attempts(&self, order: OrderId) -> Result<Vec<PaymentAttempt>, StoreError>;

    async fn attempt_by_intent(
        &self,
        intent_id: &str,
    ) -> Result<Option<PaymentAttempt>, StoreError>;

    /// [`Self::attempt_by_intent`] and whether its order is paid, in one read where the store
    /// can join them (a webhook for a paid order needs nothing more).
    async fn attempt_by_intent_with_paid(
        &self,
        intent_id: &str,
    ) -> Result<Option<(PaymentAttempt, bool)>, StoreError> {
        let Some(attempt) = self.attempt_by_intent(intent_id).await? else {
            return Ok(None);
        };
        let paid = self
            .order(attempt.order_id)
            .await?
            .is_some_and(|o| o.is_paid());
        Ok(Some((attempt, paid)))
    }

    /// Marks the order paid if it is not yet (see [`Settlement`]), and in the same
    /// transaction empties the cart it was placed from (its session's), so no crash leaves a
    /// paid order's cart full.
    async fn finalize(&self, settlement: &Settlement) -> Result<FinalizeOutcome, StoreError>;

    /// Moves an unpaid order from one of `from` to `to`; false when it was not in one of them
    /// (or is paid). Never used to mark paid: that is [`OrderStore::finalize`].
    async fn set_unpaid_status(
        &self,
        id: OrderId,
        from: &[OrderStatus],
        to: OrderStatus,
    ) -> Result<bool, StoreError>;

    /// Replaces an unpaid pending or failed order's amounts, addresses and lines with
    /// `order`'s (the shopper resubmitted the same cart with another destination, shipping
    /// method or discount: WooCommerce updates the resumed order). The order keeps its id,
    /// key and held stock (the same cart holds the same units). False when it was paid,
    /// settled or cancelled meanwhile.
    async fn reprice_unpaid(&self, id: OrderId, order: &NewOrder) -> Result<bool, StoreError>;

    /// Moves a paid order from one of `from` to `to` and adds `note`, in one transaction;
    /// the note is added even when the status does not move (it was in none of `from`), and
    /// nothing at all happens when a note from `note.source` was added before. Returns
    /// whether the status moved.
    async fn set_paid_status(
        &self,
        id: OrderId,
        from: &[OrderStatus],
        to: OrderStatus,
        note: &OrderNote,
    ) -> Result<bool, StoreError>;

    /// An order's notes, oldest first.
    async fn notes(&self, id: OrderId) -> Result<Vec<OrderNote>, StoreError>;

    /// Cancels an unpaid pending or failed order and gives its held stock back, in one
    /// transaction; false when it was paid or settled meanwhile.
    async fn cancel_unpaid(&self, id: OrderId) -> Result<bool, StoreError>;

    /// Records a webhook event id; false when it was recorded before (a duplicate).
    async fn record_webhook_event(
        &self,
        event_id: &str,
        kind: &str,
        received_at: OffsetDateTime,
    ) -> Result<bool, StoreError>;

    /// The latest attempt of each unpaid pending, failed or on-hold order, last changed
    /// before `before`, oldest first.
    async fn stale_attempts(
        &self,
        before: OffsetDateTime,
        limit: u32,
    ) -> Result<Vec<PaymentAttempt>, StoreError>;

    /// Unpaid pending or failed orders placed before `before`, oldest first.
    async fn unpaid_orders(
        &self,
        before: OffsetDateTime,
        limit: u32,
    ) -> Result<Vec<OrderId>, StoreError>;

    async fn downloads(&self, order: OrderId) -> Result<Vec<DownloadGrant>, StoreError>;

    async fn download(&self, token: &str) -> Result<Option<DownloadGrant>, StoreError>;

    /// Counts one download if the grant allows it at `now` (one conditional update); the
    /// grant as it was before, or `None` when it does not exist or allows no more.
    async fn use_download(
        &self,
        token: &str,
        now: OffsetDateTime,
    ) -> Result<Option<DownloadGrant>, StoreError>;

    /// Queued e-mails not sent yet, oldest first.
    async fn pending_mail(&self, limit: u32) -> Result<Vec<QueuedMail>, StoreError>;

    /// Claims a queued e-mail for sending until `until` (one conditional update); false when
    /// it is sent or another worker holds it.
    async fn claim_mail(
        &self,
        id: i64,
        now: OffsetDateTime,
        until: OffsetDateTime,
    ) -> Result<bool, StoreError>;

    async fn mail_sent(&self, id: i64, at: OffsetDateTime) -> Result<(), StoreError>;

    /// Claims up to `limit` queued e-mails nobody holds (oldest first) until `until`, and
    /// answers them: [`Self::pending_mail`] and [`Self::claim_mail`] for each, in one
    /// conditional update where the store can (two workers still never claim one e-mail).
    async fn claim_pending_mail(
        &self,
        limit: u32,
        now: OffsetDateTime,
        until: OffsetDateTime,
    ) -> Result<Vec<QueuedMail>, StoreError> {
        let mut claimed = Vec::new();
        for queued in self.pending_mail(limit).await? {
            if self.claim_mail(queued.id, now, until).await? {
                claimed.push(queued);
            }
        }
        Ok(claimed)
    }

    /// The stock level of a managed item (`None` when unmanaged).
    async fn stock_level(&self, item_id: i64) -> Result<Option<i64>, StoreError>;
}

/// A downloadable file as the shop serves it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DownloadFile {
    /// The name the browser saves it under.
    pub file_name: String,
    pub content_type: String,
    pub bytes: Vec<u8>,
}

/// Where the files of downloadable products are kept (served by the shop, never by their
/// address, so a link is only as good as its grant).
#[async_trait]
pub trait DownloadFiles: Send + Sync + 'static {
    /// The file a product's download names (its URL or file name); `None` when the shop does
    /// not have it.
    async fn open(&self, file: &str) -> Result<Option<DownloadFile>, StoreError>;
}
