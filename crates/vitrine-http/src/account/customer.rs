//! Customer accounts (issue 15): sign-up ("Register"), "Lost your password?" (the request and
//! the reset with the e-mailed key) and "Account details".

use std::net::SocketAddr;

use axum::Json;
use axum::extract::{ConnectInfo, Extension, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use vitrine_app::accounts::{DetailsChange, SignUp, SignUpFields};

use super::handlers::{AccountResponse, login_response, private};
use super::view::AccountView;
use super::viewer::{SignedIn, Viewer};
use crate::error::{ApiResult, ErrorBody};
use crate::extract::{AppJson, AppQuery, client_key};
use crate::responses::{Internal, JsonBody, RateLimited, SignedInOnly};
use crate::state::AppState;

/// WooCommerce's Register form; the names are optional.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RegisterRequest {
    pub email: String,
    pub password: String,
    #[serde(default)]
    pub first_name: String,
    #[serde(default)]
    pub last_name: String,
}

/// "Lost your password?": the account's e-mail address.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct LostPasswordRequest {
    /// "Username or email" (accounts here are known by their e-mail address).
    pub user_login: String,
}

/// The same answer whether or not the address has an account.
#[derive(Debug, Serialize, ToSchema)]
pub struct LostPasswordResponse {
    pub message: String,
}

/// The reset form: the key from the e-mailed link and the new password.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ResetPasswordRequest {
    pub key: String,
    pub password: String,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ResetKeyQuery {
    /// The key from the e-mailed link.
    pub key: String,
}

/// A reset link that still works, and for which address.
#[derive(Debug, Serialize, ToSchema)]
pub struct ResetKeyResponse {
    pub email: String,
}

/// WooCommerce's "Account details" form. The password fields blank keep the password.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AccountDetailsRequest {
    pub first_name: String,
    pub last_name: String,
    pub display_name: String,
    pub email: String,
    #[serde(default)]
    pub password_current: String,
    #[serde(default)]
    pub password_1: String,
    #[serde(default)]
    pub password_2: String,
}

/// WooCommerce's words after a reset request.
pub const RESET_SENT: &str = "Password reset email has been sent. If an account is registered \
    with that address, a link to create a new password is on its way; it may take several \
    minutes to show up in your inbox.";

/// Register a customer account and log it in (sets the `vitrine_auth` cookie).
///
/// Braked per client address: 3 sign-ups at once, then 1 a minute, and each attempt also
/// counts on the client's login brake until it succeeds (so probing e-mail addresses costs
/// what guessing passwords costs).
#[utoipa::path(post, path = "/api/v1/account/register", tag = "account",
    request_body = RegisterRequest,
    responses(
        (status = 200, body = AccountResponse),
        (status = 400, description = "`invalid_parameter` (`email`, `first_name`, `last_name`); \
            `weak_password` (`password`); `invalid_json`", body = ErrorBody),
        (status = 409, description = "`email_exists` (`email`): \"An account is already \
            registered with your email address. Please log in.\"", body = ErrorBody),
        JsonBody,
        RateLimited,
        Internal))]
pub async fn register(
    State(state): State<AppState>,
    headers: HeaderMap,
    peer: Option<Extension<ConnectInfo<SocketAddr>>>,
    viewer: Viewer,
    AppJson(request): AppJson<RegisterRequest>,
) -> ApiResult<Response> {
    let client = client_key(&state, &headers, peer);
    let form = SignUp {
        email: request.email,
        password: request.password,
        first_name: request.first_name,
        last_name: request.last_name,
    };
    let login = state
        .shop()
        .accounts()
        .sign_up(form, SignUpFields::REGISTER, &client, viewer.token.as_ref())
        .await?;
    Ok(login_response(&state, &login, viewer.secure))
}

/// Ask for a password reset link by e-mail. Answers the same whether or not the address has
/// an account; braked per client and per address (3 at once, then 1 a minute).
#[utoipa::path(post, path = "/api/v1/account/lost-password", tag = "account",
    request_body = LostPasswordRequest,
    responses(
        (status = 200, body = LostPasswordResponse),
        (status = 400, description = "`invalid_parameter` (`user_login` empty); `invalid_json`", body = ErrorBody),
        JsonBody,
        RateLimited,
        Internal))]
