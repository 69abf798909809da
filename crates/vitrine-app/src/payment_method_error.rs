//! What the saved-card use cases answer instead of a result (mapped once in `vitrine-http`).
//! Apart from `payment_methods` so the application's one error type can carry it without
//! importing the use cases (no module cycle).

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PaymentMethodError {
    /// No saved method with that id for this account: unknown or another account's (never
    /// told apart). Nothing was charged or changed.
    #[error("payment method not found")]
    NotFound,
    /// The setup intent is unknown, not this account's, or its client secret is wrong.
    #[error("setup intent not found")]
    SetupNotFound,
    /// The card could not be set up (refused, or its authentication failed); the provider's
    /// message, safe to show.
    #[error("the card could not be saved: {message}")]
    SetupFailed { message: String },
}
