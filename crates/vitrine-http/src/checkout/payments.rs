//! `/api/v1/payments/*` (ADR 0014): the provider's browser configuration, the browser's intent
//! sync and the provider's webhook.

use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::HeaderMap;
use vitrine_domain::order::OrderId;

use super::request::SyncIntentRequest;
use super::response::{PaymentConfigView, SyncIntentResponse, WebhookAck};
use super::view::payment_config;
use crate::error::{ApiResult, ErrorBody};
use crate::extract::AppJson;
use crate::responses::{Internal, JsonBody};
use crate::state::AppState;

/// What the browser needs to collect a card with the configured provider.
#[utoipa::path(get, path = "/api/v1/payments/config", tag = "checkout",
    responses((status = 200, body = PaymentConfigView), Internal))]
pub async fn get_payment_config(State(state): State<AppState>) -> Json<PaymentConfigView> {
    Json(payment_config(state.shop().checkout().browser_config()))
}

/// The browser saw its payment intent change: re-read it from the provider and settle the
/// order (spec §7 sync_intent). The client secret must be the order's intent's.
#[utoipa::path(post, path = "/api/v1/payments/sync-intent", tag = "checkout",
    request_body = SyncIntentRequest,
    responses(
        (status = 200, body = SyncIntentResponse),
        (status = 400, description = "`invalid_json`: a field missing or of the wrong type", body = ErrorBody),
        (status = 404, description = "`order_not_found` (unknown order, or a client secret \
            that is not its intent's)", body = ErrorBody),
        JsonBody,
        Internal))]
pub async fn sync_intent(
    State(state): State<AppState>,
    AppJson(body): AppJson<SyncIntentRequest>,
) -> ApiResult<Json<SyncIntentResponse>> {
    state
        .shop()
        .checkout()
        .sync_intent(OrderId(body.order_id), &body.client_secret)
        .await?;
    Ok(Json(SyncIntentResponse { success: true }))
}

/// The payment provider's events (`Stripe-Signature` over the raw body). Duplicate and
/// out-of-order deliveries are harmless: the intent is re-read before acting.
#[utoipa::path(post, path = "/api/v1/payments/webhook", tag = "checkout",
    params(("Stripe-Signature" = String, Header, description = "`t=…,v1=…`")),
    request_body(content = String, content_type = "application/json", description = "The provider's event, verbatim"),
    responses(
        (status = 200, body = WebhookAck),
        (status = 400, description = "`invalid_signature`: missing, malformed, wrong or stale \
            signature, or an event of the other mode; nothing is stored", body = ErrorBody),
        Internal))]
pub async fn receive_webhook(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Bytes,
) -> ApiResult<Json<WebhookAck>> {
    let signature = headers
        .get("stripe-signature")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    state.shop().checkout().webhook(&body, signature).await?;
    Ok(Json(WebhookAck {}))
}
