//! One step of the test provider: the objects it read (with their versions), the writes and
//! events it made, committed together with the request's idempotency answer. A step that lost
//! a compare-and-swap to a concurrent one runs again on the fresh objects.

use std::collections::HashMap;

use serde::Serialize;
use serde::de::DeserializeOwned;
use vitrine_domain::payment::ProviderError;
use vitrine_domain::payment::test_ledger::{LedgerEvent, ObjectWrite, TestLedger};
use vitrine_domain::ports::StoreError;

use crate::wire::{WireEvent, WireEventData};

/// The ledger failed: to the caller it is the provider's own error (Stripe's 500).
pub fn ledger_error(error: StoreError) -> ProviderError {
    ProviderError::Api {
        status: 500,
        message: format!("test provider storage: {error}"),
    }
}

pub fn not_found(kind: &str, id: &str) -> ProviderError {
    ProviderError::InvalidRequest {
        code: "resource_missing".to_owned(),
        message: format!("No such {kind}: '{id}'"),
    }
}

pub fn invalid(code: &str, message: impl Into<String>) -> ProviderError {
    ProviderError::InvalidRequest {
        code: code.to_owned(),
        message: message.into(),
    }
}

pub struct Work<'l> {
    ledger: &'l dyn TestLedger,
    pub now: i64,
    pub api_version: &'l str,
    pub idempotency_key: Option<String>,
    versions: HashMap<String, i64>,
    pub writes: Vec<ObjectWrite>,
    pub events: Vec<(LedgerEvent, String)>,
}

impl<'l> Work<'l> {
    pub fn new(
        ledger: &'l dyn TestLedger,
        now: i64,
        api_version: &'l str,
        idempotency_key: Option<String>,
    ) -> Self {
        Self {
            ledger,
            now,
            api_version,
            idempotency_key,
            versions: HashMap::new(),
            writes: Vec::new(),
            events: Vec::new(),
        }
    }

    /// The object `id` of `kind` as last written in this step or stored, `None` if absent.
    pub async fn load<T: DeserializeOwned>(
        &mut self,
        kind: &str,
        id: &str,
    ) -> Result<Option<T>, ProviderError> {
        if let Some(written) = self.writes.iter().find(|w| w.id == id) {
            return serde_json::from_str(&written.body)
                .map(Some)
                .map_err(|e| corrupt(id, e));
        }
        let Some(stored) = self.ledger.object(id).await.map_err(ledger_error)? else {
            return Ok(None);
        };
        if stored.kind != kind {
            return Ok(None);
        }
        self.versions.insert(stored.id.clone(), stored.version);
        serde_json::from_str(&stored.body)
            .map(Some)
            .map_err(|e| corrupt(id, e))
    }

    /// Like [`Self::load`], a missing object being Stripe's `resource_missing`.
    pub async fn get<T: DeserializeOwned>(
        &mut self,
        kind: &str,
        id: &str,
    ) -> Result<T, ProviderError> {
        self.load(kind, id)
            .await?
            .ok_or_else(|| not_found(kind, id))
    }

    /// Writes `object` (created when it was not loaded in this step).
    pub fn save<T: Serialize>(
        &mut self,
        kind: &str,
        id: &str,
        owner: Option<&str>,
        object: &T,
    ) -> Result<(), ProviderError> {
        let body = serde_json::to_string(object).map_err(|e| corrupt(id, e))?;
        let write = ObjectWrite {
            id: id.to_owned(),
            kind: kind.to_owned(),
            owner: owner.map(str::to_owned),
            body,
            expected_version: self.versions.get(id).copied(),
        };
        match self.writes.iter_mut().find(|w| w.id == id) {
            Some(existing) => *existing = write,
            None => self.writes.push(write),
        }
        Ok(())
    }

    /// Queues the event `kind` about `object` (its state now), with a fresh `evt_…` id.
    pub fn emit<T: Serialize>(
        &mut self,
        id: String,
        kind: &str,
        object: &T,
    ) -> Result<(), ProviderError> {
        let event = WireEvent {
            id: id.clone(),
            object: Some("event".to_owned()),
            api_version: Some(self.api_version.to_owned()),
            created: self.now,
            livemode: false,
            kind: kind.to_owned(),
            data: WireEventData {
                object: serde_json::to_value(object).map_err(|e| corrupt(&id, e))?,
            },
            request: Some(serde_json::json!({
                "id": null,
                "idempotency_key": self.idempotency_key,
            })),
        };
        let body = serde_json::to_string(&event).map_err(|e| corrupt(&id, e))?;
        self.events.push((
            LedgerEvent {
                id,
                created: self.now,
                body,
            },
            kind.to_owned(),
        ));
        Ok(())
    }

    pub fn changed_anything(&self) -> bool {
        !self.writes.is_empty()
    }
}

fn corrupt(id: &str, error: impl std::fmt::Display) -> ProviderError {
    ProviderError::Api {
        status: 500,
        message: format!("test provider object {id} is unreadable: {error}"),
    }
}
