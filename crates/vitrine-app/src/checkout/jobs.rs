//! The checkout's background work: settling orders whose payment was left unresolved (a lost
//! webhook, a closed tab), cancelling orders left unpaid past the hold time, and the e-mail
//! outbox. Each pass is safe to run on several instances at once.

use std::time::Duration;

use vitrine_domain::order::{Order, PaymentAttempt};
use vitrine_domain::payment::{IdempotencyKey, IntentStatus};

use super::{Checkout, CheckoutError};
use crate::AppError;
use crate::error::AppResult;

/// How often the jobs run.
pub const JOB_INTERVAL: Duration = Duration::from_secs(60);
/// An unpaid order's payment attempt quiet for this long is re-read from the provider
/// (research §8.3: 10 minutes).
pub const RECONCILE_AFTER: Duration = Duration::from_secs(10 * 60);

/// Orders looked at per pass.
const BATCH: u32 = 100;

/// What one pass did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct JobReport {
    pub reconciled: usize,
    pub cancelled: usize,
    pub mailed: usize,
}

impl Checkout {
    /// Re-reads the intents of unpaid orders whose last attempt has not changed for `after`
    /// and settles them (the reconciliation job).
    pub async fn reconcile(&self, after: Duration) -> AppResult<usize> {
        let before = self.now() - after;
        let mut settled = 0;
        for attempt in self.store().stale_attempts(before, BATCH).await? {
            let Some(order) = self.store().order(attempt.order_id).await? else {
                continue;
            };
            if order.is_paid() {
                continue;
            }
            match self.settle_attempt(&order, &attempt).await {
                Ok(_) | Err(AppError::Checkout(CheckoutError::PaymentFailed { .. })) => {
                    settled += 1;
                }
                Err(error) => {
                    tracing::warn!(order = %order.id, %error, "could not reconcile an order");
                }
            }
        }
        Ok(settled)
    }

    /// Cancels orders unpaid for longer than the hold time and gives their stock back — after
    /// asking the provider: an order whose intent is paid, settling or awaiting the shopper's
    /// authentication is never cancelled (a paid order found here is finalized instead).
    pub async fn cancel_unpaid(&self) -> AppResult<usize> {
        let before = self.now() - self.inner.policy.hold_unpaid;
        let mut cancelled = 0;
        for id in self.store().unpaid_orders(before, BATCH).await? {
            let Some(order) = self.store().order(id).await? else {
                continue;
            };
            let attempt = self.store().attempts(id).await?.pop();
            match self.may_cancel(&order, attempt.as_ref()).await {
                Ok(true) => {
                    if self.store().cancel_unpaid(id).await? {
                        tracing::info!(order = %id, "unpaid order cancelled; stock restored");
                        cancelled += 1;
                    }
                }
                Ok(false) => {}
                Err(error) => {
                    tracing::warn!(order = %id, %error, "unpaid order left alone: provider unknown");
                }
            }
        }
        Ok(cancelled)
    }

    /// Whether the provider agrees the order was abandoned; cancels its intent first.
    pub(super) async fn may_cancel(
        &self,
        order: &Order,
        attempt: Option<&PaymentAttempt>,
    ) -> AppResult<bool> {
        let Some(attempt) = attempt else {
            return Ok(true);
        };
        let intent = self
            .provider()
            .retrieve_payment_intent(&attempt.intent_id)
            .await
            .map_err(|e| self.provider_failed(order, &e))?;
        match intent.status {
            IntentStatus::Succeeded | IntentStatus::RequiresCapture => {
                let attempt = self.record(attempt, &intent, None).await?;
                self.settle(order, &attempt, &intent).await?;
                Ok(false)
            }
            IntentStatus::Processing | IntentStatus::RequiresAction => Ok(false),
            IntentStatus::Canceled => Ok(true),
            IntentStatus::RequiresPaymentMethod | IntentStatus::RequiresConfirmation => {
                let key = IdempotencyKey::new(format!(
                    "order-{}-attempt-{}-cancel",
                    order.id, attempt.number
                ))
                .ok_or_else(|| AppError::Internal(anyhow::anyhow!("idempotency key")))?;
                let canceled = self
                    .provider()
                    .cancel_payment_intent(&attempt.intent_id, key)
                    .await
                    .map_err(|e| self.provider_failed(order, &e))?;
                self.record(attempt, &canceled, None).await?;
                Ok(canceled.status == IntentStatus::Canceled)
            }
        }
    }

    /// One pass of every job: reconcile attempts quiet for `reconcile_after`, cancel unpaid
    /// orders past the hold time, send queued e-mail. Errors are logged; the next pass retries.
    pub async fn run_jobs(&self, reconcile_after: Duration) -> JobReport {
        let mut report = JobReport::default();
        match self.reconcile(reconcile_after).await {
            Ok(n) => report.reconciled = n,
            Err(error) => tracing::warn!(%error, "reconciliation pass failed"),
        }
        match self.cancel_unpaid().await {
            Ok(n) => report.cancelled = n,
            Err(error) => tracing::warn!(%error, "unpaid-order pass failed"),
        }
        match self.send_mail().await {
            Ok(n) => report.mailed = n,
            Err(error) => tracing::warn!(%error, "mail pass failed"),
        }
        report
    }
}
