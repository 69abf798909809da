//! Resuming the cart's unpaid order. The same cart placed again may go elsewhere, by another
//! shipping method or with another discount, so its total can differ from the order's: like
//! WooCommerce (which rewrites the order it resumes), the order takes the new amounts and
//! addresses. Its intent must never charge the old amount (payments-anchors H2): the intent's
//! amount is changed at the provider first (Stripe: `POST /v1/payment_intents/{id}` with
//! `amount`), which the provider refuses once the intent is paid — then the order is paid as it
//! was and is not changed.

use vitrine_domain::order::{NewOrder, Order, PaymentAttempt};
use vitrine_domain::payment::{IdempotencyKey, IntentStatus, PaymentIntent, UpdatePaymentIntent};

use super::Checkout;
use crate::error::{AppError, AppResult};

/// An intent whose amount the provider still lets us change.
pub(super) fn updatable(status: IntentStatus) -> bool {
    matches!(
        status,
        IntentStatus::RequiresPaymentMethod
            | IntentStatus::RequiresConfirmation
            | IntentStatus::RequiresAction
    )
}

impl Checkout {
    /// The resumed `order` with what the shopper sent now (`placed`): unchanged when nothing
    /// differs or when its payment went through meanwhile (the payment step settles it).
    pub(super) async fn resume(&self, order: Order, placed: &NewOrder) -> AppResult<Order> {
        let fresh = NewOrder {
            key: order.order.key.clone(),
            session: order.order.session.clone(),
            cart_hash: order.order.cart_hash.clone(),
            created_at: order.order.created_at,
            attribution: order.order.attribution.clone(),
            tracking: order.order.tracking.clone().or(placed.tracking.clone()),
            ..placed.clone()
        };
        if fresh == order.order {
            return Ok(order);
        }
        let total = fresh.totals.total;
        if total != order.total()
            && let Some(attempt) = self.store().attempts(order.id).await?.pop()
        {
            let intent = self
                .provider()
                .retrieve_payment_intent(&attempt.intent_id)
                .await
                .map_err(|e| self.provider_failed(&order, &e))?;
            if intent.status.is_paid() || intent.status == IntentStatus::Processing {
                return Ok(order);
            }
            if updatable(intent.status)
                && self.retarget(&attempt, &intent, total).await?.is_none()
                && self.moved_on_to_paid(&order, &attempt).await?
            {
                return Ok(order);
            }
        }
        if !self.store().reprice_unpaid(order.id, &fresh).await? {
            tracing::info!(order = %order.id, "order settled while it was resumed: kept as it was");
        }
        self.order_or_missing(order.id).await
    }

    /// Whether the attempt's intent is paid or being paid now (re-read).
    pub(super) async fn moved_on_to_paid(
        &self,
        order: &Order,
        attempt: &PaymentAttempt,
    ) -> AppResult<bool> {
        let intent = self
            .provider()
            .retrieve_payment_intent(&attempt.intent_id)
            .await
            .map_err(|e| self.provider_failed(order, &e))?;
        Ok(intent.status.is_paid() || intent.status == IntentStatus::Processing)
    }

    /// Changes the attempt's intent to `amount` and records it; `None` when the provider
    /// refuses (the intent moved on: paid, processing or cancelled meanwhile).
    pub(super) async fn retarget(
        &self,
        attempt: &PaymentAttempt,
        intent: &PaymentIntent,
        amount: vitrine_domain::money::Money,
    ) -> AppResult<Option<(PaymentAttempt, PaymentIntent)>> {
        if intent.amount == amount {
            return Ok(Some((attempt.clone(), intent.clone())));
        }
        // One key per change: the amounts and when the attempt last changed, so flipping back
        // to an earlier amount is a new update, and a retry of this one is the same.
        let key = IdempotencyKey::new(format!(
            "order-{}-attempt-{}-amount-{}-to-{}-at-{}",
            attempt.order_id,
            attempt.number,
            intent.amount.amount_minor(),
            amount.amount_minor(),
            attempt.updated_at.unix_timestamp_nanos()
        ))
        .ok_or_else(|| AppError::Internal(anyhow::anyhow!("idempotency key out of bounds")))?;
        let change = UpdatePaymentIntent {
            amount: Some(amount),
            ..UpdatePaymentIntent::default()
        };
        match self
            .provider()
            .update_payment_intent(&intent.id, change, key)
            .await
        {
            Ok(updated) if updated.amount == amount => {
                let attempt = self.record(attempt, &updated, None).await?;
                Ok(Some((attempt, updated)))
            }
            Ok(_) | Err(vitrine_domain::payment::ProviderError::InvalidRequest { .. }) => {
                tracing::info!(intent = %intent.id, "intent not retargeted: it moved on");
                Ok(None)
            }
            Err(other) => {
                tracing::error!(intent = %intent.id, %other, "payment provider call failed");
                Err(super::CheckoutError::from_provider(&other).into())
            }
        }
    }

    /// An intent still waiting for its 3-D Secure challenge when the shopper presses again:
    /// the press's card is set on it (the provider drops the pending challenge), so the
    /// confirmation that follows is this press's. The same intent, so the old challenge page
    /// can never make a second charge. `Err(intent)`: it moved on meanwhile (authenticated,
    /// cancelled) — the caller settles that instead.
    pub(super) async fn reopen(
        &self,
        order: &Order,
        attempt: &PaymentAttempt,
        intent: PaymentIntent,
        payment_method: &str,
        press: &super::press::Press,
    ) -> AppResult<Result<PaymentIntent, PaymentIntent>> {
        if intent.status != IntentStatus::RequiresAction {
            return Ok(Ok(intent));
        }
        let key = IdempotencyKey::new(format!(
            "order-{}-attempt-{}-reopen-press-{}",
            attempt.order_id,
            attempt.number,
            press.as_str()
        ))
        .ok_or_else(|| AppError::Internal(anyhow::anyhow!("idempotency key out of bounds")))?;
        let change = UpdatePaymentIntent {
            payment_method: Some(payment_method.to_owned()),
            ..UpdatePaymentIntent::default()
        };
        match self
            .provider()
            .update_payment_intent(&intent.id, change, key)
            .await
        {
            Ok(updated) => Ok(Ok(updated)),
            Err(vitrine_domain::payment::ProviderError::InvalidRequest { .. }) => {
                let now = self
                    .provider()
                    .retrieve_payment_intent(&intent.id)
                    .await
                    .map_err(|e| self.provider_failed(order, &e))?;
                Ok(Err(now))
            }
            Err(other) => Err(self.provider_failed(order, &other)),
        }
    }
}
