//! A checkout's `Idempotency-Key`: read and bounded, and the answer a key already had — the
//! stored one, or for a key whose request died after its order was paid (the cart emptied
//! with the payment, the answer never stored) the paid order's own.

use super::Checkout;
use super::answer::{PlaceAnswer, received_path};
use super::quote::CheckoutQuote;
use crate::checkout_error::CheckoutError;
use crate::error::AppResult;

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
        let answered = request.response.as_deref().and_then(parse_answer);
        match answered {
            Some(answer) if hash.is_empty() || *hash == request.cart_hash => Ok(Some(answer)),
            // No answer stored and the cart empty: the request died after its order was paid
            // (the payment empties the cart in the same transaction). Its answer is the order.
            None if hash.is_empty() => {
                let order = self.order_or_missing(request.order_id).await?;
                Ok(order.is_paid().then(|| PlaceAnswer {
                    order_id: order.id,
                    order_key: order.key().as_str().to_owned(),
                    redirect: Some(received_path(&order)),
                    next_action: None,
                }))
            }
            _ if *hash != request.cart_hash => Err(CheckoutError::IdempotencyConflict.into()),
            _ => Ok(None),
        }
    }
}
