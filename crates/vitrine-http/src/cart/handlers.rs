//! The cart endpoints (docs/api.md "Cart"; spec §7 add_to_cart, remove_from_cart,
//! ajax_cart_item_alter_quantity, get_refreshed_fragments). Each one hands over to the service.

use std::collections::BTreeMap;

use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use vitrine_app::MAX_PRICED_PRODUCTS;
use vitrine_app::cart::CartState;
use vitrine_domain::cart::{CartError, CartItemKey};
use vitrine_domain::catalogue::ProductId;

use super::request::{NewCartItem, UpdateCartItem};
use super::response::CartAnswer;
use super::session::Session;
use super::view::{CartView, cart_view};
use crate::currency::CartShopper;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{AppJson, AppPath, AppQuery};
use crate::responses::{Internal, JsonBody, ProductNotFound};
use crate::state::AppState;
use crate::views::PriceView;

/// Everything personal for a cacheable page: the cart, the shopper's currency, and the prices
/// of the products the page asked for (spec §7 wmc_get_products_price).
#[derive(Debug, Serialize, ToSchema)]
pub struct SessionResponse {
    pub cart: CartView,
    /// The currency every price here is in (ISO 4217).
    pub currency: String,
    /// Product id → its price for this shopper (quantity 1), for the ids asked in
    /// `product_ids` that name published, priced products.
    pub prices: BTreeMap<String, PriceView>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SessionParams {
    /// Comma-separated product ids to price for this shopper: `47,48`; at most 100.
    #[param(example = "47,48")]
    pub product_ids: Option<String>,
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

pub(super) fn answer<T>(
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

/// The currency cookie every cart call prices in (documented once for each operation).
#[derive(IntoParams)]
#[into_params(parameter_in = Cookie)]
#[allow(dead_code)]
pub(super) struct CurrencyCookie {
    /// The shopper's currency (`POST /api/v1/currency` sets it); the base when absent. One the
    /// shop does not offer is `unsupported_currency`.
    wmc_current_currency: Option<String>,
}

fn parse_key(key: &str) -> ApiResult<CartItemKey> {
    CartItemKey::parse(key)
        .ok_or_else(|| ApiError::from(vitrine_app::AppError::from(CartError::LineNotFound)))
}

/// Comma-separated product ids, at most [`MAX_PRICED_PRODUCTS`].
fn product_ids(text: Option<&str>) -> ApiResult<Vec<ProductId>> {
    let Some(text) = text.filter(|t| !t.trim().is_empty()) else {
        return Ok(Vec::new());
    };
    let ids = text
        .split(',')
        .map(|id| id.trim().parse::<i64>().map(ProductId))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|_| {
            ApiError::invalid_parameter("product_ids", "Give product ids as numbers: `47,48`.")
        })?;
    if ids.len() > MAX_PRICED_PRODUCTS {
        return Err(ApiError::invalid_parameter(
            "product_ids",
            format!("Ask for at most {MAX_PRICED_PRODUCTS} products at once."),
        ));
    }
    Ok(ids)
}

/// Get everything personal for a page in one request: the cart summary, the currency, and
/// prices for the products the page shows.
#[utoipa::path(get, path = "/api/v1/session", tag = "cart",
    params(SessionParams, CurrencyCookie),
    responses(
        (status = 200, description = "Sets `vitrine_cart_hash`; renews `vitrine_session`", body = SessionResponse),
        (status = 400, description = "`unsupported_currency` (the currency cookie names none of \
            the shop's currencies); `invalid_parameter` (`product_ids` not numbers, or more \
            than 100)", body = ErrorBody),
        Internal))]
pub async fn get_session(
    State(state): State<AppState>,
    session: Session,
    CartShopper(shopper): CartShopper,
    AppQuery(params): AppQuery<SessionParams>,
) -> ApiResult<CartAnswer<SessionResponse>> {
    let ids = product_ids(params.product_ids.as_deref())?;
    let shop = state.shop();
    let outcome = shop.carts().cart(session.id.as_ref(), shopper).await?;
    let (shown, pricer) = shop.shown_prices(&ids, shopper).await?;
    let cx = state.view_context(&pricer);
    let prices = shown
        .into_iter()
        .map(|(id, s)| (id.0.to_string(), cx.prices.view(s.range, s.was)))
        .collect();
    let currency = shopper.currency.code().to_owned();
    answer(&state, outcome, &session, |cart, _| SessionResponse {
        cart,
        currency,
        prices,
    })
}

