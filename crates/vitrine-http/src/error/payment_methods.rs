//! Saved-card refusals as API errors (issue 15).

use axum::http::StatusCode;
use vitrine_app::payment_methods::PaymentMethodError;

use super::{ApiError, ErrorCode};

pub(super) fn payment_method_error(err: PaymentMethodError) -> ApiError {
    match err {
        PaymentMethodError::NotFound => ApiError::new(
            StatusCode::NOT_FOUND,
            ErrorCode::PaymentMethodNotFound,
            "That payment method was not found. Please choose another one.",
        ),
        PaymentMethodError::SetupNotFound => ApiError::new(
            StatusCode::NOT_FOUND,
            ErrorCode::SetupIntentNotFound,
            "That payment method could not be found. Please try adding it again.",
        ),
        PaymentMethodError::SetupFailed { message } => ApiError::new(
            StatusCode::PAYMENT_REQUIRED,
            ErrorCode::PaymentFailed,
            message,
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn saved_card_refusals_reveal_nothing_and_keep_the_providers_message() {
        let api = payment_method_error(PaymentMethodError::NotFound);
        assert_eq!(
            (api.status().as_u16(), api.code()),
            (404, ErrorCode::PaymentMethodNotFound)
        );
        let api = payment_method_error(PaymentMethodError::SetupNotFound);
        assert_eq!(
            (api.status().as_u16(), api.code()),
            (404, ErrorCode::SetupIntentNotFound)
        );
        let api = payment_method_error(PaymentMethodError::SetupFailed {
            message: "Your card was declined.".into(),
        });
        assert_eq!(
            (api.status().as_u16(), api.code()),
            (402, ErrorCode::PaymentFailed)
        );
        assert_eq!(api.message, "Your card was declined.");
    }
}
