//! Cart refusals as API errors: the domain's `CartError` codes with their HTTP statuses, and
//! `product_url` / `available` where the contract asks for them. A cart that cannot be priced
//! (`CartError::Pricing`) is a logged 500 `internal`.

use axum::http::StatusCode;
use vitrine_domain::cart::CartError;

use crate::error::{ApiError, ErrorCode};

/// Where an add error sends a shopper whose product is unknown: the shop.
pub(crate) const SHOP_URL: &str = "/shop/";

/// The envelope for a refused cart operation.
pub(crate) fn cart_error(err: CartError) -> ApiError {
    let (status, code, field) = match &err {
        CartError::ProductNotFound => (
            StatusCode::NOT_FOUND,
            ErrorCode::ProductNotFound,
            Some("product_id"),
        ),
        CartError::InvalidQuantity(_) => (
            StatusCode::BAD_REQUEST,
            ErrorCode::InvalidQuantity,
            Some("quantity"),
        ),
        CartError::InsufficientStock { .. } => {
            (StatusCode::CONFLICT, ErrorCode::InsufficientStock, None)
        }
        CartError::NotPurchasable(_) => (StatusCode::CONFLICT, ErrorCode::NotPurchasable, None),
        CartError::InvalidAttributes(_) => (
            StatusCode::UNPROCESSABLE_ENTITY,
            ErrorCode::InvalidAttributes,
            Some("attributes"),
        ),
        CartError::AlreadyInCart(_) => (StatusCode::CONFLICT, ErrorCode::AlreadyInCart, None),
        CartError::LineNotFound => (StatusCode::NOT_FOUND, ErrorCode::CartItemNotFound, None),
        // Totals that overflow or mix currencies come from stored prices, not the request.
        CartError::Pricing(_) => return ApiError::internal(err.clone()),
    };
    let mut api = ApiError::new(status, code, err.to_string());
    if let Some(field) = field {
        api = api.with_field(field);
    }
    if let CartError::InsufficientStock { available, .. } = err {
        api = api.with_available(available);
    }
    api
}

#[cfg(test)]
mod tests {
    use super::*;
    use vitrine_domain::money::MoneyError;

    #[test]
    fn every_refusal_has_the_contracts_status() {
        let cases = [
            (CartError::ProductNotFound, 404),
            (CartError::InvalidQuantity("x".into()), 400),
            (
                CartError::InsufficientStock {
                    available: 2,
                    in_cart: 1,
                },
                409,
            ),
            (CartError::NotPurchasable("x".into()), 409),
            (CartError::InvalidAttributes("x".into()), 422),
            (CartError::AlreadyInCart("x".into()), 409),
            (CartError::LineNotFound, 404),
        ];
        for (err, status) in cases {
            assert_eq!(cart_error(err.clone()).status().as_u16(), status, "{err:?}");
        }
    }

    #[test]
    fn a_cart_that_cannot_be_priced_is_an_internal_error() {
        let err = cart_error(CartError::Pricing(MoneyError::Overflow));
        assert_eq!(err.status().as_u16(), 500);
        assert_eq!(err.code(), ErrorCode::Internal);
    }
}
