//! A checkout's `Idempotency-Key`: read and bounded, and the answer a key already had — the
//! stored one (a 3-D Secure step), or for a paid order the order's own: the checkout stores no
//! answer for a paid order (one write fewer per order), and a request that died after its
//! order was paid never stored one.

use super::Checkout;
use super::answer::{PlaceAnswer, received_path};
use super::quote::CheckoutQuote;
use crate::checkout_error::CheckoutError;
use crate::error::AppResult;
use vitrine_domain::order::Order;

/// A request's `Idempotency-Key`: none when blank, refused beyond 255 characters.
pub(super) fn request_key(raw: Option<&str>) -> AppResult<Option<String>> {
    match raw.map(str::trim) {
        Some("") | None => Ok(None),
        Some(k) if k.len() > 255 => {
            Err(CheckoutError::field("Idempotency-Key", "At most 255 characters.").into())
        }
        Some(k) => Ok(Some(k.to_owned())),
    }
}

pub(super) fn parse_answer(json: &str) -> Option<PlaceAnswer> {
    serde_json::from_str(json).ok()
}

impl Checkout {
    /// The answer of a key used before for this cart (or for a cart emptied since by the
    /// payment); a key used for another cart is a conflict.
    pub(super) async fn replay(
        &self,
        key: &str,
        quote: &CheckoutQuote,
    ) -> AppResult<Option<PlaceAnswer>> {
        let Some(request) = self.store().checkout_request(key).await? else {
            return Ok(None);
        };
        let hash = &quote.cart.priced.hash;
        // The same key for another cart: a conflict (a paid order's cart is empty).
        if !hash.is_empty() && *hash != request.cart_hash {
            return Err(CheckoutError::IdempotencyConflict.into());
        }
        if let Some(answer) = request.response.as_deref().and_then(parse_answer) {
            return Ok(Some(answer));
        }
        // No answer stored: a paid order's answer is the order itself (the checkout stores no
        // answer for a paid order, and a request that died after the payment stored none).
        let order = self.order_or_missing(request.order_id).await?;
        Ok(order.is_paid().then(|| paid_answer(&order)))
    }
}

/// A paid order's answer to a retry of the key that placed it.
pub(super) fn paid_answer(order: &Order) -> PlaceAnswer {
    PlaceAnswer {
        order_id: order.id,
        order_key: order.key().as_str().to_owned(),
        redirect: Some(received_path(order)),
        next_action: None,
    }
}
