//! The offline test provider (ADR 0014, payments-anchors §8.4): Stripe's PaymentIntent and
//! SetupIntent state machines, its test cards, idempotency and signed webhooks, with its state
//! in the shop's database ([`TestLedger`]) so a restart loses nothing. Refused in production.

mod browser;
mod disputes;
mod emitter;
mod intents;
mod methods;
mod ops;
mod port;
mod setup;
mod work;

use std::sync::{Arc, Mutex};

use rand::SeedableRng;
use rand::rngs::StdRng;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;
use sha2::{Digest, Sha256};
use vitrine_domain::payment::test_ledger::{
    KeyClaim, KeyTimes, NewKey, StoredResponse, TestLedger,
};
use vitrine_domain::payment::{IdempotencyKey, ProviderError};
use vitrine_domain::ports::StoreError;

pub use browser::{BillingDetails, CardRejection, Challenge, ChallengeKind};
pub use emitter::{SignedWebhook, WebhookFaults, WebhookSink};

use self::ops::Op;
use self::work::{Work, ledger_error};
use crate::clock::Clock;
use crate::ids;
use crate::webhook::{WebhookSecret, WebhookVerifier};

/// A claimed idempotency key whose request never finished (a crash) is free again after this.
const KEY_LEASE_SECS: i64 = 30;
/// Stripe prunes idempotency keys after 24 hours.
const KEY_TTL_SECS: i64 = 24 * 60 * 60;
/// A step that keeps losing its compare-and-swap gives up after this many runs.
const MAX_RUNS: usize = 8;

#[derive(Debug, Clone)]
pub struct TestProviderConfig {
    pub webhook_secret: WebhookSecret,
    pub webhook_tolerance_secs: i64,
    pub sink: WebhookSink,
    /// The `api_version` written in events.
    pub api_version: String,
    pub publishable_key: String,
    /// Where the browser reaches the test provider's card endpoints.
    pub api_base: String,
    /// The challenge page (`{challenge_base}/{intent id}`).
    pub challenge_base: String,
    /// A fixed seed makes ids repeatable in tests; `None` draws them from the OS (ids must
    /// not repeat after a restart).
    pub seed: Option<u64>,
}

impl TestProviderConfig {
    pub fn new(webhook_secret: WebhookSecret, sink: WebhookSink) -> Self {
        Self {
            webhook_secret,
            webhook_tolerance_secs: crate::webhook::DEFAULT_TOLERANCE_SECS,
            sink,
            api_version: crate::stripe::DEFAULT_API_VERSION.to_owned(),
            publishable_key: "pk_test_offline".to_owned(),
            api_base: "/_test_provider/v1".to_owned(),
            challenge_base: "/_test_provider/3ds".to_owned(),
            seed: None,
        }
    }
}

pub struct TestProvider {
    ledger: Arc<dyn TestLedger>,
    clock: Arc<dyn Clock>,
    rng: Mutex<StdRng>,
    config: TestProviderConfig,
    verifier: WebhookVerifier,
    emitter: emitter::Emitter,
}

impl std::fmt::Debug for TestProvider {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TestProvider")
            .field("sink", &self.config.sink)
            .finish_non_exhaustive()
    }
}

/// The HTTP status Stripe answers with for this error.
pub fn http_status(error: &ProviderError) -> u16 {
    match error {
        ProviderError::Card { .. } => 402,
        ProviderError::InvalidRequest { code, .. } if code == "resource_missing" => 404,
        ProviderError::InvalidRequest { .. } | ProviderError::Idempotency { .. } => 400,
        ProviderError::Authentication => 401,
        ProviderError::RateLimited { .. } => 429,
        ProviderError::Api { status, .. } => *status,
        ProviderError::Transport { .. } => 502,
    }
}

pub(crate) fn json<T: Serialize>(value: &T) -> Result<Value, ProviderError> {
    serde_json::to_value(value).map_err(|e| ProviderError::Api {
        status: 500,
        message: format!("test provider answer: {e}"),
    })
}

