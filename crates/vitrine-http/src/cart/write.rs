//! One cart write: take the session's turn, read the cart, let the caller load what it needs,
//! then apply the change and save it with a compare-and-swap, starting again from a fresh read
//! whenever another instance saved first (ADR 0008). A refused change writes nothing.

use std::hash::{BuildHasher, RandomState};
use std::time::Duration;

use time::OffsetDateTime;
use tokio::sync::MutexGuard;
use vitrine_domain::cart::{Cart, CartItemKey, CartLine, SessionId, unavailable_lines};
use vitrine_domain::ports::{CartSave, StoredCart};

use super::Carts;
use super::catalogue::{Products, related_ids};
use super::session::Session;
use super::view::{CartView, cart_view, removed_notices};
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;

/// Attempts per write before giving up. Writers of one session take turns inside a process
/// (see `locks`), so conflicts only come from other instances; with the backoff below the
/// attempts span about 100 ms, enough to outlast another instance's burst of writes.
const MAX_TRIES: u32 = 10;

/// A cart answer: the view, the keys a write added to, and the session to (re)set in the
/// cookie (none when the shopper has no stored cart yet).
pub(crate) struct Outcome {
    pub view: CartView,
    pub added: Vec<CartItemKey>,
    pub session: Option<SessionId>,
}

/// One change to the current cart: the new cart and the keys it added, or a refusal.
pub(crate) type Change<'a> =
    dyn Fn(&Cart, &Products) -> ApiResult<(Cart, Vec<CartItemKey>)> + Send + Sync + 'a;

pub(crate) struct CartWrite<'a> {
    state: &'a AppState,
    carts: &'a Carts,
    _turn: Option<MutexGuard<'a, ()>>,
    id: SessionId,
    current: StoredCart,
}

impl<'a> CartWrite<'a> {
    /// Waits for this session's turn and reads its cart. An id the store does not know is
    /// never adopted: a fresh one is issued, so a planted cookie cannot fix someone's session.
    pub(crate) async fn begin(state: &'a AppState, session: &Session) -> ApiResult<Self> {
        let carts = state.carts()?;
        let turn = match &session.id {
            Some(id) => Some(carts.locks.lock(id).await),
            None => None,
        };
        let stored = match &session.id {
            Some(id) => carts.store.load_cart(id).await?,
            None => None,
        };
        let (id, current) = match (&session.id, stored) {
            (Some(id), Some(stored)) => (id.clone(), stored),
            _ => (carts.store.create_session(), empty()),
        };
        Ok(Self {
            state,
            carts,
            _turn: turn,
            id,
            current,
        })
    }

    /// The cart as read.
    pub(crate) fn cart(&self) -> &Cart {
        &self.current.cart
    }

    /// Drops lines that can no longer be bought, applies `change`, saves; retries on conflict.
    pub(crate) async fn commit(
        mut self,
        products: &mut Products,
        change: &Change<'_>,
    ) -> ApiResult<Outcome> {
        let state = self.state;
        for attempt in 0..MAX_TRIES {
            let StoredCart { mut cart, version } = std::mem::replace(&mut self.current, empty());
            products.load_lines(state, &cart).await?;
            let parts: Vec<_> = cart
                .lines
                .iter()
                .filter_map(|l| products.get(l.product_id))
                .flat_map(related_ids)
                .collect();
            products.load(state, parts).await?;
            let gone: Vec<CartItemKey> = unavailable(&cart, products, state.now())
                .into_iter()
                .map(|l| l.key)
                .collect();
            let gone = cart.drop_lines(&gone);
            let (next, added) = change(&cart, products)?;
            match self.carts.store.save_cart(&self.id, &next, version).await? {
                CartSave::Saved { .. } => {
                    let notices = removed_notices(&gone, products);
                    return Ok(Outcome {
                        view: cart_view(state, &next, products, notices).await?,
                        added,
                        session: Some(self.id),
                    });
                }
                CartSave::Conflict => {
                    backoff(attempt).await;
                    let stored = self.carts.store.load_cart(&self.id).await?;
                    self.current = stored.unwrap_or_else(empty);
                }
            }
        }
        Err(ApiError::internal(anyhow::anyhow!(
            "a cart kept changing during {MAX_TRIES} attempts to save it"
        )))
    }
}

fn empty() -> StoredCart {
    StoredCart {
        cart: Cart::default(),
        version: 0,
    }
}

/// Lines whose product or variation can no longer be bought (gone, unpublished, unpriced).
pub(crate) fn unavailable(cart: &Cart, products: &Products, now: OffsetDateTime) -> Vec<CartLine> {
    let gone = unavailable_lines(cart, products.published(), now);
    cart.lines
        .iter()
        .filter(|l| gone.contains(&l.key))
        .cloned()
        .collect()
}

/// A short random pause before retrying, growing with each attempt, so two instances that
/// collided do not collide again in lockstep.
async fn backoff(attempt: u32) {
    let ceiling_us = (500_u64 << attempt.min(6)).min(20_000);
    let jitter = RandomState::new().hash_one(attempt) % ceiling_us;
    tokio::time::sleep(Duration::from_micros(jitter)).await;
}
