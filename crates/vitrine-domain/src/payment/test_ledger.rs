//! Where the offline test provider keeps its state (ADR 0014): its objects (intents, payment
//! methods, customers, charges, refunds) as versioned JSON documents, its idempotency records
//! and its webhook events, in the shop's own database, so a restart (even a SIGKILL) loses no
//! payment and a retried request never charges twice. Only the test provider uses this port;
//! Stripe keeps the real state on its servers.

use async_trait::async_trait;

use crate::ports::StoreError;

/// One stored object: `body` is the provider's JSON, `version` moves by one on every write.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LedgerObject {
    pub id: String,
    pub kind: String,
    pub owner: Option<String>,
    pub version: i64,
    pub body: String,
}

/// A write in a [`TestLedger::commit`]: `expected_version` `None` creates the object (it must
/// not exist yet), `Some(v)` replaces version `v` (a compare-and-swap).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ObjectWrite {
    pub id: String,
    pub kind: String,
    /// What the object belongs to (a payment method's customer, a charge's intent), for
    /// [`TestLedger::objects_owned_by`].
    pub owner: Option<String>,
    pub body: String,
    pub expected_version: Option<i64>,
}

/// What a finished idempotent request answered, replayed for a retry with the same key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredResponse {
    pub status: u16,
    pub body: String,
}

/// The answer to [`TestLedger::claim_key`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum KeyClaim {
    /// The caller runs the request and ends it with [`TestLedger::commit`] or
    /// [`TestLedger::release_key`].
    Claimed,
    /// Another request with this key is running (its lease not yet over).
    InFlight { request_hash: String },
    /// A request with this key finished: replay it when the hashes match.
    Done {
        request_hash: String,
        response: StoredResponse,
    },
}

/// A key recorded with its request's step ([`TestLedger::commit_new_key`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NewKey<'a> {
    pub key: &'a str,
    pub request_hash: &'a str,
    /// Unix seconds.
    pub now: i64,
    pub response: &'a StoredResponse,
}

/// How long a claim and a finished record last.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KeyTimes {
    /// Unix seconds.
    pub now: i64,
    /// An in-flight claim older than this was left by a crashed process and may be taken over.
    pub lease_secs: i64,
    /// A finished record older than this is pruned: the key is new again (Stripe: 24 h).
    pub ttl_secs: i64,
}

/// A webhook event waiting for delivery.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LedgerEvent {
    /// `evt_…`
    pub id: String,
    /// Unix seconds.
    pub created: i64,
    /// The event JSON exactly as it will be signed and sent.
    pub body: String,
}

#[async_trait]
pub trait TestLedger: Send + Sync + 'static {
    async fn object(&self, id: &str) -> Result<Option<LedgerObject>, StoreError>;

    /// The objects of one kind owned by `owner`, by id.
    async fn objects_owned_by(
        &self,
        kind: &str,
        owner: &str,
    ) -> Result<Vec<LedgerObject>, StoreError>;

    /// Claims `key` for a request whose parameters hash to `request_hash`, atomically.
    async fn claim_key(
        &self,
        key: &str,
        request_hash: &str,
        times: KeyTimes,
    ) -> Result<KeyClaim, StoreError>;

    /// Whether `key` has a record of any kind (claimed, answered, or stale). (The provider no
    /// longer asks before running a key unclaimed: [`TestLedger::commit_new_key`] refuses a
    /// key with a record, and the claiming way follows.)
    async fn key_recorded(&self, key: &str) -> Result<bool, StoreError>;

    /// [`TestLedger::commit`] for a request that ran without claiming its key (it had no
    /// record): the key's record — `request_hash`, its answer, made at `now` — is inserted in the
    /// same transaction as the step. `Ok(false)`, nothing written, when the key got a record
    /// meanwhile (another request with it came first); `StoreError::Conflict` as for `commit`.
    async fn commit_new_key(
        &self,
        writes: &[ObjectWrite],
        key: NewKey<'_>,
        events: &[LedgerEvent],
    ) -> Result<bool, StoreError>;

    /// Drops a claim without a stored answer (a request refused before it changed anything:
    /// Stripe does not store those, so a corrected retry with the same key runs).
    async fn release_key(&self, key: &str) -> Result<(), StoreError>;

    /// In one transaction: the writes (every compare-and-swap must hold, else
    /// `StoreError::Conflict` and nothing is written), the claimed key's answer, and the events.
    async fn commit(
        &self,
        writes: &[ObjectWrite],
        answer: Option<(&str, &StoredResponse)>,
        events: &[LedgerEvent],
    ) -> Result<(), StoreError>;

    /// Events not yet delivered, oldest first.
    async fn pending_events(&self, limit: u32) -> Result<Vec<LedgerEvent>, StoreError>;

    /// The event was delivered (or given up on) at `now` (unix seconds).
    async fn mark_delivered(&self, id: &str, now: i64) -> Result<(), StoreError>;

    /// Each of `ids` was delivered (or given up on) at `now`: a delivery pass in one write.
    async fn mark_delivered_all(&self, ids: &[String], now: i64) -> Result<(), StoreError> {
        for id in ids {
            self.mark_delivered(id, now).await?;
        }
        Ok(())
    }
}
