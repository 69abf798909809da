//! `/api/v1/account/*`: the session (and nonce), login, logout and the user's own meta.

use std::net::SocketAddr;

use axum::Json;
use axum::extract::{ConnectInfo, Extension, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use vitrine_app::accounts::{Credentials, Login};

use super::view::AccountView;
use super::viewer::{AUTH_COOKIE, SignedIn, Viewer};
use crate::cookies::{Lifetime, set_cookie};
use crate::error::{ApiResult, ErrorBody};
use crate::extract::{AppJson, client_key};
use crate::responses::{Internal, JsonBody, RateLimited, SignedInOnly};
use crate::state::AppState;

/// `{ "account": AccountView | null }`.
#[derive(Debug, Serialize, ToSchema)]
pub struct AccountSessionResponse {
    pub account: Option<AccountView>,
}

/// `{ "account": AccountView }`.
#[derive(Debug, Serialize, ToSchema)]
pub struct AccountResponse {
    pub account: AccountView,
}

/// The login form (WooCommerce's "Username or email address", "Password", "Remember me").
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct LoginRequest {
    /// The account's email address.
    pub login: String,
    pub password: String,
    /// Stay logged in 14 days instead of 2.
    #[serde(default)]
    pub remember: bool,
}

/// The user's own settings (WordPress `POST /wp/v2/users/me`); only the coming-soon banner
/// dismissal (spec §7) for now.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct UpdateAccountRequest {
    pub woocommerce_meta: WooCommerceMeta,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct WooCommerceMeta {
    /// `"yes"` hides the coming-soon banner for this user, `"no"` shows it again.
    #[serde(default)]
    pub coming_soon_banner_dismissed: Option<YesNo>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum YesNo {
    Yes,
    No,
}

/// Who is logged in, with the nonce for their REST calls (the nonce endpoint).
#[utoipa::path(get, path = "/api/v1/account/session", tag = "account", operation_id = "get_account_session",
    responses(
        (status = 200, body = AccountSessionResponse),
        Internal))]
pub async fn get_session(State(state): State<AppState>, viewer: Viewer) -> ApiResult<Response> {
    let account = match (viewer.user, viewer.token) {
        (Some(user), Some(token)) => Some(AccountView::new(
            &user,
            &token,
            state.now(),
            state.settings().coming_soon,
        )),
        _ => None,
    };
    Ok(private(Json(AccountSessionResponse { account })))
}

/// Log in: sets the HttpOnly `vitrine_auth` cookie.
///
/// Attempts are braked per client address and per account (10 at once, then 5 a minute each; successful logins do not count): a
/// braked attempt is 429 `rate_limited` with `Retry-After`, whatever the password.
#[utoipa::path(post, path = "/api/v1/account/login", tag = "account",
    request_body = LoginRequest,
    responses(
        (status = 200, body = AccountResponse),
        (status = 400, description = "`invalid_json`; `invalid_parameter`: `login` or `password` empty", body = ErrorBody),
        (status = 401, description = "`invalid_credentials`", body = ErrorBody),
        (status = 415, description = "`unsupported_media_type`", body = ErrorBody),
        RateLimited,
        Internal))]
pub async fn login(
    State(state): State<AppState>,
    headers: HeaderMap,
    peer: Option<Extension<ConnectInfo<SocketAddr>>>,
    viewer: Viewer,
    AppJson(request): AppJson<LoginRequest>,
) -> ApiResult<Response> {
    let client = client_key(&state, &headers, peer);
    let credentials = Credentials {
        login: request.login,
        password: request.password,
        remember: request.remember,
    };
    let login = state
        .shop()
        .accounts()
        .log_in(credentials, &client, viewer.token.as_ref())
        .await?;
    Ok(login_response(&state, &login, viewer.secure))
}

/// The account of a new login, with its `vitrine_auth` cookie.
pub(crate) fn login_response(state: &AppState, login: &Login, secure: bool) -> Response {
    let now = state.now();
    let max_age = u64::try_from((login.expires_at - now).whole_seconds()).unwrap_or(0);
    let account = AccountView::new(&login.user, &login.token, now, state.settings().coming_soon);
    let mut response = private(Json(AccountResponse { account }));
    if let Some(cookie) = set_cookie(
        AUTH_COOKIE,
        &login.token.to_cookie_value(),
        Lifetime::Seconds(max_age),
        secure,
        true,
    ) {
        response.headers_mut().append(header::SET_COOKIE, cookie);
    }
    response
}

/// Log out: ends the session and clears the cookie.
#[utoipa::path(post, path = "/api/v1/account/logout", tag = "account",
    params(("X-WP-Nonce" = String, Header, description = "The account's nonce")),
    responses(
        (status = 204, description = "Logged out"),
        SignedInOnly,
        Internal))]
pub async fn logout(State(state): State<AppState>, signed_in: SignedIn) -> ApiResult<Response> {
    state.shop().accounts().log_out(&signed_in.token).await?;
    let mut response = StatusCode::NO_CONTENT.into_response();
    if let Some(cookie) = set_cookie(
        AUTH_COOKIE,
        "",
        Lifetime::Seconds(0),
        signed_in.secure,
        true,
    ) {
        response.headers_mut().append(header::SET_COOKIE, cookie);
    }
    Ok(response)
}

/// Update the user's own meta (the coming-soon banner dismissal, spec §7).
#[utoipa::path(patch, path = "/api/v1/account/me", tag = "account",
    params(("X-WP-Nonce" = String, Header, description = "The account's nonce")),
    request_body = UpdateAccountRequest,
    responses(
        (status = 200, body = AccountResponse),
        (status = 400, description = "`invalid_json`", body = ErrorBody),
        SignedInOnly,
        JsonBody,
        Internal))]
pub async fn update_me(
    State(state): State<AppState>,
    signed_in: SignedIn,
    AppJson(request): AppJson<UpdateAccountRequest>,
) -> ApiResult<Response> {
    let mut user = signed_in.user;
    if let Some(choice) = request.woocommerce_meta.coming_soon_banner_dismissed {
        let dismissed = choice == YesNo::Yes;
        state
            .shop()
            .accounts()
            .dismiss_coming_soon_banner(&mut user, dismissed)
            .await?;
    }
    let account = AccountView::new(
        &user,
        &signed_in.token,
        state.now(),
        state.settings().coming_soon,
    );
    Ok(private(Json(AccountResponse { account })))
}

/// Personal answers are never stored by caches.
pub(crate) fn private(body: impl IntoResponse) -> Response {
    let mut response = body.into_response();
    crate::cookies::mark_private(response.headers_mut());
    response
}
