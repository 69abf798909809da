//! The shopper's currency (issue 12; spec §3, §7 wmc_currency_switcher, §9): which currency a
//! request is in (the `wmc-currency` page parameter, the `wmc_current_currency` cookie, the
//! base), the extractors handlers price with, and `POST /api/v1/currency`.

mod choice;
mod extract;
mod handlers;
mod settings;

use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub use choice::{
    CURRENT_COOKIE, PREVIOUS_COOKIE, QUERY_PARAMETER, Switch, asked_in, lenient, page, strict, vary,
};
pub use extract::{CartShopper, ReadCurrency, ReadPricer, ReadShopper};
pub use handlers::CurrencyChoiceRequest;

use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(tags((name = "currency", description = "The shopper's currency: every price and \
    total of an answer is in the currency of the `wmc_current_currency` cookie (the base without \
    one); storefront pages and `GET /api/v1/pages` also take `?wmc-currency=EUR`, which switches \
    (spec §3, §7 wmc_currency_switcher).")))]
struct CurrencyDoc;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(CurrencyDoc::openapi())
        .routes(routes!(handlers::set_currency))
        .routes(routes!(settings::get_pricing_settings))
        .routes(routes!(settings::put_currencies))
        .routes(routes!(settings::put_discounts))
}
