//! The cart endpoints (docs/api.md "Cart"): the session cookie, the wire views, and handlers
//! that hand over to the application's cart use cases (`vitrine_app::cart`).

mod handlers;
mod request;
mod response;
mod reward;
mod session;
mod view;

use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub use handlers::{AddCartItemResponse, CartResponse, SessionResponse};
pub use request::{NewCartItem, UpdateCartItem};
pub use reward::{RewardOfferView, RewardOptionView, RewardPickRequest};
pub use session::{CART_HASH_COOKIE, SESSION_COOKIE, Session};
pub(crate) use view::cart_view;
pub use view::{CartItemAttributeView, CartItemView, CartNoticeView, CartView, NoticeKind};

use crate::state::AppState;

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
        .routes(routes!(reward::choose_reward))
        .routes(routes!(
            handlers::update_cart_item,
            handlers::remove_cart_item
        ))
}
