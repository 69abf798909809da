//! Test-only database helpers (feature `fixtures`; never in a release). Test products come
//! from `vitrine_domain::catalogue::fixtures`.

use vitrine_domain::catalogue::ProductId;

use crate::db::Database;
use crate::error::{StoreResult, db_error};

/// Replaces a stored product's JSON document verbatim, to test how bad data is reported.
pub async fn overwrite_document(db: &Database, id: ProductId, raw: &str) -> StoreResult<()> {
    sqlx::query("UPDATE products SET document = $1 WHERE id = $2")
        .bind(raw)
        .bind(id.0)
        .execute(db.writer())
        .await
        .map_err(db_error)?;
    Ok(())
}

/// Sets `updated_at` to 0 so a test can tell whether anything rewrote the row since.
pub async fn backdate(db: &Database, id: ProductId) -> StoreResult<()> {
    sqlx::query("UPDATE products SET updated_at = 0 WHERE id = $1")
        .bind(id.0)
        .execute(db.writer())
        .await
        .map_err(db_error)?;
    Ok(())
}

/// The `updated_at` column (unix seconds), to prove an unchanged upsert wrote nothing.
pub async fn updated_at(db: &Database, id: ProductId) -> StoreResult<Option<i64>> {
    sqlx::query_scalar("SELECT updated_at FROM products WHERE id = $1")
        .bind(id.0)
        .fetch_optional(db.pool())
        .await
        .map_err(db_error)
}

/// Undoes migration `version` as far as the tests need: runs each `undo` statement (dropping
/// what it made) and forgets that it ran, so the next `migrate` applies it again over the data
/// stored since (a backfill's test).
pub async fn forget_migration(db: &Database, version: i64, undo: &[&str]) -> StoreResult<()> {
    for statement in undo {
        sqlx::query(statement)
            .execute(db.writer())
            .await
            .map_err(db_error)?;
    }
    sqlx::query("DELETE FROM _sqlx_migrations WHERE version = $1")
        .bind(version)
        .execute(db.writer())
        .await
        .map_err(db_error)?;
    Ok(())
}
