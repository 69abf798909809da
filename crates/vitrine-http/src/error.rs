//! The only place where errors become HTTP responses: one envelope, stable codes.

mod checkout;
mod payment_methods;
mod tracking;

use std::sync::Arc;
use std::time::Duration;

use axum::Json;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use utoipa::ToSchema;
use vitrine_app::brake::{BrakeKind, Braked};
use vitrine_app::{AppError, Missing, Refusal};
use vitrine_domain::cart::CartError;
use vitrine_domain::ports::StoreError;
use vitrine_domain::review::ReviewError;

/// Stable error codes. Clients branch on these, so never rename one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    ProductNotFound,
    CategoryNotFound,
    TagNotFound,
    NotFound,
    InvalidParameter,
    InvalidJson,
    UnsupportedMediaType,
    PayloadTooLarge,
    MethodNotAllowed,
    InvalidAttributes,
    InvalidQuantity,
    /// More of one item than a cart line may hold (the message gives the maximum, which is
    /// also the `maximum` of the cart requests' `quantity`); the cart is unchanged.
    QuantityTooLarge,
    InsufficientStock,
    NotPurchasable,
    AlreadyInCart,
    CartItemNotFound,
    RatingRequired,
    InvalidReview,
    ReviewsClosed,
    RateLimited,
    /// No login, or a cookie sent without its nonce.
    NotLoggedIn,
    InvalidCredentials,
    /// The `X-WP-Nonce` is wrong or stale: fetch `/api/v1/account/session` and retry once.
    /// WordPress's own code for it (spec §8), so a client written for its REST API retries
    /// here too; it was `invalid_nonce` before issue 14.
    RestCookieInvalidNonce,
    /// Logged in, but the role does not allow it.
    Forbidden,
    /// The Instagram feed failed upstream (logged).
    InstagramUnavailable,
    /// The search index is still being built (a new shop's first start, or its index was
    /// found unusable); search again in a few seconds.
    SearchUnavailable,
    /// A tracking event that is not valid JSON or fails a field's rule (`field` names it).
    InvalidEvent,
    /// A tracking event without a valid page token for the visitor session (`page_token`).
    ForgedEvent,
    /// A tracking event id that was accepted before (`event_id`).
    ReplayedEvent,
    /// A tracking event only the shop reports (`Purchase`, from the paid order), sent by a
    /// browser (`event_name`).
    ServerOnlyEvent,
    /// A tracking or consent body over its size limit.
    EventTooLarge,
    /// A consent decision that is not valid (`field` names the part at fault).
    InvalidConsent,
    /// A POST, PUT, PATCH or DELETE a browser sent for a page on another site (CSRF guard).
    CrossSiteRequest,
    /// A currency the shop does not offer: in `POST /api/v1/currency`, or in the
    /// `wmc_current_currency` cookie of a cart call (`field` is `currency`).
    UnsupportedCurrency,
    /// A checkout field that is missing or wrong (`field` names it as the form does:
    /// `billing_email`, `shipping_postcode`, `terms`, `shipping_method`, `payment_method_id`).
    InvalidField,
    /// A checkout with nothing in the cart.
    EmptyCart,
    /// The card was refused or its authentication failed; `message` is the provider's, safe
    /// to show. The order stays unpaid and can be paid again.
    PaymentFailed,
    /// An `Idempotency-Key` already used for a checkout of another cart.
    IdempotencyConflict,
    /// No order with that id and key (the two are never told apart).
    OrderNotFound,
    /// The order cannot be paid for: already paid, cancelled or refunded.
    OrderNotPayable,
    /// My account: the order can no longer be cancelled (paid, or its payment under way).
    OrderNotCancellable,
    /// No download with that token.
    DownloadNotFound,
    /// The download is past its expiry or its download limit.
    DownloadExpired,
    /// A webhook whose signature is missing, wrong or stale, or of the other mode.
    InvalidSignature,
    /// The payment provider did not answer or refused the shop; nothing was charged twice
    /// and the request can be retried.
    PaymentUnavailable,
    /// Sign-up or account details: the e-mail address belongs to another account (`field`).
    EmailExists,
    /// A new password the rules refuse: under 8 characters, the e-mail address, or too easy
    /// to guess (`field`: `password`, `password_1`, `account_password`).
    WeakPassword,
    /// The current password given to change the password is wrong (`password_current`).
    IncorrectPassword,
    /// A password reset link never issued, or used already (`key`).
    InvalidResetKey,
    /// A password reset link past its 24 hours (`key`).
    ExpiredResetKey,
    /// No saved payment method with that id for this account: unknown or another
    /// account's (never told apart). Nothing was charged or changed.
    PaymentMethodNotFound,
    /// The setup intent is unknown, not this account's, or its client secret is wrong.
    SetupIntentNotFound,
    /// An uploaded file that is not a readable image (ADR 0016); nothing was stored.
    InvalidImage,
    /// An uploaded image over 50 megapixels (ADR 0016); nothing was stored.
    ImageTooLarge,
    Internal,
}