/// Get the cart (get_refreshed_fragments).
#[utoipa::path(get, path = "/api/v1/cart", tag = "cart",
    params(CurrencyCookie),
    responses(
        (status = 200, description = "Sets `vitrine_cart_hash`; renews `vitrine_session`", body = CartResponse),
        (status = 400, description = "`unsupported_currency`", body = ErrorBody),
        Internal))]
pub async fn get_cart(
    State(state): State<AppState>,
    session: Session,
    CartShopper(shopper): CartShopper,
) -> ApiResult<CartAnswer<CartResponse>> {
    let outcome = state
        .shop()
        .carts()
        .cart(session.id.as_ref(), shopper)
        .await?;
    answer(&state, outcome, &session, |cart, _| CartResponse { cart })
}

/// Add a product of any type (add_to_cart). Prices and totals in the body are ignored.
#[utoipa::path(post, path = "/api/v1/cart/items", tag = "cart",
    params(CurrencyCookie),
    request_body = NewCartItem,
    responses(
        (status = 200, description = "Sets `vitrine_session` and `vitrine_cart_hash`", body = AddCartItemResponse),
        (status = 400, description = "`invalid_quantity`, `quantity_too_large` (past the line \
            maximum; the cart is unchanged), `invalid_json`, `unsupported_currency` (nothing \
            is added)", body = ErrorBody),
        ProductNotFound,
        (status = 409, description = "`insufficient_stock` (with `available`), `not_purchasable`, \
            `already_in_cart`", body = ErrorBody),
        (status = 422, description = "`invalid_attributes`", body = ErrorBody),
        JsonBody,
        Internal))]
pub async fn add_cart_item(
    State(state): State<AppState>,
    session: Session,
    CartShopper(shopper): CartShopper,
    AppJson(item): AppJson<NewCartItem>,
) -> ApiResult<CartAnswer<AddCartItemResponse>> {
    let outcome = state
        .shop()
        .carts()
        .add(session.id.as_ref(), &item.into(), shopper)
        .await?;
    answer(&state, outcome, &session, |cart, added| {
        AddCartItemResponse { cart, added }
    })
}

/// Change an item's quantity; 0 removes it (ajax_cart_item_alter_quantity).
#[utoipa::path(patch, path = "/api/v1/cart/items/{key}", tag = "cart",
    params(("key" = String, Path, description = "cart_item_key"), CurrencyCookie),
    request_body = UpdateCartItem,
    responses(
        (status = 200, body = CartResponse),
        (status = 400, description = "`invalid_quantity`, `quantity_too_large` (past the line \
            maximum; the cart is unchanged), `invalid_json`, `unsupported_currency` (the cart \
            is unchanged)", body = ErrorBody),
        (status = 404, description = "`cart_item_not_found`", body = ErrorBody),
        (status = 409, description = "`insufficient_stock` (with `available`)", body = ErrorBody),
        JsonBody,
        Internal))]
pub async fn update_cart_item(
    State(state): State<AppState>,
    session: Session,
    CartShopper(shopper): CartShopper,
    AppPath(key): AppPath<String>,
    AppJson(body): AppJson<UpdateCartItem>,
) -> ApiResult<CartAnswer<CartResponse>> {
    let key = parse_key(&key)?;
    let quantity = body.quantity().map_err(vitrine_app::AppError::from)?;
    let outcome = state
        .shop()
        .carts()
        .set_quantity(session.id.as_ref(), &key, quantity, shopper)
        .await?;
    answer(&state, outcome, &session, |cart, _| CartResponse { cart })
}

/// Remove an item (remove_from_cart).
#[utoipa::path(delete, path = "/api/v1/cart/items/{key}", tag = "cart",
    params(("key" = String, Path, description = "cart_item_key"), CurrencyCookie),
    responses(
        (status = 200, body = CartResponse),
        (status = 400, description = "`unsupported_currency` (the cart is unchanged)", body = ErrorBody),
        (status = 404, description = "`cart_item_not_found`", body = ErrorBody),
        Internal))]
pub async fn remove_cart_item(
    State(state): State<AppState>,
    session: Session,
    CartShopper(shopper): CartShopper,
    AppPath(key): AppPath<String>,
) -> ApiResult<CartAnswer<CartResponse>> {
    let key = parse_key(&key)?;
    let outcome = state
        .shop()
        .carts()
        .remove(session.id.as_ref(), &key, shopper)
        .await?;
    answer(&state, outcome, &session, |cart, _| CartResponse { cart })
}
