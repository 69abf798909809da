//! Hot catalogue reads on a SQLite file, each run whole on a reader thread (ADR 0038).
//!
//! Through sqlx a read of products by id is two statements, each a hand-off to a pooled
//! connection's worker thread and back (a futex wake and a context switch each way), every row
//! a message of its own, and every document copied into an `AnyValue` before it is decoded.
//! Under load those hand-offs queue behind every other request's statements. Here a read job
//! (statements, stock and the decode) runs in one call on a thread that owns its connection
//! (rusqlite, the same libsqlite3 as sqlx's): one hand-off there and one back, the documents
//! decoded from SQLite's own buffer. The connections are `query_only`: nothing written here.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, mpsc};

use rusqlite::{CachedStatement, Connection, OpenFlags};
use tokio::sync::oneshot;

use super::whole::{log, log_end, sqlite_error};
use crate::error::{StoreResult, backend};

/// Reader threads, each with its connection: reads are CPU work on a 2-core machine, and each
/// connection keeps its own page cache (the server's memory at 100,000 products, issue 16).
pub(crate) const READERS: usize = 2;

/// Statements each connection keeps prepared (the catalogue's reads are a handful).
const STATEMENT_CACHE: usize = 32;

type Job = Box<dyn FnOnce(&Connection) + Send>;

/// The reader threads (named `vitrine-read`, so `bench/server_cpu.py` shows their CPU apart)
/// and their one queue: a job goes to whichever thread is free.
pub(crate) struct Readers {
    jobs: mpsc::Sender<Job>,
}

impl std::fmt::Debug for Readers {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Readers")
    }
}

impl Readers {
    /// Opens `threads` connections to `path` (already created and migrated by the sqlx pool)
    /// with the same pragmas as sqlx's, each on the thread that keeps it until the last handle
    /// of the database is dropped.
    pub(super) async fn open(
        path: PathBuf,
        pragmas: Arc<[String]>,
        threads: usize,
    ) -> StoreResult<Arc<Self>> {
        let (jobs, queue) = mpsc::channel::<Job>();
        let queue = Arc::new(Mutex::new(queue));
        for n in 0..threads.max(1) {
            let (opened_tx, opened) = oneshot::channel();
            let queue = Arc::clone(&queue);
            let path = path.clone();
            let pragmas = Arc::clone(&pragmas);
            std::thread::Builder::new()
                .name(format!("vitrine-read-{n}"))
                .spawn(move || {
                    let conn = match connect(&path, &pragmas) {
                        Ok(conn) => {
                            let _ = opened_tx.send(Ok(()));
                            conn
                        }
                        Err(e) => {
                            let _ = opened_tx.send(Err(e));
                            return;
                        }
                    };
                    loop {
                        // The lock is held only while waiting for the next job.
                        let job = match queue.lock() {
                            Ok(queue) => queue.recv(),
                            Err(_) => return,
                        };
                        match job {
                            Ok(job) => job(&conn),
                            Err(_) => return,
                        }
                    }
                })
                .map_err(|e| backend(format!("cannot start a reader thread: {e}")))?;
            opened.await.map_err(|_| gone())??;
        }
        Ok(Arc::new(Self { jobs }))
    }

    /// Runs `work` on a free reader's connection, in one read transaction (its statements see
    /// one snapshot: a product's document and its stock agree), and answers what it returned.
    pub(crate) async fn run<R>(
        &self,
        work: impl FnOnce(&Connection) -> StoreResult<R> + Send + 'static,
    ) -> StoreResult<R>
    where
        R: Send + 'static,
    {
        let (done_tx, done) = oneshot::channel();
        let job: Job = Box::new(move |conn| {
            let _ = done_tx.send(snapshot(conn, work));
        });
        self.jobs.send(job).map_err(|_| gone())?;
        done.await.map_err(|_| gone())?
    }
}

fn snapshot<R>(
    conn: &Connection,
    work: impl FnOnce(&Connection) -> StoreResult<R>,
) -> StoreResult<R> {
    // Deferred: the read lock is taken by the first statement and let go at the end (the
    // transaction is dropped, so rolled back, when `work` fails). Logged as the transactions
    // run whole are (target `vitrine_store::whole`): one hand-off, its statements counted.
    log_end("BEGIN DEFERRED");
    let tx = conn.unchecked_transaction().map_err(sqlite_error)?;
    let answer = work(&tx)?;
    log_end("COMMIT");
    tx.commit().map_err(sqlite_error)?;
    Ok(answer)
}

/// `sql` prepared (or taken from the connection's cache) for a reader's job, logged as sqlx
/// logs a statement it runs.
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
    for pragma in pragmas
        .iter()
        .map(String::as_str)
        .chain(["PRAGMA query_only = ON"])
    {
        // `journal_mode` answers with a row: step through whatever comes back.
        let mut statement = conn.prepare(pragma).map_err(sqlite_error)?;
        let mut rows = statement.query([]).map_err(sqlite_error)?;
        while rows.next().map_err(sqlite_error)?.is_some() {}
    }
    conn.set_prepared_statement_cache_capacity(STATEMENT_CACHE);
    Ok(conn)
}

/// A reader thread is gone (it panicked).
fn gone() -> vitrine_domain::ports::StoreError {
    backend("the reader threads are gone")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Database;

    #[tokio::test]
    async fn readers_see_committed_rows_and_cannot_write() {
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
        let readers = db.readers().expect("a file has readers");
        let sum: i64 = readers
            .run(|conn| {
                conn.query_row("SELECT SUM(v) FROM t", [], |row| row.get(0))
                    .map_err(sqlite_error)
            })
            .await
            .expect("read");
        assert_eq!(sum, 3);
        let written = readers
            .run(|conn| {
                conn.execute("INSERT INTO t (k, v) VALUES ('c', 3)", [])
                    .map_err(sqlite_error)
            })
            .await;
        assert!(written.is_err(), "a reader's connection is query_only");

        // Many jobs at once all come back, across the threads.
        let mut jobs = tokio::task::JoinSet::new();
        for i in 0..50_i64 {
            let readers = Arc::clone(&readers);
            jobs.spawn(async move {
                readers
                    .run(move |conn| {
                        conn.query_row("SELECT v + ?1 FROM t WHERE k = 'a'", [i], |row| {
                            row.get::<_, i64>(0)
                        })
                        .map_err(sqlite_error)
                    })
                    .await
            });
        }
        let mut answers: Vec<i64> = jobs
            .join_all()
            .await
            .into_iter()
            .map(|a| a.expect("answered"))
            .collect();
        answers.sort_unstable();
        assert_eq!(answers, (1..=50).collect::<Vec<i64>>());
    }

    #[tokio::test]
    async fn memory_and_postgres_databases_have_no_readers() {
        let db = Database::connect("sqlite::memory:").await.expect("open");
        assert!(db.readers().is_none());
    }
}
