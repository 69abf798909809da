//! `GET /api/v1/pages`: the `PageData` of a storefront URL, for client-side navigation.

use axum::Json;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use utoipa::IntoParams;

use crate::currency;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::AppQuery;
use crate::responses::{Internal, SearchUnavailable};
use crate::state::AppState;
use crate::storefront::{Resolution, resolve};
use crate::views::PageData;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PageParams {
    /// A storefront path with its query, URL-encoded: `/product/hoodie/`,
    /// `/shop/page/2/?orderby=price`, `/?s=hoodie&post_type=product`.
    pub path: Option<String>,
    /// Switch to this currency (as `?wmc-currency=` on the page itself, which `path` may also
    /// carry): the page is in it and both currency cookies are written. A code the shop does
    /// not offer is ignored.
    #[serde(rename = "wmc-currency")]
    pub wmc_currency: Option<String>,
}

/// Get the page data of a storefront URL (the same object the HTML page inlines), in the
/// shopper's currency.
#[utoipa::path(get, path = "/api/v1/pages", tag = "site",
    params(PageParams,
        ("wmc_current_currency" = Option<String>, Cookie,
            description = "The shopper's currency; the base when absent or not offered")),
    responses(
        (status = 200, description = "Sets `wmc_current_currency` and \
            `wmc_current_currency_old` when `wmc-currency` names one of the shop's currencies",
            body = PageData),
        (status = 400, description = "`invalid_parameter` (path missing or not starting with /)", body = ErrorBody),
        (status = 404, description = "Unknown page: `route` is `not_found`", body = PageData),
        SearchUnavailable,
        Internal))]
pub async fn get_page(
    State(state): State<AppState>,
    headers: HeaderMap,
    AppQuery(params): AppQuery<PageParams>,
) -> ApiResult<Response> {
    let may_see_shop = crate::account::may_see_shop(&headers, &state).await?;
    let target = params.path.filter(|p| p.starts_with('/')).ok_or_else(|| {
        ApiError::invalid_parameter("path", "`path` must be a storefront path starting with /.")
    })?;
    let (path, query) = target.split_once('?').unwrap_or((&target, ""));
    let in_path = currency::asked_in(query);
    let asked = [params.wmc_currency.as_deref(), in_path.as_deref()];
    let (currency, switch) = currency::page(&state, &headers, &asked);
    let pricer = state.shop().pricing().pricer(currency)?;
    let mut resolution = resolve(&state, &pricer, path, query, may_see_shop).await?;
    // The HTML page would redirect; follow it once so a client gets the page itself.
    if let Resolution::Redirect(to) = &resolution {
        let (path, query) = to.split_once('?').unwrap_or((to, ""));
        resolution = resolve(&state, &pricer, path, query, may_see_shop).await?;
    }
    let (status, data): (StatusCode, Box<PageData>) = match resolution {
        Resolution::Page(status, data) => (status, data),
        Resolution::Redirect(_) => return Err(ApiError::not_found()),
    };
    let mut response = (status, Json(*data)).into_response();
    currency::vary(&state, response.headers_mut());
    if let Some(switch) = switch {
        switch.write(
            response.headers_mut(),
            crate::cookies::secure_cookies(&headers, &state),
        );
    }
    Ok(response)
}