/// Every error answer: `{ "code": "snake_case", "message": "…", "field"?: "…" }`, plus
/// `product_url` and `available` on cart errors.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ErrorBody {
    pub code: ErrorCode,
    /// Safe to show to shoppers.
    pub message: String,
    /// The parameter, attribute or body field at fault, when there is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub field: Option<String>,
    /// Add-to-cart errors: the page where the shopper can sort it out (spec §8).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub product_url: Option<String>,
    /// `insufficient_stock`: the units in stock.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub available: Option<i64>,
    /// `payment_failed` at checkout: the order's order-pay page, where it can be paid later
    /// (WooCommerce's "Pay" link).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub pay_url: Option<String>,
}

/// An error on its way to becoming a response. Internal causes are kept for the log only.
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    code: ErrorCode,
    message: String,
    field: Option<Box<str>>,
    // Boxed: kept small so every `Result<_, ApiError>` stays cheap to return.
    product_url: Option<Box<str>>,
    available: Option<i64>,
    pay_url: Option<Box<str>>,
    /// Sent as `Retry-After` (whole seconds, rounded up) with a 429.
    retry_after: Option<Duration>,
    source: Option<Arc<anyhow::Error>>,
}

/// The logged cause of a 5xx, left in the response extensions for `middleware::log_errors`.
#[derive(Debug, Clone)]
pub struct InternalCause(pub Arc<anyhow::Error>);

pub type ApiResult<T> = Result<T, ApiError>;

impl ApiError {
    pub fn new(status: StatusCode, code: ErrorCode, message: impl Into<String>) -> Self {
        Self {
            status,
            code,
            message: message.into(),
            field: None,
            product_url: None,
            available: None,
            pay_url: None,
            retry_after: None,
            source: None,
        }
    }

    /// Names the field at fault.
    pub fn with_field(mut self, field: impl Into<String>) -> Self {
        self.field = Some(field.into().into_boxed_str());
        self
    }

    /// Points the shopper at the product page (cart add errors).
    pub fn with_product_url(mut self, url: impl Into<String>) -> Self {
        self.product_url = Some(url.into().into_boxed_str());
        self
    }

    /// The order-pay page of an order whose payment failed at checkout.
    pub fn with_pay_url(mut self, url: impl Into<String>) -> Self {
        self.pay_url = Some(url.into().into_boxed_str());
        self
    }

    /// The units in stock (`insufficient_stock`).
    pub fn with_available(mut self, available: i64) -> Self {
        self.available = Some(available);
        self
    }

    /// A 429: which brake held the request back, and `Retry-After`.
    pub fn braked(braked: Braked) -> Self {
        let message = match braked.kind {
            BrakeKind::Login => "Too many login attempts; please try again in a minute.",
            BrakeKind::Review => {
                "You have sent several reviews in a short time; please try again in a minute."
            }
            BrakeKind::Tracking => "too many requests; slow down",
            BrakeKind::Payment => {
                "Too many payment attempts; please wait a minute before trying again."
            }
            BrakeKind::SignUp => {
                "Too many accounts were opened from your connection; please try again in a minute."
            }
            BrakeKind::PasswordReset => {
                "Too many password reset requests; please try again in a minute."
            }
        };
        Self {
            retry_after: Some(braked.retry_after),
            ..Self::new(
                StatusCode::TOO_MANY_REQUESTS,
                ErrorCode::RateLimited,
                message,
            )
        }
    }

