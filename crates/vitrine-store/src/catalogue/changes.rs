//! The catalogue's change counter (migration 0010): what each instance's search index polls.

use sqlx::{AnyConnection, AnyPool};
use vitrine_domain::catalogue::{Product, ProductId};
use vitrine_domain::money::Currency;

use super::document::decode_row;
use crate::error::{StoreResult, db_error};

const COUNTER: &str = "catalogue_changes";
/// Takes the next change number ([`next`]).
const NEXT: &str = "UPDATE id_counters SET last_id = last_id + 1 WHERE name = $1 RETURNING last_id";

/// Takes the next change number inside the writer's transaction. The row stays locked until
/// that transaction ends (PostgreSQL; SQLite has one writer), so numbers commit in order.
/// Writes that change what catalogue pages show without changing a product document (stock
/// taken or given back by orders, content blocks) take one too: each instance's read cache
/// keys rendered pages by this number (issue 16).
pub(crate) async fn next(conn: &mut AnyConnection) -> StoreResult<i64> {
    sqlx::query_scalar(NEXT)
        .bind(COUNTER)
        .fetch_one(conn)
        .await
        .map_err(db_error)
}

/// [`next`] inside a write transaction run whole (ADR 0036).
pub(crate) fn next_whole(tx: &crate::db::WholeTx<'_>) -> StoreResult<i64> {
    tx.value(NEXT, [COUNTER])?
        .ok_or_else(|| crate::error::backend("the catalogue's change counter is missing"))
}

/// The last change number committed: one primary-key read, cheap enough to poll every second.
pub(super) async fn version(pool: &AnyPool) -> StoreResult<i64> {
    sqlx::query_scalar("SELECT last_id FROM id_counters WHERE name = $1")
        .bind(COUNTER)
        .fetch_one(pool)
        .await
        .map_err(db_error)
}

/// Products (any status) written after change `since`, in id order after `after`, at most
/// `limit`: a page of what an index must catch up on. `since` below 1 pages through them all.
pub(super) async fn since(
    pool: &AnyPool,
    base: Currency,
    since: i64,
    after: ProductId,
    limit: u32,
) -> StoreResult<Vec<Product>> {
    let rows = sqlx::query(
        "SELECT id, document FROM products WHERE change_seq > $1 AND id > $2 \
         ORDER BY id LIMIT $3",
    )
    .bind(since)
    .bind(after.0)
    .bind(i64::from(limit))
    .fetch_all(pool)
    .await
    .map_err(db_error)?;
    rows.iter().map(|row| decode_row(row, base)).collect()
}
