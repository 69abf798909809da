//! One cart write: take the session's turn in this instance, read the cart, load what the
//! change needs, apply it and save with a compare-and-swap — two statements, as cheap as a
//! write can be. Only when another instance saved the same cart in between does the write
//! serialise in the database: `CartStore::begin_write` reads the row under its lock on
//! PostgreSQL (`SELECT … FOR UPDATE`), so contention queues instead of failing; on SQLite (one
//! machine) a lost race starts again from a fresh read, with a short random pause.

use std::hash::{BuildHasher, RandomState};
use std::time::Duration;

use tokio::sync::MutexGuard;
use vitrine_domain::cart::{Cart, CartItemKey, SessionId, unavailable_lines};
use vitrine_domain::ports::{CartSave, CartWrite, StoredCart};

use super::products::CartProducts;
use super::{CartState, Carts, PriceFor};
use crate::error::{AppError, AppResult};

/// Attempts of the serialised write before giving up. On PostgreSQL the first one cannot lose;
/// on SQLite conflicts only come from other processes, and with the backoff below the attempts
/// span about 100 ms.
const MAX_TRIES: u32 = 10;

/// One change to the current cart: the new cart and the keys it added, or a refusal.
pub(crate) type Change<'a> =
    dyn Fn(&Cart, &CartProducts) -> AppResult<(Cart, Vec<CartItemKey>)> + Send + Sync + 'a;

/// How a write reads and saves: a plain read and a compare-and-swap on the version read, or
/// the store's serialised write.
enum Writer {
    Optimistic(Option<StoredCart>),
    Serialised(Box<dyn CartWrite>),
}

impl Writer {
    fn stored(&self) -> Option<&StoredCart> {
        match self {
            Self::Optimistic(stored) => stored.as_ref(),
            Self::Serialised(write) => write.stored(),
        }
    }
}

/// This session's turn in this instance: tabs of one shopper queue instead of conflicting.
pub(crate) type Turn<'a> = Option<MutexGuard<'a, ()>>;

impl Carts {
    /// Waits for the session's turn in this instance.
    pub(crate) async fn turn(&self, session: Option<&SessionId>) -> Turn<'_> {
        match session {
            Some(id) => Some(self.inner.locks.lock(id).await),
            None => None,
        }
    }

    /// Drops lines that can no longer be bought, applies `change`, saves. `read` is the cart as
    /// already read under `turn` (`None`: read it here). An id the store does not know is never
    /// adopted: a fresh one is issued, so a planted cookie cannot fix someone's session.
    pub(crate) async fn write_cart(
        &self,
        _turn: Turn<'_>,
        session: Option<&SessionId>,
        read: Option<Option<StoredCart>>,
        products: CartProducts,
        change: &Change<'_>,
        price_for: &PriceFor,
    ) -> AppResult<CartState> {
        let store = &self.inner.store;
        let stored = match (read, session) {
            (Some(read), _) => read,
            (None, Some(id)) => store.load_cart(id).await?,
            (None, None) => None,
        };
        let (id, stored) = match (session, stored) {
            (Some(id), Some(stored)) => (id.clone(), Some(stored)),
            // A new session: nobody else knows its random id, so its first save cannot lose.
            _ => (store.create_session(), None),
        };
        let first = Writer::Optimistic(stored);
        if let Some(done) = self
            .apply(first, &id, products.clone(), change, price_for)
            .await?
        {
            return Ok(done);
        }
        // Another instance saved this cart meanwhile: serialise in the database.
        for attempt in 0..MAX_TRIES {
            let write = Writer::Serialised(store.begin_write(&id).await?);
            let again = self.apply(write, &id, products.clone(), change, price_for);
            if let Some(done) = again.await? {
                return Ok(done);
            }
            backoff(attempt).await;
        }
        Err(AppError::Internal(anyhow::anyhow!(
            "a cart kept changing during {MAX_TRIES} attempts to save it"
        )))
    }

    /// Applies `change` to the cart `writer` read and saves it; `None` when another writer
    /// saved first (compare-and-swap only).
    async fn apply(
        &self,
        writer: Writer,
        id: &SessionId,
        mut products: CartProducts,
        change: &Change<'_>,
        price_for: &PriceFor,
    ) -> AppResult<Option<CartState>> {
        let mut cart = writer.stored().map(|s| s.cart.clone()).unwrap_or_default();
        products.load_cart(&self.inner.catalogue, &cart).await?;
        let gone = unavailable_lines(&cart, products.published(), self.now());
        let removed = cart.drop_lines(&gone);
        let (next, added) = change(&cart, &products)?;
        // Priced before it is saved: a cart whose total cannot be computed is never stored.
        let priced = self.price(&next, &products, price_for)?;
        let saved = match writer {
            Writer::Optimistic(stored) => {
                let version = stored.map_or(0, |s| s.version);
                self.inner.store.save_cart(id, &next, version).await?
            }
            Writer::Serialised(write) => write.save(&next).await?,
        };
        match saved {
            CartSave::Saved { .. } => {
                let priced = (priced, price_for);
                let answer = self
                    .answer(next, priced, products, removed, added, Some(id))
                    .await?;
                Ok(Some(answer))
            }
            CartSave::Conflict => Ok(None),
        }
    }
}

/// A short random pause before retrying, growing with each attempt, so two processes that
/// collided do not collide again in lockstep.
async fn backoff(attempt: u32) {
    let ceiling_us = (500_u64 << attempt.min(6)).min(20_000);
    let jitter = RandomState::new().hash_one(attempt) % ceiling_us;
    tokio::time::sleep(Duration::from_micros(jitter)).await;
}