pub(crate) fn from_json<T: DeserializeOwned>(value: Value) -> Result<T, ProviderError> {
    serde_json::from_value(value).map_err(|e| ProviderError::Api {
        status: 500,
        message: format!("test provider answer: {e}"),
    })
}

impl TestProvider {
    /// Starts the webhook delivery task for an HTTP sink, so call it inside a Tokio runtime.
    pub fn new(
        config: TestProviderConfig,
        ledger: Arc<dyn TestLedger>,
        clock: Arc<dyn Clock>,
    ) -> Arc<Self> {
        let rng = match config.seed {
            Some(seed) => StdRng::seed_from_u64(seed),
            None => StdRng::from_entropy(),
        };
        let verifier = WebhookVerifier::new(
            config.webhook_secret.clone(),
            config.webhook_tolerance_secs,
            false,
        );
        let emitter = emitter::Emitter::start(
            config.sink.clone(),
            config.webhook_secret.clone(),
            Arc::clone(&ledger),
            Arc::clone(&clock),
        );
        Arc::new(Self {
            ledger,
            clock,
            rng: Mutex::new(rng),
            config,
            verifier,
            emitter,
        })
    }

    pub(crate) fn new_id(&self, prefix: &str) -> String {
        let mut rng = self
            .rng
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        ids::new_id(prefix, &mut *rng)
    }

    pub(crate) fn client_secret(&self, id: &str) -> String {
        let mut rng = self
            .rng
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        ids::client_secret(id, &mut *rng)
    }

    /// The challenge page for an intent, carrying its client secret and where to go after.
    pub(crate) fn challenge_url(
        &self,
        id: &str,
        client_secret: &str,
        return_url: Option<&str>,
    ) -> String {
        let mut query = url::form_urlencoded::Serializer::new(String::new());
        query.append_pair("client_secret", client_secret);
        if let Some(return_url) = return_url {
            query.append_pair("return_url", return_url);
        }
        format!("{}/{id}?{}", self.config.challenge_base, query.finish())
    }

    pub fn config(&self) -> &TestProviderConfig {
        &self.config
    }

    pub fn now(&self) -> i64 {
        self.clock.now()
    }

    /// Runs `op`: once per idempotency key (a retry with the same key and parameters answers
    /// the stored result, errors included; other parameters are refused), and without a key
    /// for the browser's calls.
    async fn run(&self, key: Option<&IdempotencyKey>, op: Op) -> Result<Value, ProviderError> {
        let Some(key) = key else {
            return self.run_claimed(None, &op).await;
        };
        let request = serde_json::to_vec(&op).map_err(|e| ProviderError::Api {
            status: 500,
            message: e.to_string(),
        })?;
        let request_hash = hex::encode(Sha256::digest(&request));
        // Every key first runs as if seen for the first time (the usual case), without a claim
        // of its own: its record is written with the step, one commit instead of two, and no
        // read to ask whether the key is known. A key with a record (a retry, a twin in
        // flight, a crashed claim) loses that insert and goes the claiming way below, which
        // replays or waits for the other request; the step it ran is not committed.
        if let Some(outcome) = self.run_new_key(key.as_str(), &request_hash, &op).await {
            return outcome;
        }
        let times = KeyTimes {
            now: self.clock.now(),
            lease_secs: KEY_LEASE_SECS,
            ttl_secs: KEY_TTL_SECS,
        };
        let claim = self
            .ledger
            .claim_key(key.as_str(), &request_hash, times)
            .await
            .map_err(ledger_error)?;
        match claim {
            KeyClaim::Claimed => self.run_claimed(Some(key.as_str()), &op).await,
            KeyClaim::InFlight { .. } => Err(ProviderError::Idempotency {
                message: format!(
                    "There is currently another in-progress request using this Idempotent Key \
                     (that probably means you submitted twice, and the other request is still \
                     going through): {}. Please try again later.",
                    key.as_str()
                ),
            }),
            KeyClaim::Done {
                request_hash: stored_hash,
                response,
            } => {
                if stored_hash != request_hash {
                    return Err(ProviderError::Idempotency {
                        message: format!(
                            "Keys for idempotent requests can only be used with the same \
                             parameters they were first used with. Try using a key other than \
                             '{}' if you meant to execute a different request.",
                            key.as_str()
                        ),
                    });
                }
                serde_json::from_str::<Result<Value, ProviderError>>(&response.body).map_err(
                    |e| ProviderError::Api {
                        status: 500,
                        message: format!("stored idempotent answer: {e}"),
                    },
                )?
            }
        }
    }

