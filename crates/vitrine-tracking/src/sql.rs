//! `TrackingStore` over a sqlx `Any` pool (SQLite or PostgreSQL): one set of queries in the
//! common SQL subset (`$n` placeholders, `ON CONFLICT`, `RETURNING`), DDL per backend.

mod migrate;
mod outbox;
mod records;

pub use migrate::migrate;

use async_trait::async_trait;
use sqlx::AnyPool;
use sqlx::error::ErrorKind;
use time::OffsetDateTime;

use crate::attribution::AttributionSnapshot;
use crate::consent::ConsentRecord;
use crate::outbox::FailureUpdate;
use crate::ports::{
    AcceptOutcome, AcceptedEvent, ClaimedDelivery, DeliveryRecord, OutboxMessage, StoreError,
    TrackingStore,
};

/// The SQL adapter. Cheap to clone; run [`migrate`] on the pool once before use.
#[derive(Debug, Clone)]
pub struct SqlTrackingStore {
    pool: AnyPool,
    postgres: bool,
}

impl SqlTrackingStore {
    /// `pool` must come from a URL whose driver is installed (`sqlx::any::install_default_drivers`).
    pub fn new(pool: AnyPool) -> Self {
        let scheme = pool.connect_options().database_url.scheme().to_owned();
        Self {
            pool,
            postgres: scheme.starts_with("postgres"),
        }
    }

    pub fn pool(&self) -> &AnyPool {
        &self.pool
    }
}

pub(crate) fn db_error(err: sqlx::Error) -> StoreError {
    match &err {
        sqlx::Error::Database(db) if db.kind() == ErrorKind::UniqueViolation => {
            StoreError::Conflict(db.message().to_owned())
        }
        sqlx::Error::ColumnDecode { .. } | sqlx::Error::Decode(_) => {
            StoreError::Corrupt(err.to_string())
        }
        _ => StoreError::Backend(Box::new(err)),
    }
}

pub(crate) fn secs(t: OffsetDateTime) -> i64 {
    t.unix_timestamp()
}

pub(crate) fn from_secs(s: i64) -> Result<OffsetDateTime, StoreError> {
    OffsetDateTime::from_unix_timestamp(s)
        .map_err(|e| StoreError::Corrupt(format!("timestamp {s}: {e}")))
}

#[async_trait]
impl TrackingStore for SqlTrackingStore {
    async fn accept_event(
        &self,
        event: &AcceptedEvent,
        outbox: &[OutboxMessage],
    ) -> Result<AcceptOutcome, StoreError> {
        outbox::accept_event(&self.pool, event, outbox).await
    }

    async fn claim_due(
        &self,
        now: OffsetDateTime,
        locked_until: OffsetDateTime,
        limit: u32,
    ) -> Result<Vec<ClaimedDelivery>, StoreError> {
        outbox::claim_due(&self.pool, self.postgres, now, locked_until, limit).await
    }

    async fn mark_delivered(
        &self,
        claim: &ClaimedDelivery,
        now: OffsetDateTime,
    ) -> Result<bool, StoreError> {
        outbox::mark_delivered(&self.pool, claim, now).await
    }

    async fn mark_failed(
        &self,
        claim: &ClaimedDelivery,
        update: &FailureUpdate,
    ) -> Result<bool, StoreError> {
        outbox::mark_failed(&self.pool, claim, update).await
    }

    async fn delivery_status(&self, event_id: &str) -> Result<Vec<DeliveryRecord>, StoreError> {
        outbox::delivery_status(&self.pool, event_id).await
    }

    async fn append_consent(&self, record: &ConsentRecord) -> Result<(), StoreError> {
        records::append_consent(&self.pool, record).await
    }

    async fn latest_consent(&self, subject: &str) -> Result<Option<ConsentRecord>, StoreError> {
        records::latest_consent(&self.pool, subject).await
    }

    async fn upsert_attribution(
        &self,
        session_key: &str,
        snapshot: &AttributionSnapshot,
    ) -> Result<(), StoreError> {
        records::upsert_attribution(&self.pool, session_key, snapshot).await
    }

    async fn attribution(
        &self,
        session_key: &str,
    ) -> Result<Option<AttributionSnapshot>, StoreError> {
        records::attribution(&self.pool, session_key).await
    }
}
