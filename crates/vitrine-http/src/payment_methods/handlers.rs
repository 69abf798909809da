//! `/api/v1/account/payment-methods*` and `/api/v1/payments/setup-intent`: extract, call one
//! use case of `Shop::payment_methods`, map the answer.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use utoipa::ToSchema;
use vitrine_app::payment_methods::{SetupAnswer, SetupRequest};

use super::view::{
    PaymentMethodResponse, PaymentMethodsResponse, SavedMethodView, SetupIntentResponse,
    SetupIntentView, SetupNextActionView,
};
use crate::account::SignedIn;
use crate::error::{ApiResult, ErrorBody};
use crate::extract::{AppJson, AppPath};
use crate::responses::{Internal, JsonBody, SignedInOnly};
use crate::state::AppState;

/// `POST /api/v1/payments/setup-intent` (spec §7 `setup_intent`).
#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct SetupIntentRequest {
    /// The provider's payment method made from the card in the browser (`pm_…`).
    pub payment_method: String,
    /// "Change": the saved method (`pm_…`) this card replaces.
    #[serde(default)]
    pub replace: Option<String>,
}

/// `POST /api/v1/account/payment-methods`: keep the card of a setup that passed 3-D Secure.
#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct FinishSetupRequest {
    /// `seti_…`, from the challenge's return (`setup_intent`).
    pub setup_intent: String,
    /// From the challenge's return (`setup_intent_client_secret`).
    pub client_secret: String,
    #[serde(default)]
    pub replace: Option<String>,
}

fn private(body: impl IntoResponse) -> Response {
    let mut response = body.into_response();
    crate::cookies::mark_private(response.headers_mut());
    response
}

fn methods_response(methods: &[vitrine_domain::payment::saved::SavedMethod]) -> Response {
    private(Json(PaymentMethodsResponse {
        methods: methods.iter().map(SavedMethodView::new).collect(),
    }))
}

/// The account's saved cards (the payment methods table, the checkout's choices).
#[utoipa::path(get, path = "/api/v1/account/payment-methods", tag = "payment-methods",
    params(("X-WP-Nonce" = String, Header, description = "The account's nonce")),
    responses(
        (status = 200, body = PaymentMethodsResponse),
        SignedInOnly,
        Internal))]
pub async fn list_methods(
    State(state): State<AppState>,
    signed_in: SignedIn,
) -> ApiResult<Response> {
    let methods = state.shop().payment_methods().list(&signed_in.user).await?;
    Ok(methods_response(&methods))
}

/// Start saving a card (spec §7 `setup_intent`): a SetupIntent for the account's provider
/// customer, confirmed with the card. Saved at once, or a 3-D Secure challenge to go through.
#[utoipa::path(post, path = "/api/v1/payments/setup-intent", tag = "payment-methods",
    params(("X-WP-Nonce" = String, Header, description = "The account's nonce")),
    request_body = SetupIntentRequest,
    responses(
        (status = 200, body = SetupIntentResponse),
        (status = 400, description = "`invalid_parameter` (`payment_method`), `invalid_json`",
            body = ErrorBody),
        (status = 402, description = "`payment_failed`: the card was refused; the provider's \
            message", body = ErrorBody),
        (status = 404, description = "`payment_method_not_found`: `replace` is not the \
            account's, or the card is saved already", body = ErrorBody),
        (status = 502, description = "`payment_unavailable`", body = ErrorBody),
        SignedInOnly,
        JsonBody,
        Internal))]
pub async fn setup_intent(
    State(state): State<AppState>,
    signed_in: SignedIn,
    AppJson(body): AppJson<SetupIntentRequest>,
) -> ApiResult<Response> {
    let request = SetupRequest {
        payment_method: body.payment_method,
        replace: body.replace.filter(|r| !r.is_empty()),
    };
    let answer = state
        .shop()
        .payment_methods()
        .start_setup(&signed_in.user, request)
        .await?;
    let response = match answer {
        SetupAnswer::Saved { intent, method } => SetupIntentResponse {
            intent: SetupIntentView::new(&intent),
            method: Some(SavedMethodView::new(&method)),
            next_action: None,
        },
        SetupAnswer::NeedsAction {
            intent,
            redirect_url,
            return_url,
        } => SetupIntentResponse {
            next_action: Some(SetupNextActionView {
                kind: "setup_intent".to_owned(),
                client_secret: intent.client_secret.clone(),
                redirect_url,
                return_url,
            }),
            intent: SetupIntentView::new(&intent),
            method: None,
        },
    };
    Ok(private(Json(response)))
}

/// After the challenge: keep the card of the account's succeeded setup.
#[utoipa::path(post, path = "/api/v1/account/payment-methods", tag = "payment-methods",
    params(("X-WP-Nonce" = String, Header, description = "The account's nonce")),
    request_body = FinishSetupRequest,
    responses(
        (status = 200, body = PaymentMethodResponse),
        (status = 400, description = "`invalid_json`", body = ErrorBody),
        (status = 402, description = "`payment_failed`: authentication failed or the card was \
            refused", body = ErrorBody),
        (status = 404, description = "`setup_intent_not_found` (unknown, another account's, or \
            a wrong client secret); `payment_method_not_found` (`replace`)", body = ErrorBody),
        (status = 502, description = "`payment_unavailable`", body = ErrorBody),
        SignedInOnly,
        JsonBody,
        Internal))]
pub async fn finish_setup(
    State(state): State<AppState>,
    signed_in: SignedIn,
    AppJson(body): AppJson<FinishSetupRequest>,
) -> ApiResult<Response> {
    let method = state
        .shop()
        .payment_methods()
        .finish_setup(
            &signed_in.user,
            &body.setup_intent,
            &body.client_secret,
            body.replace.as_deref().filter(|r| !r.is_empty()),
        )
        .await?;
    Ok(private(Json(PaymentMethodResponse {
        method: SavedMethodView::new(&method),
    })))
}

/// Delete a saved card (detached at the provider: it can no longer be charged).
#[utoipa::path(delete, path = "/api/v1/account/payment-methods/{id}", tag = "payment-methods",
    params(
        ("id" = String, Path, description = "The saved method's id (`pm_…`)"),
        ("X-WP-Nonce" = String, Header, description = "The account's nonce")),
    responses(
        (status = 204, description = "Deleted"),
        (status = 404, description = "`payment_method_not_found`", body = ErrorBody),
        (status = 502, description = "`payment_unavailable`", body = ErrorBody),
        SignedInOnly,
        Internal))]
pub async fn delete_method(
    State(state): State<AppState>,
    signed_in: SignedIn,
    AppPath(id): AppPath<String>,
) -> ApiResult<Response> {
    state
        .shop()
        .payment_methods()
        .delete(&signed_in.user, &id)
        .await?;
    Ok(private(StatusCode::NO_CONTENT))
}

/// Make a saved card the account's default.
#[utoipa::path(post, path = "/api/v1/account/payment-methods/{id}/default",
    tag = "payment-methods",
    params(
        ("id" = String, Path, description = "The saved method's id (`pm_…`)"),
        ("X-WP-Nonce" = String, Header, description = "The account's nonce")),
    responses(
        (status = 200, body = PaymentMethodsResponse),
        (status = 404, description = "`payment_method_not_found`", body = ErrorBody),
        SignedInOnly,
        Internal))]
pub async fn make_default(
    State(state): State<AppState>,
    signed_in: SignedIn,
    AppPath(id): AppPath<String>,
) -> ApiResult<Response> {
    let methods = state
        .shop()
        .payment_methods()
        .make_default(&signed_in.user, &id)
        .await?;
    Ok(methods_response(&methods))
}
