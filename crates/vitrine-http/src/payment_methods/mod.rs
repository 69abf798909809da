//! Saved cards (issue 15): the account's payment methods (list, delete, make default), the
//! add-payment-method page's SetupIntent (spec §7 `setup_intent`) and its finish after the
//! 3-D Secure challenge. Every call is a signed-in account's, with its REST nonce (spec §6);
//! another account's method or setup intent answers 404.

mod handlers;
mod view;

use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub use handlers::{FinishSetupRequest, SetupIntentRequest};
pub use view::{
    PaymentMethodResponse, PaymentMethodsResponse, SavedMethodView, SetupIntentResponse,
    SetupIntentView, SetupNextActionView,
};

use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(tags((name = "payment-methods", description = "Saved cards: the account's payment \
    methods and the SetupIntent that adds one (issue 15)")))]
struct PaymentMethodsDoc;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(PaymentMethodsDoc::openapi())
        .routes(routes!(handlers::list_methods, handlers::finish_setup))
        .routes(routes!(handlers::delete_method))
        .routes(routes!(handlers::make_default))
        .routes(routes!(handlers::setup_intent))
}
