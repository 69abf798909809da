//! The server-side cart (docs/api.md "Cart"): read the session's cart, add a product of any
//! type, change or remove a line. Reads never write; writes take the session's turn in this
//! instance, read the cart, apply the domain's plan and save with a compare-and-swap, retrying
//! under the database's row lock when another instance saved first (`write`, ADR 0008). A
//! refused change writes nothing.

mod add;
mod locks;
mod products;
mod reward;
mod write;

use std::collections::HashSet;
use std::sync::Arc;

use time::OffsetDateTime;
use vitrine_domain::cart::{Cart, CartError, CartItemKey, CartLine, SessionId, plan_set_quantity};
use vitrine_domain::catalogue::ProductId;
use vitrine_domain::ports::CartStore;
use vitrine_domain::pricing::ShopperCart;

pub use add::NewItem;
pub use locks::SessionLocks;
pub use products::CartProducts;
pub use reward::{CartOffer, RewardOption, RewardPick};

use crate::catalogue::{Catalogue, Products};
use crate::clock::Clock;
use crate::error::{AppError, AppResult};
use crate::pricing::{Pricer, Pricing, Shopper};

/// Where an add error sends a shopper whose product is unknown: the shop.
pub const SHOP_URL: &str = "/shop/";

/// A cart answer: the cart priced once in the shopper's currency with the shop's discounts
/// (prices are computed for every answer, never stored), the products it shows, what a write
/// added and what it had to drop, the cross-sells to suggest, and the session to (re)set in
/// the cookie (none when the shopper has no stored cart yet).
#[derive(Debug)]
pub struct CartState {
    pub cart: Cart,
    pub priced: ShopperCart,
    /// The currency's prices the cart was priced with (to format it and its cross-sells).
    pub pricer: Pricer,
    pub products: CartProducts,
    /// Lines dropped because their product can no longer be bought (a notice each).
    pub removed: Vec<CartLine>,
    pub added: Vec<CartItemKey>,
    pub cross_sells: Products,
    /// Buy-X-get-Y offers the cart qualifies for whose free item the shopper may pick.
    pub offers: Vec<CartOffer>,
    pub session: Option<SessionId>,
}

/// Server-side carts through their port, priced from the catalogue. Cheap to clone.
#[derive(Clone)]
pub struct Carts {
    inner: Arc<Inner>,
}

struct Inner {
    store: Arc<dyn CartStore>,
    catalogue: Catalogue,
    pricing: Pricing,
    locks: SessionLocks,
    clock: Clock,
}

/// How one call prices its cart: the shopper's currency and who they are.
#[derive(Debug, Clone)]
pub(crate) struct PriceFor {
    pub pricer: Pricer,
    pub shopper: Shopper,
}

impl Carts {
    pub fn new(
        store: Arc<dyn CartStore>,
        catalogue: Catalogue,
        pricing: Pricing,
        clock: Clock,
    ) -> Self {
        Self {
            inner: Arc::new(Inner {
                store,
                catalogue,
                pricing,
                locks: SessionLocks::default(),
                clock,
            }),
        }
    }

    /// The shopper's currency, checked before anything is read or written (an unknown one is
    /// `unsupported_currency`).
    fn price_for(&self, shopper: Shopper) -> AppResult<PriceFor> {
        let pricer = self.inner.pricing.pricer(shopper.currency)?;
        Ok(PriceFor { pricer, shopper })
    }

    fn now(&self) -> OffsetDateTime {
        (self.inner.clock)()
    }

