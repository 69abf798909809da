//! Who is asking: the login behind the `vitrine_auth` cookie (`Viewer`), and the stricter
//! `SignedIn` that state-changing calls need: a login plus a valid `X-WP-Nonce` (ADR 0010).

use axum::extract::FromRequestParts;
use axum::http::HeaderMap;
use axum::http::request::Parts;
use vitrine_app::accounts::SignedIn as SignedInUser;
use vitrine_domain::account::User;

use super::AuthToken;
use crate::cookies::{cookie, secure_cookies};
use crate::error::ApiError;
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
    /// Cookies get `Secure` (`cookies::secure_cookies`).
    pub secure: bool,
}

impl Viewer {
    /// Reads the cookie and, when accounts are on, the session it names.
    pub async fn read(headers: &HeaderMap, state: &AppState) -> Result<Self, ApiError> {
        let secure = secure_cookies(headers, state);
        let token = cookie(headers, AUTH_COOKIE).and_then(AuthToken::parse);
        let user = match &token {
            Some(token) => state.shop().accounts().session_user(token).await?,
            None => None,
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
        let secure = secure_cookies(&parts.headers, state);
        let token = cookie(&parts.headers, AUTH_COOKIE).and_then(AuthToken::parse);
        let nonce = parts
            .headers
            .get(NONCE_HEADER)
            .and_then(|v| v.to_str().ok());
        let SignedInUser { user, token } = state.shop().accounts().signed_in(token, nonce).await?;
        Ok(Self {
            token,
            user,
            secure,
        })
    }
}

pub async fn may_see_shop(headers: &HeaderMap, state: &AppState) -> Result<bool, ApiError> {
    if !state.settings().coming_soon {
        return Ok(true);
    }
    let viewer = Viewer::read(headers, state).await?;
    Ok(viewer
        .user
        .is_some_and(|user| user.capabilities().view_coming_soon))
}