    /// A 500 whose cause is logged with the request id and never shown.
    pub fn internal(err: impl Into<anyhow::Error>) -> Self {
        Self {
            source: Some(Arc::new(err.into())),
            ..Self::new(
                StatusCode::INTERNAL_SERVER_ERROR,
                ErrorCode::Internal,
                "Something went wrong on our side. Please try again.",
            )
        }
    }

    pub fn invalid_parameter(field: &str, message: impl Into<String>) -> Self {
        Self::new(
            StatusCode::BAD_REQUEST,
            ErrorCode::InvalidParameter,
            message,
        )
        .with_field(field)
    }

    pub fn invalid_attributes(field: &str, message: impl Into<String>) -> Self {
        Self::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            ErrorCode::InvalidAttributes,
            message,
        )
        .with_field(field)
    }

    pub fn product_not_found() -> Self {
        Self::new(
            StatusCode::NOT_FOUND,
            ErrorCode::ProductNotFound,
            "No product was found with that id or slug.",
        )
    }

    pub fn category_not_found(path: &str) -> Self {
        Self::new(
            StatusCode::NOT_FOUND,
            ErrorCode::CategoryNotFound,
            format!("No product category was found at {path:?}."),
        )
        .with_field("category")
    }

    pub fn tag_not_found(slug: &str) -> Self {
        Self::new(
            StatusCode::NOT_FOUND,
            ErrorCode::TagNotFound,
            format!("No product tag was found with the slug {slug:?}."),
        )
        .with_field("tag")
    }

    pub fn not_found() -> Self {
        Self::new(
            StatusCode::NOT_FOUND,
            ErrorCode::NotFound,
            "There is nothing at this address.",
        )
    }

    pub fn method_not_allowed() -> Self {
        Self::new(
            StatusCode::METHOD_NOT_ALLOWED,
            ErrorCode::MethodNotAllowed,
            "This address does not accept that method.",
        )
    }

    /// A body that is not declared JSON where the API takes JSON.
    pub fn unsupported_media_type() -> Self {
        Self::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            ErrorCode::UnsupportedMediaType,
            "Send the body as JSON with `Content-Type: application/json`.",
        )
    }

    /// A state-changing request that a browser sent for a page on another site.
    pub fn cross_site_request() -> Self {
        Self::new(
            StatusCode::FORBIDDEN,
            ErrorCode::CrossSiteRequest,
            "This request was sent from another site; the shop accepts changes only from its \
             own pages.",
        )
    }

    pub fn status(&self) -> StatusCode {
        self.status
    }

    pub fn code(&self) -> ErrorCode {
        self.code
    }

    /// The logged cause, if this is an internal error.
    pub(crate) fn cause(&self) -> Option<InternalCause> {
        self.source.clone().map(InternalCause)
    }
}

impl From<StoreError> for ApiError {
    fn from(err: StoreError) -> Self {
        Self::internal(err)
    }
}

/// The one mapping from the application's answers to statuses and codes.
impl From<AppError> for ApiError {
    fn from(err: AppError) -> Self {
        match err {
            AppError::NotFound(missing) => not_found(missing),
            AppError::Cart { error, product_url } => {
                let api = cart_error(error);
                match product_url {
                    Some(url) => api.with_product_url(url),
                    None => api,
                }
            }
            AppError::Review(err) => {
                let code = match err {
                    ReviewError::RatingRequired(_) => ErrorCode::RatingRequired,
                    _ => ErrorCode::InvalidReview,
                };
                Self::new(StatusCode::UNPROCESSABLE_ENTITY, code, err.to_string())
                    .with_field(err.field())
            }
            AppError::Refused(refusal) => refused(refusal),
            AppError::Invalid { field, message } => Self::invalid_parameter(field, message),
            AppError::InvalidSetting(e) => {
                Self::new(StatusCode::BAD_REQUEST, ErrorCode::InvalidField, e.message)
                    .with_field(e.field)
            }
            AppError::UnsupportedCurrency(code) => Self::new(
                StatusCode::BAD_REQUEST,
                ErrorCode::UnsupportedCurrency,
                format!("{code:?} is not one of the shop's currencies."),
            )
            .with_field("currency"),
            AppError::Braked(braked) => Self::braked(braked),
            AppError::Checkout(err) => checkout::checkout_error(err),
            AppError::PaymentMethod(err) => payment_methods::payment_method_error(err),
            AppError::Media(err) => media_error(err),
            AppError::FeedUnavailable => Self::new(
                StatusCode::BAD_GATEWAY,
                ErrorCode::InstagramUnavailable,
                "The Instagram feed could not be loaded.",
            ),
            AppError::SearchUnavailable => Self::new(
                StatusCode::SERVICE_UNAVAILABLE,
                ErrorCode::SearchUnavailable,
                "Search is starting up; try again in a few seconds.",
            ),
            AppError::Store(err) => Self::internal(err),
            AppError::Internal(err) => Self::internal(err),
        }
    }
}

