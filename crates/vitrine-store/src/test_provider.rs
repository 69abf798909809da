//! The test provider's ledger (ADR 0014): the offline payment provider's objects, idempotency
//! records and webhook events in the shop's database. Every write is a compare-and-swap on a
//! version and lands in one transaction with the request's stored answer and its events, so a
//! process killed at any point leaves either all of a payment step or none of it.

use async_trait::async_trait;
use sqlx::{Any, Row, Transaction};
use vitrine_domain::payment::test_ledger::{
    KeyClaim, KeyTimes, LedgerEvent, LedgerObject, NewKey, ObjectWrite, StoredResponse, TestLedger,
};
use vitrine_domain::ports::StoreError;

use crate::db::Database;
use crate::error::{StoreResult, db_error};

/// [`TestLedger`] over SQLite or PostgreSQL. Cheap to clone.
#[derive(Debug, Clone)]
pub struct SqlTestLedger {
    db: Database,
}

impl SqlTestLedger {
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

fn object_from(row: &sqlx::any::AnyRow) -> StoreResult<LedgerObject> {
    Ok(LedgerObject {
        id: row.try_get("id").map_err(db_error)?,
        kind: row.try_get("kind").map_err(db_error)?,
        owner: row.try_get("owner").map_err(db_error)?,
        version: row.try_get("version").map_err(db_error)?,
        body: row.try_get("body").map_err(db_error)?,
    })
}

fn event_from(row: &sqlx::any::AnyRow) -> StoreResult<LedgerEvent> {
    Ok(LedgerEvent {
        id: row.try_get("id").map_err(db_error)?,
        created: row.try_get("created").map_err(db_error)?,
        body: row.try_get("body").map_err(db_error)?,
    })
}

/// Creates or swaps one object inside the commit's transaction; `false` when the stored
/// version is not the expected one (or the object to create exists already).
async fn write(tx: &mut Transaction<'static, Any>, write: &ObjectWrite) -> StoreResult<bool> {
    let done = match write.expected_version {
        None => sqlx::query(
            "INSERT INTO test_provider_objects (id, kind, version, owner, body) \
             VALUES ($1, $2, 1, $3, $4) ON CONFLICT (id) DO NOTHING",
        )
        .bind(&write.id)
        .bind(&write.kind)
        .bind(write.owner.as_deref())
        .bind(&write.body)
        .execute(&mut **tx)
        .await
        .map_err(db_error)?,
        Some(version) => sqlx::query(
            "UPDATE test_provider_objects SET version = version + 1, owner = $3, body = $4 \
             WHERE id = $1 AND version = $2",
        )
        .bind(&write.id)
        .bind(version)
        .bind(write.owner.as_deref())
        .bind(&write.body)
        .execute(&mut **tx)
        .await
        .map_err(db_error)?,
    };
    Ok(done.rows_affected() == 1)
}

/// A step's events in one statement, numbered after the last event written, in the step's
/// order (`MAX(seq) + 1 … + n`, read inside the step's write transaction: on SQLite the one
/// writer, on PostgreSQL two steps may read one `MAX` — their events then share numbers and
/// are sent in id order among them, which the webhooks' any-order contract allows).
async fn insert_events(
    tx: &mut Transaction<'static, Any>,
    events: &[LedgerEvent],
) -> StoreResult<()> {
    if events.is_empty() {
        return Ok(());
    }
    let mut sql = crate::sql::Sql::new(
        "WITH last AS (SELECT COALESCE(MAX(seq), 0) AS seq FROM test_provider_events) \
         INSERT INTO test_provider_events (id, seq, created, body) ",
    );
    for (n, event) in (1_i64..).zip(events) {
        sql.push(if n == 1 {
            "SELECT "
        } else {
            " UNION ALL SELECT "
        });
        sql.bind_text(event.id.as_str())
            .push(", last.seq + ")
            .bind_int(n)
            .push(", ")
            .bind_int(event.created)
            .push(", ")
            .bind_text(event.body.as_str())
            .push(" FROM last");
    }
    sql.query().execute(&mut **tx).await.map_err(db_error)?;
    Ok(())
}

/// The rest of a commit: the object writes (every compare-and-swap must hold, else
/// `StoreError::Conflict` and nothing is written) and the events, then the commit.
async fn step(
    mut tx: Transaction<'static, Any>,
    writes: &[ObjectWrite],
    events: &[LedgerEvent],
) -> StoreResult<()> {
    for one in writes {
        if !write(&mut tx, one).await? {
            tx.rollback().await.map_err(db_error)?;
            return Err(StoreError::Conflict(format!(
                "test provider object {} changed meanwhile",
                one.id
            )));
        }
    }
    insert_events(&mut tx, events).await?;
    tx.commit().await.map_err(db_error)
}

#[async_trait]
impl TestLedger for SqlTestLedger {
    async fn object(&self, id: &str) -> StoreResult<Option<LedgerObject>> {
        let row = sqlx::query(
            "SELECT id, kind, owner, version, body FROM test_provider_objects WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(self.db.pool())
        .await
        .map_err(db_error)?;
        row.as_ref().map(object_from).transpose()
    }

    async fn objects_owned_by(&self, kind: &str, owner: &str) -> StoreResult<Vec<LedgerObject>> {
        let rows = sqlx::query(
            "SELECT id, kind, owner, version, body FROM test_provider_objects \
             WHERE kind = $1 AND owner = $2 ORDER BY id",
        )
        .bind(kind)
        .bind(owner)
        .fetch_all(self.db.pool())
        .await
        .map_err(db_error)?;
        rows.iter().map(object_from).collect()
    }

    async fn claim_key(
        &self,
        key: &str,
        request_hash: &str,
        times: KeyTimes,
    ) -> StoreResult<KeyClaim> {
        let lease_until = times.now.saturating_add(times.lease_secs);
        let inserted = sqlx::query(
            "INSERT INTO test_provider_idempotency \
             (idem_key, request_hash, status, response, created_at, lease_until) \
             VALUES ($1, $2, NULL, NULL, $3, $4) ON CONFLICT (idem_key) DO NOTHING",
        )
        .bind(key)
        .bind(request_hash)
        .bind(times.now)
        .bind(lease_until)
        .execute(self.db.writer())
        .await
        .map_err(db_error)?;
        if inserted.rows_affected() == 1 {
            return Ok(KeyClaim::Claimed);
        }
        // A claim left by a crashed process (lease over) or a pruned answer (older than the
        // TTL) is taken over in one conditional statement: of two takers, one wins.
        let taken = sqlx::query(
            "UPDATE test_provider_idempotency \
             SET request_hash = $2, status = NULL, response = NULL, created_at = $3, \
                 lease_until = $4 \
             WHERE idem_key = $1 AND ((status IS NULL AND lease_until <= $3) \
                OR (status IS NOT NULL AND created_at <= $5))",
        )
        .bind(key)
        .bind(request_hash)
        .bind(times.now)
        .bind(lease_until)
        .bind(times.now.saturating_sub(times.ttl_secs))
        .execute(self.db.writer())
        .await
        .map_err(db_error)?;
        if taken.rows_affected() == 1 {
            return Ok(KeyClaim::Claimed);
        }
        let row = sqlx::query(
            "SELECT request_hash, status, response FROM test_provider_idempotency \
             WHERE idem_key = $1",
        )
        .bind(key)
        .fetch_optional(self.db.pool())
        .await
        .map_err(db_error)?;
        let Some(row) = row else {
            // Released between our statements: ask again.
            return Box::pin(self.claim_key(key, request_hash, times)).await;
        };
        let request_hash: String = row.try_get("request_hash").map_err(db_error)?;
        let status: Option<i64> = row.try_get("status").map_err(db_error)?;
        let response: Option<String> = row.try_get("response").map_err(db_error)?;
        Ok(match (status, response) {
            (Some(status), Some(body)) => KeyClaim::Done {
                request_hash,
                response: StoredResponse {
                    status: u16::try_from(status)
                        .map_err(|_| StoreError::Corrupt(format!("idempotency status {status}")))?,
                    body,
                },
            },
            _ => KeyClaim::InFlight { request_hash },
        })
    }

    async fn release_key(&self, key: &str) -> StoreResult<()> {
        sqlx::query("DELETE FROM test_provider_idempotency WHERE idem_key = $1 AND status IS NULL")
            .bind(key)
            .execute(self.db.writer())
            .await
            .map_err(db_error)?;
        Ok(())
    }

    async fn key_recorded(&self, key: &str) -> StoreResult<bool> {
        let row = sqlx::query("SELECT 1 FROM test_provider_idempotency WHERE idem_key = $1")
            .bind(key)
            .fetch_optional(self.db.pool())
            .await
            .map_err(db_error)?;
        Ok(row.is_some())
    }

    async fn commit(
        &self,
        writes: &[ObjectWrite],
        answer: Option<(&str, &StoredResponse)>,
        events: &[LedgerEvent],
    ) -> StoreResult<()> {
        let mut tx = self.db.begin_write().await?;
        if let Some((key, response)) = answer {
            sqlx::query(
                "UPDATE test_provider_idempotency SET status = $2, response = $3 \
                 WHERE idem_key = $1",
            )
            .bind(key)
            .bind(i64::from(response.status))
            .bind(&response.body)
            .execute(&mut *tx)
            .await
            .map_err(db_error)?;
        }
        step(tx, writes, events).await
    }

    async fn commit_new_key(
        &self,
        writes: &[ObjectWrite],
        key: NewKey<'_>,
        events: &[LedgerEvent],
    ) -> StoreResult<bool> {
        let mut tx = self.db.begin_write().await?;
        // First, so a request that lost the key to another one stops here.
        let inserted = sqlx::query(
            "INSERT INTO test_provider_idempotency \
             (idem_key, request_hash, status, response, created_at, lease_until) \
             VALUES ($1, $2, $3, $4, $5, $5) ON CONFLICT (idem_key) DO NOTHING",
        )
        .bind(key.key)
        .bind(key.request_hash)
        .bind(i64::from(key.response.status))
        .bind(&key.response.body)
        .bind(key.now)
        .execute(&mut *tx)
        .await
        .map_err(db_error)?;
        if inserted.rows_affected() != 1 {
            tx.rollback().await.map_err(db_error)?;
            return Ok(false);
        }
        step(tx, writes, events).await.map(|()| true)
    }

    async fn pending_events(&self, limit: u32) -> StoreResult<Vec<LedgerEvent>> {
        let rows = sqlx::query(
            "SELECT id, created, body FROM test_provider_events \
             WHERE delivered_at IS NULL ORDER BY seq, id LIMIT $1",
        )
        .bind(i64::from(limit))
        .fetch_all(self.db.pool())
        .await
        .map_err(db_error)?;
        rows.iter().map(event_from).collect()
    }

    async fn mark_delivered_all(&self, ids: &[String], now: i64) -> StoreResult<()> {
        // One statement per chunk (SQLite binds at most 32,766 values; a pass is far fewer).
        for chunk in ids.chunks(500) {
            let mut sql = crate::sql::Sql::new("UPDATE test_provider_events SET delivered_at = ");
            sql.bind_int(now)
                .push(" WHERE delivered_at IS NULL AND id IN (");
            for (i, id) in chunk.iter().enumerate() {
                if i > 0 {
                    sql.push(", ");
                }
                sql.bind_text(id.as_str());
            }
            sql.push(")");
            sql.query()
                .execute(self.db.writer())
                .await
                .map_err(db_error)?;
        }
        Ok(())
    }

    async fn mark_delivered(&self, id: &str, now: i64) -> StoreResult<()> {
        sqlx::query(
            "UPDATE test_provider_events SET delivered_at = $2 \
             WHERE id = $1 AND delivered_at IS NULL",
        )
        .bind(id)
        .bind(now)
        .execute(self.db.writer())
        .await
        .map_err(db_error)?;
        Ok(())
    }
}
