//! Reads run in place, on the calling thread, on a SQLite file (ADR 0041).
//!
//! Through sqlx a read is a hand-off to a pooled connection's worker thread and back, and the
//! task that asked waits for it: under load its Tokio worker runs other requests meanwhile, so
//! the read's request finishes only when those have had their turn (its server time holds
//! their CPU as well as its own). A read of a few rows of an embedded database costs less
//! than that hand-off. Here it runs at once on the caller's thread, on a connection of its
//! own (rusqlite, the same libsqlite3 as sqlx's), like the search index's reads of its
//! memory-mapped files: the request never yields to wait for it.
//!
//! Never a wait: a caller finds a free connection or gets `None` and takes the pool instead;
//! the connections have no busy timeout (a read that meets SQLite's lock — rare in WAL mode —
//! answers `None` as well), so a Tokio worker is never parked here. The connections are
//! `query_only`, and each read is one deferred transaction (its statements see one snapshot).

use std::path::Path;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use rusqlite::{CachedStatement, Connection, ErrorCode, OpenFlags};

use super::whole::{apply_pragmas, log, log_end, sqlite_error};
use crate::error::StoreResult;

/// Statements each connection keeps prepared (the reads run here are a handful).
const STATEMENT_CACHE: usize = 16;

/// At most this many connections, whatever the machine's threads (each has a page cache).
const MOST: usize = 8;

/// Connections for reads run in place, one per thread that may ask at once (a Tokio worker
/// per core).
pub(crate) struct InPlace {
    connections: Box<[Mutex<Connection>]>,
    next: AtomicUsize,
}

impl std::fmt::Debug for InPlace {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("InPlace")
            .field("connections", &self.connections.len())
            .finish()
    }
}

/// Why a read in place did not answer: the caller reads through the pool instead.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum NotHere {
    /// Every connection was in use by another thread.
    AllBusy,
    /// SQLite's lock was held (`SQLITE_BUSY` / `SQLITE_LOCKED`), and waiting is not done here.
    Locked,
}

impl InPlace {
    /// Opens `count` connections to `path` (created and migrated by the sqlx pool) with the
    /// pool's `pragmas`, then no busy timeout and `query_only`.
    pub(super) fn open(path: &Path, pragmas: &[String], count: usize) -> StoreResult<Self> {
        let connections = (0..count.min(MOST))
            .map(|_| connect(path, pragmas).map(Mutex::new))
            .collect::<StoreResult<Vec<_>>>()?;
        Ok(Self {
            connections: connections.into_boxed_slice(),
            next: AtomicUsize::new(0),
        })
    }

    /// One connection per core: the Tokio workers that may ask at once.
    pub(super) fn default_count() -> usize {
        std::thread::available_parallelism()
            .map_or(2, usize::from)
            .min(MOST)
    }

    /// Runs `work` in one read transaction on a free connection, on this thread.
    /// `Err(NotHere)` when none is free or SQLite's lock is held; `Ok(Err(_))` when the read
    /// itself failed.
    pub(crate) fn run<R>(
        &self,
        work: impl FnOnce(&Connection) -> StoreResult<R>,
    ) -> Result<StoreResult<R>, NotHere> {
        let n = self.connections.len();
        let start = self.next.fetch_add(1, Ordering::Relaxed);
        let conn = (0..n)
            .find_map(|i| self.connections[(start + i) % n].try_lock().ok())
            .ok_or(NotHere::AllBusy)?;
        snapshot(&conn, work)
    }
}

fn snapshot<R>(
    conn: &Connection,
    work: impl FnOnce(&Connection) -> StoreResult<R>,
) -> Result<StoreResult<R>, NotHere> {
    log_end("BEGIN DEFERRED");
    let tx = match conn.unchecked_transaction() {
        Ok(tx) => tx,
        Err(e) => return locked_or(e),
    };
    // The first statement takes the read lock: when that meets the lock held, the work's
    // error says so and the read goes to the pool. The transaction is dropped (rolled back)
    // on every way out but the commit.
    let answer = match work(&tx) {
        Ok(answer) => answer,
        Err(e) if is_locked(&e) => return Err(NotHere::Locked),
        Err(e) => return Ok(Err(e)),
    };
    log_end("COMMIT");
    match tx.commit() {
        Ok(()) => Ok(Ok(answer)),
        Err(e) if busy_code(&e) => Err(NotHere::Locked),
        Err(e) => Ok(Err(sqlite_error(e))),
    }
}

fn locked_or<R>(e: rusqlite::Error) -> Result<StoreResult<R>, NotHere> {
    if busy_code(&e) {
        Err(NotHere::Locked)
    } else {
        Ok(Err(sqlite_error(e)))
    }
}

fn busy_code(e: &rusqlite::Error) -> bool {
    matches!(
        e.sqlite_error_code(),
        Some(ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked)
    )
}

