//! The storage port of the tracking crate: event ledger (replay detection), outbox with leases,
//! consent proof log and attribution snapshots. `vitrine_store::SqlTrackingStore` implements it.

use async_trait::async_trait;
use serde_json::Value;
use time::OffsetDateTime;
pub use vitrine_domain::ports::StoreError;

use crate::attribution::AttributionSnapshot;
use crate::consent::ConsentRecord;
use crate::outbox::{DeliveryStatus, Destination, FailureUpdate};

/// An event the intake accepted; its id is unique forever (replays are refused).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AcceptedEvent {
    pub event_id: String,
    pub event_name: String,
    pub received_at: OffsetDateTime,
}

/// One delivery to enqueue: the provider body without credentials.
#[derive(Debug, Clone, PartialEq)]
pub struct OutboxMessage {
    pub destination: Destination,
    pub payload: Value,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AcceptOutcome {
    Accepted,
    /// The event id was accepted before; nothing was enqueued.
    Replayed,
}

/// A delivery claimed by one worker until `locked_until`; only the holder of `lease` may
/// settle it.
#[derive(Debug, Clone, PartialEq)]
pub struct ClaimedDelivery {
    pub id: String,
    pub event_id: String,
    pub destination: Destination,
    pub payload: Value,
    /// Attempts made before this one.
    pub attempts: u32,
    pub lease: String,
}

/// Per-destination status of one event, for observability and tests.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeliveryRecord {
    pub destination: Destination,
    pub status: DeliveryStatus,
    pub attempts: u32,
    pub next_attempt_at: OffsetDateTime,
    pub delivered_at: Option<OffsetDateTime>,
    pub last_error: Option<String>,
}

#[async_trait]
pub trait TrackingStore: Send + Sync + 'static {
    /// Records the event id and enqueues its deliveries in one transaction; a known id is
    /// `Replayed` and changes nothing.
    async fn accept_event(
        &self,
        event: &AcceptedEvent,
        outbox: &[OutboxMessage],
    ) -> Result<AcceptOutcome, StoreError>;

    /// Claims up to `limit` pending deliveries due at `now` whose lease (if any) has run out,
    /// locking them until `locked_until`. Concurrent callers never get the same row.
    async fn claim_due(
        &self,
        now: OffsetDateTime,
        locked_until: OffsetDateTime,
        limit: u32,
    ) -> Result<Vec<ClaimedDelivery>, StoreError>;

    /// Marks a claimed delivery done; `false` if the lease was lost meanwhile.
    async fn mark_delivered(
        &self,
        claim: &ClaimedDelivery,
        now: OffsetDateTime,
    ) -> Result<bool, StoreError>;

    /// Records a failed attempt (rescheduled or dead); `false` if the lease was lost.
    async fn mark_failed(
        &self,
        claim: &ClaimedDelivery,
        update: &FailureUpdate,
    ) -> Result<bool, StoreError>;

    /// Deliveries of one event, one per destination.
    async fn delivery_status(&self, event_id: &str) -> Result<Vec<DeliveryRecord>, StoreError>;

    /// Appends a decision to the proof log (never updates or deletes).
    async fn append_consent(&self, record: &ConsentRecord) -> Result<(), StoreError>;

    /// The newest decision of a pseudonymous subject.
    async fn latest_consent(&self, subject: &str) -> Result<Option<ConsentRecord>, StoreError>;

    /// Stores the session's snapshot (keyed by `SessionId::storage_key`).
    async fn upsert_attribution(
        &self,
        session_key: &str,
        snapshot: &AttributionSnapshot,
    ) -> Result<(), StoreError>;

    async fn attribution(
        &self,
        session_key: &str,
    ) -> Result<Option<AttributionSnapshot>, StoreError>;
}
