//! Who is asking: the login behind the `vitrine_auth` cookie (`Viewer`), and the stricter
//! `SignedIn` that state-changing calls need: a login plus a valid `X-WP-Nonce` (ADR 0010).

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::{HeaderMap, StatusCode};
use vitrine_domain::account::User;

use super::token::AuthToken;
use crate::cookies::{cookie, is_https};
use crate::error::{ApiError, ErrorCode};
use crate::state::AppState;

/// HttpOnly cookie holding the login token.
pub const AUTH_COOKIE: &str = "vitrine_auth";
/// The spec's REST nonce header (WordPress's name, so REST clients need no change).
pub const NONCE_HEADER: &str = "x-wp-nonce";

/// The request's login, if its cookie names a live session.
#[derive(Debug, Clone)]
pub struct Viewer {
    pub token: Option<AuthToken>,
    pub user: Option<User>,
    /// The request reached the shop over HTTPS, so cookies get `Secure`.
    pub secure: bool,
}

impl Viewer {
    /// Reads the cookie and, when accounts are on, the session it names.
    pub async fn read(headers: &HeaderMap, state: &AppState) -> Result<Self, ApiError> {
        let secure = is_https(headers, &state.settings().public_url);
        let token = cookie(headers, AUTH_COOKIE).and_then(AuthToken::parse);
        let user = match (&token, state.accounts.as_ref()) {
            (Some(token), Some(store)) => store.session_user(&token.hash(), state.now()).await?,
            _ => None,
        };
        Ok(Self {
            token: token.filter(|_| user.is_some()),
            user,
            secure,
        })
    }
}

impl FromRequestParts<AppState> for Viewer {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        Self::read(&parts.headers, state).await
    }
}

/// A logged-in user whose call carries this login's nonce.
#[derive(Debug, Clone)]
pub struct SignedIn {
    pub token: AuthToken,
    pub user: User,
    pub secure: bool,
}

impl FromRequestParts<AppState> for SignedIn {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let viewer = Viewer::read(&parts.headers, state).await?;
        let nonce = parts
            .headers
            .get(NONCE_HEADER)
            .and_then(|v| v.to_str().ok());
        match (viewer.token, viewer.user, nonce) {
            (Some(token), Some(user), Some(nonce)) => {
                if token.verify_nonce(nonce, state.now()) {
                    Ok(Self {
                        token,
                        user,
                        secure: viewer.secure,
                    })
                } else {
                    Err(invalid_nonce())
                }
            }
            // Like WordPress: a cookie without a nonce counts as not logged in, so a page on
            // another site cannot act with the visitor's cookie.
            _ => Err(not_logged_in()),
        }
    }
}

pub fn not_logged_in() -> ApiError {
    ApiError::new(
        StatusCode::UNAUTHORIZED,
        ErrorCode::NotLoggedIn,
        "You are not currently logged in.",
    )
}

pub fn invalid_nonce() -> ApiError {
    ApiError::new(
        StatusCode::FORBIDDEN,
        ErrorCode::InvalidNonce,
        "The security check of your session failed; reload the page and try again.",
    )
}

pub fn forbidden(message: &str) -> ApiError {
    ApiError::new(StatusCode::FORBIDDEN, ErrorCode::Forbidden, message)
}

/// Whether this request may see the storefront: always, unless the shop is in coming-soon mode
/// and the request's login lacks `view_coming_soon` (only then is the session read).
pub async fn may_see_shop(headers: &HeaderMap, state: &AppState) -> Result<bool, ApiError> {
    if !state.settings().coming_soon {
        return Ok(true);
    }
    let viewer = Viewer::read(headers, state).await?;
    Ok(viewer
        .user
        .is_some_and(|user| user.capabilities().view_coming_soon))
}
