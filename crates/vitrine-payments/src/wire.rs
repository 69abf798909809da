//! Stripe's JSON objects (the subset we read and the test provider writes), and their mapping
//! onto the domain's types. The test provider stores and emits these very shapes, so its events
//! and answers parse through the same code as Stripe's.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use vitrine_domain::money::{Currency, Money};
use vitrine_domain::payment::{
    CardError, CardSummary, Customer, EventObject, IntentStatus, NextAction, PaymentIntent,
    PaymentMethod, ProviderError, Refund, SetupIntent, SetupStatus, WebhookError, WebhookEvent,
};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RedirectToUrl {
    pub url: String,
    pub return_url: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct WireNextAction {
    #[serde(rename = "type")]
    pub kind: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub redirect_to_url: Option<RedirectToUrl>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub use_stripe_sdk: Option<serde_json::Value>,
}

/// Stripe's error object (`{"error": {…}}` bodies, `last_payment_error`, `last_setup_error`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct WireError {
    #[serde(rename = "type")]
    pub kind: String,
    #[serde(default)]
    pub code: Option<String>,
    #[serde(default)]
    pub decline_code: Option<String>,
    #[serde(default)]
    pub message: Option<String>,
    #[serde(default)]
    pub param: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub payment_intent: Option<Box<WirePaymentIntent>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub setup_intent: Option<Box<WireSetupIntent>>,
}

impl WireError {
    pub fn card_error(&self) -> CardError {
        CardError {
            code: self
                .code
                .clone()
                .unwrap_or_else(|| "card_declined".to_owned()),
            decline_code: self.decline_code.clone(),
            message: self
                .message
                .clone()
                .unwrap_or_else(|| "Your card was declined.".to_owned()),
        }
    }
}

