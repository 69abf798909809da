//! Cart writes (ADR 0008). PostgreSQL: the read takes the row's lock (`SELECT … FOR UPDATE`
//! in a transaction), so writers of one cart queue in the database whichever instance they run
//! in, and the save cannot conflict. SQLite (one machine, usually one process): the read is
//! plain and the save a compare-and-swap through the group writer; the in-process turn in the
//! application keeps conflicts to other processes.

use async_trait::async_trait;
use sqlx::{Any, Transaction};
use vitrine_domain::cart::{Cart, SessionId};
use vitrine_domain::ports::{CartSave, CartStore, CartWrite, StoredCart};

use super::{SqlCartStore, decode, write_row};
use crate::error::{StoreResult, backend, db_error};

/// A PostgreSQL cart write holding the row lock until saved or dropped.
pub(super) struct LockedWrite {
    tx: Transaction<'static, Any>,
    session: SessionId,
    stored: Option<StoredCart>,
}

impl LockedWrite {
    pub(super) async fn begin(store: &SqlCartStore, session: &SessionId) -> StoreResult<Self> {
        store.db.count_write();
        let mut tx = store.db.pool().begin().await.map_err(db_error)?;
        let row = sqlx::query("SELECT version, doc FROM carts WHERE session_id = $1 FOR UPDATE")
            .bind(session.as_str())
            .fetch_optional(&mut *tx)
            .await
            .map_err(db_error)?;
        let stored = row.map(|r| decode(&r)).transpose()?;
        Ok(Self {
            tx,
            session: session.clone(),
            stored,
        })
    }
}

#[async_trait]
impl CartWrite for LockedWrite {
    fn stored(&self) -> Option<&StoredCart> {
        self.stored.as_ref()
    }

    async fn save(mut self: Box<Self>, cart: &Cart) -> StoreResult<CartSave> {
        let doc = encode(cart)?;
        let expected = self.stored.as_ref().map_or(0, |s| s.version);
        // A session nobody had stored yet is new and random: no other writer knows it, but
        // the insert's `DO NOTHING` keeps a collision from overwriting someone else's cart.
        let saved = write_row(&mut self.tx, &self.session, doc, expected).await?;
        self.tx.commit().await.map_err(db_error)?;
        Ok(saved)
    }
}

/// A SQLite cart write: read now, compare-and-swap on save.
pub(super) struct OptimisticWrite {
    store: SqlCartStore,
    session: SessionId,
    stored: Option<StoredCart>,
}

impl OptimisticWrite {
    pub(super) async fn begin(store: &SqlCartStore, session: &SessionId) -> StoreResult<Self> {
        Ok(Self {
            stored: store.load_cart(session).await?,
            store: store.clone(),
            session: session.clone(),
        })
    }
}

#[async_trait]
impl CartWrite for OptimisticWrite {
    fn stored(&self) -> Option<&StoredCart> {
        self.stored.as_ref()
    }

    async fn save(self: Box<Self>, cart: &Cart) -> StoreResult<CartSave> {
        let expected = self.stored.as_ref().map_or(0, |s| s.version);
        self.store.save_cart(&self.session, cart, expected).await
    }
}

pub(super) fn encode(cart: &Cart) -> StoreResult<String> {
    serde_json::to_string(cart).map_err(|e| backend(format!("cannot encode a cart: {e}")))
}
