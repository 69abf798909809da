//! What the browser sends to the checkout endpoints (ADR 0014). Amounts never travel this way:
//! any total, price or currency a client adds is ignored (unknown fields are dropped).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use vitrine_domain::address::AddressInput;

/// An address as typed on the checkout form; every field may be missing or blank. Checked
/// with the country's rules on the server (`invalid_field` names the first one at fault,
/// `billing_postcode`).
#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema)]
#[serde(default)]
pub struct AddressFields {
    pub first_name: String,
    pub last_name: String,
    /// One name (wallets): split into first and last when those are empty.
    pub full_name: String,
    pub company: String,
    /// ISO 3166-1 alpha-2.
    pub country: String,
    pub address_1: String,
    pub address_2: String,
    pub city: String,
    /// A state code, or a state name matched to its code.
    pub state: String,
    pub postcode: String,
    pub phone: String,
    pub email: String,
}

impl From<AddressFields> for AddressInput {
    fn from(a: AddressFields) -> Self {
        Self {
            first_name: a.first_name,
            last_name: a.last_name,
            full_name: a.full_name,
            company: a.company,
            country: a.country,
            address_1: a.address_1,
            address_2: a.address_2,
            city: a.city,
            state: a.state,
            postcode: a.postcode,
            phone: a.phone,
            email: a.email,
        }
    }
}

/// `POST /api/v1/checkout/review`: the totals for a destination, without an order.
#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema)]
#[serde(default)]
pub struct ReviewRequest {
    pub billing: AddressFields,
    pub shipping: AddressFields,
    pub ship_to_different_address: bool,
    /// A rate id from `shipping_rates` (`flat_rate:1`); the first rate when absent or unknown.
    pub shipping_method: Option<String>,
}

/// Where the shopper came from, as the checkout form's hidden attribution fields carry it
/// (tracking.md "Hidden checkout fields"). Every field optional; the server adds what its
/// own visitor session knows.
#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema)]
#[serde(default)]
pub struct AttributionFields {
    /// "utm", "organic", "referral", "typein", "admin", "mobile_app"
    pub source_type: Option<String>,
    pub source: Option<String>,
    pub medium: Option<String>,
    pub campaign: Option<String>,
    pub content: Option<String>,
    pub term: Option<String>,
    pub landing_page: Option<String>,
    pub referrer: Option<String>,
    /// "Desktop", "Mobile", "Tablet"
    pub device_type: Option<String>,
    /// Pages seen in the visit that ended at checkout.
    pub session_pages: Option<u32>,
    pub session_count: Option<u32>,
}

/// `POST /api/v1/checkout` (header `Idempotency-Key`): place the order from the session's
/// cart and pay it with `payment_method_id`.
#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema)]
#[serde(default)]
pub struct PlaceOrderRequest {
    pub billing: AddressFields,
    pub shipping: AddressFields,
    pub ship_to_different_address: bool,
    /// The customer's note for the order.
    pub order_comments: String,
    /// The terms checkbox; required when the checkout shows `terms_url`.
    pub terms: bool,
    /// A rate id from `shipping_rates` (`flat_rate:1`); required when the cart needs shipping.
    pub shipping_method: Option<String>,
    /// The provider's payment method id (`pm_…`) for the card the shopper entered.
    pub payment_method_id: String,
    /// "Save payment information to my account" (signed-in accounts; ignored for guests).
    pub save_payment_method: bool,
    /// `payment_method_id` is one of the account's saved cards; another account's or an
    /// unknown one is 404 `payment_method_not_found`, nothing charged.
    pub use_saved_method: bool,
    /// "Create an account?" (guests only): an account is opened from the billing e-mail and
    /// names with `account_password`, the order is placed for it and the shopper logged in
    /// (the answer sets the `vitrine_auth` cookie). A taken e-mail is `email_exists` on
    /// `billing_email`, a refused password `weak_password` on `account_password`; nothing is
    /// placed then.
    pub create_account: bool,
    pub account_password: Option<String>,
    pub attribution: AttributionFields,
}

/// `POST /api/v1/checkout/payment`: settle the order after 3-D Secure.
#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct CheckoutPaymentRequest {
    pub order_id: i64,
    pub order_key: String,
}

/// `POST /api/v1/orders/{id}/pay`: pay an unpaid or failed order with its key.
#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct OrderPayRequest {
    pub order_key: String,
    /// `pm_…`
    pub payment_method_id: String,
    #[serde(default)]
    pub save_payment_method: bool,
    /// `payment_method_id` is one of the signed-in account's saved cards.
    #[serde(default)]
    pub use_saved_method: bool,
}

/// `POST /api/v1/payments/sync-intent`: the browser saw its payment intent change.
#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct SyncIntentRequest {
    pub order_id: i64,
    /// The intent's client secret the browser was given (`pi_…_secret_…`).
    pub client_secret: String,
}

/// `GET /api/v1/orders/{id}?key=…`
#[derive(Debug, Clone, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct OrderKeyQuery {
    /// The order key from the order-received link (32 hex characters).
    pub key: String,
}
