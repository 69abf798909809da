//! A SQLite write transaction run whole in one blocking call (ADR 0036).
//!
//! Through sqlx every statement, `BEGIN` and `COMMIT` is a round trip between a Tokio worker and
//! the connection's worker thread (a futex wake and a context switch each way), and SQLite's one
//! writer stays held while the task that owns it waits for a CPU between statements. Here the
//! hot write transactions of a paid order run on their own connection (rusqlite, the same
//! libsqlite3 as sqlx's), on a thread of its own, from `BEGIN IMMEDIATE` to `COMMIT`: one
//! hand-off there and one back. The SQL is the same text as the sqlx path's (`$1`… are SQLite
//! parameter names, bound by name here).
//!
//! The writer's sqlx connection is held for the whole call: every other write (through sqlx)
//! still queues behind it in order, and never meets this connection in SQLite's busy handler.

use std::path::{Path, PathBuf};
use std::sync::{Arc, mpsc};

use rusqlite::types::FromSql;
use rusqlite::{Connection, OpenFlags, Params, Row, TransactionBehavior};
use tokio::sync::oneshot;
use vitrine_domain::ports::StoreError;

use crate::error::{StoreResult, backend};

/// Statements whose prepared form each connection keeps (the paid order's path has ~15).
const STATEMENT_CACHE: usize = 64;

/// How a transaction run whole ends.
pub(crate) enum Finish<R> {
    Commit(R),
    Rollback(R),
}

/// A job for the writer's thread: it gets the connection and sends its result back itself.
type Job = Box<dyn FnOnce(&mut Connection) + Send>;

/// The thread that owns the connection running whole transactions (named `vitrine-whole`, so
/// `bench/server_cpu.py` shows its CPU apart). One job at a time: the writer's sqlx connection
/// is held by each job's caller, so the queue stays empty but for the job that runs.
pub(crate) struct WholeWriter {
    jobs: mpsc::Sender<Job>,
}

impl std::fmt::Debug for WholeWriter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("WholeWriter")
    }
}

impl WholeWriter {
    /// Opens `path` (already created by the sqlx pool) with the same pragmas as sqlx's
    /// connections, on the thread that keeps it until the last handle of the database is
    /// dropped.
    pub(super) async fn open(path: PathBuf, pragmas: Arc<[String]>) -> StoreResult<Arc<Self>> {
        let (jobs, queue) = mpsc::channel::<Job>();
        let (opened_tx, opened) = oneshot::channel();
        // A job drops the writer's sqlx connection it held, which hands it back to its pool
        // with a task on this runtime.
        let runtime = tokio::runtime::Handle::current();
        std::thread::Builder::new()
            .name("vitrine-whole".to_owned())
            .spawn(move || {
                let _runtime = runtime.enter();
                let mut conn = match connect(&path, &pragmas) {
                    Ok(conn) => {
                        let _ = opened_tx.send(Ok(()));
                        conn
                    }
                    Err(e) => {
                        let _ = opened_tx.send(Err(e));
                        return;
                    }
                };
                while let Ok(job) = queue.recv() {
                    job(&mut conn);
                }
            })
            .map_err(|e| backend(format!("cannot start the writer's thread: {e}")))?;
        opened.await.map_err(|_| gone())??;
        Ok(Arc::new(Self { jobs }))
    }

