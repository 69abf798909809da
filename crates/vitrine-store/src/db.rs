//! The database handle: one sqlx `Any` pool over SQLite or PostgreSQL, chosen by URL scheme.

mod in_place;
mod sqlite;
mod whole;

pub(crate) use in_place::{InPlace, prepared};
pub use sqlite::SqliteTuning;
pub(crate) use whole::{Finish, WholeTx, sqlite_error};

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use sqlx::AnyPool;
use sqlx::any::AnyPoolOptions;
use sqlx::migrate::Migrator;

use crate::error::{StoreResult, backend, db_error};

pub(crate) static SQLITE_MIGRATIONS: Migrator = sqlx::migrate!("./migrations/sqlite");
pub(crate) static POSTGRES_MIGRATIONS: Migrator = sqlx::migrate!("./migrations/postgres");

/// PostgreSQL serves concurrent readers and writers; this bounds what one shop process holds.
const POSTGRES_POOL_SIZE: u32 = 10;

/// Which database a URL points at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

impl Backend {
    /// `sqlite:…` or `postgres://…` / `postgresql://…`.
    pub fn from_url(url: &str) -> StoreResult<Self> {
        let scheme = url.split_once(':').map(|(s, _)| s).unwrap_or_default();
        match scheme {
            "sqlite" => Ok(Self::Sqlite),
            "postgres" | "postgresql" => Ok(Self::Postgres),
            _ => Err(backend(format!(
                "unsupported database URL scheme {scheme:?} (use sqlite:// or postgres://)"
            ))),
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Sqlite => "sqlite",
            Self::Postgres => "postgres",
        }
    }
}

impl fmt::Display for Backend {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A connection pool plus the backend it talks to. Cheap to clone (the pool is shared).
///
/// Writes go through [`Database::writer`]: on a SQLite file that is a pool of its own with one
/// connection, so the shop's writers queue for it in order instead of all holding connections
/// that wait for SQLite's one write lock in its busy handler (sleeps of up to 100 ms between
/// tries: the checkout's p99 under load). Reads keep the other pool, beside the writer (WAL).
/// On PostgreSQL (row locks) and in-memory SQLite (one connection) it is the same pool.
#[derive(Clone)]
pub struct Database {
    pool: AnyPool,
    writer: AnyPool,
    backend: Backend,
    /// Write transactions begun through this handle and its clones ([`Self::writes_begun`]).
    writes: Arc<AtomicU64>,
    /// How long [`Self::begin_write`] waited for the writer ([`Self::writer_waits`]).
    waits: Arc<WriterWaits>,
    /// On a SQLite file: the connection that runs a write transaction whole
    /// ([`Self::write_whole`], ADR 0036).
    whole: Option<Arc<whole::WholeWriter>>,
    /// On a SQLite file: the connections for reads run in place ([`Self::in_place`],
    /// ADR 0041).
    in_place: Option<Arc<InPlace>>,
}

/// Time spent in [`Database::begin_write`] until the transaction was open: the wait for the
/// writer's connection (SQLite: the one writer; PostgreSQL: a pooled connection) plus its
/// `BEGIN`. Says whether requests under load queue for the writer or for the CPU (ADR 0028).
#[derive(Debug, Default)]
struct WriterWaits {
    count: AtomicU64,
    total_us: AtomicU64,
    longest_us: AtomicU64,
}

/// A snapshot of [`Database::writer_waits`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct WriterWaitStats {
    /// Write transactions begun through `begin_write`.
    pub count: u64,
    /// Their waits added up, in microseconds.
    pub total_us: u64,
    /// The longest one, in microseconds.
    pub longest_us: u64,
}

impl fmt::Debug for Database {
    // The URL may carry a password, so it is never kept or printed.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Database")
            .field("backend", &self.backend)
            .field("connections", &self.pool.size())
            .finish()
    }
}

impl Database {
    /// Opens a pool for `sqlite://path/to/file.db` (file and folder created if missing, WAL)
    /// or `postgres://user@host/db`. Does not migrate; call [`Database::migrate`].
    pub async fn connect(url: &str) -> StoreResult<Self> {
        Self::connect_with(url, SqliteTuning::default()).await
    }