pub async fn lost_password(
    State(state): State<AppState>,
    headers: HeaderMap,
    peer: Option<Extension<ConnectInfo<SocketAddr>>>,
    AppJson(request): AppJson<LostPasswordRequest>,
) -> ApiResult<Response> {
    let client = client_key(&state, &headers, peer);
    state
        .shop()
        .accounts()
        .request_password_reset(&request.user_login, &client)
        .await?;
    let message = RESET_SENT.to_owned();
    Ok(private(Json(LostPasswordResponse { message })))
}

/// Whether a reset link still works (the reset form asks before showing its fields).
#[utoipa::path(get, path = "/api/v1/account/reset-password", tag = "account",
    params(ResetKeyQuery),
    responses(
        (status = 200, body = ResetKeyResponse),
        (status = 400, description = "`invalid_reset_key`, `expired_reset_key` (`key`); \
            `invalid_parameter` (no `key`)", body = ErrorBody),
        Internal))]
pub async fn reset_link(
    State(state): State<AppState>,
    AppQuery(query): AppQuery<ResetKeyQuery>,
) -> ApiResult<Response> {
    let user = state.shop().accounts().reset_link_user(&query.key).await?;
    let email = user.email.to_string();
    Ok(private(Json(ResetKeyResponse { email })))
}

/// Set a new password with the e-mailed key: the link stops working, every session of the
/// account ends, and this browser is logged in (sets the cookie).
#[utoipa::path(post, path = "/api/v1/account/reset-password", tag = "account",
    request_body = ResetPasswordRequest,
    responses(
        (status = 200, body = AccountResponse),
        (status = 400, description = "`invalid_reset_key`, `expired_reset_key` (`key`); \
            `weak_password` (`password`: the link still works); `invalid_json`", body = ErrorBody),
        JsonBody,
        Internal))]
pub async fn reset_password(
    State(state): State<AppState>,
    viewer: Viewer,
    AppJson(request): AppJson<ResetPasswordRequest>,
) -> ApiResult<Response> {
    let login = state
        .shop()
        .accounts()
        .reset_password(&request.key, request.password, viewer.token.as_ref())
        .await?;
    Ok(login_response(&state, &login, viewer.secure))
}

/// Save "Account details": names, e-mail address, and a new password with the current one
/// (which ends the account's other sessions). Nothing is stored when a field is refused.
#[utoipa::path(post, path = "/api/v1/account/details", tag = "account",
    params(("X-WP-Nonce" = String, Header, description = "The account's nonce")),
    request_body = AccountDetailsRequest,
    responses(
        (status = 200, body = AccountResponse),
        (status = 400, description = "`invalid_parameter` with `field` (`first_name`, \
            `last_name`, `display_name`, `email`, `password_current`, `password_1`, \
            `password_2`); `weak_password` (`password_1`); `incorrect_password` \
            (`password_current`); `invalid_json`", body = ErrorBody),
        (status = 409, description = "`email_exists` (`email`)", body = ErrorBody),
        SignedInOnly,
        JsonBody,
        RateLimited,
        Internal))]
pub async fn update_details(
    State(state): State<AppState>,
    signed_in: SignedIn,
    AppJson(request): AppJson<AccountDetailsRequest>,
) -> ApiResult<Response> {
    let change = DetailsChange {
        first_name: request.first_name,
        last_name: request.last_name,
        display_name: request.display_name,
        email: request.email,
        password_current: request.password_current,
        password_1: request.password_1,
        password_2: request.password_2,
    };
    let me = vitrine_app::accounts::SignedIn {
        user: signed_in.user,
        token: signed_in.token,
    };
    let user = state.shop().accounts().update_details(&me, change).await?;
    let now = state.now();
    let account = AccountView::new(&user, &me.token, now, state.settings().coming_soon);
    Ok(private(Json(AccountResponse { account })).into_response())
}
