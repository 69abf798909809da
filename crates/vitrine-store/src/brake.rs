//! The brake adapter (ADR 0010, amended for issue 11): GCRA counts in the `brakes` table. Each
//! attempt is decided by one upsert that compares and moves the key's TAT in the database, so
//! concurrent requests and every instance on the database share one count — there is no
//! read-then-write window to slip through.

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

use async_trait::async_trait;
use sqlx::{Any, Executor, Row};
use time::OffsetDateTime;
use vitrine_domain::brake::{Attempt, BrakeStore, Gcra, Reservation, Step, unix_ms};

use crate::db::Database;
use crate::error::{StoreResult, backend, db_error};
use crate::sql::Sql;

/// GCRA in one statement (see `vitrine_domain::brake::Gcra`). `$1` key, `$2` the TAT after a
/// first attempt, `$3` the limit a stored TAT may reach, `$4` now, `$5` the interval. A new
/// key is inserted allowed; on conflict the stored TAT is compared and moved in place, under
/// the row's lock on PostgreSQL and SQLite's write lock. `SET` reads the row as it was, so
/// `allowed` judges the old TAT; `RETURNING` answers the new one (unchanged when braked).
const RESERVE: &str = "INSERT INTO brakes (brake_key, tat, allowed) VALUES ($1, $2, 1) \
     ON CONFLICT (brake_key) DO UPDATE SET \
     tat = CASE WHEN brakes.tat > $3 THEN brakes.tat \
     WHEN brakes.tat > $4 THEN brakes.tat + $5 ELSE $2 END, \
     allowed = CASE WHEN brakes.tat > $3 THEN 0 ELSE 1 END \
     RETURNING tat, allowed";

/// Gives one attempt back: the TAT moves one interval earlier. A TAT that falls behind now
/// reads as "nothing stored", so a release can never bank more than a full burst.
const RELEASE: &str = "UPDATE brakes SET tat = tat - $2 WHERE brake_key = $1";

/// How often (per adapter) rows that no longer hold anything back are deleted.
const SWEEP_EVERY_MS: i64 = 60_000;
/// Rows are deleted this long after their TAT passed, so instances whose clocks differ a
/// little never delete a count another one still reads as live.
const SWEEP_MARGIN_MS: i64 = 60_000;

/// [`BrakeStore`] over SQLite or PostgreSQL. Cheap to clone; clones share the sweep timer.
#[derive(Debug, Clone)]
pub struct SqlBrakeStore {
    db: Database,
    last_sweep_ms: Arc<AtomicI64>,
}

impl SqlBrakeStore {
    pub fn new(db: Database) -> Self {
        Self {
            db,
            last_sweep_ms: Arc::new(AtomicI64::new(i64::MIN)),
        }
    }

    /// Deletes the rows whose TAT passed more than a minute before `now` (they count as
    /// absent anyway); how many went.
    pub async fn sweep(&self, now: OffsetDateTime) -> StoreResult<u64> {
        let now_ms = unix_ms(now);
        let done = sqlx::query("DELETE FROM brakes WHERE tat < $1")
            .bind(now_ms.saturating_sub(SWEEP_MARGIN_MS))
            .execute(self.db.writer())
            .await
            .map_err(db_error)?;
        Ok(done.rows_affected())
    }

    /// Sweeps at most once a minute; a failed sweep is logged, never the caller's failure.
    async fn sweep_now_and_then(&self, now: OffsetDateTime) {
        let now_ms = unix_ms(now);
        let last = self.last_sweep_ms.load(Ordering::Relaxed);
        if now_ms.saturating_sub(last) < SWEEP_EVERY_MS
            || self
                .last_sweep_ms
                .compare_exchange(last, now_ms, Ordering::Relaxed, Ordering::Relaxed)
                .is_err()
        {
            return;
        }
        if let Err(error) = self.sweep(now).await {
            tracing::warn!(%error, "could not sweep expired brakes");
        }
    }
}

/// One attempt through [`RESERVE`], on the pool or inside a transaction.
async fn step<'e, E>(executor: E, attempt: &Attempt, now: OffsetDateTime) -> StoreResult<Step>
where
    E: Executor<'e, Database = Any>,
{
    let gcra = Gcra::at(attempt.rule, now);
    let row = sqlx::query(RESERVE)
        .bind(attempt.key.as_str())
        .bind(gcra.first_tat_ms)
        .bind(gcra.limit_ms)
        .bind(gcra.now_ms)
        .bind(gcra.interval_ms)
        .fetch_one(executor)
        .await
        .map_err(db_error)?;
    let tat: i64 = row.try_get("tat").map_err(db_error)?;
    let allowed: i64 = row.try_get("allowed").map_err(db_error)?;
    Ok(if allowed == 1 {
        Step::Allowed { tat }
    } else {
        Step::Braked {
            retry_after: gcra.retry_after(tat),
        }
    })
}

/// [`RESERVE`] for each attempt in turn (a key asked twice counts twice); `Some` for the first
/// one held back.
async fn step_each(
    tx: &mut sqlx::Transaction<'static, Any>,
    attempts: &[(usize, &Attempt)],
    now: OffsetDateTime,
) -> StoreResult<Option<Reservation>> {
    for (index, attempt) in attempts {
        if let Step::Braked { retry_after } = step(&mut **tx, attempt, now).await? {
            return Ok(Some(Reservation::Braked {
                attempt: *index,
                retry_after,
            }));
        }
    }
    Ok(None)
}

