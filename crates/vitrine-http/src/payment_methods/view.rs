//! What the saved-card calls answer.

use serde::Serialize;
use utoipa::ToSchema;
use vitrine_domain::payment::saved::SavedMethod;
use vitrine_domain::payment::{SetupIntent, SetupStatus};

/// A saved card as the payment methods table and the checkout show it. No card number: the
/// provider keeps the card.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SavedMethodView {
    /// The provider's payment method id (`pm_…`): what a payment or a change names.
    pub id: String,
    /// "visa", "mastercard", "amex", …
    pub brand: String,
    pub last4: String,
    pub exp_month: u8,
    pub exp_year: u16,
    /// "Visa ending in 4242"
    pub display_name: String,
    /// "12/30"
    pub expires: String,
    pub is_default: bool,
}

impl SavedMethodView {
    pub fn new(method: &SavedMethod) -> Self {
        Self {
            id: method.method_id.clone(),
            brand: method.card.brand.clone(),
            last4: method.card.last4.clone(),
            exp_month: method.card.exp_month,
            exp_year: method.card.exp_year,
            display_name: method.card.display_name(),
            expires: method.card.expires(),
            is_default: method.is_default,
        }
    }
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PaymentMethodsResponse {
    /// Oldest first; exactly one is the default while there are any.
    pub methods: Vec<SavedMethodView>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PaymentMethodResponse {
    pub method: SavedMethodView,
}

/// The SetupIntent as the browser needs it (spec §7: `intent.client_secret`).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SetupIntentView {
    /// `seti_…`
    pub id: String,
    pub client_secret: String,
    /// `succeeded`, `requires_action`, …
    pub status: String,
}

impl SetupIntentView {
    pub fn new(intent: &SetupIntent) -> Self {
        let status = match intent.status {
            SetupStatus::RequiresPaymentMethod => "requires_payment_method",
            SetupStatus::RequiresConfirmation => "requires_confirmation",
            SetupStatus::RequiresAction => "requires_action",
            SetupStatus::Processing => "processing",
            SetupStatus::Succeeded => "succeeded",
            SetupStatus::Canceled => "canceled",
        };
        Self {
            id: intent.id.clone(),
            client_secret: intent.client_secret.clone(),
            status: status.to_owned(),
        }
    }
}

/// The 3-D Secure challenge a setup waits for.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SetupNextActionView {
    /// Always `setup_intent`.
    #[serde(rename = "type")]
    pub kind: String,
    pub client_secret: String,
    /// The challenge page, when the provider gave one.
    pub redirect_url: Option<String>,
    /// Where the shopper comes back: the add-payment-method page with the return data
    /// (`#response=` base64 JSON, `type: setup`).
    pub return_url: String,
}

/// `POST /payments/setup-intent`: the card is saved (`method`), or a challenge waits
/// (`next_action`).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SetupIntentResponse {
    pub intent: SetupIntentView,
    pub method: Option<SavedMethodView>,
    pub next_action: Option<SetupNextActionView>,
}
