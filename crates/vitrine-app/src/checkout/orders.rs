//! Orders seen and paid by their key: the order-received page, the 3-D Secure return, the
//! order-pay page, the browser's intent sync and the download links.

use subtle::ConstantTimeEq;
use vitrine_domain::order::{DownloadFile, DownloadGrant, Order, OrderId, PaymentAttempt};

use super::answer::{PaymentAnswer, received_path};
use super::press::Press;
use super::{Checkout, CheckoutError};
use crate::error::AppResult;

/// An order with what its page shows besides it.
#[derive(Debug, Clone)]
pub struct OrderDetails {
    pub order: Order,
    /// Empty until paid.
    pub downloads: Vec<DownloadGrant>,
}

impl Checkout {
    /// The order `id` if `key` is its key; unknown id and wrong key are the same answer.
    pub async fn order_by_key(&self, id: OrderId, key: &str) -> AppResult<Order> {
        match self.store().order(id).await? {
            Some(order) if order.key().matches(key) => Ok(order),
            _ => Err(CheckoutError::OrderNotFound.into()),
        }
    }

    /// The order-received page's data.
    pub async fn order_details(&self, id: OrderId, key: &str) -> AppResult<OrderDetails> {
        let order = self.order_by_key(id, key).await?;
        let downloads = if order.is_paid() {
            self.store().downloads(order.id).await?
        } else {
            Vec::new()
        };
        Ok(OrderDetails { order, downloads })
    }

    /// After 3-D Secure: re-read the order's intent and settle it. Called again once paid, it
    /// answers the same redirect and changes nothing.
    pub async fn checkout_payment(&self, id: OrderId, key: &str) -> AppResult<String> {
        let order = self.order_by_key(id, key).await?;
        if order.is_paid() {
            return Ok(received_path(&order));
        }
        let attempt = self.latest_attempt(&order).await?;
        match self.settle_attempt(&order, &attempt).await? {
            PaymentAnswer::Received { redirect } => Ok(redirect),
            PaymentAnswer::NeedsAction(_) => Err(CheckoutError::PaymentFailed {
                message: "Payment authorization failed. Please try again or use another \
                          payment method."
                    .to_owned(),
            }
            .into()),
        }
    }

    /// Order-pay: pays an unpaid pending or failed order with its key, as `payer` says.
    pub async fn pay_order(
        &self,
        id: OrderId,
        key: &str,
        payer: OrderPayer<'_>,
    ) -> AppResult<PaymentAnswer> {
        let OrderPayer {
            payment_method,
            save,
            client,
            user,
            saved,
            idempotency_key,
        } = payer;
        let press = Press::of(super::replay::request_key(idempotency_key)?.as_deref());
        let order = self.order_by_key(id, key).await?;
        if !order.needs_payment() {
            return Err(CheckoutError::NotPayable.into());
        }
        if !vitrine_domain::payment::is_payment_method_id(payment_method) {
            return Err(CheckoutError::field(
                "payment_method_id",
                "Please enter your card details.",
            )
            .into());
        }
        let (brake, card) = self.reserve_payment(client, None, payment_method).await?;
        let payer = self
            .inner
            .methods
            .payer(user, payment_method, saved, save)
            .await?;
        let paid = self.pay(&order, &payer, &press, true, Some(&card)).await;
        drop(brake);
        paid
    }

    /// The browser saw its intent change: the client secret must be one of the order's
    /// attempts' (compared in constant time); then the intent is re-read and settled.
    pub async fn sync_intent(&self, id: OrderId, client_secret: &str) -> AppResult<()> {
        let order = self.order_or_missing(id).await?;
        let attempts = self.store().attempts(order.id).await?;
        let attempt = attempts
            .iter()
            .rev()
            .find(|a| {
                a.client_secret.len() == client_secret.len()
                    && bool::from(a.client_secret.as_bytes().ct_eq(client_secret.as_bytes()))
            })
            .ok_or(CheckoutError::OrderNotFound)?;
        if order.is_paid() {
            return Ok(());
        }
        match self.settle_attempt(&order, attempt).await {
            Ok(_) => Ok(()),
            // The shopper's card was refused: recorded; the sync itself worked.
            Err(crate::AppError::Checkout(CheckoutError::PaymentFailed { .. })) => Ok(()),
            Err(other) => Err(other),
        }
    }

    /// Re-reads an attempt's intent, records it and settles the order.
    pub(super) async fn settle_attempt(
        &self,
        order: &Order,
        attempt: &PaymentAttempt,
    ) -> AppResult<PaymentAnswer> {
        let intent = self
            .provider()
            .retrieve_payment_intent(&attempt.intent_id)
            .await
            .map_err(|e| self.provider_failed(order, &e))?;
        // Paid: `settle` saves the attempt in finalize's transaction; else now.
        let attempt = if intent.status.is_paid() {
            attempt.clone()
        } else {
            self.record(attempt, &intent, None).await?
        };
        self.settle(order, &attempt, &intent).await
    }

    async fn latest_attempt(&self, order: &Order) -> AppResult<PaymentAttempt> {
        self.store().attempts(order.id).await?.pop().ok_or_else(|| {
            CheckoutError::PaymentFailed {
                message: "No payment was started for this order.".to_owned(),
            }
            .into()
        })
    }

    /// A download by its token: counted (limit) and checked (expiry) in one update, then the
    /// file from the shop's file store.
    pub async fn download(&self, token: &str) -> AppResult<DownloadFile> {
        let now = self.now();
        let Some(grant) = self.store().use_download(token, now).await? else {
            return Err(match self.store().download(token).await? {
                Some(_) => CheckoutError::DownloadExpired,
                None => CheckoutError::DownloadNotFound,
            }
            .into());
        };
        match self.inner.files.open(&grant.file).await? {
            Some(file) => Ok(file),
            None => {
                tracing::error!(file = %grant.file, "a granted download file is missing");
                Err(CheckoutError::DownloadNotFound.into())
            }
        }
    }
}

/// Who pays an order on the order-pay page, and with what.
pub struct OrderPayer<'a> {
    /// The provider's payment method id (`pm_…`).
    pub payment_method: &'a str,
    /// "Save payment information to my account".
    pub save: bool,
    /// The client's address, for the payment brake (per client and per card).
    pub client: &'a str,
    /// The signed-in account, if any.
    pub user: Option<&'a vitrine_domain::account::User>,
    /// Whether `payment_method` is one of the account's saved cards.
    pub saved: bool,
    /// The request's `Idempotency-Key`: one per press of "Pay for order", kept for its
    /// retries, so a retry replays the provider's answer and a new press asks again.
    pub idempotency_key: Option<&'a str>,
}
