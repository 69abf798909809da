//! My account over HTTP (issue 15): the signed-in account's orders, one order, cancelling an
//! unpaid one, downloads and saved addresses. Every call needs the login and its REST nonce
//! (ADR 0010) and answers only the account's own records: any other order id is 404
//! `order_not_found`, exactly as an unknown one.

mod addresses;
mod handlers;
mod view;

use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub use addresses::{AccountAddressesResponse, AddressKindParam};
pub use handlers::AccountOrdersQuery;
pub use view::{
    AccountDownloadView, AccountDownloadsResponse, AccountOrderResponse, AccountOrderSummaryView,
    AccountOrdersResponse,
};

use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(tags((name = "my_account", description = "The signed-in account's own orders, \
    downloads and saved addresses (issue 15). Login and `X-WP-Nonce` required.")))]
struct MyAccountDoc;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(MyAccountDoc::openapi())
        .routes(routes!(handlers::list_orders))
        .routes(routes!(handlers::get_order))
        .routes(routes!(handlers::cancel_order))
        .routes(routes!(handlers::list_downloads))
        .routes(routes!(addresses::get_addresses))
        .routes(routes!(addresses::update_address))
}