    /// Runs `op` for a key that had no record, recording the key with the step's commit.
    /// `None` when that cannot settle it — another request recorded the key meanwhile, a
    /// concurrent step changed what this one read, or it was refused (which a twin's answer
    /// may explain) — and the claiming path must run it: that one waits for or replays the
    /// other request, exactly as before.
    async fn run_new_key(
        &self,
        key: &str,
        request_hash: &str,
        op: &Op,
    ) -> Option<Result<Value, ProviderError>> {
        let mut work = Work::new(
            &*self.ledger,
            self.clock.now(),
            &self.config.api_version,
            Some(key.to_owned()),
        );
        let outcome = self.execute(&mut work, op).await;
        if outcome.is_err() && !work.changed_anything() {
            return None;
        }
        let response = StoredResponse {
            status: outcome.as_ref().map_or_else(http_status, |_| 200),
            body: match serde_json::to_string(&outcome) {
                Ok(body) => body,
                Err(error) => {
                    return Some(Err(ProviderError::Api {
                        status: 500,
                        message: error.to_string(),
                    }));
                }
            },
        };
        let events: Vec<_> = work.events.iter().map(|(event, _)| event.clone()).collect();
        let new_key = NewKey {
            key,
            request_hash,
            now: work.now,
            response: &response,
        };
        match self
            .ledger
            .commit_new_key(&work.writes, new_key, &events)
            .await
        {
            Ok(true) => {
                self.committed(&work);
                Some(outcome)
            }
            Ok(false) | Err(StoreError::Conflict(_)) => None,
            Err(error) => Some(Err(ledger_error(error))),
        }
    }

    /// After a step's commit: its events logged, the sender woken.
    fn committed(&self, work: &Work<'_>) {
        for (event, kind) in &work.events {
            tracing::debug!(event = %event.id, kind, "test provider event");
        }
        if !work.events.is_empty() {
            self.emitter.wake();
        }
    }

    async fn run_claimed(&self, key: Option<&str>, op: &Op) -> Result<Value, ProviderError> {
        for _ in 0..MAX_RUNS {
            let mut work = Work::new(
                &*self.ledger,
                self.clock.now(),
                &self.config.api_version,
                key.map(str::to_owned),
            );
            let outcome = self.execute(&mut work, op).await;
            // Refused before changing anything: nothing to store, and a corrected retry with
            // the same key runs (Stripe does not store validation failures).
            if outcome.is_err() && !work.changed_anything() {
                self.release(key).await;
                return outcome;
            }
            let response = StoredResponse {
                status: outcome.as_ref().map_or_else(http_status, |_| 200),
                body: serde_json::to_string(&outcome).map_err(|e| ProviderError::Api {
                    status: 500,
                    message: e.to_string(),
                })?,
            };
            let events: Vec<_> = work.events.iter().map(|(event, _)| event.clone()).collect();
            match self
                .ledger
                .commit(&work.writes, key.map(|k| (k, &response)), &events)
                .await
            {
                Ok(()) => {
                    self.committed(&work);
                    return outcome;
                }
                // A concurrent step changed an object we read: run again on the new state.
                Err(StoreError::Conflict(_)) => continue,
                Err(error) => {
                    self.release(key).await;
                    return Err(ledger_error(error));
                }
            }
        }
        self.release(key).await;
        Err(ProviderError::Api {
            status: 409,
            message: "the object is being changed by other requests; try again".to_owned(),
        })
    }

    async fn release(&self, key: Option<&str>) {
        if let Some(key) = key
            && let Err(error) = self.ledger.release_key(key).await
        {
            tracing::warn!(%error, "could not release an idempotency key");
        }
    }