fn default_pi() -> String {
    "payment_intent".to_owned()
}
fn default_seti() -> String {
    "setup_intent".to_owned()
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct WirePaymentIntent {
    pub id: String,
    #[serde(default = "default_pi")]
    pub object: String,
    pub amount: i64,
    #[serde(default)]
    pub amount_capturable: i64,
    #[serde(default)]
    pub amount_received: i64,
    pub currency: String,
    pub status: IntentStatus,
    #[serde(default)]
    pub client_secret: Option<String>,
    #[serde(default)]
    pub capture_method: Option<String>,
    #[serde(default)]
    pub customer: Option<String>,
    #[serde(default)]
    pub payment_method: Option<String>,
    #[serde(default)]
    pub setup_future_usage: Option<String>,
    #[serde(default)]
    pub next_action: Option<WireNextAction>,
    #[serde(default)]
    pub last_payment_error: Option<WireError>,
    #[serde(default)]
    pub latest_charge: Option<String>,
    #[serde(default)]
    pub metadata: BTreeMap<String, String>,
    #[serde(default)]
    pub created: i64,
    #[serde(default)]
    pub canceled_at: Option<i64>,
    #[serde(default)]
    pub cancellation_reason: Option<String>,
    #[serde(default)]
    pub livemode: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct WireSetupIntent {
    pub id: String,
    #[serde(default = "default_seti")]
    pub object: String,
    pub status: SetupStatus,
    #[serde(default)]
    pub client_secret: Option<String>,
    #[serde(default)]
    pub customer: Option<String>,
    #[serde(default)]
    pub payment_method: Option<String>,
    #[serde(default)]
    pub usage: Option<String>,
    #[serde(default)]
    pub next_action: Option<WireNextAction>,
    #[serde(default)]
    pub last_setup_error: Option<WireError>,
    #[serde(default)]
    pub metadata: BTreeMap<String, String>,
    #[serde(default)]
    pub created: i64,
    #[serde(default)]
    pub cancellation_reason: Option<String>,
    #[serde(default)]
    pub livemode: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct WireCard {
    pub brand: String,
    pub last4: String,
    pub exp_month: u8,
    pub exp_year: u16,
    #[serde(default)]
    pub funding: Option<String>,
    /// The same for every payment method made from one card number.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fingerprint: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct WirePaymentMethod {
    pub id: String,
    #[serde(default)]
    pub object: Option<String>,
    #[serde(rename = "type", default)]
    pub kind: Option<String>,
    pub card: Option<WireCard>,
    #[serde(default)]
    pub customer: Option<String>,
    #[serde(default)]
    pub billing_details: Option<serde_json::Value>,
    #[serde(default)]
    pub created: i64,
    #[serde(default)]
    pub livemode: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct WireCustomer {
    pub id: String,
    #[serde(default)]
    pub object: Option<String>,
    #[serde(default)]
    pub email: Option<String>,
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default)]
    pub metadata: BTreeMap<String, String>,
    #[serde(default)]
    pub created: i64,
    #[serde(default)]
    pub livemode: bool,
}

/// Stripe's dispute object (`charge.dispute.*` events), the fields a shop acts on.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct WireDispute {
    pub id: String,
    #[serde(default)]
    pub object: Option<String>,
    pub amount: i64,
    pub currency: String,
    #[serde(default)]
    pub charge: Option<String>,
    #[serde(default)]
    pub payment_intent: Option<String>,
    #[serde(default)]
    pub reason: Option<String>,
    #[serde(default)]
    pub status: Option<String>,
    #[serde(default)]
    pub created: i64,
    #[serde(default)]
    pub livemode: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct WireCharge {
    pub id: String,
    #[serde(default)]
    pub object: Option<String>,
    pub amount: i64,
    #[serde(default)]
    pub amount_refunded: i64,
    pub currency: String,
    #[serde(default)]
    pub payment_intent: Option<String>,
    #[serde(default)]
    pub payment_method: Option<String>,
    #[serde(default)]
    pub refunded: bool,
    #[serde(default)]
    pub paid: bool,
    #[serde(default)]
    pub status: Option<String>,
    #[serde(default)]
    pub failure_code: Option<String>,
    #[serde(default)]
    pub created: i64,
    #[serde(default)]
    pub livemode: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct WireRefund {
    pub id: String,
    #[serde(default)]
    pub object: Option<String>,
    pub amount: i64,
    pub currency: String,
    #[serde(default)]
    pub payment_intent: Option<String>,
    #[serde(default)]
    pub charge: Option<String>,
    #[serde(default)]
    pub status: Option<String>,
    #[serde(default)]
    pub created: i64,
}

/// An event as Stripe sends it: `data.object` is the object when the event was made.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct WireEvent {
    pub id: String,
    #[serde(default)]
    pub object: Option<String>,
    #[serde(default)]
    pub api_version: Option<String>,
    pub created: i64,
    #[serde(default)]
    pub livemode: bool,
    #[serde(rename = "type")]
    pub kind: String,
    pub data: WireEventData,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub request: Option<serde_json::Value>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct WireEventData {
    pub object: serde_json::Value,
}

/// A Stripe answer that does not fit the domain (an unknown currency): the provider's fault.
fn malformed(what: &str, detail: impl std::fmt::Display) -> ProviderError {
    ProviderError::Api {
        status: 502,
        message: format!("unexpected {what} from the provider: {detail}"),
    }
}

fn money(amount: i64, currency: &str) -> Result<Money, ProviderError> {
    let currency: Currency = currency.parse().map_err(|e| malformed("currency", e))?;
    Ok(Money::new(amount, currency))
}

fn next_action(action: Option<&WireNextAction>) -> Option<NextAction> {
    let action = action?;
    match (&action.redirect_to_url, action.kind.as_str()) {
        (Some(redirect), _) => Some(NextAction::RedirectToUrl {
            url: redirect.url.clone(),
            return_url: redirect.return_url.clone().unwrap_or_default(),
        }),
        _ => Some(NextAction::UseSdk),
    }
}

impl WirePaymentIntent {
    pub fn to_domain(&self) -> Result<PaymentIntent, ProviderError> {
        Ok(PaymentIntent {
            id: self.id.clone(),
            amount: money(self.amount, &self.currency)?,
            status: self.status,
            client_secret: self.client_secret.clone().unwrap_or_default(),
            payment_method: self.payment_method.clone(),
            customer: self.customer.clone(),
            save_payment_method: self.setup_future_usage.is_some(),
            next_action: next_action(self.next_action.as_ref()),
            last_payment_error: self.last_payment_error.as_ref().map(WireError::card_error),
            latest_charge: self.latest_charge.clone(),
            metadata: self.metadata.clone(),
            livemode: self.livemode,
        })
    }
}

impl WireSetupIntent {
    pub fn to_domain(&self) -> SetupIntent {
        SetupIntent {
            id: self.id.clone(),
            status: self.status,
            client_secret: self.client_secret.clone().unwrap_or_default(),
            payment_method: self.payment_method.clone(),
            customer: self.customer.clone(),
            next_action: next_action(self.next_action.as_ref()),
            last_setup_error: self.last_setup_error.as_ref().map(WireError::card_error),
            metadata: self.metadata.clone(),
            livemode: self.livemode,
        }
    }
}

impl WirePaymentMethod {
    pub fn to_domain(&self) -> Result<PaymentMethod, ProviderError> {
        let card = self
            .card
            .as_ref()
            .ok_or_else(|| malformed("payment method", "not a card"))?;
        Ok(PaymentMethod {
            id: self.id.clone(),
            customer: self.customer.clone(),
            card: CardSummary {
                brand: card.brand.clone(),
                last4: card.last4.clone(),
                exp_month: card.exp_month,
                exp_year: card.exp_year,
                fingerprint: card.fingerprint.clone(),
            },
        })
    }
}

impl WireCustomer {
    pub fn to_domain(&self) -> Customer {
        Customer {
            id: self.id.clone(),
            email: self.email.clone(),
        }
    }
}

impl WireRefund {
    pub fn to_domain(&self) -> Result<Refund, ProviderError> {
        Ok(Refund {
            id: self.id.clone(),
            payment_intent: self.payment_intent.clone().unwrap_or_default(),
            amount: money(self.amount, &self.currency)?,
            status: self
                .status
                .clone()
                .unwrap_or_else(|| "succeeded".to_owned()),
        })
    }
}

fn bad_body(detail: impl std::fmt::Display) -> WebhookError {
    WebhookError::BadBody(detail.to_string())
}

/// A verified event body as the domain's event.
pub fn parse_event(body: &[u8]) -> Result<WebhookEvent, WebhookError> {
    let event: WireEvent = serde_json::from_slice(body).map_err(bad_body)?;
    let object = &event.data.object;
    let kind = object.get("object").and_then(|k| k.as_str()).unwrap_or("");
    let object = match kind {
        "payment_intent" => {
            let pi: WirePaymentIntent = serde_json::from_value(object.clone()).map_err(bad_body)?;
            EventObject::PaymentIntent(pi.to_domain().map_err(bad_body)?)
        }
        "setup_intent" => {
            let si: WireSetupIntent = serde_json::from_value(object.clone()).map_err(bad_body)?;
            EventObject::SetupIntent(si.to_domain())
        }
        "charge" => {
            let charge: WireCharge = serde_json::from_value(object.clone()).map_err(bad_body)?;
            EventObject::Charge {
                id: charge.id,
                payment_intent: charge.payment_intent,
                amount_refunded_minor: charge.amount_refunded,
                refunded: charge.refunded,
            }
        }
        "dispute" => {
            let dispute: WireDispute = serde_json::from_value(object.clone()).map_err(bad_body)?;
            EventObject::Dispute {
                id: dispute.id,
                charge: dispute.charge,
                payment_intent: dispute.payment_intent,
                amount_minor: dispute.amount,
                reason: dispute.reason.unwrap_or_else(|| "general".to_owned()),
            }
        }
        _ => EventObject::Other {
            id: object
                .get("id")
                .and_then(|id| id.as_str())
                .unwrap_or_default()
                .to_owned(),
        },
    };
    Ok(WebhookEvent {
        id: event.id,
        kind: event.kind,
        created: event.created,
        livemode: event.livemode,
        object,
    })
}