fn not_found(missing: Missing) -> ApiError {
    match missing {
        Missing::Product => ApiError::product_not_found(),
        Missing::Category(path) => ApiError::category_not_found(&path),
        Missing::Tag(slug) => ApiError::tag_not_found(&slug),
        Missing::Block(slug) => ApiError::new(
            StatusCode::NOT_FOUND,
            ErrorCode::NotFound,
            format!("There is no content block “{slug}”."),
        ),
        Missing::Feed | Missing::Attachment => ApiError::not_found(),
    }
}

/// The header naming an upload that was stored but not post-processed (as WordPress).
pub const ATTACHMENT_ID_HEADER: &str = "x-wp-upload-attachment-id";

fn media_error(err: vitrine_app::media::MediaError) -> ApiError {
    use vitrine_app::media::MediaError;
    use vitrine_images::ImageError;
    let (status, code) = match &err {
        // `uploads::answer` adds the attachment's header.
        MediaError::PostProcessFailed(_) => return ApiError::internal(anyhow::Error::new(err)),
        MediaError::Refused(ImageError::PayloadTooLarge { .. }) => {
            (StatusCode::PAYLOAD_TOO_LARGE, ErrorCode::PayloadTooLarge)
        }
        MediaError::Refused(ImageError::UnsupportedType) => (
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            ErrorCode::UnsupportedMediaType,
        ),
        MediaError::Refused(ImageError::TooManyPixels { .. }) => {
            (StatusCode::BAD_REQUEST, ErrorCode::ImageTooLarge)
        }
        MediaError::Refused(ImageError::Invalid) => {
            (StatusCode::BAD_REQUEST, ErrorCode::InvalidImage)
        }
        MediaError::Refused(ImageError::Encode) => return ApiError::internal(err),
    };
    ApiError::new(status, code, err.to_string()).with_field("file")
}

fn refused(refusal: Refusal) -> ApiError {
    let (status, code, message) = match refusal {
        Refusal::NotLoggedIn => (
            StatusCode::UNAUTHORIZED,
            ErrorCode::NotLoggedIn,
            "You are not currently logged in.",
        ),
        Refusal::InvalidCredentials => (
            StatusCode::UNAUTHORIZED,
            ErrorCode::InvalidCredentials,
            "Unknown email address or incorrect password.",
        ),
        Refusal::InvalidNonce => (
            StatusCode::FORBIDDEN,
            ErrorCode::RestCookieInvalidNonce,
            "The security check of your session failed; reload the page and try again.",
        ),
        Refusal::Forbidden(message) => (StatusCode::FORBIDDEN, ErrorCode::Forbidden, message),
        Refusal::ReviewsClosed => (
            StatusCode::FORBIDDEN,
            ErrorCode::ReviewsClosed,
            "Reviews are closed for this product.",
        ),
        Refusal::EmailTaken { field, message } => {
            return ApiError::new(StatusCode::CONFLICT, ErrorCode::EmailExists, message)
                .with_field(field);
        }
        Refusal::WeakPassword { field, message } => {
            return ApiError::new(StatusCode::BAD_REQUEST, ErrorCode::WeakPassword, message)
                .with_field(field);
        }
        Refusal::IncorrectPassword => {
            return ApiError::new(
                StatusCode::BAD_REQUEST,
                ErrorCode::IncorrectPassword,
                "Your current password is incorrect.",
            )
            .with_field("password_current");
        }
        Refusal::InvalidResetKey => (
            StatusCode::BAD_REQUEST,
            ErrorCode::InvalidResetKey,
            "This password reset link is invalid or has already been used. Please request a new link below.",
        ),
        Refusal::ExpiredResetKey => (
            StatusCode::BAD_REQUEST,
            ErrorCode::ExpiredResetKey,
            "This password reset link has expired. Please request a new link below.",
        ),
    };
    let error = ApiError::new(status, code, message);
    if matches!(
        code,
        ErrorCode::InvalidResetKey | ErrorCode::ExpiredResetKey
    ) {
        error.with_field("key")
    } else {
        error
    }
}

