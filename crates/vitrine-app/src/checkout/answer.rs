//! What the checkout use cases answer: the placed order and where the browser goes next.
//! A [`PlaceAnswer`] is also what an `Idempotency-Key` replays, so it is stored as JSON.

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use serde::{Deserialize, Serialize};
use serde_json::json;
use vitrine_domain::order::{Order, OrderId};

/// A 3-D Secure challenge to go through before the payment can go on.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NextStep {
    pub client_secret: String,
    /// The challenge page, when the provider gave one.
    pub redirect_url: Option<String>,
    /// Where the shopper comes back (`/checkout/#response=…` or the order-pay page).
    pub return_url: String,
}

/// The order is placed; paid (`redirect`) or waiting for `next_action`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlaceAnswer {
    pub order_id: OrderId,
    pub order_key: String,
    pub redirect: Option<String>,
    pub next_action: Option<NextStep>,
}

/// The outcome of one payment of an order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PaymentAnswer {
    /// Paid, or accepted and settling (`on-hold`): show the order-received page.
    Received { redirect: String },
    NeedsAction(NextStep),
}

/// `/checkout/order-received/{id}/?key=…`
pub fn received_path(order: &Order) -> String {
    format!(
        "/checkout/order-received/{}/?key={}",
        order.id,
        order.key().as_str()
    )
}

/// `/checkout/order-pay/{id}/?pay_for_order=true&key=…`
pub fn pay_path(order: &Order) -> String {
    format!(
        "/checkout/order-pay/{}/?pay_for_order=true&key={}",
        order.id,
        order.key().as_str()
    )
}

/// Spec §3 "Payment intent return data": the base64 JSON the return URL carries, so the page
/// the shopper comes back to knows which intent and order to settle.
pub fn return_data(
    client_secret: &str,
    order: &Order,
    payment_method: &str,
    save_method: bool,
) -> String {
    let data = json!({
        "client_secret": client_secret,
        "gateway_id": "card",
        "type": "payment_intent",
        "order_id": order.id.0,
        "order_key": order.key().as_str(),
        "pm": payment_method,
        "save_method": save_method,
    });
    STANDARD.encode(data.to_string())
}

/// `+`, `/` and `=` of base64 written for a query string.
pub(crate) fn query_escape(text: &str) -> String {
    text.replace('+', "%2B")
        .replace('/', "%2F")
        .replace('=', "%3D")
}

#[cfg(test)]
mod tests {
    use super::query_escape;

    #[test]
    fn base64_is_escaped_for_a_query_string() {
        assert_eq!(query_escape("ab+/c=="), "ab%2B%2Fc%3D%3D");
        assert_eq!(query_escape("plain"), "plain");
    }
}
