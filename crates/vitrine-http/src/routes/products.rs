//! Product endpoints: listing, one product by id or slug; prices in the currency of the
//! `wmc_current_currency` cookie (the base when it names none the shop offers).

use axum::Json;
use axum::extract::{OriginalUri, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use utoipa::ToSchema;

use super::params::ListProductsParams;

use crate::currency::ReadCurrency;
use crate::error::{ApiResult, ErrorBody};
use crate::extract::{AppPath, AppQuery};
use crate::paging::{Paging, paged};
use crate::read_cache::kept_answer;
use crate::responses::{Internal, NotModified, ProductNotFound, SearchUnavailable};
use crate::shop;
use crate::state::AppState;
use crate::views::{ProductListView, ProductView};

/// `{ "product": ProductView }`
#[derive(Debug, Serialize, ToSchema)]
pub struct ProductResponse {
    pub product: ProductView,
}

/// List products: the shop, a category, a tag, featured products or search results. The
/// paging headers are WordPress's, so a client fetches every page by following `Link`.
#[utoipa::path(get, path = "/api/v1/products", tag = "catalogue",
    params(ListProductsParams),
    responses(
        (status = 200, body = ProductListView, headers(
            ("X-WP-Total" = u64, description = "Products in the whole list (`meta.total`)"),
            ("X-WP-TotalPages" = u64, description = "Pages at this `per_page` (`meta.total_pages`)"),
            ("Link" = String, description = "`<…&page=n-1>; rel=\"prev\"` and `<…&page=n+1>; \
                rel=\"next\"` (RFC 8288; the request's path and query with `page` changed); absent \
                when the list has one page"))),
        NotModified,
        (status = 400, description = "`invalid_parameter`", body = ErrorBody),
        (status = 404, description = "`category_not_found`, `tag_not_found`", body = ErrorBody),
        SearchUnavailable,
        Internal))]
pub async fn list_products(
    State(state): State<AppState>,
    OriginalUri(uri): OriginalUri,
    headers: HeaderMap,
    AppQuery(params): AppQuery<ListProductsParams>,
    ReadCurrency(currency): ReadCurrency,
) -> ApiResult<Response> {
    let state = &state;
    kept_answer(
        state,
        &headers,
        currency,
        format!("products {uri}"),
        |pricer| async move {
            let query = params.to_query(state).await?;
            let list: ProductListView = shop::listing(state, &pricer, &query).await?;
            let paging = Paging {
                page: list.meta.page,
                total_pages: list.meta.total_pages,
                total: list.meta.total,
            };
            Ok(paged(&uri, paging, Json(list)))
        },
    )
    .await
}

/// Get a product by id.
#[utoipa::path(get, path = "/api/v1/products/{id}", tag = "catalogue",
    params(("id" = i64, Path, description = "Product id")),
    responses(
        (status = 200, body = ProductResponse, headers(("ETag" = String,
            description = "Strong tag of these bytes (the same on every instance)"))),
        NotModified,
        (status = 400, description = "`invalid_parameter` (id not a number)", body = ErrorBody),
        ProductNotFound,
        Internal))]
pub async fn get_product(
    State(state): State<AppState>,
    AppPath(id): AppPath<i64>,
    headers: HeaderMap,
    ReadCurrency(currency): ReadCurrency,
) -> ApiResult<Response> {
    let state = &state;
    kept_answer(
        state,
        &headers,
        currency,
        format!("product {id}"),
        |pricer| async move {
            let product = shop::product_by_id(state, id).await?;
            let product = shop::product_view(state, &pricer, &product).await?;
            Ok(Json(ProductResponse { product }).into_response())
        },
    )
    .await
}

/// Get a product by its URL slug.
#[utoipa::path(get, path = "/api/v1/products/by-slug/{slug}", tag = "catalogue",
    params(("slug" = String, Path, description = "Product slug, e.g. `hoodie`")),
    responses(
        (status = 200, body = ProductResponse),
        NotModified,
        ProductNotFound,
        Internal))]
pub async fn get_product_by_slug(
    State(state): State<AppState>,
    AppPath(slug): AppPath<String>,
    headers: HeaderMap,
    ReadCurrency(currency): ReadCurrency,
) -> ApiResult<Response> {
    let state = &state;
    kept_answer(
        state,
        &headers,
        currency,
        format!("product-slug {slug}"),
        |pricer| async move {
            let product = shop::product_by_slug(state, &slug).await?;
            let product = shop::product_view(state, &pricer, &product).await?;
            Ok(Json(ProductResponse { product }).into_response())
        },
    )
    .await
}
