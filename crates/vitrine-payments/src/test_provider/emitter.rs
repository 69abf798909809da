//! Webhook delivery for the test provider (payments-anchors §8.4.7). Events wait in the ledger
//! (written with the change that made them), so a restart resends what was not delivered.
//! `Http` POSTs them, signed at sending time, from a background task with backoff (up to
//! `IN_FLIGHT` at once, marked delivered a pass at a time) — the
//! call that made the change never waits for it; `Manual` leaves them for a test to take.
//!
//! Like Stripe's, delivery comes a little after the event (`LAG`, ADR 0028): an event is sent
//! once it has waited a second since this sender first saw it pending, so one pass carries the
//! events of every order of that second, and the usual event reaches the shop after the
//! checkout settled its order (answered after one read) instead of racing its `finalize`.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use tokio::sync::Notify;
use tokio::task::JoinSet;
use tokio::time::Instant;
use vitrine_domain::payment::ProviderError;
use vitrine_domain::payment::test_ledger::{LedgerEvent, TestLedger};

use super::TestProvider;
use super::work::ledger_error;
use crate::clock::Clock;
use crate::webhook::{WebhookSecret, sign};

/// Pending events are looked at this often even without a wake-up (retries, other instances).
const POLL: Duration = Duration::from_secs(1);
/// Events read per pass: with the lag, a pass carries every order's events of that second
/// (three per paid order), so a pass is one read and one mark for many orders.
const BATCH: u32 = 500;
const FIRST_RETRY: Duration = Duration::from_secs(1);
const LAST_RETRY: Duration = Duration::from_secs(300);
/// Stripe's test mode retries three times; we keep trying a little longer so a shop that was
/// down for a minute still hears of its payments.
const MAX_ATTEMPTS: u32 = 10;
const TIMEOUT: Duration = Duration::from_secs(10);
/// Deliveries under way at once: one at a time fell behind three events per paid order.
const IN_FLIGHT: usize = 16;
/// How long an event waits, from when this sender first saw it pending, before it is sent
/// (on the process's clock: the ledger's clock is stopped in tests, and an event's `created`
/// has whole seconds only).
const LAG: Duration = Duration::from_secs(1);

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WebhookSink {
    /// POST to this URL (the shop's own webhook route).
    Http { url: String },
    /// Kept until [`TestProvider::take_webhooks`].
    Manual,
}

/// A delivery as it goes over the wire: the raw body and its `Stripe-Signature` header.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SignedWebhook {
    pub event_id: String,
    pub body: String,
    pub signature: String,
}

/// Faults a test can switch on: every event delivered twice, or none delivered (lost).
#[derive(Debug, Default)]
pub struct WebhookFaults {
    duplicate: AtomicBool,
    drop: AtomicBool,
}

impl WebhookFaults {
    pub fn duplicate(&self, on: bool) {
        self.duplicate.store(on, Ordering::SeqCst);
    }

    pub fn drop_all(&self, on: bool) {
        self.drop.store(on, Ordering::SeqCst);
    }

    fn copies(&self) -> usize {
        if self.drop.load(Ordering::SeqCst) {
            0
        } else if self.duplicate.load(Ordering::SeqCst) {
            2
        } else {
            1
        }
    }
}

pub(super) struct Emitter {
    wake: Arc<Notify>,
    faults: Arc<WebhookFaults>,
}

struct Delivery {
    url: String,
    secret: WebhookSecret,
    ledger: Arc<dyn TestLedger>,
    clock: Arc<dyn Clock>,
    wake: Arc<Notify>,
    faults: Arc<WebhookFaults>,
}

impl Emitter {
    pub(super) fn start(
        sink: WebhookSink,
        secret: WebhookSecret,
        ledger: Arc<dyn TestLedger>,
        clock: Arc<dyn Clock>,
    ) -> Self {
        let wake = Arc::new(Notify::new());
        let faults = Arc::new(WebhookFaults::default());
        if let WebhookSink::Http { url } = sink {
            let delivery = Delivery {
                url,
                secret,
                ledger,
                clock,
                wake: Arc::clone(&wake),
                faults: Arc::clone(&faults),
            };
            match tokio::runtime::Handle::try_current() {
                Ok(runtime) => {
                    runtime.spawn(delivery.run());
                }
                Err(_) => tracing::error!("no Tokio runtime: test provider webhooks stay queued"),
            }
        }
        Self { wake, faults }
    }

    pub(super) fn wake(&self) {
        self.wake.notify_one();
    }
}

