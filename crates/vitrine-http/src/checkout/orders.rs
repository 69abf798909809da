//! `/api/v1/orders/*` and `/api/v1/downloads/*` (ADR 0014).

use std::net::SocketAddr;

use axum::Json;
use axum::extract::{ConnectInfo, Extension, State};
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::{IntoResponse, Response};
use vitrine_app::checkout::PaymentAnswer;
use vitrine_domain::order::OrderId;

use super::request::{OrderKeyQuery, OrderPayRequest};
use super::response::{NextActionView, OrderPayResponse, OrderView};
use super::view::order_view;
use crate::account::Viewer;
use crate::error::{ApiResult, ErrorBody};
use crate::extract::{AppJson, AppPath, AppQuery, client_key};
use crate::responses::{Internal, JsonBody, RateLimited};
use crate::state::AppState;

/// An order by id and key (the order-received page). Unknown id and wrong key are the same 404.
#[utoipa::path(get, path = "/api/v1/orders/{id}", tag = "checkout",
    params(("id" = i64, Path, description = "The order id"), OrderKeyQuery),
    responses(
        (status = 200, body = OrderView),
        (status = 400, description = "`invalid_parameter`: no `key`, or an id that is not a number", body = ErrorBody),
        (status = 404, description = "`order_not_found`", body = ErrorBody),
        Internal))]
pub async fn get_order(
    State(state): State<AppState>,
    viewer: Viewer,
    AppPath(id): AppPath<i64>,
    AppQuery(query): AppQuery<OrderKeyQuery>,
) -> ApiResult<Response> {
    let details = state
        .shop()
        .checkout()
        .order_details(OrderId(id), &query.key)
        .await?;
    let staff = viewer
        .user
        .is_some_and(|u| u.capabilities().view_coming_soon);
    let mut response = Json(order_view(&state, &details, staff)).into_response();
    // Personal: never kept by a shared cache.
    response.headers_mut().insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("private, no-store"),
    );
    Ok(response)
}

/// Pay an unpaid or failed order with its key (the order-pay page; spec §7 order_pay).
#[utoipa::path(post, path = "/api/v1/orders/{id}/pay", tag = "checkout",
    params(("id" = i64, Path, description = "The order id"),
        ("Idempotency-Key" = Option<String>, Header, description = "One per press of \"Pay for \
            order\" (a UUID), kept for its retries: a retry answers what the provider said, a \
            new press asks the bank again; at most 255 characters")),
    request_body = OrderPayRequest,
    responses(
        (status = 200, body = OrderPayResponse),
        (status = 400, description = "`invalid_field` (`payment_method_id`, `Idempotency-Key`)", body = ErrorBody),
        (status = 402, description = "`payment_failed`", body = ErrorBody),
        (status = 404, description = "`order_not_found`; `payment_method_not_found` (a saved \
            card that is not the signed-in account's; nothing charged)", body = ErrorBody),
        (status = 403, description = "`rest_cookie_invalid_nonce` (a signed-in account)", body = ErrorBody),
        (status = 409, description = "`order_not_payable`: the order cannot be paid for (paid, \
            cancelled…)", body = ErrorBody),
        JsonBody,
        RateLimited,
        Internal))]
pub async fn pay_order(
    State(state): State<AppState>,
    AppPath(id): AppPath<i64>,
    super::customer::Customer(user): super::customer::Customer,
    headers: HeaderMap,
    peer: Option<Extension<ConnectInfo<SocketAddr>>>,
    AppJson(body): AppJson<OrderPayRequest>,
) -> ApiResult<Json<OrderPayResponse>> {
    let client = client_key(&state, &headers, peer);
    let key = headers
        .get(super::handlers::IDEMPOTENCY_KEY)
        .map(|v| v.to_str().unwrap_or("\u{fffd}").to_owned());
    let answer = state
        .shop()
        .checkout()
        .pay_order(
            OrderId(id),
            &body.order_key,
            vitrine_app::checkout::OrderPayer {
                payment_method: &body.payment_method_id,
                save: body.save_payment_method,
                client: &client,
                user: user.as_ref(),
                saved: body.use_saved_method,
                idempotency_key: key.as_deref(),
            },
        )
        .await?;
    Ok(Json(match answer {
        PaymentAnswer::Received { redirect } => OrderPayResponse {
            success: true,
            needs_confirmation: false,
            next_action: None,
            redirect: Some(redirect),
        },
        PaymentAnswer::NeedsAction(step) => OrderPayResponse {
            success: true,
            needs_confirmation: true,
            next_action: Some(NextActionView {
                kind: "payment_intent".to_owned(),
                client_secret: step.client_secret,
                redirect_url: step.redirect_url,
                return_url: step.return_url,
                order_id: id,
                order_key: body.order_key,
            }),
            redirect: None,
        },
    }))
}

/// A paid order's downloadable file, served by the shop (download limit and expiry enforced).
#[utoipa::path(get, path = "/api/v1/downloads/{token}", tag = "checkout",
    params(("token" = String, Path, description = "The download link's token")),
    responses(
        (status = 200, description = "The file (`Content-Disposition: attachment`)", content_type = "application/octet-stream", body = Vec<u8>),
        (status = 404, description = "`download_not_found`", body = ErrorBody),
        (status = 410, description = "`download_expired`: past its expiry or its download limit", body = ErrorBody),
        Internal))]
pub async fn get_download(
    State(state): State<AppState>,
    AppPath(token): AppPath<String>,
) -> ApiResult<Response> {
    let file = state.shop().checkout().download(&token).await?;
    let content_type = HeaderValue::from_str(&file.content_type)
        .unwrap_or_else(|_| HeaderValue::from_static("application/octet-stream"));
    let safe_name: String = file
        .file_name
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_'))
        .collect();
    let disposition = HeaderValue::from_str(&format!("attachment; filename=\"{safe_name}\""))
        .unwrap_or_else(|_| HeaderValue::from_static("attachment"));
    Ok((
        [
            (header::CONTENT_TYPE, content_type),
            (header::CONTENT_DISPOSITION, disposition),
            (
                header::CACHE_CONTROL,
                HeaderValue::from_static("private, no-store"),
            ),
        ],
        file.bytes,
    )
        .into_response())
}
