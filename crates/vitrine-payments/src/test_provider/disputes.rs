//! Disputes: the cardholder's bank takes a succeeded payment back for review. Stripe makes
//! one by itself for its test card 4000 0000 0000 0259; the test provider makes one when the
//! merchant side asks (the facade's `_dispute` call), then emits `charge.dispute.created`.

use serde_json::Value;
use vitrine_domain::payment::{IntentStatus, ProviderError};

use super::work::{Work, invalid};
use super::{TestProvider, json};
use crate::wire::{WireCharge, WireDispute, WirePaymentIntent};

/// Stripe's dispute reasons.
pub const REASONS: [&str; 6] = [
    "general",
    "fraudulent",
    "duplicate",
    "product_not_received",
    "product_unacceptable",
    "subscription_canceled",
];

pub async fn create(
    p: &TestProvider,
    w: &mut Work<'_>,
    payment_intent: &str,
    reason: &str,
) -> Result<Value, ProviderError> {
    if !REASONS.contains(&reason) {
        return Err(invalid(
            "parameter_invalid",
            format!("Invalid dispute reason: {reason}"),
        ));
    }
    let pi: WirePaymentIntent = w.get(super::intents::KIND, payment_intent).await?;
    let Some(charge_id) = pi
        .latest_charge
        .clone()
        .filter(|_| pi.status == IntentStatus::Succeeded)
    else {
        return Err(invalid(
            "charge_not_disputable",
            format!("This PaymentIntent ({payment_intent}) does not have a successful charge."),
        ));
    };
    let charge: WireCharge = w.get("charge", &charge_id).await?;
    let dispute = WireDispute {
        id: p.new_id("dp"),
        object: Some("dispute".to_owned()),
        amount: charge.amount - charge.amount_refunded,
        currency: charge.currency.clone(),
        charge: Some(charge.id.clone()),
        payment_intent: Some(pi.id.clone()),
        reason: Some(reason.to_owned()),
        status: Some("needs_response".to_owned()),
        created: w.now,
        livemode: false,
    };
    w.save("dispute", &dispute.id, Some(&pi.id), &dispute)?;
    w.emit(p.new_id("evt"), "charge.dispute.created", &dispute)?;
    json(&dispute)
}

impl TestProvider {
    /// Whether `key` authenticates the merchant side of the facade (refunds, disputes): the
    /// test provider's webhook secret, compared in constant time, as Stripe's server calls
    /// take the secret key.
    pub fn merchant_key_matches(&self, key: &str) -> bool {
        self.config.webhook_secret.matches(key)
    }

    /// Refunds a succeeded payment (all that is left of it when `amount_minor` is `None`), as
    /// a refund made in Stripe's dashboard: `charge.refunded` follows.
    pub async fn refund_payment(
        &self,
        payment_intent: &str,
        amount_minor: Option<i64>,
    ) -> Result<vitrine_domain::payment::Refund, ProviderError> {
        let op = super::ops::Op::CreateRefund {
            payment_intent: payment_intent.to_owned(),
            amount: amount_minor,
            currency: None,
        };
        super::from_json::<crate::wire::WireRefund>(self.run(None, op).await?)?.to_domain()
    }

    /// Disputes a succeeded payment for `reason` (one of [`REASONS`]): `charge.dispute.created`
    /// follows.
    pub async fn dispute_payment(
        &self,
        payment_intent: &str,
        reason: &str,
    ) -> Result<WireDispute, ProviderError> {
        let op = super::ops::Op::CreateDispute {
            payment_intent: payment_intent.to_owned(),
            reason: reason.to_owned(),
        };
        super::from_json::<WireDispute>(self.run(None, op).await?)
    }
}
