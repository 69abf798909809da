//! The objects a payment provider answers with (a Stripe-shaped subset) and its errors.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::money::Money;

/// A key that makes a provider call safe to retry: the same key with the same parameters
/// answers the first call's result and never acts twice. Derived from stable ids
/// (`order-42-attempt-1-create`), at most 255 characters.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct IdempotencyKey(String);

impl IdempotencyKey {
    pub const MAX_LEN: usize = 255;

    /// `None` when empty or longer than [`Self::MAX_LEN`].
    pub fn new(key: impl Into<String>) -> Option<Self> {
        let key = key.into();
        (!key.is_empty() && key.len() <= Self::MAX_LEN).then_some(Self(key))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Stripe's PaymentIntent statuses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum IntentStatus {
    RequiresPaymentMethod,
    RequiresConfirmation,
    RequiresAction,
    Processing,
    RequiresCapture,
    Succeeded,
    Canceled,
}

impl IntentStatus {
    /// Money was taken or is held for capture.
    pub fn is_paid(self) -> bool {
        matches!(self, Self::Succeeded | Self::RequiresCapture)
    }

    /// No further change can happen.
    pub fn is_final(self) -> bool {
        matches!(self, Self::Succeeded | Self::Canceled)
    }
}

/// What the shopper must do before the intent can go on (3-D Secure).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum NextAction {
    /// Send the shopper to `url` (the issuer's or the test provider's challenge page); they
    /// come back to `return_url`.
    RedirectToUrl { url: String, return_url: String },
    /// The provider's browser script handles it with the client secret.
    UseSdk,
}