    async fn execute(&self, w: &mut Work<'_>, op: &Op) -> Result<Value, ProviderError> {
        match op {
            Op::CreateCustomer {
                email,
                name,
                metadata,
            } => methods::create_customer(self, w, email.as_deref(), name.as_deref(), metadata),
            Op::CreatePaymentIntent {
                amount,
                currency,
                payment_method,
                customer,
                confirm,
                return_url,
                save_payment_method,
                off_session,
                metadata,
            } => {
                intents::create(
                    self,
                    w,
                    intents::NewIntent {
                        amount: *amount,
                        currency,
                        payment_method: payment_method.as_deref(),
                        customer: customer.as_deref(),
                        confirm: *confirm,
                        return_url: return_url.as_deref(),
                        save_payment_method: *save_payment_method,
                        off_session: *off_session,
                        metadata,
                    },
                )
                .await
            }
            Op::UpdatePaymentIntent {
                id,
                amount,
                currency,
                payment_method,
                metadata,
            } => {
                intents::update(
                    self,
                    w,
                    id,
                    intents::IntentChanges {
                        amount: *amount,
                        currency: currency.as_deref(),
                        payment_method: payment_method.as_deref(),
                        metadata,
                    },
                )
                .await
            }
            Op::ConfirmPaymentIntent {
                id,
                payment_method,
                return_url,
                off_session,
            } => {
                intents::confirm(
                    self,
                    w,
                    id,
                    payment_method.as_deref(),
                    return_url.as_deref(),
                    *off_session,
                )
                .await
            }
            Op::AuthenticatePaymentIntent { id, success } => {
                intents::authenticate(self, w, id, *success).await
            }
            Op::CancelPaymentIntent { id } => intents::cancel(self, w, id).await,
            Op::CreateSetupIntent {
                customer,
                payment_method,
                confirm,
                return_url,
                metadata,
            } => {
                setup::create(
                    self,
                    w,
                    customer.as_deref(),
                    payment_method.as_deref(),
                    *confirm,
                    return_url.as_deref(),
                    metadata,
                )
                .await
            }
            Op::ConfirmSetupIntent {
                id,
                payment_method,
                return_url,
            } => {
                setup::confirm(
                    self,
                    w,
                    id,
                    payment_method.as_deref(),
                    return_url.as_deref(),
                )
                .await
            }
            Op::AuthenticateSetupIntent { id, success } => {
                setup::authenticate(self, w, id, *success).await
            }
            Op::CancelSetupIntent { id } => setup::cancel(self, w, id).await,
            Op::CreateCardPaymentMethod {
                profile,
                brand,
                last4,
                exp_month,
                exp_year,
                funding,
                billing_details,
                fingerprint,
            } => {
                let method = methods::create_card(
                    self,
                    w,
                    methods::NewCard {
                        profile,
                        brand,
                        last4,
                        exp_month: *exp_month,
                        exp_year: *exp_year,
                        funding,
                        billing_details: billing_details.clone(),
                        fingerprint: fingerprint.as_deref(),
                    },
                )?;
                json(&method)
            }
            Op::AttachPaymentMethod { id, customer } => methods::attach(w, id, customer).await,
            Op::DetachPaymentMethod { id } => methods::detach(w, id).await,
            Op::CreateRefund {
                payment_intent,
                amount,
                currency,
            } => intents::refund(self, w, payment_intent, *amount, currency.as_deref()).await,
            Op::CreateDispute {
                payment_intent,
                reason,
            } => disputes::create(self, w, payment_intent, reason).await,
        }
    }

    /// Reads an object outside any step.
    async fn read<T: DeserializeOwned>(&self, kind: &str, id: &str) -> Result<T, ProviderError> {
        let mut work = Work::new(
            &*self.ledger,
            self.clock.now(),
            &self.config.api_version,
            None,
        );
        work.get(kind, id).await
    }
}

#[cfg(test)]
#[path = "../test_provider_tests/mod.rs"]
mod tests;
