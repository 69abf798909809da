//! The tracking crate's own migrations, recorded in `_vitrine_tracking_migrations` so they can
//! never clash with the store's sqlx `_sqlx_migrations` table (ADR 0007).

use sqlx::{AnyPool, Connection};
use time::OffsetDateTime;

use super::db_error;
use crate::ports::StoreError;

const TABLE_DDL: &str = "CREATE TABLE IF NOT EXISTS _vitrine_tracking_migrations (\
    version BIGINT PRIMARY KEY NOT NULL, description TEXT NOT NULL, applied_at BIGINT NOT NULL)";
/// Advisory-lock key serialising migrations across PostgreSQL instances ("vtrk" in ASCII).
const PG_LOCK_KEY: i64 = 0x7674_726b;

struct Migration {
    version: i64,
    description: &'static str,
    sqlite: &'static str,
    postgres: &'static str,
}

const MIGRATIONS: [Migration; 1] = [Migration {
    version: 1,
    description: "tracking tables",
    sqlite: include_str!("../../migrations/sqlite/0001_tracking.sql"),
    postgres: include_str!("../../migrations/postgres/0001_tracking.sql"),
}];

/// Statements of a script: `--` comment lines dropped, split on `;`.
fn statements(script: &str) -> Vec<String> {
    let without_comments: String = script
        .lines()
        .filter(|l| !l.trim_start().starts_with("--"))
        .collect::<Vec<_>>()
        .join("\n");
    without_comments
        .split(';')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
        .collect()
}

/// Applies the pending tracking migrations, each in its own transaction. Safe to call from
/// several instances at once (PostgreSQL: advisory lock; SQLite: one writer at a time).
pub async fn migrate(pool: &AnyPool) -> Result<(), StoreError> {
    let mut conn = pool.acquire().await.map_err(db_error)?;
    let postgres = conn.backend_name().eq_ignore_ascii_case("postgresql");
    if postgres {
        sqlx::query("SELECT 1 AS locked FROM pg_advisory_lock($1)")
            .bind(PG_LOCK_KEY)
            .execute(&mut *conn)
            .await
            .map_err(db_error)?;
    }
    let result = apply_pending(&mut conn, postgres).await;
    if postgres {
        let unlocked = sqlx::query("SELECT pg_advisory_unlock($1) AS unlocked")
            .bind(PG_LOCK_KEY)
            .execute(&mut *conn)
            .await;
        if let Err(e) = unlocked {
            tracing::warn!(error = %e, "could not release the tracking migration lock");
        }
    }
    result
}

async fn apply_pending(conn: &mut sqlx::AnyConnection, postgres: bool) -> Result<(), StoreError> {
    sqlx::query(TABLE_DDL)
        .execute(&mut *conn)
        .await
        .map_err(db_error)?;
    for migration in &MIGRATIONS {
        let applied: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM _vitrine_tracking_migrations WHERE version = $1",
        )
        .bind(migration.version)
        .fetch_one(&mut *conn)
        .await
        .map_err(db_error)?;
        if applied > 0 {
            continue;
        }
        let script = if postgres {
            migration.postgres
        } else {
            migration.sqlite
        };
        let mut tx = conn.begin().await.map_err(db_error)?;
        for statement in statements(script) {
            sqlx::query(&statement)
                .execute(&mut *tx)
                .await
                .map_err(db_error)?;
        }
        sqlx::query("INSERT INTO _vitrine_tracking_migrations (version, description, applied_at) VALUES ($1, $2, $3)")
            .bind(migration.version)
            .bind(migration.description)
            .bind(OffsetDateTime::now_utc().unix_timestamp())
            .execute(&mut *tx)
            .await
            .map_err(db_error)?;
        tx.commit().await.map_err(db_error)?;
        tracing::info!(version = migration.version, "applied tracking migration");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scripts_split_into_statements_without_comments() {
        let s = statements("-- header\nCREATE TABLE a (x INT);\n\nCREATE INDEX i ON a (x);\n");
        assert_eq!(s, ["CREATE TABLE a (x INT)", "CREATE INDEX i ON a (x)"]);
    }

    #[test]
    fn both_backends_define_the_same_tables() {
        for m in &MIGRATIONS {
            let tables = |script: &str| {
                statements(script)
                    .iter()
                    .map(|s| s.lines().next().unwrap_or("").to_owned())
                    .collect::<Vec<_>>()
            };
            assert_eq!(tables(m.sqlite), tables(m.postgres));
        }
    }
}
