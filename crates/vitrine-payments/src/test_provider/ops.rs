//! The test provider's operations as data: what a request asked for. Its JSON is hashed to
//! compare a retried request with the first one under the same idempotency key.

use std::collections::BTreeMap;

use serde::Serialize;

#[derive(Debug, Clone, Serialize)]
#[serde(tag = "op", rename_all = "snake_case")]
pub enum Op {
    CreateCustomer {
        email: Option<String>,
        name: Option<String>,
        metadata: BTreeMap<String, String>,
    },
    CreatePaymentIntent {
        amount: i64,
        currency: String,
        payment_method: Option<String>,
        customer: Option<String>,
        confirm: bool,
        return_url: Option<String>,
        save_payment_method: bool,
        off_session: bool,
        metadata: BTreeMap<String, String>,
    },
    UpdatePaymentIntent {
        id: String,
        amount: Option<i64>,
        currency: Option<String>,
        payment_method: Option<String>,
        metadata: BTreeMap<String, String>,
    },
    ConfirmPaymentIntent {
        id: String,
        payment_method: Option<String>,
        return_url: Option<String>,
        off_session: bool,
    },
    AuthenticatePaymentIntent {
        id: String,
        success: bool,
    },
    CancelPaymentIntent {
        id: String,
    },
    CreateSetupIntent {
        customer: Option<String>,
        payment_method: Option<String>,
        confirm: bool,
        return_url: Option<String>,
        metadata: BTreeMap<String, String>,
    },
    ConfirmSetupIntent {
        id: String,
        payment_method: Option<String>,
        return_url: Option<String>,
    },
    AuthenticateSetupIntent {
        id: String,
        success: bool,
    },
    CancelSetupIntent {
        id: String,
    },
    /// A card entered in the browser, already checked: never the number, only what it left.
    CreateCardPaymentMethod {
        profile: String,
        brand: String,
        last4: String,
        exp_month: u8,
        exp_year: u16,
        funding: String,
        billing_details: serde_json::Value,
        /// The card number's fingerprint ([`crate::cards::fingerprint`]).
        fingerprint: Option<String>,
    },
    AttachPaymentMethod {
        id: String,
        customer: String,
    },
    DetachPaymentMethod {
        id: String,
    },
    CreateRefund {
        payment_intent: String,
        amount: Option<i64>,
        currency: Option<String>,
    },
    /// The test provider's stand-in for a cardholder's bank disputing a payment (Stripe's
    /// test card 4000 0000 0000 0259 does it by itself).
    CreateDispute {
        payment_intent: String,
        reason: String,
    },
}
