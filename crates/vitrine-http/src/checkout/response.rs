//! What the checkout, order and payment endpoints answer (ADR 0014). Money is `MoneyView`
//! (minor units, currency, the shop-formatted text) in the order's or shopper's currency.

use serde::Serialize;
use utoipa::ToSchema;

use crate::cart::CartView;
use crate::views::MoneyView;

/// One country the shop sells to, with the checkout form's rules for it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct CountryOptionView {
    /// ISO 3166-1 alpha-2.
    pub code: String,
    pub name: String,
    /// Empty when the country has no state list (then the state is free text).
    pub states: Vec<StateOptionView>,
    pub state_required: bool,
    pub postcode_required: bool,
    /// "State / County", "Province", …
    pub state_label: String,
    /// "Postcode / ZIP", "ZIP Code", …
    pub postcode_label: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct StateOptionView {
    pub code: String,
    pub name: String,
}

/// A checked address (an order's, or a customer's saved one).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct AddressView {
    pub first_name: String,
    pub last_name: String,
    pub company: String,
    pub country: String,
    pub address_1: String,
    pub address_2: String,
    pub city: String,
    pub state: String,
    pub postcode: String,
    /// Billing only ("" on shipping).
    pub phone: String,
    /// Billing only ("" on shipping).
    pub email: String,
}

/// One shipping choice for the destination, its cost in the shopper's currency.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct ShippingRateView {
    /// The value to send back as `shipping_method` (`flat_rate:1`).
    pub id: String,
    /// "flat_rate", "free_shipping" or "local_pickup".
    pub kind: String,
    pub label: String,
    pub cost: MoneyView,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct TaxLineView {
    /// "VAT", "CA State Tax"
    pub label: String,
    pub amount: MoneyView,
}

/// The order totals table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct TotalsView {
    /// The lines after their own discounts.
    pub subtotal: MoneyView,
    /// Cart discounts (after the lines' own).
    pub discount_total: MoneyView,
    pub shipping_total: MoneyView,
    pub tax_total: MoneyView,
    pub taxes: Vec<TaxLineView>,
    /// What the shopper pays.
    pub total: MoneyView,
    /// Catalogue prices already contain tax (the tax shown is included, not added).
    pub prices_include_tax: bool,
}

/// What the browser needs to collect a card with the configured provider.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct PaymentConfigView {
    /// "test" or "stripe".
    pub provider: String,
    pub publishable_key: String,
    /// Where card details go for the test provider (`/_test_provider/v1`); null for Stripe.
    #[schema(required = true)]
    pub api_base: Option<String>,
    pub livemode: bool,
}

/// The signed-in customer's saved addresses, to prefill the form.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct CustomerAddressesView {
    #[schema(required = true)]
    pub billing: Option<AddressView>,
    #[schema(required = true)]
    pub shipping: Option<AddressView>,
}

/// `GET /api/v1/checkout` and `POST /api/v1/checkout/review`: the cart priced for the
/// shopper, the shipping choices and tax for the destination, and what the form needs.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct CheckoutView {
    pub cart: CartView,
    /// The currency of every amount here (ISO 4217).
    pub currency: String,
    /// False for carts of only virtual or downloadable products: no shipping address asked.
    pub needs_shipping: bool,
    /// The choices for the destination (empty: no address yet, or the shop does not ship
    /// there — see `shipping_error`).
    pub shipping_rates: Vec<ShippingRateView>,
    /// The chosen rate id (the one asked for, else the first).
    #[schema(required = true)]
    pub selected_rate: Option<String>,
    /// "No shipping options were found for …" when the destination gets no rate.
    #[schema(required = true)]
    pub shipping_error: Option<String>,
    pub totals: TotalsView,
    /// When set, the terms checkbox is shown and must be ticked.
    #[schema(required = true)]
    pub terms_url: Option<String>,
    pub payment: PaymentConfigView,
    /// Signed-in customers only.
    #[schema(required = true)]
    pub customer: Option<CustomerAddressesView>,
}

/// What the browser must do before the payment can go on (3-D Secure).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct NextActionView {
    /// "payment_intent".
    #[serde(rename = "type")]
    pub kind: String,
    pub client_secret: String,
    /// The challenge page to send the shopper to, when the provider gave one.
    #[schema(required = true)]
    pub redirect_url: Option<String>,
    /// Where the shopper comes back: `/checkout/#response=<base64 JSON>` or
    /// `/checkout/order-pay/{id}/?pay_for_order=true&key=…&order_review=<base64 JSON>`.
    pub return_url: String,
    pub order_id: i64,
    pub order_key: String,
}