    /// The session's cart as it is; a session without a stored cart has an empty one.
    pub async fn cart(
        &self,
        session: Option<&SessionId>,
        shopper: Shopper,
    ) -> AppResult<CartState> {
        let price_for = self.price_for(shopper)?;
        let stored = match session {
            Some(id) => self.inner.store.load_cart(id).await?,
            None => None,
        };
        let known = stored.is_some();
        let cart = stored.map(|s| s.cart).unwrap_or_default();
        let mut products = CartProducts::default();
        products.load_cart(&self.inner.catalogue, &cart).await?;
        let priced = self.price(&cart, &products, &price_for)?;
        let removed = unavailable(&cart, &priced.unavailable);
        let priced = (priced, &price_for);
        self.answer(
            cart,
            priced,
            products,
            removed,
            Vec::new(),
            session.filter(|_| known),
        )
        .await
    }

    /// Sets a line's quantity, checked like an add; 0 removes the line.
    pub async fn set_quantity(
        &self,
        session: Option<&SessionId>,
        key: &CartItemKey,
        quantity: u32,
        shopper: Shopper,
    ) -> AppResult<CartState> {
        let price_for = self.price_for(shopper)?;
        let change = |cart: &Cart, products: &CartProducts| {
            let missing = || AppError::from(CartError::LineNotFound);
            let line = cart.line(key).ok_or_else(missing)?;
            let product = products.get(line.product_id).ok_or_else(missing)?;
            let related = products.related(product);
            let next = plan_set_quantity(cart, key, quantity, product, &related)?;
            Ok((next, Vec::new()))
        };
        let turn = self.turn(session).await;
        let products = CartProducts::default();
        self.write_cart(turn, session, None, products, &change, &price_for)
            .await
    }

    /// Removes a line by key.
    pub async fn remove(
        &self,
        session: Option<&SessionId>,
        key: &CartItemKey,
        shopper: Shopper,
    ) -> AppResult<CartState> {
        let price_for = self.price_for(shopper)?;
        let change = |cart: &Cart, _: &CartProducts| {
            let mut next = cart.clone();
            next.remove(key)?;
            Ok((next, Vec::new()))
        };
        let turn = self.turn(session).await;
        let products = CartProducts::default();
        self.write_cart(turn, session, None, products, &change, &price_for)
            .await
    }

    /// The cart priced in the shopper's currency with the shop's discounts, once per answer.
    fn price(
        &self,
        cart: &Cart,
        products: &CartProducts,
        price_for: &PriceFor,
    ) -> AppResult<ShopperCart> {
        let customer = price_for.shopper.customer;
        let published = products.published();
        price_for
            .pricer
            .price_cart(cart, published, customer, self.now())
    }

    /// Assembles an answer: the cross-sells of the products in the cart, minus what is
    /// already in it, in cart order.
    async fn answer(
        &self,
        cart: Cart,
        (priced, price_for): (ShopperCart, &PriceFor),
        products: CartProducts,
        removed: Vec<CartLine>,
        added: Vec<CartItemKey>,
        session: Option<&SessionId>,
    ) -> AppResult<CartState> {
        let in_cart: HashSet<ProductId> = cart.lines.iter().map(|l| l.product_id).collect();
        let mut seen = HashSet::new();
        let ids: Vec<ProductId> = cart
            .lines
            .iter()
            .filter_map(|l| products.published().get(&l.product_id))
            .flat_map(|p| p.cross_sells.iter().copied())
            .filter(|id| !in_cart.contains(id) && seen.insert(*id))
            .collect();
        let cross_sells = self.inner.catalogue.published_products(&ids).await?;
        let customer = price_for.shopper.customer;
        let offers = self
            .offers(&cart, &products, &price_for.pricer, customer)
            .await?;
        Ok(CartState {
            cart,
            priced,
            pricer: price_for.pricer.clone(),
            products,
            removed,
            added,
            cross_sells,
            offers,
            session: session.cloned(),
        })
    }
}

/// The lines among `keys`: those whose product or variation can no longer be bought (gone,
/// unpublished, unpriced).
fn unavailable(cart: &Cart, keys: &[CartItemKey]) -> Vec<CartLine> {
    cart.lines
        .iter()
        .filter(|l| keys.contains(&l.key))
        .cloned()
        .collect()
}
