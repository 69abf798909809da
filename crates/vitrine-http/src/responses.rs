//! Error responses many endpoints share, described once for the OpenAPI document. A handler
//! lists its own answers and adds these sets: `responses((status = 200, body = X), Internal)`.

use utoipa::IntoResponses;

use crate::error::ErrorBody;

/// Every endpoint can fail on our side.
#[derive(IntoResponses)]
pub enum Internal {
    #[response(status = 500, description = "`internal`")]
    Internal(ErrorBody),
}

/// Calls that change an account's data: a login and its REST nonce (ADR 0010).
#[derive(IntoResponses)]
pub enum SignedInOnly {
    #[response(status = 401, description = "`not_logged_in`")]
    NotLoggedIn(ErrorBody),
    #[response(status = 403, description = "`rest_cookie_invalid_nonce`")]
    InvalidNonce(ErrorBody),
}

/// A product named by id or slug that is not published.
#[derive(IntoResponses)]
pub enum ProductNotFound {
    #[response(status = 404, description = "`product_not_found`")]
    ProductNotFound(ErrorBody),
}

/// Calls that take a JSON body: any other `Content-Type` is refused before the body is read.
#[derive(IntoResponses)]
pub enum JsonBody {
    #[response(
        status = 415,
        description = "`unsupported_media_type`: the body is not declared JSON"
    )]
    UnsupportedMediaType(ErrorBody),
}

/// A brake held the request back (ADR 0010): nothing was done.
#[derive(IntoResponses)]
pub enum RateLimited {
    #[response(status = 429,
        description = "`rate_limited`: too many attempts; `Retry-After` says when to try again",
        headers(("Retry-After" = u64, description = "Whole seconds until an attempt is allowed again")))]
    RateLimited(ErrorBody),
}

/// A search before the search index's first build is published (a new shop's first start,
/// ADR 0021): the request waited `[search] wait_milliseconds` for it.
#[derive(IntoResponses)]
pub enum SearchUnavailable {
    #[response(
        status = 503,
        description = "`search_unavailable`: the search index's first build is still running \
            (a new shop's first start); ask again in a few seconds"
    )]
    SearchUnavailable(ErrorBody),
}

/// Catalogue reads kept per catalogue version (ADR 0018): the request's `If-None-Match`
/// named the current `ETag`, so no body is sent.
#[derive(IntoResponses)]
pub enum NotModified {
    #[response(
        status = 304,
        description = "Not modified: `If-None-Match` names the current `ETag`"
    )]
    NotModified,
}