    /// [`connect`](Self::connect) with each SQLite connection's memory as asked (ignored
    /// for PostgreSQL).
    pub async fn connect_with(url: &str, tuning: SqliteTuning) -> StoreResult<Self> {
        sqlx::any::install_default_drivers();
        let backend = Backend::from_url(url)?;
        let (url, options) = match backend {
            Backend::Sqlite => {
                let (url, options) = sqlite::prepare(url, tuning)?;
                sqlite::fold_log(&url).await?;
                (url, options)
            }
            Backend::Postgres => (
                url.to_owned(),
                AnyPoolOptions::new().max_connections(POSTGRES_POOL_SIZE),
            ),
        };
        let pool = options
            .acquire_timeout(Duration::from_secs(10))
            .connect(&url)
            .await
            .map_err(db_error)?;
        let (writer, whole, in_place) = match sqlite::writer_options(backend, &url, tuning) {
            Some(options) => {
                let writer = options
                    .acquire_timeout(Duration::from_secs(10))
                    .connect(&url)
                    .await
                    .map_err(db_error)?;
                let path = sqlite::file_path(&url);
                let in_place = match tuning.in_place_connections {
                    0 => None,
                    n => Some(Arc::new(InPlace::open(&path, &tuning.pragmas(), n)?)),
                };
                let whole = whole::WholeWriter::open(path, tuning.pragmas()).await?;
                (writer, Some(whole), in_place)
            }
            None => (pool.clone(), None, None),
        };
        tracing::debug!(%backend, "database pool open");
        Ok(Self {
            pool,
            writer,
            backend,
            writes: Arc::new(AtomicU64::new(0)),
            waits: Arc::default(),
            whole,
            in_place,
        })
    }

    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// A round trip to the database, for health checks.
    pub async fn ping(&self) -> StoreResult<()> {
        sqlx::query("SELECT 1")
            .execute(&self.pool)
            .await
            .map(drop)
            .map_err(db_error)
    }

    /// Waits for checked-out connections and closes the pools (graceful shutdown). On a
    /// SQLite file the write-ahead log is folded into the database first: an import's or a
    /// shop's log then waits for no replay at the next open (`sqlite::fold_log`).
    pub async fn close(&self) {
        if self.whole.is_some()
            && !self.writer.is_closed()
            && let Ok(mut conn) = self.writer.acquire().await
        {
            sqlite::checkpoint(&mut conn).await;
        }
        self.writer.close().await;
        self.pool.close().await;
    }

    /// On a SQLite file, the connections for reads run in place on the caller's thread
    /// (ADR 0041); `None` on PostgreSQL and in-memory SQLite, whose reads stay on
    /// [`Self::pool`].
    pub(crate) fn in_place(&self) -> Option<&InPlace> {
        self.in_place.as_deref()
    }

    /// The shared pool, for the adapters' reads and for tests that inspect tables directly.
    pub fn pool(&self) -> &AnyPool {
        &self.pool
    }

    /// Where writes go: statements that change rows and write transactions
    /// ([`Self::begin_write`]). Never hold a connection of it while waiting for another.
    /// Each call counts one write transaction ([`Self::writes_begun`]): one statement run on
    /// the pool commits on its own, a transaction is begun on it once.
    pub fn writer(&self) -> &AnyPool {
        self.count_write();
        &self.writer
    }

    /// How many write transactions this shop's store began: write transactions, write
    /// statements run on their own and the carts' group writes (each a commit, on SQLite a
    /// turn of the one write lock). The paid-order path's cost is pinned by a test
    /// (`checkout_round_trips`, ADR 0019).
    pub fn writes_begun(&self) -> u64 {
        self.writes.load(Ordering::Relaxed)
    }

    /// Counts a write transaction begun other than through [`Self::writer`].
    pub(crate) fn count_write(&self) {
        self.writes.fetch_add(1, Ordering::Relaxed);
    }

