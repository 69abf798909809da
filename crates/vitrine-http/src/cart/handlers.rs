//! The cart endpoints (docs/api.md "Cart"; spec §7 add_to_cart, remove_from_cart,
//! ajax_cart_item_alter_quantity, get_refreshed_fragments). Each one hands over to the service.

use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;
use vitrine_app::cart::CartState;
use vitrine_domain::cart::{CartError, CartItemKey};

use super::request::{NewCartItem, UpdateCartItem};
use super::response::CartAnswer;
use super::session::Session;
use super::view::{CartView, cart_view};
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{AppJson, AppPath};
use crate::responses::{Internal, JsonBody, ProductNotFound};
use crate::state::AppState;

/// `{ "cart": CartView }`: everything personal for a cacheable page (the currency and
/// discounted prices join the cart here later).
#[derive(Debug, Serialize, ToSchema)]
pub struct SessionResponse {
    pub cart: CartView,
}

/// `{ "cart": CartView }`
#[derive(Debug, Serialize, ToSchema)]
pub struct CartResponse {
    pub cart: CartView,
}

/// `{ "cart": CartView, "added": ["<cart_item_key>", …] }`
#[derive(Debug, Serialize, ToSchema)]
pub struct AddCartItemResponse {
    pub cart: CartView,
    /// Keys of the lines this request added to or created.
    pub added: Vec<String>,
}

fn answer<T>(
    state: &AppState,
    outcome: CartState,
    session: &Session,
    body: impl FnOnce(CartView, Vec<String>) -> T,
) -> ApiResult<CartAnswer<T>> {
    let added = outcome
        .added
        .iter()
        .map(|k| k.as_str().to_owned())
        .collect();
    let session_id = outcome.session.clone();
    let view = cart_view(state, &outcome)?;
    Ok(CartAnswer {
        hash: view.cart_hash.clone(),
        body: body(view, added),
        session: session_id,
        secure: session.secure,
    })
}

fn parse_key(key: &str) -> ApiResult<CartItemKey> {
    CartItemKey::parse(key)
        .ok_or_else(|| ApiError::from(vitrine_app::AppError::from(CartError::LineNotFound)))
}

/// Get everything personal for a page in one request: the cart summary (more joins later).
#[utoipa::path(get, path = "/api/v1/session", tag = "cart",
    responses(
        (status = 200, description = "Sets `vitrine_cart_hash`; renews `vitrine_session`", body = SessionResponse),
        Internal))]
pub async fn get_session(
    State(state): State<AppState>,
    session: Session,
) -> ApiResult<CartAnswer<SessionResponse>> {
    let outcome = state.shop().carts().cart(session.id.as_ref()).await?;
    answer(&state, outcome, &session, |cart, _| SessionResponse {
        cart,
    })
}

/// Get the cart (get_refreshed_fragments).
#[utoipa::path(get, path = "/api/v1/cart", tag = "cart",
    responses(
        (status = 200, description = "Sets `vitrine_cart_hash`; renews `vitrine_session`", body = CartResponse),
        Internal))]
pub async fn get_cart(
    State(state): State<AppState>,
    session: Session,
) -> ApiResult<CartAnswer<CartResponse>> {
    let outcome = state.shop().carts().cart(session.id.as_ref()).await?;
    answer(&state, outcome, &session, |cart, _| CartResponse { cart })
}

/// Add a product of any type (add_to_cart). Prices and totals in the body are ignored.
#[utoipa::path(post, path = "/api/v1/cart/items", tag = "cart",
    request_body = NewCartItem,
    responses(
        (status = 200, description = "Sets `vitrine_session` and `vitrine_cart_hash`", body = AddCartItemResponse),
        (status = 400, description = "`invalid_quantity`, `quantity_too_large` (past the line \
            maximum; the cart is unchanged), `invalid_json`", body = ErrorBody),
        ProductNotFound,
        (status = 409, description = "`insufficient_stock` (with `available`), `not_purchasable`, \
            `already_in_cart`", body = ErrorBody),
        (status = 422, description = "`invalid_attributes`", body = ErrorBody),
        JsonBody,
        Internal))]
pub async fn add_cart_item(
    State(state): State<AppState>,
    session: Session,
    AppJson(item): AppJson<NewCartItem>,
) -> ApiResult<CartAnswer<AddCartItemResponse>> {
    let outcome = state
        .shop()
        .carts()
        .add(session.id.as_ref(), &item.into())
        .await?;
    answer(&state, outcome, &session, |cart, added| {
        AddCartItemResponse { cart, added }
    })
}

/// Change an item's quantity; 0 removes it (ajax_cart_item_alter_quantity).
#[utoipa::path(patch, path = "/api/v1/cart/items/{key}", tag = "cart",
    params(("key" = String, Path, description = "cart_item_key")),
    request_body = UpdateCartItem,
    responses(
        (status = 200, body = CartResponse),
        (status = 400, description = "`invalid_quantity`, `quantity_too_large` (past the line \
            maximum; the cart is unchanged), `invalid_json`", body = ErrorBody),
        (status = 404, description = "`cart_item_not_found`", body = ErrorBody),
        (status = 409, description = "`insufficient_stock` (with `available`)", body = ErrorBody),
        JsonBody,
        Internal))]
pub async fn update_cart_item(
    State(state): State<AppState>,
    session: Session,
    AppPath(key): AppPath<String>,
    AppJson(body): AppJson<UpdateCartItem>,
) -> ApiResult<CartAnswer<CartResponse>> {
    let key = parse_key(&key)?;
    let quantity = body.quantity().map_err(vitrine_app::AppError::from)?;
    let outcome = state
        .shop()
        .carts()
        .set_quantity(session.id.as_ref(), &key, quantity)
        .await?;
    answer(&state, outcome, &session, |cart, _| CartResponse { cart })
}

/// Remove an item (remove_from_cart).
#[utoipa::path(delete, path = "/api/v1/cart/items/{key}", tag = "cart",
    params(("key" = String, Path, description = "cart_item_key")),
    responses(
        (status = 200, body = CartResponse),
        (status = 404, description = "`cart_item_not_found`", body = ErrorBody),
        Internal))]
pub async fn remove_cart_item(
    State(state): State<AppState>,
    session: Session,
    AppPath(key): AppPath<String>,
) -> ApiResult<CartAnswer<CartResponse>> {
    let key = parse_key(&key)?;
    let outcome = state
        .shop()
        .carts()
        .remove(session.id.as_ref(), &key)
        .await?;
    answer(&state, outcome, &session, |cart, _| CartResponse { cart })
}
