//! The provider's webhook: verified on the raw body, recorded once by event id, then the
//! intent is re-read (events arrive late, twice and out of order) and the order settled.

use vitrine_domain::payment::EventObject;

use super::{Checkout, CheckoutError};
use crate::AppError;
use crate::error::AppResult;

impl Checkout {
    /// Handles one delivery. Duplicates, events about other objects and events for orders
    /// this shop does not know are accepted and ignored (logged).
    pub async fn webhook(&self, raw_body: &[u8], signature: &str) -> AppResult<()> {
        let now = self.now();
        let event = self
            .provider()
            .verify_webhook(raw_body, signature, now.unix_timestamp())
            .map_err(CheckoutError::BadWebhook)?;
        if !self
            .store()
            .record_webhook_event(&event.id, &event.kind, now)
            .await?
        {
            tracing::debug!(event = %event.id, "webhook event seen before: ignored");
            return Ok(());
        }
        vitrine_crash::point(vitrine_crash::WEBHOOK_BEFORE_SETTLE);
        let intent_id = match &event.object {
            EventObject::PaymentIntent(intent) => Some(intent.id.clone()),
            EventObject::Charge { payment_intent, .. } => payment_intent.clone(),
            EventObject::SetupIntent(_) | EventObject::Other { .. } => None,
        };
        let Some(intent_id) = intent_id else {
            tracing::debug!(event = %event.id, kind = %event.kind, "webhook event not about a payment");
            return Ok(());
        };
        let Some(attempt) = self.store().attempt_by_intent(&intent_id).await? else {
            tracing::warn!(event = %event.id, intent = %intent_id, "webhook for an unknown intent: ignored");
            return Ok(());
        };
        let order = self.order_or_missing(attempt.order_id).await?;
        if order.is_paid() {
            return Ok(());
        }
        match self.settle_attempt(&order, &attempt).await {
            Ok(_) | Err(AppError::Checkout(CheckoutError::PaymentFailed { .. })) => Ok(()),
            Err(other) => Err(other),
        }
    }
}