impl Delivery {
    async fn run(self) {
        let client = match reqwest::Client::builder().timeout(TIMEOUT).build() {
            Ok(client) => client,
            Err(error) => {
                tracing::error!(%error, "test provider webhooks cannot start");
                return;
            }
        };
        let delivery = Arc::new(self);
        let mut retries: HashMap<String, (u32, Instant)> = HashMap::new();
        let mut first_seen: HashMap<String, Instant> = HashMap::new();
        // When the next event that was seen but not yet due falls due.
        let mut next_due: Option<Instant> = None;
        let mut more = false;
        loop {
            if !more {
                match next_due {
                    // Events written meanwhile are due later than the one waited for, so the
                    // wake-ups of their writes are not worth a read of the pending events.
                    Some(due) => tokio::time::sleep_until(due.min(Instant::now() + POLL)).await,
                    None => {
                        tokio::select! {
                            () = delivery.wake.notified() => {}
                            () = tokio::time::sleep(POLL) => {}
                        }
                    }
                }
            }
            let pending = match delivery.ledger.pending_events(BATCH).await {
                Ok(pending) => pending,
                Err(error) => {
                    tracing::warn!(%error, "test provider webhooks: cannot read pending events");
                    more = false;
                    next_due = None;
                    continue;
                }
            };
            let full = pending.len() == BATCH as usize;
            let now = Instant::now();
            if !full {
                // Events delivered meanwhile (by another instance) are forgotten.
                let ids: HashSet<&str> = pending.iter().map(|e| e.id.as_str()).collect();
                first_seen.retain(|id, _| ids.contains(id.as_str()));
            }
            next_due = None;
            // Up to IN_FLIGHT deliveries at once (Stripe sends concurrently too, in no set
            // order); what each answered is settled here, in this one task.
            let mut flying = JoinSet::new();
            let mut done = Vec::new();
            for event in pending {
                let due = *first_seen.entry(event.id.clone()).or_insert(now) + LAG;
                if due > now {
                    next_due = Some(next_due.map_or(due, |next| next.min(due)));
                    continue;
                }
                if retries
                    .get(&event.id)
                    .is_some_and(|(_, next)| Instant::now() < *next)
                {
                    continue;
                }
                while flying.len() >= IN_FLIGHT {
                    if let Some(answer) = flying.join_next().await {
                        delivery.settle(answer, &mut retries, &mut done);
                    }
                }
                let (one, client) = (Arc::clone(&delivery), client.clone());
                flying.spawn(async move {
                    let delivered = one.deliver(&client, &event).await;
                    (event.id, delivered)
                });
            }
            while let Some(answer) = flying.join_next().await {
                delivery.settle(answer, &mut retries, &mut done);
            }
            for id in &done {
                first_seen.remove(id);
            }
            // Another batch waits at once only when this one moved something (a batch of
            // events all waiting for their retry time waits for the next tick).
            more = full && !done.is_empty();
            delivery.mark(&done).await;
        }
    }

    /// Books one delivery's outcome: delivered (or given up on) events go to `done`, a
    /// refused one waits its backoff.
    fn settle(
        &self,
        answer: Result<(String, bool), tokio::task::JoinError>,
        retries: &mut HashMap<String, (u32, Instant)>,
        done: &mut Vec<String>,
    ) {
        let (id, delivered) = match answer {
            Ok(answer) => answer,
            Err(error) => {
                tracing::warn!(%error, "a webhook delivery task failed");
                return;
            }
        };
        if delivered {
            retries.remove(&id);
            done.push(id);
            return;
        }
        let attempts = retries.get(&id).map_or(1, |(n, _)| n + 1);
        if attempts >= MAX_ATTEMPTS {
            tracing::warn!(event = %id, "test provider webhook given up");
            retries.remove(&id);
            done.push(id);
        } else {
            let wait = FIRST_RETRY
                .saturating_mul(2u32.saturating_pow(attempts - 1))
                .min(LAST_RETRY);
            retries.insert(id, (attempts, Instant::now() + wait));
        }
    }

    /// `true` once the shop answered 2xx (or a fault dropped the event on purpose).
    async fn deliver(&self, client: &reqwest::Client, event: &LedgerEvent) -> bool {
        for _ in 0..self.faults.copies() {
            let signature = sign(&self.secret, event.body.as_bytes(), self.clock.now());
            let answer = client
                .post(&self.url)
                .header("content-type", "application/json")
                .header("stripe-signature", signature)
                .body(event.body.clone())
                .send()
                .await;
            match answer {
                Ok(response) if response.status().is_success() => {}
                Ok(response) => {
                    tracing::info!(event = %event.id, status = %response.status(), "webhook refused");
                    return false;
                }
                Err(error) => {
                    tracing::info!(event = %event.id, %error, "webhook not delivered");
                    return false;
                }
            }
        }
        true
    }

    /// Marks a pass's delivered events in one write.
    async fn mark(&self, ids: &[String]) {
        if ids.is_empty() {
            return;
        }
        if let Err(error) = self.ledger.mark_delivered_all(ids, self.clock.now()).await {
            tracing::warn!(events = ids.len(), %error, "could not mark webhooks delivered");
        }
    }
}

impl TestProvider {
    pub fn webhook_faults(&self) -> &WebhookFaults {
        &self.emitter.faults
    }

    /// The `Stripe-Signature` header for `body` sent now.
    pub fn sign_webhook(&self, body: &[u8]) -> String {
        sign(&self.config.webhook_secret, body, self.clock.now())
    }

    /// Takes the events not yet delivered, oldest first, signed now (for the `Manual` sink;
    /// faults apply: dropped events are gone, duplicated ones come twice).
    pub async fn take_webhooks(&self) -> Result<Vec<SignedWebhook>, ProviderError> {
        let pending = self
            .ledger
            .pending_events(u32::MAX)
            .await
            .map_err(ledger_error)?;
        let mut taken = Vec::new();
        for event in pending {
            for _ in 0..self.emitter.faults.copies() {
                taken.push(SignedWebhook {
                    event_id: event.id.clone(),
                    signature: self.sign_webhook(event.body.as_bytes()),
                    body: event.body.clone(),
                });
            }
            self.ledger
                .mark_delivered(&event.id, self.clock.now())
                .await
                .map_err(ledger_error)?;
        }
        Ok(taken)
    }
}
