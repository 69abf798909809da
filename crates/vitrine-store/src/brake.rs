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
use crate::error::{StoreResult, db_error};

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
                // All or none: a braked key rolls back the ones counted before it.
                let mut tx = self.db.begin_write().await?;
                let mut braked = None;
                for (index, attempt) in many {
                    if let Step::Braked { retry_after } = step(&mut *tx, attempt, now).await? {
                        braked = Some(Reservation::Braked {
                            attempt: *index,
                            retry_after,
                        });
                        break;
                    }
                }
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
