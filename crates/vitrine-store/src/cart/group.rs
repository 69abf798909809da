//! SQLite group commit for cart saves. SQLite has one write lock; when every request takes it
//! for its own UPDATE, the lock's hand-overs (and on contention SQLite's busy handler, which
//! sleeps in whole milliseconds) cap the process at a few thousand saves a second with long
//! tails. Instead one writer task collects the saves waiting at that moment and writes them
//! with at most two statements, each keeping the compare-and-swap on `version` per cart.

use std::collections::{HashSet, VecDeque};

use sqlx::pool::PoolConnection;
use sqlx::{Any, AnyConnection, Row};
use time::OffsetDateTime;
use tokio::sync::{mpsc, oneshot};

use crate::db::Database;
use crate::error::{StoreResult, backend, db_error};
use crate::sql::Sql;

/// Saves written together at most (three bound values each, far below SQLite's limit).
const MAX_BATCH: usize = 128;

/// One save waiting for the writer; the answer says whether it won its compare-and-swap.
struct Pending {
    session: String,
    doc: String,
    expected_version: i64,
    reply: oneshot::Sender<StoreResult<bool>>,
}

/// The sending side of the writer task, which stops when the last sender is dropped.
#[derive(Debug)]
pub(super) struct GroupWriter {
    sender: mpsc::UnboundedSender<Pending>,
}

impl GroupWriter {
    /// Starts the writer task on the current Tokio runtime.
    pub(super) fn start(db: Database) -> Self {
        let (sender, receiver) = mpsc::unbounded_channel();
        tokio::spawn(run(db, receiver));
        Self { sender }
    }

    /// Queues a save; true when its compare-and-swap succeeded.
    pub(super) async fn save(
        &self,
        session: String,
        doc: String,
        expected_version: i64,
    ) -> StoreResult<bool> {
        let stopped = || backend("the cart writer has stopped");
        let (reply, answer) = oneshot::channel();
        let pending = Pending {
            session,
            doc,
            expected_version,
            reply,
        };
        self.sender.send(pending).map_err(|_| stopped())?;
        answer.await.map_err(|_| stopped())?
    }
}

/// Keeps one pooled connection while saves keep coming, so a busy writer never queues for a
/// connection behind the readers; gives it back to the pool whenever the queue runs dry.
async fn run(db: Database, mut receiver: mpsc::UnboundedReceiver<Pending>) {
    let mut waiting = VecDeque::new();
    let mut connection: Option<PoolConnection<Any>> = None;
    loop {
        if waiting.is_empty() {
            if receiver.is_empty() {
                connection = None;
            }
            match receiver.recv().await {
                Some(first) => waiting.push_back(first),
                None => return,
            }
        }
        while waiting.len() < MAX_BATCH {
            match receiver.try_recv() {
                Ok(next) => waiting.push_back(next),
                Err(_) => break,
            }
        }
        let batch = take_batch(&mut waiting);
        db.count_write();
        let written = match connection.as_mut() {
            Some(conn) => write(conn, &batch).await,
            None => match db.pool().acquire().await {
                Ok(conn) => write(connection.insert(conn), &batch).await,
                Err(err) => Err(db_error(err)),
            },
        };
        match written {
            Ok(saved) => {
                for p in batch {
                    let won = saved.contains(&p.session);
                    let _ = p.reply.send(Ok(won));
                }
            }
            Err(err) => {
                // The connection may be what failed: take a fresh one next time.
                connection = None;
                let message = format!("cart group write failed: {err}");
                for p in batch {
                    let _ = p.reply.send(Err(backend(message.clone())));
                }
            }
        }
    }
}

/// The oldest saves, one per session (a later save of the same cart waits for the next
/// round, where it meets the version this one wrote).
fn take_batch(waiting: &mut VecDeque<Pending>) -> Vec<Pending> {
    let mut sessions = HashSet::new();
    let mut batch = Vec::new();
    let mut later = VecDeque::new();
    while let Some(p) = waiting.pop_front() {
        if batch.len() < MAX_BATCH && sessions.insert(p.session.clone()) {
            batch.push(p);
        } else {
            later.push_back(p);
        }
    }
    *waiting = later;
    batch
}

/// Writes the batch; returns the sessions whose compare-and-swap succeeded.
async fn write(conn: &mut AnyConnection, batch: &[Pending]) -> StoreResult<HashSet<String>> {
    let now = OffsetDateTime::now_utc().unix_timestamp();
    let (new, existing): (Vec<&Pending>, Vec<&Pending>) =
        batch.iter().partition(|p| p.expected_version == 0);
    let mut saved = HashSet::new();
    for sql in [insert(&new, now), update(&existing, now)]
        .into_iter()
        .flatten()
    {
        for row in sql.query().fetch_all(&mut *conn).await.map_err(db_error)? {
            saved.insert(row.try_get::<String, _>("session_id").map_err(db_error)?);
        }
    }
    Ok(saved)
}

/// First saves: inserted unless another first save of the same session got there before.
fn insert(rows: &[&Pending], now: i64) -> Option<Sql> {
    if rows.is_empty() {
        return None;
    }
    let mut sql =
        Sql::new("INSERT INTO carts (session_id, version, doc, created_at, updated_at) VALUES ");
    for (i, p) in rows.iter().enumerate() {
        sql.push(if i == 0 { "(" } else { ", (" });
        sql.bind_text(p.session.as_str()).push(", 1, ");
        sql.bind_text(p.doc.as_str()).push(", ");
        sql.bind_int(now).push(", ");
        sql.bind_int(now).push(")");
    }
    sql.push(" ON CONFLICT (session_id) DO NOTHING RETURNING session_id");
    Some(sql)
}

/// Later saves: each cart is updated only if it still has the version its writer read.
fn update(rows: &[&Pending], now: i64) -> Option<Sql> {
    if rows.is_empty() {
        return None;
    }
    let mut sql =
        Sql::new("UPDATE carts SET version = carts.version + 1, doc = v.doc, updated_at = ");
    sql.bind_int(now).push(" FROM (");
    for (i, p) in rows.iter().enumerate() {
        sql.push(if i == 0 {
            "SELECT "
        } else {
            " UNION ALL SELECT "
        });
        sql.bind_text(p.session.as_str()).push(" AS sid, ");
        sql.bind_text(p.doc.as_str()).push(" AS doc, CAST(");
        sql.bind_int(p.expected_version)
            .push(" AS BIGINT) AS expected");
    }
    sql.push(
        ") AS v WHERE carts.session_id = v.sid AND carts.version = v.expected \
         RETURNING carts.session_id",
    );
    Some(sql)
}
