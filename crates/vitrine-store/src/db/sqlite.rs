//! SQLite specifics: the file URL (created if missing) and the pragmas every connection gets.

use std::path::Path;
use std::sync::Arc;

use sqlx::Executor;
use sqlx::any::AnyPoolOptions;

use crate::error::{StoreResult, backend};

/// WAL lets readers run beside the one writer; NORMAL sync is durable in WAL mode except for
/// the last transactions on power loss; foreign keys are off by default in SQLite.
const PRAGMAS: [&str; 5] = [
    "PRAGMA journal_mode = WAL",
    "PRAGMA foreign_keys = ON",
    "PRAGMA busy_timeout = 5000",
    "PRAGMA synchronous = NORMAL",
    "PRAGMA temp_store = MEMORY",
];

/// How much memory each SQLite connection may use for reading (ADR 0021).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SqliteTuning {
    /// `PRAGMA mmap_size`: bytes of the file each connection maps (0: none, reads copy pages
    /// with `pread`). Each of the pool's connections maps the file on its own, and the
    /// process's RSS counts a page once per mapping that touched it.
    pub mmap_bytes: u64,
    /// `PRAGMA cache_size`: each connection's page cache in KiB (SQLite's default is 2 MiB).
    /// 4 MiB by default: with the memory map off, a page not in this cache is a `pread` from
    /// the kernel's page cache, and the 9 connections each keep their own copy, so 16 MiB each
    /// was 144 MB of the process's memory at 100,000 products (ADR 0021 addendum).
    pub cache_kib: u64,
    /// Connections for the browsing reads run in place on the caller's thread (ADR 0041): one
    /// per core by default (a Tokio worker each), each with its page cache; 0 sends those
    /// reads to the pool.
    pub in_place_connections: usize,
}

impl Default for SqliteTuning {
    fn default() -> Self {
        Self {
            mmap_bytes: 0,
            cache_kib: 4 * 1024,
            in_place_connections: super::InPlace::default_count(),
        }
    }
}

impl SqliteTuning {
    pub(super) fn pragmas(self) -> Arc<[String]> {
        PRAGMAS
            .iter()
            .map(|p| (*p).to_owned())
            .chain([
                format!("PRAGMA mmap_size = {}", self.mmap_bytes),
                format!("PRAGMA cache_size = -{}", self.cache_kib),
            ])
            .collect()
    }
}

/// One writer at a time anyway; a few connections keep reads flowing during a write.
const FILE_POOL_SIZE: u32 = 8;

/// The URL sqlx should open, and pool options with the pragmas installed.
pub(super) fn prepare(url: &str, tuning: SqliteTuning) -> StoreResult<(String, AnyPoolOptions)> {
    let (path, params) = split(url);
    let in_memory = path.is_empty() || path == ":memory:" || params.contains("mode=memory");

    let pragmas = tuning.pragmas();
    let options = AnyPoolOptions::new().after_connect(move |conn, _meta| {
        let pragmas = Arc::clone(&pragmas);
        Box::pin(async move {
            for pragma in pragmas.iter() {
                conn.execute(pragma.as_str()).await?;
            }
            Ok(())
        })
    });

    if in_memory {
        // Every connection would open its own empty in-memory database, so keep exactly one
        // and never let it go.
        let options = options
            .max_connections(1)
            .min_connections(1)
            .idle_timeout(None)
            .max_lifetime(None);
        return Ok((url.to_owned(), options));
    }

    create_parent_dir(path)?;
    let url = if params.split('&').any(|p| p.starts_with("mode=")) {
        url.to_owned()
    } else if params.is_empty() {
        format!("sqlite://{path}?mode=rwc")
    } else {
        format!("sqlite://{path}?{params}&mode=rwc")
    };
    // A local file connection does not go stale the way a network one does, and pinging it
    // before every checkout costs a round trip to its worker thread per query.
    Ok((
        url,
        options
            .max_connections(FILE_POOL_SIZE)
            .test_before_acquire(false),
    ))
}

/// The writer's pool for a SQLite file (`url` as [`prepare`] made it): one connection with the
/// same pragmas, kept open. `None` for PostgreSQL and in-memory SQLite (the one pool writes).
pub(super) fn writer_options(
    backend: super::Backend,
    url: &str,
    tuning: SqliteTuning,
) -> Option<AnyPoolOptions> {
    if backend != super::Backend::Sqlite {
        return None;
    }
    let (_, options) = prepare(url, tuning).ok()?;
    (options.get_max_connections() == FILE_POOL_SIZE).then(|| {
        options
            .max_connections(1)
            .min_connections(1)
            .idle_timeout(None)
            .max_lifetime(None)
    })
}

/// Opens a SQLite file once on its own, before its pools, and folds its write-ahead log into
/// the database (`wal_checkpoint(TRUNCATE)`). The first connection to a file replays the log
/// a process left (a crash, or an import that never checkpointed): gigabytes take minutes,
/// and inside a pool that replay ran under its 10-second acquire timeout and the shop did not
/// start ("pool timed out while waiting for an open connection"). Best effort: a checkpoint
/// another process's readers hold up (SQLITE_BUSY) leaves the log for SQLite to fold later.
pub(super) async fn fold_log(url: &str) -> StoreResult<()> {
    use sqlx::Connection;
    let path = file_path(url);
    let log = std::fs::metadata(format!("{}-wal", path.display())).map_or(0, |m| m.len());
    if log == 0 {
        return Ok(());
    }
    let started = std::time::Instant::now();
    let mut conn = sqlx::AnyConnection::connect(url)
        .await
        .map_err(crate::error::db_error)?;
    checkpoint(&mut conn).await;
    let _ = conn.close().await;
    tracing::info!(
        log_bytes = log,
        elapsed_ms = started.elapsed().as_millis() as u64,
        "database write-ahead log folded in"
    );
    Ok(())
}