/// [`RESERVE`] for several distinct keys in one statement (one round trip): each row's own limit and
/// interval are picked by its key. `Some` for the first attempt (in key order) held back; the
/// caller then rolls back what the statement counted for the others.
async fn step_all(
    tx: &mut sqlx::Transaction<'static, Any>,
    attempts: &[(usize, &Attempt)],
    now: OffsetDateTime,
) -> StoreResult<Option<Reservation>> {
    let gcras: Vec<Gcra> = attempts
        .iter()
        .map(|(_, a)| Gcra::at(a.rule, now))
        .collect();
    // `CASE excluded.brake_key WHEN key THEN value … END`: this row's value of `pick`.
    let per_key = |sql: &mut Sql, pick: fn(&Gcra) -> i64| {
        sql.push("(CASE excluded.brake_key");
        for ((_, attempt), gcra) in attempts.iter().zip(&gcras) {
            sql.push(" WHEN ").bind_text(attempt.key.as_str());
            sql.push(" THEN ").bind_int(pick(gcra));
        }
        sql.push(" END)");
    };
    let mut sql = Sql::new("INSERT INTO brakes (brake_key, tat, allowed) VALUES ");
    for (i, ((_, attempt), gcra)) in attempts.iter().zip(&gcras).enumerate() {
        sql.push(if i == 0 { "(" } else { ", (" });
        sql.bind_text(attempt.key.as_str()).push(", ");
        sql.bind_int(gcra.first_tat_ms).push(", 1)");
    }
    let now_ms = gcras.first().map_or(0, |g| g.now_ms);
    sql.push(" ON CONFLICT (brake_key) DO UPDATE SET tat = CASE WHEN brakes.tat > ");
    per_key(&mut sql, |g| g.limit_ms);
    sql.push(" THEN brakes.tat WHEN brakes.tat > ")
        .bind_int(now_ms);
    sql.push(" THEN brakes.tat + ");
    per_key(&mut sql, |g| g.interval_ms);
    sql.push(" ELSE excluded.tat END, allowed = CASE WHEN brakes.tat > ");
    per_key(&mut sql, |g| g.limit_ms);
    sql.push(" THEN 0 ELSE 1 END RETURNING brake_key, tat, allowed");
    let rows = sql.query().fetch_all(&mut **tx).await.map_err(db_error)?;
    let mut answers = std::collections::HashMap::new();
    for row in &rows {
        let key: String = row.try_get("brake_key").map_err(db_error)?;
        let tat: i64 = row.try_get("tat").map_err(db_error)?;
        let allowed: i64 = row.try_get("allowed").map_err(db_error)?;
        answers.insert(key, (tat, allowed));
    }
    for ((index, attempt), gcra) in attempts.iter().zip(&gcras) {
        match answers.get(attempt.key.as_str()) {
            Some((_, 1)) => {}
            Some((tat, _)) => {
                return Ok(Some(Reservation::Braked {
                    attempt: *index,
                    retry_after: gcra.retry_after(*tat),
                }));
            }
            None => {
                return Err(backend(format!(
                    "brake {} was not counted",
                    attempt.key.as_str()
                )));
            }
        }
    }
    Ok(None)
}

#[async_trait]
impl BrakeStore for SqlBrakeStore {
    async fn reserve(&self, attempts: &[Attempt], now: OffsetDateTime) -> StoreResult<Reservation> {
        // Keys are taken in one order, so two transactions on the same keys queue instead of
        // deadlocking on PostgreSQL's row locks.
        let mut counted: Vec<(usize, &Attempt)> = attempts
            .iter()
            .enumerate()
            .filter(|(_, a)| !a.rule.is_off())
            .collect();
        counted.sort_by(|a, b| a.1.key.cmp(&b.1.key));
        let reservation = match counted.as_slice() {
            [] => Reservation::Reserved,
            [(index, attempt)] => match step(self.db.writer(), attempt, now).await? {
                Step::Allowed { .. } => Reservation::Reserved,
                Step::Braked { retry_after } => Reservation::Braked {
                    attempt: *index,
                    retry_after,
                },
            },
            many => {
                // All or none: one statement counts every key, and a braked one rolls the
                // others back.
                let mut tx = self.db.begin_write().await?;
                let distinct = many.windows(2).all(|w| w[0].1.key != w[1].1.key);
                let braked = if distinct {
                    step_all(&mut tx, many, now).await?
                } else {
                    step_each(&mut tx, many, now).await?
                };
                match braked {
                    Some(braked) => {
                        tx.rollback().await.map_err(db_error)?;
                        braked
                    }
                    None => {
                        tx.commit().await.map_err(db_error)?;
                        Reservation::Reserved
                    }
                }
            }
        };
        self.sweep_now_and_then(now).await;
        Ok(reservation)
    }

    async fn release(&self, attempts: &[Attempt]) -> StoreResult<()> {
        for attempt in attempts.iter().filter(|a| !a.rule.is_off()) {
            sqlx::query(RELEASE)
                .bind(attempt.key.as_str())
                .bind(attempt.rule.interval_ms())
                .execute(self.db.writer())
                .await
                .map_err(db_error)?;
        }
        Ok(())
    }
}