/// `POST /api/v1/checkout`: the order is placed. Either paid (`redirect` to the
/// order-received page) or waiting for 3-D Secure (`next_action`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct PlaceOrderResponse {
    /// "success".
    pub result: String,
    pub order_id: i64,
    pub order_key: String,
    /// `/checkout/order-received/{id}/?key=…` once paid.
    #[schema(required = true)]
    pub redirect: Option<String>,
    #[schema(required = true)]
    pub next_action: Option<NextActionView>,
}

/// `POST /api/v1/checkout/payment`: the order is paid.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct CheckoutPaymentResponse {
    /// "success".
    pub result: String,
    pub redirect: String,
}

/// `POST /api/v1/orders/{id}/pay`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct OrderPayResponse {
    pub success: bool,
    /// True when `next_action` must be handled, then `POST /api/v1/checkout/payment`.
    pub needs_confirmation: bool,
    #[schema(required = true)]
    pub next_action: Option<NextActionView>,
    /// The order-received page once paid.
    #[schema(required = true)]
    pub redirect: Option<String>,
}

/// `POST /api/v1/payments/sync-intent`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct SyncIntentResponse {
    pub success: bool,
}

/// `POST /api/v1/payments/webhook`: accepted (`{}`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct WebhookAck {}

/// The order statuses (WooCommerce's, `on-hold` spelled `on_hold`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum OrderStatusView {
    Pending,
    Processing,
    OnHold,
    Completed,
    Cancelled,
    Refunded,
    Failed,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct OrderLineView {
    pub product_id: i64,
    #[schema(required = true)]
    pub variation_id: Option<i64>,
    /// "Hoodie - Red, No"
    pub name: String,
    pub quantity: u32,
    /// One unit before discounts.
    pub unit_price: MoneyView,
    /// The units before discounts.
    pub subtotal: MoneyView,
    /// The units after the line's discounts.
    pub total: MoneyView,
    pub tax: MoneyView,
}

/// A discount of the order ("Buy 3, save 10%").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct OrderDiscountView {
    pub label: String,
    pub amount: MoneyView,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct OrderShippingView {
    /// `flat_rate:1`
    pub method_id: String,
    pub label: String,
    pub total: MoneyView,
    pub tax: MoneyView,
}

/// A paid order's download link, served by the shop (limit and expiry enforced).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct DownloadView {
    pub product_id: i64,
    /// The product's name.
    pub product_name: String,
    /// The download's name ("Single (MP3)").
    pub name: String,
    /// `/api/v1/downloads/{token}`
    pub url: String,
    /// Null: unlimited.
    #[schema(required = true)]
    pub downloads_remaining: Option<u32>,
    /// RFC 3339; null: never expires.
    #[schema(required = true)]
    pub expires_at: Option<String>,
}

/// Where the order came from (staff only).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct AttributionView {
    #[schema(required = true)]
    pub source_type: Option<String>,
    #[schema(required = true)]
    pub source: Option<String>,
    #[schema(required = true)]
    pub medium: Option<String>,
    #[schema(required = true)]
    pub campaign: Option<String>,
    #[schema(required = true)]
    pub landing_page: Option<String>,
    #[schema(required = true)]
    pub referrer: Option<String>,
    #[schema(required = true)]
    pub device_type: Option<String>,
    #[schema(required = true)]
    pub session_pages: Option<u32>,
}

/// `GET /api/v1/orders/{id}?key=…`: the order as the order-received page shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct OrderView {
    pub id: i64,
    pub status: OrderStatusView,
    /// ISO 4217: every amount of the order is in it.
    pub currency: String,
    /// RFC 3339.
    pub created_at: String,
    /// RFC 3339; null while unpaid.
    #[schema(required = true)]
    pub paid_at: Option<String>,
    pub lines: Vec<OrderLineView>,
    pub discounts: Vec<OrderDiscountView>,
    #[schema(required = true)]
    pub shipping_line: Option<OrderShippingView>,
    pub totals: TotalsView,
    pub billing: AddressView,
    /// Null when nothing is shipped.
    #[schema(required = true)]
    pub shipping: Option<AddressView>,
    pub customer_note: String,
    /// "Credit Card (Visa •••• 4242)"
    pub payment_method_title: String,
    /// Pending or failed: the order-pay page can take it (`pay_url`).
    pub needs_payment: bool,
    /// `/checkout/order-pay/{id}/?pay_for_order=true&key=…` while `needs_payment`.
    #[schema(required = true)]
    pub pay_url: Option<String>,
    /// Empty until paid.
    pub downloads: Vec<DownloadView>,
    /// The event id of this order's Purchase, for the browser pixel to de-duplicate with the
    /// shop's server copy; null until paid.
    #[schema(required = true)]
    pub purchase_event_id: Option<String>,
    /// Staff only (null for shoppers).
    #[schema(required = true)]
    pub attribution: Option<AttributionView>,
}
