//! The tracking adapter: `vitrine_tracking::TrackingStore` (event ledger, outbox with leases,
//! consent proof log, attribution snapshots) over the shop's database; tables from migration
//! 0006 (ADR 0007).

mod outbox;
mod records;

use async_trait::async_trait;
use time::OffsetDateTime;
use vitrine_tracking::attribution::AttributionSnapshot;
use vitrine_tracking::consent::ConsentRecord;
use vitrine_tracking::outbox::FailureUpdate;
use vitrine_tracking::ports::{
    AcceptOutcome, AcceptedEvent, ClaimedDelivery, DeliveryRecord, OutboxMessage, TrackingStore,
};

use crate::db::{Backend, Database};
use crate::error::StoreResult;
use vitrine_domain::ports::StoreError;

/// [`TrackingStore`] over SQLite or PostgreSQL. Cheap to clone.
#[derive(Debug, Clone)]
pub struct SqlTrackingStore {
    db: Database,
}

impl SqlTrackingStore {
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

fn secs(t: OffsetDateTime) -> i64 {
    t.unix_timestamp()
}

fn from_secs(s: i64) -> StoreResult<OffsetDateTime> {
    OffsetDateTime::from_unix_timestamp(s)
        .map_err(|e| StoreError::Corrupt(format!("timestamp {s}: {e}")))
}

#[async_trait]
impl TrackingStore for SqlTrackingStore {
    async fn accept_event(
        &self,
        event: &AcceptedEvent,
        outbox: &[OutboxMessage],
    ) -> StoreResult<AcceptOutcome> {
        outbox::accept_event(self.db.writer(), event, outbox).await
    }

    async fn claim_due(
        &self,
        now: OffsetDateTime,
        locked_until: OffsetDateTime,
        limit: u32,
    ) -> StoreResult<Vec<ClaimedDelivery>> {
        let postgres = self.db.backend() == Backend::Postgres;
        outbox::claim_due(self.db.writer(), postgres, now, locked_until, limit).await
    }

    async fn mark_delivered(
        &self,
        claim: &ClaimedDelivery,
        now: OffsetDateTime,
    ) -> StoreResult<bool> {
        outbox::mark_delivered(self.db.writer(), claim, now).await
    }

    async fn mark_failed(
        &self,
        claim: &ClaimedDelivery,
        update: &FailureUpdate,
    ) -> StoreResult<bool> {
        outbox::mark_failed(self.db.writer(), claim, update).await
    }

    async fn delivery_status(&self, event_id: &str) -> StoreResult<Vec<DeliveryRecord>> {
        outbox::delivery_status(self.db.pool(), event_id).await
    }

    async fn append_consent(&self, record: &ConsentRecord) -> StoreResult<()> {
        records::append_consent(self.db.writer(), record).await
    }

    async fn latest_consent(&self, subject: &str) -> StoreResult<Option<ConsentRecord>> {
        records::latest_consent(self.db.pool(), subject).await
    }

    async fn upsert_attribution(
        &self,
        session_key: &str,
        snapshot: &AttributionSnapshot,
    ) -> StoreResult<()> {
        records::upsert_attribution(self.db.writer(), session_key, snapshot).await
    }

    async fn attribution(&self, session_key: &str) -> StoreResult<Option<AttributionSnapshot>> {
        records::attribution(self.db.pool(), session_key).await
    }
}
