//! Checkout, orders and payments over HTTP (ADR 0014, docs/api.md "Checkout"). Handlers only
//! extract, call `vitrine_app::checkout` and map; the one error envelope speaks for failures.

mod attribution;
mod customer;
mod handlers;
mod orders;
mod payments;
mod request;
mod response;
mod view;

use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub use handlers::IDEMPOTENCY_KEY;
pub use request::*;
pub use response::*;
pub(crate) use view::{Formatter, address_view, order_view, rfc3339, status_view};

use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(tags((name = "checkout", description = "Checkout, orders, card payments and \
    downloads (ADR 0014). Every amount is computed by the shop; the browser's are ignored.")))]
struct CheckoutDoc;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(CheckoutDoc::openapi())
        .routes(routes!(handlers::list_countries))
        .routes(routes!(handlers::get_checkout, handlers::place_order))
        .routes(routes!(handlers::review_checkout))
        .routes(routes!(handlers::checkout_payment))
        .routes(routes!(orders::get_order))
        .routes(routes!(orders::pay_order))
        .routes(routes!(orders::get_download))
        .routes(routes!(payments::get_payment_config))
        .routes(routes!(payments::sync_intent))
        .routes(routes!(payments::receive_webhook))
}
