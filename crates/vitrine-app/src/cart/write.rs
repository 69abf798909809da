//! One cart write: take the session's turn in this instance, read the cart for writing, load
//! what the change needs, apply it and save. PostgreSQL holds the cart's row lock from the read
//! to the save, so writers in other instances queue instead of conflicting; on SQLite the save
//! is a compare-and-swap and a lost race starts again from a fresh read.

use std::hash::{BuildHasher, RandomState};
use std::time::Duration;

use vitrine_domain::cart::{Cart, CartItemKey, SessionId, unavailable_lines};
use vitrine_domain::ports::CartSave;

use super::products::CartProducts;
use super::{CartState, Carts};
use crate::error::{AppError, AppResult};

/// Attempts per write on a compare-and-swap database before giving up. Writers of one session
/// take turns inside a process, so conflicts only come from other processes; with the backoff
/// below the attempts span about 100 ms.
const MAX_TRIES: u32 = 10;

/// One change to the current cart: the new cart and the keys it added, or a refusal.
pub(crate) type Change<'a> =
    dyn Fn(&Cart, &CartProducts) -> AppResult<(Cart, Vec<CartItemKey>)> + Send + Sync + 'a;

impl Carts {
    /// Drops lines that can no longer be bought, applies `change`, saves. An id the store does
    /// not know is never adopted: a fresh one is issued, so a planted cookie cannot fix
    /// someone's session.
    pub(crate) async fn write_cart(
        &self,
        session: Option<&SessionId>,
        mut products: CartProducts,
        change: &Change<'_>,
    ) -> AppResult<CartState> {
        let _turn = match session {
            Some(id) => Some(self.inner.locks.lock(id).await),
            None => None,
        };
        let carts = &self.inner.store;
        let mut id = session.cloned();
        for attempt in 0..MAX_TRIES {
            let write = match &id {
                Some(known) => Some(carts.begin_write(known).await?),
                None => None,
            };
            let Some(write) = write.filter(|w| w.stored().is_some()) else {
                // No stored cart under this id: a new session, written without a lock (nobody
                // else knows its random id).
                let fresh = carts.create_session();
                let write = carts.begin_write(&fresh).await?;
                id = Some(fresh);
                return self
                    .apply(write, id, products, change, attempt)
                    .await
                    .and_then(|done| {
                        done.ok_or_else(|| conflict_error("a new cart's id was taken"))
                    });
            };
            if let Some(done) = self
                .apply(write, id.clone(), products.clone(), change, attempt)
                .await?
            {
                return Ok(done);
            }
            backoff(attempt).await;
            products = CartProducts::default();
        }
        Err(conflict_error(&format!(
            "a cart kept changing during {MAX_TRIES} attempts to save it"
        )))
    }

    /// Applies `change` to the cart `write` read and saves it; `None` when another writer
    /// saved first (compare-and-swap databases only).
    async fn apply(
        &self,
        write: Box<dyn vitrine_domain::ports::CartWrite>,
        id: Option<SessionId>,
        mut products: CartProducts,
        change: &Change<'_>,
        _attempt: u32,
    ) -> AppResult<Option<CartState>> {
        let mut cart = write.stored().map(|s| s.cart.clone()).unwrap_or_default();
        products.load_cart(&self.inner.catalogue, &cart).await?;
        let gone = unavailable_lines(&cart, products.published(), self.now());
        let removed = cart.drop_lines(&gone);
        let (next, added) = change(&cart, &products)?;
        // Priced before it is saved: a cart whose total cannot be computed is never stored.
        let priced = self.price(&next, &products)?;
        match write.save(&next).await? {
            CartSave::Saved { .. } => {
                let answer = self
                    .answer(next, priced, products, removed, added, id.as_ref())
                    .await?;
                Ok(Some(answer))
            }
            CartSave::Conflict => Ok(None),
        }
    }
}

fn conflict_error(message: &str) -> AppError {
    AppError::Internal(anyhow::anyhow!("{message}"))
}

/// A short random pause before retrying, growing with each attempt, so two processes that
/// collided do not collide again in lockstep.
async fn backoff(attempt: u32) {
    let ceiling_us = (500_u64 << attempt.min(6)).min(20_000);
    let jitter = RandomState::new().hash_one(attempt) % ceiling_us;
    tokio::time::sleep(Duration::from_micros(jitter)).await;
}
