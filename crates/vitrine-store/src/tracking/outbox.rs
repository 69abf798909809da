//! Event ledger and outbox queries: accept (replay-safe), claim with a lease, settle.

use sqlx::{AnyPool, Row, any::AnyRow};
use time::OffsetDateTime;

use vitrine_domain::ports::StoreError;
use vitrine_tracking::ids::random_hex;
use vitrine_tracking::outbox::{DeliveryStatus, Destination, FailureUpdate};
use vitrine_tracking::ports::{
    AcceptOutcome, AcceptedEvent, ClaimedDelivery, DeliveryRecord, OutboxMessage,
};

use super::{from_secs, secs};
use crate::error::db_error;

pub(super) async fn accept_event(
    pool: &AnyPool,
    event: &AcceptedEvent,
    outbox: &[OutboxMessage],
) -> Result<AcceptOutcome, StoreError> {
    let mut tx = pool.begin().await.map_err(db_error)?;
    let inserted = sqlx::query(
        "INSERT INTO tracking_events (event_id, event_name, received_at) VALUES ($1, $2, $3) \
         ON CONFLICT (event_id) DO NOTHING",
    )
    .bind(&event.event_id)
    .bind(&event.event_name)
    .bind(secs(event.received_at))
    .execute(&mut *tx)
    .await
    .map_err(db_error)?
    .rows_affected();
    if inserted == 0 {
        tx.rollback().await.map_err(db_error)?;
        return Ok(AcceptOutcome::Replayed);
    }
    for message in outbox {
        sqlx::query(
            "INSERT INTO tracking_outbox (id, event_id, destination, payload, status, attempts, \
             next_attempt_at, created_at) VALUES ($1, $2, $3, $4, 'pending', 0, $5, $5)",
        )
        .bind(random_hex(16))
        .bind(&event.event_id)
        .bind(message.destination.as_str())
        .bind(message.payload.to_string())
        .bind(secs(event.received_at))
        .execute(&mut *tx)
        .await
        .map_err(db_error)?;
    }
    tx.commit().await.map_err(db_error)?;
    Ok(AcceptOutcome::Accepted)
}

/// Claims a batch. The due condition is repeated outside the sub-select so that, on
/// PostgreSQL, a row another instance claimed while this statement waited is re-checked and
/// skipped; `skip_locked` (PostgreSQL only) lets concurrent claimers pass each other's rows.
fn claim_sql(skip_locked: bool) -> String {
    const DUE: &str = "status = 'pending' AND next_attempt_at <= $3 AND (locked_until IS NULL OR locked_until <= $3)";
    let lock = if skip_locked {
        " FOR UPDATE SKIP LOCKED"
    } else {
        ""
    };
    format!(
        "UPDATE tracking_outbox SET locked_until = $1, lease = $2 WHERE {DUE} AND id IN \
         (SELECT id FROM tracking_outbox WHERE {DUE} ORDER BY next_attempt_at, created_at LIMIT $4{lock}) \
         RETURNING id, event_id, destination, payload, attempts, lease"
    )
}

pub(super) async fn claim_due(
    pool: &AnyPool,
    postgres: bool,
    now: OffsetDateTime,
    locked_until: OffsetDateTime,
    limit: u32,
) -> Result<Vec<ClaimedDelivery>, StoreError> {
    let lease = random_hex(16);
    let sql = claim_sql(postgres);
    let rows = sqlx::query(&sql)
        .bind(secs(locked_until))
        .bind(&lease)
        .bind(secs(now))
        .bind(i64::from(limit))
        .fetch_all(pool)
        .await
        .map_err(db_error)?;
    rows.iter().map(claimed).collect()
}

fn claimed(row: &AnyRow) -> Result<ClaimedDelivery, StoreError> {
    let payload: String = row.try_get("payload").map_err(db_error)?;
    Ok(ClaimedDelivery {
        id: row.try_get("id").map_err(db_error)?,
        event_id: row.try_get("event_id").map_err(db_error)?,
        destination: destination(row)?,
        payload: serde_json::from_str(&payload)
            .map_err(|e| StoreError::Corrupt(format!("outbox payload: {e}")))?,
        attempts: count(row.try_get("attempts").map_err(db_error)?),
        lease: row.try_get("lease").map_err(db_error)?,
    })
}

fn destination(row: &AnyRow) -> Result<Destination, StoreError> {
    let text: String = row.try_get("destination").map_err(db_error)?;
    Destination::parse(&text)
        .ok_or_else(|| StoreError::Corrupt(format!("unknown destination {text:?}")))
}

fn count(n: i64) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

pub(super) async fn mark_delivered(
    pool: &AnyPool,
    claim: &ClaimedDelivery,
    now: OffsetDateTime,
) -> Result<bool, StoreError> {
    let done = sqlx::query(
        "UPDATE tracking_outbox SET status = 'delivered', attempts = attempts + 1, delivered_at = $1, \
         locked_until = NULL, lease = NULL, last_error = NULL \
         WHERE id = $2 AND lease = $3 AND status = 'pending'",
    )
    .bind(secs(now))
    .bind(&claim.id)
    .bind(&claim.lease)
    .execute(pool)
    .await
    .map_err(db_error)?;
    Ok(done.rows_affected() == 1)
}

pub(super) async fn mark_failed(
    pool: &AnyPool,
    claim: &ClaimedDelivery,
    update: &FailureUpdate,
) -> Result<bool, StoreError> {
    let done = sqlx::query(
        "UPDATE tracking_outbox SET status = $1, attempts = $2, next_attempt_at = $3, last_error = $4, \
         locked_until = NULL, lease = NULL WHERE id = $5 AND lease = $6 AND status = 'pending'",
    )
    .bind(update.status.as_str())
    .bind(i64::from(update.attempts))
    .bind(secs(update.next_attempt_at))
    .bind(&update.error)
    .bind(&claim.id)
    .bind(&claim.lease)
    .execute(pool)
    .await
    .map_err(db_error)?;
    Ok(done.rows_affected() == 1)
}

pub(super) async fn delivery_status(
    pool: &AnyPool,
    event_id: &str,
) -> Result<Vec<DeliveryRecord>, StoreError> {
    let rows = sqlx::query(
        "SELECT destination, status, attempts, next_attempt_at, delivered_at, last_error \
         FROM tracking_outbox WHERE event_id = $1 ORDER BY destination",
    )
    .bind(event_id)
    .fetch_all(pool)
    .await
    .map_err(db_error)?;
    rows.iter()
        .map(|row| {
            let status: String = row.try_get("status").map_err(db_error)?;
            let delivered_at: Option<i64> = row.try_get("delivered_at").map_err(db_error)?;
            Ok(DeliveryRecord {
                destination: destination(row)?,
                status: DeliveryStatus::parse(&status)
                    .ok_or_else(|| StoreError::Corrupt(format!("unknown status {status:?}")))?,
                attempts: count(row.try_get("attempts").map_err(db_error)?),
                next_attempt_at: from_secs(row.try_get("next_attempt_at").map_err(db_error)?)?,
                delivered_at: delivered_at.map(from_secs).transpose()?,
                last_error: row.try_get("last_error").map_err(db_error)?,
            })
        })
        .collect()
}