    /// Runs `work` inside `BEGIN IMMEDIATE` … `COMMIT` (or `ROLLBACK`, as it says or on an
    /// error) on the writer's thread; `held` is dropped there once the transaction ended.
    pub(super) async fn run<R, H>(
        &self,
        held: H,
        work: impl FnOnce(&WholeTx<'_>) -> StoreResult<Finish<R>> + Send + 'static,
    ) -> StoreResult<R>
    where
        R: Send + 'static,
        H: Send + 'static,
    {
        let (done_tx, done) = oneshot::channel();
        let job: Job = Box::new(move |conn| {
            let result = transaction(conn, work);
            drop(held);
            let _ = done_tx.send(result);
        });
        self.jobs.send(job).map_err(|_| gone())?;
        done.await.map_err(|_| gone())?
    }
}

fn connect(path: &Path, pragmas: &[String]) -> StoreResult<Connection> {
    let conn = Connection::open_with_flags(
        path,
        OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
    .map_err(sqlite_error)?;
    apply_pragmas(&conn, pragmas.iter().map(String::as_str))?;
    conn.set_prepared_statement_cache_capacity(STATEMENT_CACHE);
    Ok(conn)
}

fn transaction<R>(
    conn: &mut Connection,
    work: impl FnOnce(&WholeTx<'_>) -> StoreResult<Finish<R>>,
) -> StoreResult<R> {
    log_end("BEGIN IMMEDIATE");
    let tx = conn
        .transaction_with_behavior(TransactionBehavior::Immediate)
        .map_err(sqlite_error)?;
    let whole = WholeTx { tx };
    // An error drops the transaction, which rolls it back.
    match work(&whole)? {
        Finish::Commit(r) => {
            log_end("COMMIT");
            whole.tx.commit().map_err(sqlite_error)?;
            Ok(r)
        }
        Finish::Rollback(r) => {
            log_end("ROLLBACK");
            whole.tx.rollback().map_err(sqlite_error)?;
            Ok(r)
        }
    }
}

/// An open write transaction of [`WholeWriter`]. Each statement is logged at debug level
/// (target `vitrine_store::whole`, field `statement`), as sqlx logs its own; the
/// transaction's ends with field `transaction`.
pub(crate) struct WholeTx<'c> {
    tx: rusqlite::Transaction<'c>,
}

impl WholeTx<'_> {
    /// Runs a statement that returns no rows; how many rows it changed.
    pub(crate) fn execute(&self, sql: &str, params: impl Params) -> StoreResult<usize> {
        log(sql);
        self.tx
            .prepare_cached(sql)
            .and_then(|mut s| s.execute(params))
            .map_err(sqlite_error)
    }

    /// The first row's value of `map`, if a row came back (`RETURNING`, a read).
    pub(crate) fn row<T>(
        &self,
        sql: &str,
        params: impl Params,
        map: impl FnOnce(&Row<'_>) -> rusqlite::Result<T>,
    ) -> StoreResult<Option<T>> {
        log(sql);
        let mut statement = self.tx.prepare_cached(sql).map_err(sqlite_error)?;
        let mut rows = statement.query(params).map_err(sqlite_error)?;
        match rows.next().map_err(sqlite_error)? {
            Some(row) => map(row).map(Some).map_err(sqlite_error),
            None => Ok(None),
        }
    }

    /// The first column of the first row, if a row came back.
    pub(crate) fn value<T: FromSql>(
        &self,
        sql: &str,
        params: impl Params,
    ) -> StoreResult<Option<T>> {
        self.row(sql, params, |row| row.get(0))
    }
}

/// Runs `pragmas` on a rusqlite connection, as the pool's connections run them.
pub(super) fn apply_pragmas<'p>(
    conn: &Connection,
    pragmas: impl IntoIterator<Item = &'p str>,
) -> StoreResult<()> {
    for pragma in pragmas {
        // `journal_mode` answers with a row: step through whatever comes back.
        let mut statement = conn.prepare(pragma).map_err(sqlite_error)?;
        let mut rows = statement.query([]).map_err(sqlite_error)?;
        while rows.next().map_err(sqlite_error)?.is_some() {}
    }
    Ok(())
}

pub(super) fn log(sql: &str) {
    tracing::debug!(target: "vitrine_store::whole", statement = sql);
}

/// `BEGIN IMMEDIATE`, `COMMIT` or `ROLLBACK` (as sqlx, not counted as a statement).
pub(super) fn log_end(what: &'static str) {
    tracing::debug!(target: "vitrine_store::whole", transaction = what);
}

/// The same mapping as [`crate::error::db_error`]: constraint violations are the caller's
/// conflict, undecodable values corrupt data, the rest a backend failure.
pub(crate) fn sqlite_error(err: rusqlite::Error) -> StoreError {
    use rusqlite::ffi;
    match &err {
        rusqlite::Error::SqliteFailure(e, message) => {
            let message = message.clone().unwrap_or_else(|| e.to_string());
            match e.extended_code {
                ffi::SQLITE_CONSTRAINT_UNIQUE | ffi::SQLITE_CONSTRAINT_PRIMARYKEY => {
                    StoreError::Conflict(format!("already exists: {message}"))
                }
                ffi::SQLITE_CONSTRAINT_FOREIGNKEY => {
                    StoreError::Conflict(format!("refers to a missing record: {message}"))
                }
                _ => StoreError::Backend(Box::new(err)),
            }
        }
        rusqlite::Error::FromSqlConversionFailure(..)
        | rusqlite::Error::InvalidColumnType(..)
        | rusqlite::Error::IntegralValueOutOfRange(..) => StoreError::Corrupt(err.to_string()),
        _ => StoreError::Backend(Box::new(err)),
    }
}

/// The writer's thread is gone (it panicked).
fn gone() -> StoreError {
    backend("the writer's thread is gone")
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::Database;

    async fn file_database(dir: &tempfile::TempDir) -> Database {
        let url = format!("sqlite://{}", dir.path().join("shop.db").display());
        let db = Database::connect(&url).await.expect("open");
        sqlx::query("CREATE TABLE t (k TEXT PRIMARY KEY, v INTEGER NOT NULL)")
            .execute(db.writer())
            .await
            .expect("table");
        db
    }

    async fn rows(db: &Database) -> Vec<(String, i64)> {
        sqlx::query_as("SELECT k, v FROM t ORDER BY k")
            .fetch_all(db.pool())
            .await
            .expect("rows")
    }

    #[tokio::test]
    async fn a_whole_transaction_commits_or_rolls_back_all_of_it() {
        let dir = tempfile::tempdir().expect("temp dir");
        let db = file_database(&dir).await;
        assert!(db.writes_whole());
        db.write_whole(|tx| {
            tx.execute(
                "INSERT INTO t (k, v) VALUES ($1, $2)",
                rusqlite::named_params! { "$1": "a", "$2": 1 },
            )?;
            Ok(Finish::Commit(()))
        })
        .await
        .expect("committed");
        db.write_whole(|tx| {
            tx.execute(
                "INSERT INTO t (k, v) VALUES ($1, $2)",
                rusqlite::named_params! { "$1": "b", "$2": 2 },
            )?;
            Ok(Finish::Rollback(()))
        })
        .await
        .expect("rolled back");
        // A failing statement rolls back what came before it, and its conflict is the caller's.
        let err = db
            .write_whole(|tx| {
                tx.execute(
                    "INSERT INTO t (k, v) VALUES ($1, $2)",
                    rusqlite::named_params! { "$1": "c", "$2": 3 },
                )?;
                tx.execute(
                    "INSERT INTO t (k, v) VALUES ($1, $2)",
                    rusqlite::named_params! { "$1": "a", "$2": 4 },
                )?;
                Ok(Finish::Commit(()))
            })
            .await
            .expect_err("a duplicate key");
        assert!(matches!(err, StoreError::Conflict(_)), "{err:?}");
        assert_eq!(rows(&db).await, vec![("a".to_owned(), 1)]);
        // `$2` used twice and bound once, by name, as sqlx binds it by number.
        let v: Option<i64> = db
            .write_whole(|tx| {
                let v = tx.value(
                    "UPDATE t SET v = v + $2 WHERE k = $1 AND v < $2 RETURNING v",
                    rusqlite::named_params! { "$1": "a", "$2": 5 },
                )?;
                Ok(Finish::Commit(v))
            })
            .await
            .expect("updated");
        assert_eq!(v, Some(6));
    }

    #[tokio::test]
    async fn writes_through_sqlx_wait_for_a_whole_transaction_to_end() {
        let dir = tempfile::tempdir().expect("temp dir");
        let db = file_database(&dir).await;
        let (started_tx, started) = oneshot::channel();
        let writer = db.clone();
        let whole = async move {
            writer
                .write_whole(move |tx| {
                    tx.execute("INSERT INTO t (k, v) VALUES ('whole', 1)", [])?;
                    let _ = started_tx.send(());
                    std::thread::sleep(Duration::from_millis(300));
                    Ok(Finish::Commit(()))
                })
                .await
        };
        let whole = tokio::spawn(whole);
        started.await.expect("the whole transaction began");
        // Queued for the writer's connection, not failed in SQLite's busy handler.
        sqlx::query("INSERT INTO t (k, v) SELECT 'after', COUNT(*) FROM t")
            .execute(db.writer())
            .await
            .expect("written after it");
        whole.await.expect("joined").expect("committed");
        assert_eq!(
            rows(&db).await,
            vec![("after".to_owned(), 1), ("whole".to_owned(), 1)]
        );
    }

    #[tokio::test]
    async fn a_database_in_memory_keeps_sqlx() {
        let db = Database::connect("sqlite::memory:").await.expect("open");
        assert!(!db.writes_whole());
    }
}
