//! Checkout refusals as API errors (ADR 0014): statuses and codes of the checkout contract.

use axum::http::StatusCode;
use vitrine_app::checkout::CheckoutError;

use super::{ApiError, ErrorCode};

pub(super) fn checkout_error(err: CheckoutError) -> ApiError {
    let message = err.to_string();
    match err {
        CheckoutError::InvalidField { field, message } => {
            ApiError::new(StatusCode::BAD_REQUEST, ErrorCode::InvalidField, message)
                .with_field(field)
        }
        CheckoutError::EmptyCart => ApiError::new(
            StatusCode::BAD_REQUEST,
            ErrorCode::EmptyCart,
            "Your cart is empty: add something before checking out.",
        ),
        CheckoutError::PaymentFailed { message } => ApiError::new(
            StatusCode::PAYMENT_REQUIRED,
            ErrorCode::PaymentFailed,
            message,
        ),
        CheckoutError::Declined { message, pay_path } => ApiError::new(
            StatusCode::PAYMENT_REQUIRED,
            ErrorCode::PaymentFailed,
            message,
        )
        .with_pay_url(pay_path),
        CheckoutError::IdempotencyConflict => ApiError::new(
            StatusCode::CONFLICT,
            ErrorCode::IdempotencyConflict,
            "This checkout was already submitted for a different cart; reload the page.",
        ),
        CheckoutError::OrderNotFound => ApiError::new(
            StatusCode::NOT_FOUND,
            ErrorCode::OrderNotFound,
            "No order was found with that number and key.",
        ),
        CheckoutError::NotPayable => ApiError::new(
            StatusCode::CONFLICT,
            ErrorCode::OrderNotPayable,
            "This order’s status is not “Pending payment” — it cannot be paid for.",
        ),
        CheckoutError::NotCancellable => ApiError::new(
            StatusCode::CONFLICT,
            ErrorCode::OrderNotCancellable,
            "Your order can no longer be cancelled. Please contact us if you need assistance.",
        ),
        CheckoutError::OutOfStock { name, available } => ApiError::new(
            StatusCode::CONFLICT,
            ErrorCode::InsufficientStock,
            format!(
                "Sorry, we do not have enough \"{name}\" in stock to fulfill your order \
                 ({available} available). We apologize for any inconvenience caused."
            ),
        )
        .with_available(available),
        CheckoutError::DownloadNotFound => ApiError::new(
            StatusCode::NOT_FOUND,
            ErrorCode::DownloadNotFound,
            "Invalid download link.",
        ),
        CheckoutError::DownloadExpired => ApiError::new(
            StatusCode::GONE,
            ErrorCode::DownloadExpired,
            "Sorry, this download has expired or reached its download limit.",
        ),
        CheckoutError::BadWebhook(_) => ApiError::new(
            StatusCode::BAD_REQUEST,
            ErrorCode::InvalidSignature,
            message,
        ),
        CheckoutError::ProviderUnavailable(_) => ApiError::new(
            StatusCode::BAD_GATEWAY,
            ErrorCode::PaymentUnavailable,
            "The payment could not be processed right now; nothing was charged twice. \
             Please try again.",
        ),
    }
}

#[cfg(test)]
mod tests {
    use vitrine_domain::payment::WebhookError;

    use super::*;

    #[test]
    fn every_checkout_refusal_has_the_contracts_status_and_code() {
        let cases = [
            (
                CheckoutError::field("billing_email", "x"),
                400,
                ErrorCode::InvalidField,
            ),
            (CheckoutError::EmptyCart, 400, ErrorCode::EmptyCart),
            (
                CheckoutError::PaymentFailed {
                    message: "Your card was declined.".into(),
                },
                402,
                ErrorCode::PaymentFailed,
            ),
            (
                CheckoutError::Declined {
                    message: "Your card was declined.".into(),
                    pay_path: "/checkout/order-pay/1/?pay_for_order=true&key=k".into(),
                },
                402,
                ErrorCode::PaymentFailed,
            ),
            (
                CheckoutError::IdempotencyConflict,
                409,
                ErrorCode::IdempotencyConflict,
            ),
            (CheckoutError::OrderNotFound, 404, ErrorCode::OrderNotFound),
            (CheckoutError::NotPayable, 409, ErrorCode::OrderNotPayable),
            (
                CheckoutError::NotCancellable,
                409,
                ErrorCode::OrderNotCancellable,
            ),
            (
                CheckoutError::OutOfStock {
                    name: "Hoodie".into(),
                    available: 0,
                },
                409,
                ErrorCode::InsufficientStock,
            ),
            (
                CheckoutError::DownloadNotFound,
                404,
                ErrorCode::DownloadNotFound,
            ),
            (
                CheckoutError::DownloadExpired,
                410,
                ErrorCode::DownloadExpired,
            ),
            (
                CheckoutError::BadWebhook(WebhookError::BadSignature),
                400,
                ErrorCode::InvalidSignature,
            ),
            (
                CheckoutError::ProviderUnavailable("timeout".into()),
                502,
                ErrorCode::PaymentUnavailable,
            ),
        ];
        for (err, status, code) in cases {
            let api = checkout_error(err.clone());
            assert_eq!(
                (api.status().as_u16(), api.code()),
                (status, code),
                "{err:?}"
            );
        }
    }

    #[test]
    fn a_declined_card_shows_the_providers_message_and_a_field_error_names_the_field() {
        let api = checkout_error(CheckoutError::PaymentFailed {
            message: "Your card has insufficient funds.".into(),
        });
        assert_eq!(api.message, "Your card has insufficient funds.");
        let api = checkout_error(CheckoutError::field("billing_postcode", "bad"));
        assert_eq!(api.field.as_deref(), Some("billing_postcode"));
    }
}
