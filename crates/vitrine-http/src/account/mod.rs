//! Accounts (ADR 0010): login sessions behind an HttpOnly cookie, the REST nonce, capabilities,
//! and the user's own meta; customers' sign-up, password reset and account details (issue 15).
//! Staff are made with `vitrine user add`.

mod customer;
mod handlers;
mod view;
mod viewer;

use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub use customer::{
    AccountDetailsRequest, LostPasswordRequest, LostPasswordResponse, RegisterRequest,
    ResetKeyResponse, ResetPasswordRequest,
};
pub(crate) use handlers::login_response;
pub use handlers::{
    AccountResponse, AccountSessionResponse, LoginRequest, UpdateAccountRequest, WooCommerceMeta,
    YesNo,
};
pub use view::{AccountView, CapabilitiesView, RoleView};
pub use viewer::{AUTH_COOKIE, NONCE_HEADER, SignedIn, Viewer, may_see_shop};
pub use vitrine_app::accounts::AuthToken;

use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(tags((name = "account", description = "Logging in and out, the REST nonce and the \
    user's own meta (ADR 0010)")))]
struct AccountDoc;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(AccountDoc::openapi())
        .routes(routes!(handlers::get_session))
        .routes(routes!(handlers::login))
        .routes(routes!(handlers::logout))
        .routes(routes!(handlers::update_me))
        .routes(routes!(customer::register))
        .routes(routes!(customer::lost_password))
        .routes(routes!(customer::reset_link, customer::reset_password))
        .routes(routes!(customer::update_details))
}
