//! The cart operations: read the session's cart, add a product of any type, change or remove
//! a line. Reads never write; writes go through `CartWrite` (turn, read, compare-and-swap).

use std::sync::Arc;

use vitrine_domain::cart::{Cart, CartError, CartItemKey, plan_add, plan_set_quantity};
use vitrine_domain::catalogue::{Product, ProductId, VariationId};

use super::catalogue::{Products, related_ids};
use super::error::{SHOP_URL, cart_error};
use super::request::NewCartItem;
use super::session::Session;
use super::view::{cart_view, removed_notices};
use super::write::{CartWrite, Outcome, unavailable};
use crate::error::ApiResult;
use crate::state::AppState;
use crate::views::product_url;

/// The session's cart as it is; a session without a stored cart has an empty one.
pub(crate) async fn read(state: &AppState, session: &Session) -> ApiResult<Outcome> {
    let carts = state.carts()?;
    let stored = match &session.id {
        Some(id) => carts.store.load_cart(id).await?,
        None => None,
    };
    let known = stored.is_some();
    let cart = stored.map(|s| s.cart).unwrap_or_default();
    let mut products = Products::default();
    products.load_lines(state, &cart).await?;
    let notices = removed_notices(&unavailable(&cart, &products, state.now()), &products);
    Ok(Outcome {
        view: cart_view(state, &cart, &products, notices).await?,
        added: Vec::new(),
        session: session.id.clone().filter(|_| known),
    })
}

/// Adds a product of any type (docs/api.md `POST /cart/items`). Errors carry `product_url`.
/// The product is read with the cart's own products, in one query.
pub(crate) async fn add(
    state: &AppState,
    session: &Session,
    item: &NewCartItem,
) -> ApiResult<Outcome> {
    let write = CartWrite::begin(state, session).await?;
    let asked = ProductId(item.product_id);
    let mut products = Products::default();
    let ids = write.cart().lines.iter().map(|l| l.product_id);
    products.load(state, ids.chain([asked])).await?;
    let (product, variation) = match products.shared(asked) {
        Some(product) => (product, item.variation()),
        None => parent_of_variation(state, item).await?,
    };
    products.load(state, related_ids(&product)).await?;
    let url = product_url(&product);
    let refused = |e: CartError| cart_error(e).with_product_url(url.clone());
    let target = item.target(&product, variation).map_err(refused)?;
    let related = products.related(&product);
    products.insert(Arc::clone(&product));
    let change = |cart: &Cart, _: &Products| {
        let planned = plan_add(cart, &product, &target, &related).map_err(refused)?;
        let added = planned.iter().map(|l| l.key.clone()).collect();
        let mut next = cart.clone();
        next.apply(planned);
        Ok((next, added))
    };
    write.commit(&mut products, &change).await
}

/// `product_id` may name a variation: its parent, and the variation.
async fn parent_of_variation(
    state: &AppState,
    item: &NewCartItem,
) -> ApiResult<(Arc<Product>, Option<VariationId>)> {
    let variation = VariationId(item.product_id);
    match state.store().product_of_variation(variation).await? {
        Some(parent) => Ok((Arc::new(parent), item.variation().or(Some(variation)))),
        None => Err(cart_error(CartError::ProductNotFound).with_product_url(SHOP_URL)),
    }
}

/// Sets a line's quantity, checked like an add; 0 removes the line.
pub(crate) async fn set_quantity(
    state: &AppState,
    session: &Session,
    key: &CartItemKey,
    quantity: u32,
) -> ApiResult<Outcome> {
    let change = |cart: &Cart, products: &Products| {
        let missing = || cart_error(CartError::LineNotFound);
        let line = cart.line(key).ok_or_else(missing)?;
        let product = products.get(line.product_id).ok_or_else(missing)?;
        let related = products.related(product);
        let next = plan_set_quantity(cart, key, quantity, product, &related).map_err(cart_error)?;
        Ok((next, Vec::new()))
    };
    let write = CartWrite::begin(state, session).await?;
    write.commit(&mut Products::default(), &change).await
}

/// Removes a line by key.
pub(crate) async fn remove(
    state: &AppState,
    session: &Session,
    key: &CartItemKey,
) -> ApiResult<Outcome> {
    let change = |cart: &Cart, _: &Products| {
        let mut next = cart.clone();
        next.remove(key).map_err(cart_error)?;
        Ok((next, Vec::new()))
    };
    let write = CartWrite::begin(state, session).await?;
    write.commit(&mut Products::default(), &change).await
}
