//! The cart adapter: one row per session holding the domain `Cart` as JSON, written with a
//! compare-and-swap on `version` so concurrent writers never overwrite each other (ADR 0008).

mod group;
mod write;

use std::sync::{Arc, OnceLock};

use async_trait::async_trait;
use sqlx::Row;
use time::OffsetDateTime;
use vitrine_domain::cart::{Cart, SessionId};
use vitrine_domain::ports::{CartSave, CartStore, CartWrite, StoredCart};

use crate::db::{Backend, Database};
use crate::error::{StoreResult, corrupt, db_error};
use group::GroupWriter;

/// [`CartStore`] over SQLite or PostgreSQL. Cheap to clone. Session ids are bearer secrets:
/// they are bound as parameters and never logged or put in error messages.
#[derive(Debug, Clone)]
pub struct SqlCartStore {
    db: Database,
    /// SQLite only: saves go through one group-committing writer task (see `group`), started
    /// on first use. PostgreSQL takes row locks and writes each save by itself.
    group: Option<Arc<OnceLock<GroupWriter>>>,
}

impl SqlCartStore {
    pub fn new(db: Database) -> Self {
        let group = (db.backend() == Backend::Sqlite).then(|| Arc::new(OnceLock::new()));
        Self { db, group }
    }
}

fn now() -> i64 {
    OffsetDateTime::now_utc().unix_timestamp()
}

#[async_trait]
impl CartStore for SqlCartStore {
    fn create_session(&self) -> SessionId {
        // `rand::random` draws from the thread-local CSPRNG, seeded by the operating system.
        SessionId::from_bytes(rand::random())
    }

    async fn load_cart(&self, session: &SessionId) -> StoreResult<Option<StoredCart>> {
        let row = sqlx::query("SELECT version, doc FROM carts WHERE session_id = $1")
            .bind(session.as_str())
            .fetch_optional(self.db.pool())
            .await
            .map_err(db_error)?;
        row.map(|r| decode(&r)).transpose()
    }

    async fn begin_write(&self, session: &SessionId) -> StoreResult<Box<dyn CartWrite>> {
        Ok(match self.db.backend() {
            Backend::Postgres => Box::new(write::LockedWrite::begin(self, session).await?),
            Backend::Sqlite => Box::new(write::OptimisticWrite::begin(self, session).await?),
        })
    }

    async fn save_cart(
        &self,
        session: &SessionId,
        cart: &Cart,
        expected_version: i64,
    ) -> StoreResult<CartSave> {
        let doc = write::encode(cart)?;
        if let Some(group) = &self.group {
            let writer = group.get_or_init(|| GroupWriter::start(self.db.clone()));
            let won = writer
                .save(session.as_str().to_owned(), doc, expected_version)
                .await?;
            return Ok(outcome(won, expected_version));
        }
        let mut conn = self.db.pool().acquire().await.map_err(db_error)?;
        write_row(&mut conn, session, doc, expected_version).await
    }
}

/// Writes a cart's row if its version is still `expected_version` (0: no row yet), in one
/// statement each way so the write holds its row lock for as short as it can.
pub(super) async fn write_row(
    conn: &mut sqlx::AnyConnection,
    session: &SessionId,
    doc: String,
    expected_version: i64,
) -> StoreResult<CartSave> {
    let result = if expected_version == 0 {
        sqlx::query(
            "INSERT INTO carts (session_id, version, doc, created_at, updated_at) \
             VALUES ($1, 1, $2, $3, $3) ON CONFLICT (session_id) DO NOTHING",
        )
        .bind(session.as_str())
        .bind(doc)
        .bind(now())
        .execute(&mut *conn)
        .await
    } else {
        sqlx::query(
            "UPDATE carts SET version = version + 1, doc = $1, updated_at = $2 \
             WHERE session_id = $3 AND version = $4",
        )
        .bind(doc)
        .bind(now())
        .bind(session.as_str())
        .bind(expected_version)
        .execute(&mut *conn)
        .await
    };
    let written = result.map_err(db_error)?.rows_affected();
    Ok(outcome(written == 1, expected_version))
}

/// A `carts` row (`version`, `doc`) as a stored cart.
fn decode(row: &sqlx::any::AnyRow) -> StoreResult<StoredCart> {
    let version: i64 = row.try_get("version").map_err(db_error)?;
    let doc: String = row.try_get("doc").map_err(db_error)?;
    let cart = serde_json::from_str(&doc).map_err(|e| corrupt("stored cart", e))?;
    Ok(StoredCart { cart, version })
}

fn outcome(won: bool, expected_version: i64) -> CartSave {
    if won {
        CartSave::Saved {
            version: expected_version + 1,
        }
    } else {
        CartSave::Conflict
    }
}

/// Empties `session`'s cart inside the caller's transaction: a paid order's cart, emptied with
/// the payment, so a crash right after the payment never leaves it full. A new version, so a
/// writer that read the full cart loses its compare-and-swap and starts again from the empty one.
/// Empties a session's cart (`$1` the empty cart's document, `$2` now, `$3` the session).
pub(crate) const EMPTY_CART: &str = "UPDATE carts SET version = version + 1, doc = $1, \
    updated_at = $2 WHERE session_id = $3 AND doc <> $1";

/// The empty cart's document, as [`EMPTY_CART`] stores it.
pub(crate) fn empty_doc() -> StoreResult<String> {
    write::encode(&Cart::default())
}

pub(crate) async fn empty_in(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    session: &str,
    now: i64,
) -> StoreResult<()> {
    let doc = empty_doc()?;
    sqlx::query(EMPTY_CART)
        .bind(doc)
        .bind(now)
        .bind(session)
        .execute(&mut **tx)
        .await
        .map_err(db_error)?;
    Ok(())
}