/// Whether a store error is a read that met SQLite's lock (see [`sqlite_error`]).
fn is_locked(e: &vitrine_domain::ports::StoreError) -> bool {
    match e {
        vitrine_domain::ports::StoreError::Backend(source) => source
            .downcast_ref::<rusqlite::Error>()
            .is_some_and(busy_code),
        _ => false,
    }
}

/// `sql` prepared (or taken from the connection's cache) for a read run in place, logged as
/// sqlx logs a statement it runs.
pub(crate) fn prepared<'c>(conn: &'c Connection, sql: &str) -> StoreResult<CachedStatement<'c>> {
    log(sql);
    conn.prepare_cached(sql).map_err(sqlite_error)
}

fn connect(path: &Path, pragmas: &[String]) -> StoreResult<Connection> {
    let conn = Connection::open_with_flags(
        path,
        OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
    .map_err(sqlite_error)?;
    // After the pool's pragmas: never wait for the lock (a Tokio worker must not sleep in
    // SQLite's busy handler), and never write.
    apply_pragmas(
        &conn,
        pragmas
            .iter()
            .map(String::as_str)
            .chain(["PRAGMA busy_timeout = 0", "PRAGMA query_only = ON"]),
    )?;
    conn.set_prepared_statement_cache_capacity(STATEMENT_CACHE);
    Ok(conn)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Database;

    async fn shop() -> (tempfile::TempDir, Database) {
        let dir = tempfile::tempdir().expect("temp dir");
        let url = format!("sqlite://{}", dir.path().join("shop.db").display());
        let db = Database::connect(&url).await.expect("open");
        sqlx::query("CREATE TABLE t (k TEXT PRIMARY KEY, v INTEGER NOT NULL)")
            .execute(db.writer())
            .await
            .expect("table");
        sqlx::query("INSERT INTO t (k, v) VALUES ('a', 1), ('b', 2)")
            .execute(db.writer())
            .await
            .expect("rows");
        (dir, db)
    }

    fn sum(conn: &Connection) -> StoreResult<i64> {
        conn.query_row("SELECT SUM(v) FROM t", [], |row| row.get(0))
            .map_err(sqlite_error)
    }

    #[tokio::test]
    async fn a_read_in_place_sees_committed_rows_and_cannot_write() {
        let (_dir, db) = shop().await;
        let here = db.in_place().expect("a file reads in place");
        assert_eq!(here.run(sum).map(Result::ok), Ok(Some(3)));
        let written = here.run(|conn| {
            conn.execute("INSERT INTO t (k, v) VALUES ('c', 3)", [])
                .map_err(sqlite_error)
        });
        assert!(
            matches!(written, Ok(Err(_))),
            "a connection read in place is query_only"
        );
        // A write through the pool is seen by the next read.
        sqlx::query("UPDATE t SET v = 10 WHERE k = 'a'")
            .execute(db.writer())
            .await
            .expect("update");
        assert_eq!(here.run(sum).map(Result::ok), Ok(Some(12)));
    }

    #[tokio::test]
    async fn every_connection_in_use_sends_the_read_to_the_pool() {
        let (_dir, db) = shop().await;
        let here = db.in_place().expect("a file reads in place");
        let held: Vec<_> = here
            .connections
            .iter()
            .map(|c| c.lock().expect("lock"))
            .collect();
        assert_eq!(here.run(sum).map(Result::ok), Err(NotHere::AllBusy));
        drop(held);
        assert_eq!(here.run(sum).map(Result::ok), Ok(Some(3)));
    }

    #[test]
    fn a_held_lock_is_not_waited_for() {
        // A rollback-journal file, where a writer's exclusive lock keeps readers out (in WAL
        // mode, the shop's, that happens only during recovery): a read here answers at once
        // instead of sleeping in the busy handler, and reads again once the lock is gone.
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("journal.db");
        let other = Connection::open(&path).expect("other");
        other
            .execute_batch("CREATE TABLE t (k TEXT, v INTEGER); INSERT INTO t VALUES ('a', 3);")
            .expect("table");
        let pragmas = ["PRAGMA busy_timeout = 5000".to_owned()];
        let here = InPlace::open(&path, &pragmas, 1).expect("open");
        other.execute_batch("BEGIN EXCLUSIVE;").expect("exclusive");
        let started = std::time::Instant::now();
        assert_eq!(here.run(sum).map(Result::ok), Err(NotHere::Locked));
        assert!(started.elapsed() < std::time::Duration::from_secs(1));
        other.execute_batch("ROLLBACK;").expect("rollback");
        assert_eq!(here.run(sum).map(Result::ok), Ok(Some(3)));
    }

    #[tokio::test]
    async fn memory_databases_do_not_read_in_place() {
        let db = Database::connect("sqlite::memory:").await.expect("open");
        assert!(db.in_place().is_none());
    }
}
