//! The provider's webhook: verified on the raw body, recorded once by event id when it can
//! still change its order, then the intent is re-read (events arrive late, twice and out of
//! order) and the order settled.
//! Refunds and disputes move a paid order (`refunded`, `on-hold`) with a note.

use vitrine_domain::money::{Money, PriceFormat};
use vitrine_domain::order::{Order, OrderNote, OrderStatus};
use vitrine_domain::payment::{EventObject, WebhookEvent};

use super::{Checkout, CheckoutError};
use crate::AppError;
use crate::error::AppResult;

/// What a paid order can be moved from by a full refund, and by a dispute.
const REFUNDABLE: [OrderStatus; 3] = [
    OrderStatus::Processing,
    OrderStatus::OnHold,
    OrderStatus::Completed,
];
const DISPUTABLE: [OrderStatus; 2] = [OrderStatus::Processing, OrderStatus::Completed];

impl Checkout {
    /// Handles one delivery. Duplicates, events about other objects and events for orders
    /// this shop does not know are accepted and ignored (logged). An event that cannot change
    /// its order — any but a refund or a dispute, once the order is paid (the usual case: the
    /// checkout settled it before the provider's events arrive) — is answered after one read
    /// (the attempt joined with its order's payment), with no write: nothing is recorded for it, so the single writer is spent on orders.
    pub async fn webhook(&self, raw_body: &[u8], signature: &str) -> AppResult<()> {
        let now = self.now();
        let event = self
            .provider()
            .verify_webhook(raw_body, signature, now.unix_timestamp())
            .map_err(CheckoutError::BadWebhook)?;
        let intent_id = match &event.object {
            EventObject::PaymentIntent(intent) => Some(intent.id.clone()),
            EventObject::Charge { payment_intent, .. }
            | EventObject::Dispute { payment_intent, .. } => payment_intent.clone(),
            EventObject::SetupIntent(_) | EventObject::Other { .. } => None,
        };
        let Some(intent_id) = intent_id else {
            tracing::debug!(event = %event.id, kind = %event.kind, "webhook event not about a payment");
            return Ok(());
        };
        let Some((attempt, paid)) = self.store().attempt_by_intent_with_paid(&intent_id).await?
        else {
            tracing::warn!(event = %event.id, intent = %intent_id, "webhook for an unknown intent: ignored");
            return Ok(());
        };
        let moves_paid_order = matches!(
            event.kind.as_str(),
            "charge.refunded" | "charge.dispute.created"
        );
        if paid && !moves_paid_order {
            tracing::debug!(event = %event.id, kind = %event.kind, order = %attempt.order_id,
                "webhook event for a paid order: nothing to do");
            return Ok(());
        }
        let order = self.order_or_missing(attempt.order_id).await?;
        if order.is_paid() && !moves_paid_order {
            tracing::debug!(event = %event.id, kind = %event.kind, order = %order.id,
                "webhook event for a paid order: nothing to do");
            return Ok(());
        }
        if !self
            .store()
            .record_webhook_event(&event.id, &event.kind, now)
            .await?
        {
            tracing::debug!(event = %event.id, "webhook event seen before: ignored");
            return Ok(());
        }
        vitrine_crash::point(vitrine_crash::WEBHOOK_BEFORE_SETTLE);
        if !order.is_paid() {
            // A refund or dispute can overtake the payment's own event: settle first.
            match self.settle_attempt(&order, &attempt).await {
                Ok(_) | Err(AppError::Checkout(CheckoutError::PaymentFailed { .. })) => {}
                Err(other) => return Err(other),
            }
        }
        match event.kind.as_str() {
            "charge.refunded" | "charge.dispute.created" => {
                let order = self.order_or_missing(attempt.order_id).await?;
                self.after_payment(&order, &event).await
            }
            _ => Ok(()),
        }
    }

    /// A refund or a dispute on a paid order: a note, and the status it leads to (a full
    /// refund → `refunded`; a dispute → `on-hold`), never backwards (a late partial refund or
    /// dispute leaves a refunded order refunded). Stock is not given back: WooCommerce
    /// restocks a refund only when the refund asks for it (`restock_items`), which a refund
    /// made at the provider never does.
    async fn after_payment(&self, order: &Order, event: &WebhookEvent) -> AppResult<()> {
        if !order.is_paid() {
            tracing::warn!(order = %order.id, event = %event.id, kind = %event.kind,
                "refund or dispute for an unpaid order: ignored");
            return Ok(());
        }
        let format = PriceFormat::for_currency(order.order.currency);
        let money = |minor: i64| format.format(Money::new(minor, order.order.currency));
        let (from, to, text): (&[OrderStatus], OrderStatus, String) = match &event.object {
            EventObject::Charge {
                id,
                amount_refunded_minor,
                refunded: true,
                ..
            } => (
                &REFUNDABLE,
                OrderStatus::Refunded,
                format!(
                    "Refunded {} in full at the payment provider (charge {id}). Stock was not \
                     returned.",
                    money(*amount_refunded_minor)
                ),
            ),
            EventObject::Charge {
                id,
                amount_refunded_minor,
                ..
            } => (
                &[],
                OrderStatus::Refunded,
                format!(
                    "Partially refunded at the payment provider: {} of {} refunded so far \
                     (charge {id}).",
                    money(*amount_refunded_minor),
                    format.format(order.total())
                ),
            ),
            EventObject::Dispute {
                id,
                amount_minor,
                reason,
                ..
            } => (
                &DISPUTABLE,
                OrderStatus::OnHold,
                format!(
                    "Payment disputed by the customer's bank: {} ({}), dispute {id}. The \
                     order is on hold until the dispute is settled.",
                    money(*amount_minor),
                    reason.replace('_', " ")
                ),
            ),
            _ => return Ok(()),
        };
        let note = OrderNote {
            source: event.id.clone(),
            text,
            created_at: self.now(),
        };
        let moved = self
            .store()
            .set_paid_status(order.id, from, to, &note)
            .await?;
        tracing::info!(order = %order.id, event = %event.id, kind = %event.kind, moved,
            status = to.as_str(), "payment event noted on the order");
        Ok(())
    }
}
