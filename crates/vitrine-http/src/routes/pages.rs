//! `GET /api/v1/pages`: the `PageData` of a storefront URL, for client-side navigation.

use axum::Json;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use serde::Deserialize;
use utoipa::IntoParams;

use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::AppQuery;
use crate::responses::Internal;
use crate::state::AppState;
use crate::storefront::{Resolution, resolve};
use crate::views::PageData;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PageParams {
    /// A storefront path with its query, URL-encoded: `/product/hoodie/`,
    /// `/shop/page/2/?orderby=price`, `/?s=hoodie&post_type=product`.
    pub path: Option<String>,
}

/// Get the page data of a storefront URL (the same object the HTML page inlines).
#[utoipa::path(get, path = "/api/v1/pages", tag = "site",
    params(PageParams),
    responses(
        (status = 200, body = PageData),
        (status = 400, description = "`invalid_parameter` (path missing or not starting with /)", body = ErrorBody),
        (status = 404, description = "Unknown page: `route` is `not_found`", body = PageData),
        Internal))]
pub async fn get_page(
    State(state): State<AppState>,
    headers: HeaderMap,
    AppQuery(params): AppQuery<PageParams>,
) -> ApiResult<(StatusCode, Json<PageData>)> {
    let may_see_shop = crate::account::may_see_shop(&headers, &state).await?;
    let target = params.path.filter(|p| p.starts_with('/')).ok_or_else(|| {
        ApiError::invalid_parameter("path", "`path` must be a storefront path starting with /.")
    })?;
    let (path, query) = target.split_once('?').unwrap_or((&target, ""));
    let mut resolution = resolve(&state, path, query, may_see_shop).await?;
    // The HTML page would redirect; follow it once so a client gets the page itself.
    if let Resolution::Redirect(to) = &resolution {
        let (path, query) = to.split_once('?').unwrap_or((to, ""));
        resolution = resolve(&state, path, query, may_see_shop).await?;
    }
    match resolution {
        Resolution::Page(status, data) => Ok((status, Json(*data))),
        Resolution::Redirect(_) => Err(ApiError::not_found()),
    }
}
