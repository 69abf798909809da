//! What a use case can answer instead of a result. Domain errors pass through unchanged; the
//! web layer gives each variant its status and code (`vitrine-http::error`).

use std::time::Duration;

use vitrine_domain::cart::CartError;
use vitrine_domain::ports::StoreError;
use vitrine_domain::review::ReviewError;

pub type AppResult<T> = Result<T, AppError>;

/// Which brake held a request back (the web layer words the answer).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BrakeKind {
    /// Login attempts, from the client's address or on the account.
    Login,
    Review,
    /// The tracking endpoints' per-client request limit.
    Tracking,
    /// Card payment attempts, per client and per cart session (card testing).
    Payment,
    /// Accounts opened from one client address.
    SignUp,
    /// Password reset e-mails asked from one client address or for one account.
    PasswordReset,
}

/// A request held back: by which brake, and when an attempt is allowed again.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Braked {
    pub kind: BrakeKind,
    pub retry_after: Duration,
}

/// Something asked for that does not exist (or is not published).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Missing {
    Product,
    /// The category path asked for.
    Category(String),
    /// The tag slug asked for.
    Tag(String),
    /// A content block slug.
    Block(String),
    /// No social feed is configured.
    Feed,
    /// An uploaded media id (ADR 0016).
    Attachment,
}

/// A request the shop understood and turned down.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// No login, or a login cookie without its nonce.
    NotLoggedIn,
    InvalidCredentials,
    /// The REST nonce is wrong or stale.
    InvalidNonce,
    /// Logged in, but the role does not allow it; the message says what.
    Forbidden(&'static str),
    ReviewsClosed,
    /// The e-mail address belongs to another account (`field` names the form's field).
    EmailTaken {
        field: &'static str,
        message: &'static str,
    },
    /// A new password the rules refuse (too short, the e-mail, too weak).
    WeakPassword {
        field: &'static str,
        message: String,
    },
    /// The current password given to change the password is wrong.
    IncorrectPassword,
    /// A password reset link that was never issued or was used already.
    InvalidResetKey,
    /// A password reset link older than its 24 hours.
    ExpiredResetKey,
}

#[derive(Debug, thiserror::Error)]
pub enum AppError {
    #[error("not found: {0:?}")]
    NotFound(Missing),
    /// A refused cart change, with the page where the shopper can sort it out (spec §8).
    #[error("{error}")]
    Cart {
        error: CartError,
        product_url: Option<String>,
    },
    #[error(transparent)]
    Review(#[from] ReviewError),
    #[error("refused: {0:?}")]
    Refused(Refusal),
    /// A field of the request is unusable; `message` is safe to show.
    #[error("{field}: {message}")]
    Invalid {
        field: &'static str,
        message: String,
    },
    /// A pricing setting sent to the API is refused (`field` is a path into the request body).
    #[error(transparent)]
    InvalidSetting(vitrine_domain::pricing::SettingsError),
    /// A currency the shop does not offer, named by a cookie or a request (the code as sent).
    #[error("{0:?} is not one of the shop's currencies")]
    UnsupportedCurrency(String),
    /// Too many attempts of this kind (from one client, or on one account); nothing was done.
    #[error("too many attempts ({:?}, retry after {:?})", .0.kind, .0.retry_after)]
    Braked(Braked),
    /// A checkout, order or payment refusal (ADR 0014).
    #[error(transparent)]
    Checkout(crate::checkout_error::CheckoutError),
    /// A saved-card refusal (issue 15).
    #[error(transparent)]
    PaymentMethod(crate::payment_method_error::PaymentMethodError),
    /// An upload refused, or stored but not post-processed (ADR 0016).
    #[error(transparent)]
    Media(crate::media_error::MediaError),
    /// The social feed's upstream failed (logged by the feed adapter).
    #[error("the social feed is unavailable")]
    FeedUnavailable,
    /// The search index is still being built (or catching up) past the search's wait.
    #[error("the search index is not ready")]
    SearchUnavailable,
    #[error(transparent)]
    Store(#[from] StoreError),
    /// Our bug or an infrastructure failure; logged, never shown.
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

impl From<CartError> for AppError {
    fn from(error: CartError) -> Self {
        Self::Cart {
            error,
            product_url: None,
        }
    }
}

impl From<crate::payment_method_error::PaymentMethodError> for AppError {
    fn from(error: crate::payment_method_error::PaymentMethodError) -> Self {
        Self::PaymentMethod(error)
    }
}

impl AppError {
    pub fn refused(refusal: Refusal) -> Self {
        Self::Refused(refusal)
    }

    pub fn invalid(field: &'static str, message: impl Into<String>) -> Self {
        Self::Invalid {
            field,
            message: message.into(),
        }
    }
}
