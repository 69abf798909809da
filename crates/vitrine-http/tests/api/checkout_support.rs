//! What the checkout tests run on besides the real router and database: the real offline
//! test provider of `vitrine-payments` (Stripe's PaymentIntent state machine, its test cards,
//! idempotency keys and signed webhooks, its ledger in the test's own database) with a manual
//! webhook sink — a test takes the signed deliveries and posts them to the shop itself, in
//! the order it wants — and a mailer that keeps what it sends (`checkout_mail`). The address,
//! shipping and tax rules are the real policy's (`checkout_rules::two_countries`).

use std::sync::{Arc, OnceLock};

use vitrine_domain::payment::{IntentStatus, PaymentIntent, PaymentProvider};
use vitrine_payments::clock::ManualClock;
use vitrine_payments::test_provider::SignedWebhook;
use vitrine_payments::webhook::WebhookSecret;
use vitrine_payments::{TestProvider, TestProviderConfig, WebhookSink};
use vitrine_store::Database;

pub use crate::checkout_mail::Outbox;
use crate::helpers::NOW;

pub const WEBHOOK_SECRET: &str = "whsec_test";
/// Stripe's test payment methods, which the test provider knows by these ids.
pub const VISA: &str = "pm_card_visa";
pub const DECLINED: &str = "pm_card_chargeDeclined";
pub const THREE_DS: &str = "pm_card_threeDSecure2Required";

/// The checkout's parts besides the database, shared by an app and its test.
#[derive(Clone, Default)]
pub struct CheckoutKit {
    pub cards: Arc<Cards>,
    pub mail: Arc<Outbox>,
    /// The download files folder (none: no file is there).
    pub downloads: std::path::PathBuf,
}

/// The real test provider, made on the shop's database the first time a shop is built from
/// the kit (a second instance on the same database shares it), its clock at the tests' "now".
#[derive(Default)]
pub struct Cards {
    provider: OnceLock<(Arc<TestProvider>, Database)>,
}

impl Cards {
    /// The provider over `db`'s ledger (made once).
    pub fn on(&self, db: &Database) -> Arc<TestProvider> {
        let (provider, _) = self.provider.get_or_init(|| {
            let secret = WebhookSecret::new(WEBHOOK_SECRET).expect("a secret");
            let mut config = TestProviderConfig::new(secret, WebhookSink::Manual);
            config.seed = Some(18);
            let clock = Arc::new(ManualClock::at(NOW.unix_timestamp()));
            let provider = TestProvider::new(config, Arc::new(db.test_ledger()), clock);
            (provider, db.clone())
        });
        Arc::clone(provider)
    }

    fn get(&self) -> &(Arc<TestProvider>, Database) {
        self.provider
            .get()
            .expect("the shop was built from this kit")
    }

    pub fn provider(&self) -> &TestProvider {
        &self.get().0
    }

    /// Payment intents the provider has made (its ledger's count).
    pub async fn created(&self) -> i64 {
        sqlx::query_scalar(
            "SELECT COUNT(*) FROM test_provider_objects WHERE kind = 'payment_intent'",
        )
        .fetch_one(self.get().1.pool())
        .await
        .expect("count intents")
    }

    /// The intent of the order's latest payment attempt.
    pub async fn intent_of(&self, order_id: i64) -> PaymentIntent {
        let id: String = sqlx::query_scalar(
            "SELECT intent_id FROM payment_attempts WHERE order_id = $1 \
             ORDER BY number DESC LIMIT 1",
        )
        .bind(order_id)
        .fetch_one(self.get().1.pool())
        .await
        .expect("an attempt");
        self.intent(&id).await.expect("the intent")
    }

    pub async fn intent(&self, id: &str) -> Option<PaymentIntent> {
        self.provider().retrieve_payment_intent(id).await.ok()
    }

    /// The shopper passes (or fails) 3-D Secure on the challenge page.
    pub async fn authenticate(&self, intent: &PaymentIntent, pass: bool) {
        let done = self
            .provider()
            .authenticate_payment_intent(&intent.id, &intent.client_secret, pass)
            .await
            .expect("authenticated");
        let want = if pass {
            IntentStatus::Succeeded
        } else {
            IntentStatus::RequiresPaymentMethod
        };
        assert_eq!(done.status, want);
    }

    /// The provider's undelivered webhooks, signed now, oldest first.
    pub async fn webhooks(&self) -> Vec<SignedWebhook> {
        self.provider().take_webhooks().await.expect("webhooks")
    }

    /// The first undelivered webhook of `kind` (the others are taken too).
    pub async fn webhook(&self, kind: &str) -> SignedWebhook {
        let all = self.webhooks().await;
        all.iter()
            .find(|w| w.body.contains(&format!("\"type\":\"{kind}\"")))
            .cloned()
            .unwrap_or_else(|| {
                let ids: Vec<_> = all.iter().map(|w| w.body.clone()).collect();
                panic!("no {kind} webhook among {ids:?}")
            })
    }
}

/// A `Stripe-Signature` header for `body` at `t`, with the tests' secret.
pub fn sign(body: &str, t: i64) -> String {
    let secret = WebhookSecret::new(WEBHOOK_SECRET).expect("a secret");
    vitrine_payments::webhook::sign(&secret, body.as_bytes(), t)
}