/// A refused cart operation: the domain's refusal with its status, and `field` / `available`
/// where the contract asks for them.
fn cart_error(err: CartError) -> ApiError {
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
        CartError::QuantityTooLarge { .. } => (
            StatusCode::BAD_REQUEST,
            ErrorCode::QuantityTooLarge,
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

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let cause = self.cause();
        let body = ErrorBody {
            code: self.code,
            message: self.message,
            field: self.field.map(String::from),
            product_url: self.product_url.map(String::from),
            available: self.available,
            pay_url: self.pay_url.map(String::from),
        };
        let mut response = (self.status, Json(body)).into_response();
        if let Some(wait) = self.retry_after {
            response.headers_mut().insert(
                header::RETRY_AFTER,
                HeaderValue::from(retry_after_secs(wait)),
            );
        }
        if let Some(cause) = cause {
            // Logged with the request id by `middleware::log_errors`; the body stays generic.
            response.extensions_mut().insert(cause);
        }
        response
    }
}

/// `Retry-After` in whole seconds, rounded up and at least 1: a client that waits that long
/// is never early.
fn retry_after_secs(wait: Duration) -> u64 {
    let secs = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
    secs.max(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retry_after_rounds_up_to_whole_seconds_never_zero() {
        assert_eq!(retry_after_secs(Duration::from_millis(1)), 1);
        assert_eq!(retry_after_secs(Duration::ZERO), 1);
        assert_eq!(retry_after_secs(Duration::from_millis(12_000)), 12);
        assert_eq!(retry_after_secs(Duration::from_millis(12_001)), 13);
    }

    #[test]
    fn a_braked_request_is_429_with_retry_after() {
        let braked = Braked {
            kind: BrakeKind::Login,
            retry_after: Duration::from_millis(11_500),
        };
        let response = ApiError::from(AppError::Braked(braked)).into_response();
        assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
        assert_eq!(
            response.headers().get(header::RETRY_AFTER),
            Some(&HeaderValue::from_static("12"))
        );
    }

    #[test]
    fn internal_errors_hide_their_cause_from_the_body() {
        let err = ApiError::internal(anyhow::anyhow!("database password is hunter2"));
        let response = err.into_response();
        assert_eq!(response.status(), StatusCode::INTERNAL_SERVER_ERROR);
        assert!(response.extensions().get::<InternalCause>().is_some());
    }

    #[test]
    fn every_cart_refusal_has_the_contracts_status() {
        let cases = [
            (CartError::ProductNotFound, 404),
            (CartError::InvalidQuantity("x".into()), 400),
            (CartError::QuantityTooLarge { max: 9_999 }, 400),
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
        let err = cart_error(CartError::Pricing(
            vitrine_domain::money::MoneyError::Overflow,
        ));
        assert_eq!(err.status().as_u16(), 500);
        assert_eq!(err.code(), ErrorCode::Internal);
    }

    #[test]
    fn error_bodies_omit_field_when_there_is_none() {
        let body = ErrorBody {
            code: ErrorCode::NotFound,
            message: "x".into(),
            field: None,
            product_url: None,
            available: None,
            pay_url: None,
        };
        let json = serde_json::to_value(&body).expect("serializes");
        assert_eq!(
            json,
            serde_json::json!({"code": "not_found", "message": "x"})
        );
    }
}
