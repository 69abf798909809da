//! What the checkout use cases answer instead of a result (mapped once in `vitrine-http`).
//! Apart from `checkout` so the application's one error type can carry it without importing
//! the use cases (no module cycle).

use vitrine_domain::payment::{ProviderError, WebhookError};

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CheckoutError {
    /// A checkout field missing or wrong, named as the form names it (`billing_email`).
    #[error("{field}: {message}")]
    InvalidField { field: String, message: String },
    #[error("your cart is empty")]
    EmptyCart,
    /// The card was refused or its authentication failed; the provider's message.
    #[error("payment failed: {message}")]
    PaymentFailed { message: String },
    /// The card was refused at checkout: the order stays unpaid and can be paid later on its
    /// order-pay page (`pay_path`, WooCommerce's "Pay" link) — or by placing the same cart
    /// again, which resumes the order.
    #[error("payment failed: {message}")]
    Declined { message: String, pay_path: String },
    /// An `Idempotency-Key` used before for another cart.
    #[error("this checkout key was used for another cart")]
    IdempotencyConflict,
    /// Unknown order, or a key (or client secret) that is not the order's.
    #[error("order not found")]
    OrderNotFound,
    /// Paid, cancelled or refunded: nothing to pay.
    #[error("this order cannot be paid for")]
    NotPayable,
    /// Paid, settling or settled: a customer can no longer cancel it (My account).
    #[error("this order can no longer be cancelled")]
    NotCancellable,
    /// An item ran out before the order could take it.
    #[error("not enough stock of {name}")]
    OutOfStock { name: String, available: i64 },
    #[error("download not found")]
    DownloadNotFound,
    #[error("download expired")]
    DownloadExpired,
    #[error("webhook refused: {0}")]
    BadWebhook(WebhookError),
    /// The provider did not answer, or refused the shop (not the card). Retrying is safe.
    #[error("payment provider unavailable: {0}")]
    ProviderUnavailable(String),
}

impl CheckoutError {
    pub fn field(field: &str, message: impl Into<String>) -> Self {
        Self::InvalidField {
            field: field.to_owned(),
            message: message.into(),
        }
    }

    /// A provider failure as the shopper sees it: a card refusal is theirs to fix, anything
    /// else is the shop's (logged by the caller).
    pub fn from_provider(error: &ProviderError) -> Self {
        match error {
            ProviderError::Card { error, .. } => Self::PaymentFailed {
                message: error.message.clone(),
            },
            other => Self::ProviderUnavailable(other.to_string()),
        }
    }
}
