//! Vitrine's HTTP layer: the JSON API (with its OpenAPI document), storefront HTML with
//! inlined page data, the shop's product artwork and the embedded web app.
//!
//! The binary builds an [`AppState`] over a [`CatalogueStore`](vitrine_domain::ports::CatalogueStore)
//! and [`ShopSettings`], then serves [`router`].

pub mod account;
pub mod artwork;
pub mod cart;
pub mod checkout;
pub mod client_ip;
pub mod content;
mod cookies;
mod crawlers;
mod cross_site;
pub mod currency;
pub mod error;
pub mod extract;
mod head_scripts;
mod html;
pub mod instagram;
pub mod media;
mod middleware;
pub mod my_account;
pub mod paging;
pub mod payment_methods;
pub mod read_cache;
pub mod responses;
pub mod reviews;
pub mod routes;
pub mod search;
pub mod settings;
mod shop;
pub mod state;
pub mod storefront;
pub mod theme;
pub mod tracking;
mod unread_body;
pub mod uploads;
pub mod video;
pub mod views;

use std::sync::Arc;

use axum::Router;
use axum::handler::Handler;
use axum::http::{HeaderValue, header};
use axum::middleware::from_fn_with_state;
use axum::response::{IntoResponse, Response};
use axum::routing::get;

pub use error::{ApiError, ApiResult, ErrorBody, ErrorCode};
pub use settings::{FeedBlock, ShopSettings};
pub use state::AppState;

/// The whole application: API, `/api/openapi.json`, `/healthz`, `/media`, `/assets` and
/// storefront pages, wrapped in the middleware stack. With tracking on
/// (`vitrine_app::Ports::tracking`) also the visitor session on storefront pages and the
/// providers' hosts in the CSP.
pub fn router(state: AppState) -> Router {
    build(state, None)
}

/// [`router`] plus the offline test payment provider's browser-facing routes
/// (`/_test_provider/…`: card entry, client confirmation, the 3-D Secure challenge page),
/// behind the same middleware (cross-site guard, CSP). Only for `[payments] provider = "test"`.
pub fn router_with_test_provider(
    state: AppState,
    provider: Arc<vitrine_payments::TestProvider>,
) -> Router {
    build(
        state,
        Some(routes::test_provider::test_provider_routes(provider)),
    )
}

fn build(state: AppState, extra: Option<Router>) -> Router {
    let (api, openapi) = api();
    let document: Arc<str> = openapi
        .to_pretty_json()
        .unwrap_or_else(|_| "{}".to_owned())
        .into();
    // The visitor session is for storefront pages only, not the API, assets or media.
    let storefront = storefront::serve_storefront.layer(from_fn_with_state(
        state.clone(),
        tracking::storefront_visitor,
    ));
    let app = api
        .route(
            "/api/openapi.json",
            get(move || serve_openapi(Arc::clone(&document))),
        )
        .route("/assets/{*path}", get(storefront::get_asset))
        .route("/robots.txt", get(crawlers::robots_txt))
        .route("/wp-sitemap.xml", get(crawlers::sitemap_index))
        .route(
            "/wp-sitemap-posts-product-{rest}",
            get(crawlers::product_sitemap),
        )
        .route(
            "/wp-sitemap-taxonomies-product_cat-1.xml",
            get(crawlers::category_sitemap),
        )
        .route(
            "/wp-sitemap-taxonomies-product_tag-1.xml",
            get(crawlers::tag_sitemap),
        )
        .fallback(storefront)
        .method_not_allowed_fallback(method_not_allowed)
        .with_state(state.clone());
    let app = match extra {
        Some(routes) => app.merge(routes),
        None => app,
    };
    let app = app.layer(from_fn_with_state(state.clone(), read_cache::note_writes));
    let mut settings = state.settings().clone();
    settings.content_security_policy = state.content_security_policy();
    middleware::apply(app, &settings)
}

/// The OpenAPI document of the API, as served at `/api/openapi.json`.
pub fn openapi() -> utoipa::openapi::OpenApi {
    api().1
}

/// The API routes and their document, with what the middleware adds to every operation.
fn api() -> (Router<AppState>, utoipa::openapi::OpenApi) {
    let (api, mut openapi) = routes::api_routes().split_for_parts();
    cross_site::document(&mut openapi);
    (api, openapi)
}

async fn serve_openapi(document: Arc<str>) -> Response {
    let json = HeaderValue::from_static("application/json");
    ([(header::CONTENT_TYPE, json)], document.to_string()).into_response()
}

async fn method_not_allowed() -> ApiError {
    ApiError::method_not_allowed()
}
