//! The server-side cart (issue 3, docs/api.md "Cart"): session cookie, endpoints, the service
//! that loads, changes and saves carts with optimistic concurrency, and the cart's wire views.

mod catalogue;
mod error;
mod handlers;
mod locks;
mod request;
mod response;
mod service;
mod session;
mod view;
mod write;

use std::sync::Arc;

use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use vitrine_domain::ports::CartStore;

pub use handlers::{AddCartItemResponse, CartResponse, SessionResponse};
pub use request::{NewCartItem, UpdateCartItem};
pub use session::{CART_HASH_COOKIE, SESSION_COOKIE};
pub use view::{CartItemAttributeView, CartItemView, CartNoticeView, CartView, NoticeKind};

use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use locks::SessionLocks;

/// The cart store and the in-process per-session turns. Products come through the state's
/// shared product cache (`AppState::with_product_cache_ttl`). Cheap to clone.
#[derive(Clone)]
pub struct Carts {
    store: Arc<dyn CartStore>,
    locks: Arc<SessionLocks>,
}

impl AppState {
    /// This state with server-side carts stored in `store` (the binary passes the database's
    /// cart adapter). Without it the cart endpoints answer 500 `internal`.
    pub fn with_carts(mut self, store: Arc<dyn CartStore>) -> Self {
        self.carts = Some(Carts {
            store,
            locks: Arc::new(SessionLocks::default()),
        });
        self
    }

    pub(crate) fn carts(&self) -> ApiResult<&Carts> {
        self.carts.as_ref().ok_or_else(|| {
            ApiError::internal(anyhow::anyhow!(
                "no cart store configured: build the state with AppState::with_carts"
            ))
        })
    }
}

#[derive(OpenApi)]
#[openapi(tags((name = "cart", description = "The shopper's server-side cart, keyed by the \
    `vitrine_session` cookie (spec §7 cart calls). Every answer sets `vitrine_cart_hash`.")))]
struct CartDoc;

/// The cart endpoints with their OpenAPI description, merged into the API router.
pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(CartDoc::openapi())
        .routes(routes!(handlers::get_session))
        .routes(routes!(handlers::get_cart))
        .routes(routes!(handlers::add_cart_item))
        .routes(routes!(
            handlers::update_cart_item,
            handlers::remove_cart_item
        ))
}
