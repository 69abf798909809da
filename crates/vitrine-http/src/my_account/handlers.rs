//! `/api/v1/account/orders*` and `/api/v1/account/downloads`: extract the signed-in account,
//! call `vitrine_app::my_account`, map. Answers are personal: `Cache-Control: private,
//! no-store`.

use axum::Json;
use axum::extract::{OriginalUri, State};
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use vitrine_domain::order::OrderId;

use super::view::{
    AccountDownloadsResponse, AccountOrderResponse, AccountOrdersResponse, download_view,
    order_response, orders_response,
};
use crate::account::SignedIn;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{AppPath, AppQuery};
use crate::paging::{Paging, paged};
use crate::responses::{Internal, SignedInOnly};
use crate::state::AppState;

/// `?page=` of My account → Orders.
#[derive(Debug, Clone, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AccountOrdersQuery {
    /// From 1 (the default); a page past the last is empty.
    pub page: Option<u32>,
}

pub(super) fn private(body: impl IntoResponse) -> Response {
    let mut response = body.into_response();
    response.headers_mut().insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("private, no-store"),
    );
    response
}

/// The account's orders, newest first, ten a page (My account → Orders), with WordPress's
/// paging headers.
#[utoipa::path(get, path = "/api/v1/account/orders", tag = "my_account", operation_id = "list_account_orders",
    params(AccountOrdersQuery,
        ("X-WP-Nonce" = String, Header, description = "The account's nonce")),
    responses(
        (status = 200, body = AccountOrdersResponse, headers(
            ("X-WP-Total" = u64, description = "The account's orders in all (`total`)"),
            ("X-WP-TotalPages" = u64, description = "Pages of ten (`pages`)"),
            ("Link" = String, description = "`<…page=n-1>; rel=\"prev\"` and `<…page=n+1>; \
                rel=\"next\"` (RFC 8288); absent when there is one page"))),
        (status = 400, description = "`invalid_parameter` (`page` not a number from 1)", body = ErrorBody),
        SignedInOnly,
        Internal))]
pub async fn list_orders(
    State(state): State<AppState>,
    signed: SignedIn,
    OriginalUri(uri): OriginalUri,
    AppQuery(query): AppQuery<AccountOrdersQuery>,
) -> ApiResult<Response> {
    let page = match query.page {
        None => 1,
        Some(0) => {
            return Err(ApiError::invalid_parameter(
                "page",
                "page must be a number from 1",
            ));
        }
        Some(n) => n,
    };
    let found = state
        .shop()
        .my_account()
        .orders(signed.user.id, page)
        .await?;
    let paging = Paging {
        page: found.page,
        total_pages: u64::from(found.pages),
        total: found.total,
    };
    Ok(paged(
        &uri,
        paging,
        private(Json(orders_response(&state, &found))),
    ))
}

/// One of the account's orders with its lines, totals, addresses, payment method and
/// downloads (My account → View order). Another account's order is 404 like an unknown one.
#[utoipa::path(get, path = "/api/v1/account/orders/{id}", tag = "my_account", operation_id = "get_account_order",
    params(("id" = i64, Path, description = "The order id"),
        ("X-WP-Nonce" = String, Header, description = "The account's nonce")),
    responses(
        (status = 200, body = AccountOrderResponse),
        (status = 400, description = "`invalid_parameter`: an id that is not a number", body = ErrorBody),
        (status = 404, description = "`order_not_found`: not an order of this account", body = ErrorBody),
        SignedInOnly,
        Internal))]
pub async fn get_order(
    State(state): State<AppState>,
    signed: SignedIn,
    AppPath(id): AppPath<i64>,
) -> ApiResult<Response> {
    let details = state
        .shop()
        .my_account()
        .order(signed.user.id, OrderId(id))
        .await?;
    Ok(private(Json(order_response(&state, &details))))
}

/// Cancel one of the account's orders that waits for payment (pending or failed); its stock
/// is given back.
#[utoipa::path(post, path = "/api/v1/account/orders/{id}/cancel", tag = "my_account", operation_id = "cancel_account_order",
    params(("id" = i64, Path, description = "The order id"),
        ("X-WP-Nonce" = String, Header, description = "The account's nonce")),
    responses(
        (status = 200, body = AccountOrderResponse),
        (status = 400, description = "`invalid_parameter`: the id is not a whole number in range", body = ErrorBody),
        (status = 404, description = "`order_not_found`: not an order of this account", body = ErrorBody),
        (status = 409, description = "`order_not_cancellable`: paid, settled, or its payment \
            is under way", body = ErrorBody),
        (status = 502, description = "`payment_unavailable`: the provider could not be asked; \
            nothing changed", body = ErrorBody),
        SignedInOnly,
        Internal))]
pub async fn cancel_order(
    State(state): State<AppState>,
    signed: SignedIn,
    AppPath(id): AppPath<i64>,
) -> ApiResult<Response> {
    let account = state.shop().my_account();
    account.cancel_order(signed.user.id, OrderId(id)).await?;
    let details = account.order(signed.user.id, OrderId(id)).await?;
    Ok(private(Json(order_response(&state, &details))))
}

/// The account's downloads still usable (not expired, downloads left), newest order first.
#[utoipa::path(get, path = "/api/v1/account/downloads", tag = "my_account", operation_id = "list_account_downloads",
    params(("X-WP-Nonce" = String, Header, description = "The account's nonce")),
    responses(
        (status = 200, body = AccountDownloadsResponse),
        SignedInOnly,
        Internal))]
pub async fn list_downloads(
    State(state): State<AppState>,
    signed: SignedIn,
) -> ApiResult<Response> {
    let grants = state.shop().my_account().downloads(signed.user.id).await?;
    Ok(private(Json(AccountDownloadsResponse {
        downloads: grants.iter().map(download_view).collect(),
    })))
}
