//! Accounts (ADR 0010): login sessions behind an HttpOnly cookie, the REST nonce, capabilities,
//! and the user's own meta. Users are made with `vitrine user add`.

mod handlers;
pub mod password;
mod token;
mod view;
mod viewer;

use std::sync::Arc;

use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use vitrine_domain::ports::AccountStore;

pub use handlers::{
    AccountResponse, AccountSessionResponse, LoginRequest, UpdateAccountRequest, WooCommerceMeta,
    YesNo,
};
pub use token::AuthToken;
pub use view::{AccountView, CapabilitiesView, RoleView};
pub(crate) use viewer::forbidden;
pub use viewer::{AUTH_COOKIE, NONCE_HEADER, SignedIn, Viewer, may_see_shop};

use crate::error::{ApiError, ApiResult};
use crate::state::AppState;

/// Failed login attempts per client address: 10 at once, then 5 a minute.
pub const LOGIN_BURST: u32 = 10;
pub const LOGINS_PER_MINUTE: u32 = 5;

impl AppState {
    /// This state with accounts stored in `store`. Without it nobody is logged in and login
    /// answers 500 `internal`.
    #[must_use]
    pub fn with_accounts(mut self, store: Arc<dyn AccountStore>) -> Self {
        self.accounts = Some(store);
        self
    }

    pub(crate) fn accounts(&self) -> ApiResult<&dyn AccountStore> {
        self.accounts.as_deref().ok_or_else(|| {
            ApiError::internal(anyhow::anyhow!(
                "no account store configured: build the state with AppState::with_accounts"
            ))
        })
    }
}

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
}