    /// A write transaction on the writer (SQLite: `BEGIN IMMEDIATE`); its wait is added to
    /// [`Self::writer_waits`].
    pub(crate) async fn begin_write(&self) -> StoreResult<sqlx::Transaction<'static, sqlx::Any>> {
        let started = std::time::Instant::now();
        let tx = self
            .writer()
            .begin_with(self.begin_write_statement())
            .await
            .map_err(db_error)?;
        self.record_wait(started);
        Ok(tx)
    }

    /// Whether [`Self::write_whole`] runs here: on a SQLite file (not in memory, not
    /// PostgreSQL, whose callers keep their sqlx transaction).
    pub(crate) fn writes_whole(&self) -> bool {
        self.whole.is_some()
    }

    /// Runs `work` as one write transaction in one call to the writer's thread on SQLite
    /// (ADR 0036): the
    /// writer's sqlx connection is held meanwhile, so the writes through sqlx queue behind it
    /// as behind any other write transaction. Its wait for the writer is counted as
    /// [`Self::begin_write`]'s. Only where [`Self::writes_whole`].
    pub(crate) async fn write_whole<R, F>(&self, work: F) -> StoreResult<R>
    where
        R: Send + 'static,
        F: FnOnce(&WholeTx<'_>) -> StoreResult<Finish<R>> + Send + 'static,
    {
        let whole = self
            .whole
            .clone()
            .ok_or_else(|| backend("no whole-transaction writer on this database"))?;
        let started = std::time::Instant::now();
        let held = self.writer().acquire().await.map_err(db_error)?;
        self.record_wait(started);
        // The writer's connection goes with the job: a request dropped meanwhile (its client
        // gone) still holds it until the transaction has ended.
        whole.run(held, work).await
    }

    fn record_wait(&self, started: std::time::Instant) {
        let waited = u64::try_from(started.elapsed().as_micros()).unwrap_or(u64::MAX);
        self.waits.count.fetch_add(1, Ordering::Relaxed);
        self.waits.total_us.fetch_add(waited, Ordering::Relaxed);
        self.waits.longest_us.fetch_max(waited, Ordering::Relaxed);
    }

    /// How many write transactions `begin_write` opened and how long they waited for the
    /// writer, since the pool opened (logged when the server stops).
    pub fn writer_waits(&self) -> WriterWaitStats {
        WriterWaitStats {
            count: self.waits.count.load(Ordering::Relaxed),
            total_us: self.waits.total_us.load(Ordering::Relaxed),
            longest_us: self.waits.longest_us.load(Ordering::Relaxed),
        }
    }

    /// The statement that opens a write transaction: SQLite takes the write lock up front so
    /// a transaction never fails half-way when it upgrades from reading to writing.
    pub(crate) fn begin_write_statement(&self) -> &'static str {
        match self.backend {
            Backend::Sqlite => "BEGIN IMMEDIATE",
            Backend::Postgres => "BEGIN",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first line of each statement of a script, `--` comment lines dropped.
    fn statement_heads(script: &str) -> Vec<String> {
        let without_comments: Vec<&str> = script
            .lines()
            .filter(|l| !l.trim_start().starts_with("--"))
            .collect();
        without_comments
            .join("\n")
            .split(';')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(|s| s.lines().next().unwrap_or_default().to_owned())
            .collect()
    }

    #[test]
    fn both_backends_define_the_same_tables_in_the_same_versions() {
        let sqlite = SQLITE_MIGRATIONS.iter().collect::<Vec<_>>();
        let postgres = POSTGRES_MIGRATIONS.iter().collect::<Vec<_>>();
        assert_eq!(sqlite.len(), postgres.len());
        for (s, p) in sqlite.iter().zip(&postgres) {
            assert_eq!((s.version, &s.description), (p.version, &p.description));
            assert!(
                !statement_heads(&s.sql).is_empty(),
                "migration {}",
                s.version
            );
            assert_eq!(
                statement_heads(&s.sql),
                statement_heads(&p.sql),
                "migration {}",
                s.version
            );
        }
    }

    #[test]
    fn the_url_scheme_picks_the_backend() {
        let backend_of = |url| Backend::from_url(url).ok();
        assert_eq!(
            backend_of("sqlite://data/vitrine.db"),
            Some(Backend::Sqlite)
        );
        assert_eq!(backend_of("sqlite::memory:"), Some(Backend::Sqlite));
        assert_eq!(backend_of("postgres://u@h/db"), Some(Backend::Postgres));
        assert_eq!(backend_of("postgresql://u@h/db"), Some(Backend::Postgres));
        assert_eq!(backend_of("mysql://u@h/db"), None);
        assert_eq!(backend_of("data/vitrine.db"), None);
    }
}