/// `PRAGMA wal_checkpoint(TRUNCATE)` on `conn`, logged, never failing: the log is then empty
/// and the next open need not replay it.
pub(super) async fn checkpoint(conn: &mut sqlx::AnyConnection) {
    let done: Result<(i64, i64, i64), sqlx::Error> =
        sqlx::query_as("PRAGMA wal_checkpoint(TRUNCATE)")
            .fetch_one(&mut *conn)
            .await;
    match done {
        Ok((0, _, _)) => {}
        Ok((_, log, folded)) => {
            tracing::debug!(log, folded, "write-ahead log still in use: not truncated")
        }
        Err(err) => tracing::warn!(%err, "write-ahead log checkpoint failed"),
    }
}

/// The file of a SQLite URL as [`prepare`] made it (`sqlite://path?params`).
pub(super) fn file_path(url: &str) -> std::path::PathBuf {
    std::path::PathBuf::from(split(url).0)
}

/// A SQLite URL's path and its parameters.
fn split(url: &str) -> (&str, &str) {
    let rest = url
        .strip_prefix("sqlite://")
        .or_else(|| url.strip_prefix("sqlite:"))
        .unwrap_or(url);
    rest.split_once('?').unwrap_or((rest, ""))
}

fn create_parent_dir(path: &str) -> StoreResult<()> {
    match Path::new(path).parent() {
        Some(dir) if !dir.as_os_str().is_empty() => std::fs::create_dir_all(dir)
            .map_err(|e| backend(format!("cannot create {}: {e}", dir.display()))),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_url_gets_create_mode_and_its_folder() {
        let dir = tempfile::tempdir().expect("temp dir");
        let file = dir.path().join("nested/shop.db");
        let (url, _) = prepare(
            &format!("sqlite://{}", file.display()),
            SqliteTuning::default(),
        )
        .expect("prepared");
        assert_eq!(url, format!("sqlite://{}?mode=rwc", file.display()));
        assert!(file.parent().is_some_and(Path::is_dir));
    }

    /// The size of `file`'s write-ahead log (0 when there is none).
    fn log_size(file: &Path) -> u64 {
        std::fs::metadata(format!("{}-wal", file.display())).map_or(0, |m| m.len())
    }

    #[tokio::test]
    async fn closing_folds_the_log_and_opening_folds_one_left_behind() {
        let dir = tempfile::tempdir().expect("temp dir");
        let file = dir.path().join("shop.db");
        let url = format!("sqlite://{}", file.display());
        let db = crate::Database::connect(&url).await.expect("open");
        db.migrate().await.expect("migrate");
        assert!(log_size(&file) > 0, "migrating wrote to the log");
        // A process that stops without closing (a crash) leaves its log: a copy of the
        // files now is that state.
        let crashed = dir.path().join("crashed.db");
        std::fs::copy(&file, &crashed).expect("copy the database");
        std::fs::copy(
            format!("{}-wal", file.display()),
            format!("{}-wal", crashed.display()),
        )
        .expect("copy the log");
        db.close().await;
        assert_eq!(log_size(&file), 0, "closing folded the log in");

        let reopened = crate::Database::connect(&format!("sqlite://{}", crashed.display()))
            .await
            .expect("open over a log left behind");
        assert_eq!(log_size(&crashed), 0, "opening folded it in first");
        let tables: i64 =
            sqlx::query_scalar("SELECT COUNT(*) FROM sqlite_master WHERE name = 'products'")
                .fetch_one(reopened.pool())
                .await
                .expect("count");
        assert_eq!(tables, 1, "what the log held is in the database");
        reopened.close().await;
    }

    #[test]
    fn an_explicit_mode_is_kept() {
        let (url, _) =
            prepare("sqlite:shop.db?mode=ro", SqliteTuning::default()).expect("prepared");
        assert_eq!(url, "sqlite:shop.db?mode=ro");
    }

    #[tokio::test]
    async fn every_connection_maps_and_caches_as_tuned() {
        let dir = tempfile::tempdir().expect("temp dir");
        let url = format!("sqlite://{}", dir.path().join("shop.db").display());
        let pragma = |db: &crate::Database, name: &'static str| {
            let pool = db.pool.clone();
            async move {
                sqlx::query_scalar::<_, i64>(name)
                    .fetch_one(&pool)
                    .await
                    .expect(name)
            }
        };
        let db = crate::Database::connect(&url).await.expect("default");
        assert_eq!(
            pragma(&db, "PRAGMA mmap_size").await,
            0,
            "no map by default"
        );
        assert_eq!(pragma(&db, "PRAGMA cache_size").await, -4 * 1024);
        db.close().await;
        assert!(db.in_place().is_some(), "reads in place by default");
        db.close().await;
        let tuning = SqliteTuning {
            mmap_bytes: 4 << 20,
            cache_kib: 2048,
            in_place_connections: 0,
        };
        let db = crate::Database::connect_with(&url, tuning)
            .await
            .expect("tuned");
        assert_eq!(pragma(&db, "PRAGMA mmap_size").await, 4 << 20);
        assert_eq!(pragma(&db, "PRAGMA cache_size").await, -2048);
        assert!(
            db.in_place().is_none(),
            "0 connections: reads go to the pool"
        );
        db.close().await;
    }

    #[test]
    fn memory_urls_are_left_alone() {
        let (url, options) = prepare("sqlite::memory:", SqliteTuning::default()).expect("prepared");
        assert_eq!(url, "sqlite::memory:");
        assert_eq!(options.get_max_connections(), 1);
    }
}