/// Why a card was refused, in the provider's words (`code` `card_declined`, `decline_code`
/// `insufficient_funds`, message "Your card has insufficient funds.").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardError {
    pub code: String,
    pub decline_code: Option<String>,
    pub message: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PaymentIntent {
    /// `pi_…`
    pub id: String,
    pub amount: Money,
    pub status: IntentStatus,
    /// `pi_…_secret_…`: lets the shopper's browser confirm and authenticate this intent only.
    pub client_secret: String,
    /// `pm_…`
    pub payment_method: Option<String>,
    /// `cus_…`
    pub customer: Option<String>,
    /// The payment method is kept for later off-session use once this succeeds.
    pub save_payment_method: bool,
    pub next_action: Option<NextAction>,
    pub last_payment_error: Option<CardError>,
    /// `ch_…` once a charge succeeded: the order's transaction id.
    pub latest_charge: Option<String>,
    /// Ours, e.g. `order_id`; set at creation.
    pub metadata: BTreeMap<String, String>,
    pub livemode: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SetupStatus {
    RequiresPaymentMethod,
    RequiresConfirmation,
    RequiresAction,
    Processing,
    Succeeded,
    Canceled,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SetupIntent {
    /// `seti_…`
    pub id: String,
    pub status: SetupStatus,
    pub client_secret: String,
    pub payment_method: Option<String>,
    pub customer: Option<String>,
    pub next_action: Option<NextAction>,
    pub last_setup_error: Option<CardError>,
    pub metadata: BTreeMap<String, String>,
    pub livemode: bool,
}

/// What a shop may keep about a payment method: never the card number.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PaymentMethod {
    /// `pm_…`
    pub id: String,
    pub customer: Option<String>,
    pub card: CardSummary,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardSummary {
    /// "visa", "mastercard", "amex", …
    pub brand: String,
    pub last4: String,
    pub exp_month: u8,
    pub exp_year: u16,
    /// Stripe's `card.fingerprint`: the same for every payment method made from one card
    /// number (what the shop counts card payment attempts by); `None` when not given.
    #[serde(default)]
    pub fingerprint: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CreatePaymentIntent {
    /// Computed by the shop from the order, never taken from a browser.
    pub amount: Money,
    pub payment_method: Option<String>,
    pub customer: Option<String>,
    /// Confirm at once (card checkout); the answer may be `RequiresAction`.
    pub confirm: bool,
    /// Where a redirect-based next action returns the shopper.
    pub return_url: Option<String>,
    pub save_payment_method: bool,
    /// Charge a saved method without the shopper present.
    pub off_session: bool,
    pub metadata: BTreeMap<String, String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct UpdatePaymentIntent {
    pub amount: Option<Money>,
    pub payment_method: Option<String>,
    pub metadata: BTreeMap<String, String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ConfirmPaymentIntent {
    pub payment_method: Option<String>,
    pub return_url: Option<String>,
    pub off_session: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct CreateSetupIntent {
    pub customer: Option<String>,
    pub payment_method: Option<String>,
    pub confirm: bool,
    pub return_url: Option<String>,
    pub metadata: BTreeMap<String, String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct CreateCustomer {
    pub email: Option<String>,
    pub name: Option<String>,
    pub metadata: BTreeMap<String, String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Customer {
    /// `cus_…`
    pub id: String,
    pub email: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CreateRefund {
    pub payment_intent: String,
    /// `None`: the whole amount received.
    pub amount: Option<Money>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Refund {
    /// `re_…`
    pub id: String,
    pub payment_intent: String,
    pub amount: Money,
    /// "succeeded", "pending", "failed"
    pub status: String,
}

/// What a verified webhook event carries: the object as it was when the event was made.
/// Events can arrive twice and out of order, so a receiver re-reads the current object
/// before acting on it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct WebhookEvent {
    /// `evt_…`: unique; a receiver records it and ignores a second delivery.
    pub id: String,
    /// `payment_intent.succeeded`, `payment_intent.payment_failed`, `charge.refunded`, …
    #[serde(rename = "type")]
    pub kind: String,
    /// Unix seconds.
    pub created: i64,
    pub livemode: bool,
    pub object: EventObject,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "object", rename_all = "snake_case")]
pub enum EventObject {
    PaymentIntent(PaymentIntent),
    SetupIntent(SetupIntent),
    /// `charge.*` and anything else: the ids a receiver needs to re-read what changed.
    Charge {
        id: String,
        payment_intent: Option<String>,
        amount_refunded_minor: i64,
        refunded: bool,
    },
    /// `charge.dispute.*`: the shopper's bank disputes a payment.
    Dispute {
        id: String,
        charge: Option<String>,
        payment_intent: Option<String>,
        amount_minor: i64,
        /// Stripe's reason: `fraudulent`, `product_not_received`, `general`, …
        reason: String,
    },
    Other {
        id: String,
    },
}

/// Why a provider call failed. `Card` is a refusal the shopper can act on; `Transport` means
/// the outcome is unknown, so the caller retries with the same idempotency key.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ProviderError {
    #[error("card refused: {}", error.message)]
    Card {
        error: CardError,
        /// The intent as the refusal left it (`requires_payment_method`), when there is one.
        intent: Option<Box<PaymentIntent>>,
    },
    #[error("invalid request ({code}): {message}")]
    InvalidRequest { code: String, message: String },
    #[error("idempotency key reused: {message}")]
    Idempotency { message: String },
    #[error("the provider refused our credentials")]
    Authentication,
    #[error("the provider is rate limiting us")]
    RateLimited { retry_after_secs: Option<u64> },
    #[error("provider error {status}: {message}")]
    Api { status: u16, message: String },
    #[error("no answer from the provider: {message}")]
    Transport { message: String },
}

/// Why a webhook delivery is refused (answered 400, nothing stored).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WebhookError {
    #[error("no signature header")]
    MissingSignature,
    #[error("the signature header is malformed")]
    MalformedSignature,
    #[error("no v1 signature matches")]
    BadSignature,
    #[error("the signature timestamp is outside the tolerance")]
    StaleTimestamp,
    #[error("a live event reached a test-mode shop, or the reverse")]
    WrongMode,
    #[error("the event body is not an event: {0}")]
    BadBody(String),
}

/// What the shopper's browser needs to collect a card with this provider.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BrowserConfig {
    /// "test" or "stripe".
    pub provider: String,
    pub publishable_key: String,
    /// Where the browser sends card details for the test provider (`/_test_provider/v1`);
    /// `None` for Stripe (Stripe.js talks to Stripe).
    pub api_base: Option<String>,
    pub livemode: bool,
}
