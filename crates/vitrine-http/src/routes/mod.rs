//! The JSON API routes with their OpenAPI description (utoipa-axum keeps the two together).

pub mod pages;
pub mod params;
pub mod pricing;
pub mod products;
mod selection;
pub mod site;
pub mod test_provider;
pub mod variations;

use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::{ErrorBody, ErrorCode};
use crate::media;
use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Vitrine",
        description = "Vitrine's storefront API. Errors are `{ code, message, field? }` with the \
            stable codes of `ErrorCode`; money is integer minor units plus an ISO 4217 currency \
            and the shop-formatted text.",
    ),
    tags(
        (name = "site", description = "The shop, its pages and health"),
        (name = "catalogue", description = "Products and categories"),
        (name = "variations", description = "Variations of variable products (spec §7)"),
        (name = "media", description = "Product artwork rendered by the shop"),
        (name = "checkout", description = "Checkout: countries and address rules (ADR 0014)"),
    ),
    components(schemas(ErrorBody, ErrorCode))
)]
struct ApiDoc;

/// Every documented route, before state is attached.
pub fn api_routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(ApiDoc::openapi())
        .routes(routes!(site::get_health))
        .routes(routes!(site::get_site))
        .routes(routes!(site::list_categories))
        .routes(routes!(pages::get_page))
        .routes(routes!(products::list_products))
        .routes(routes!(products::get_product))
        .routes(routes!(products::get_product_by_slug))
        .routes(routes!(pricing::get_quantity_price))
        .routes(routes!(pricing::get_bulk_table))
        .routes(routes!(variations::list_variations))
        .routes(routes!(variations::match_variation))
        .routes(routes!(variations::preview_variation))
        .routes(routes!(media::get_media))
        .merge(crate::currency::routes())
        .merge(crate::cart::routes())
        .merge(crate::checkout::routes())
        .merge(crate::reviews::routes())
        .merge(crate::account::routes())
        .merge(crate::my_account::routes())
        .merge(crate::payment_methods::routes())
        .merge(crate::content::routes())
        .merge(crate::uploads::routes())
        .merge(crate::instagram::routes())
        .merge(crate::search::routes())
        .merge(crate::tracking::routes())
}
