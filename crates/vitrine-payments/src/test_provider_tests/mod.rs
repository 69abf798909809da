//! The test provider against a real ledger (SQLite through vitrine-store): payments-anchors
//! §9 B (PaymentIntents), C (SetupIntents), D (cards), E (idempotency).

mod after;
mod idempotency;
mod intents;
mod setup;
mod webhooks;

use std::collections::BTreeMap;
use std::sync::Arc;

use vitrine_domain::money::{Currency, Money};
use vitrine_domain::payment::{
    ConfirmPaymentIntent, CreatePaymentIntent, IdempotencyKey, PaymentIntent, PaymentProvider,
};

use super::*;
use crate::cards::CardInput;
use crate::clock::ManualClock;

/// 2026-11-25 12:00 UTC.
pub const NOW: i64 = 1_795_608_000;

pub struct Harness {
    pub provider: Arc<TestProvider>,
    pub clock: Arc<ManualClock>,
    pub db: vitrine_store::Database,
    _dir: tempfile::TempDir,
}

pub async fn harness() -> Harness {
    let dir = tempfile::tempdir().expect("temp dir");
    let url = format!("sqlite://{}", dir.path().join("shop.db").display());
    let db = vitrine_store::Database::connect(&url).await.expect("open");
    db.migrate().await.expect("migrate");
    let clock = Arc::new(ManualClock::at(NOW));
    let provider = provider_on(&db, &clock);
    Harness {
        provider,
        clock,
        db,
        _dir: dir,
    }
}

/// Another provider on the same database: what a restarted process sees.
pub fn provider_on(db: &vitrine_store::Database, clock: &Arc<ManualClock>) -> Arc<TestProvider> {
    let secret = WebhookSecret::new("whsec_test_offline").expect("secret");
    let config = TestProviderConfig::new(secret, WebhookSink::Manual);
    TestProvider::new(config, Arc::new(db.test_ledger()), clock.clone())
}

pub fn key(name: &str) -> IdempotencyKey {
    IdempotencyKey::new(name).expect("key")
}

pub fn usd(minor: i64) -> Money {
    Money::new(minor, Currency::USD)
}

pub fn order(id: &str) -> BTreeMap<String, String> {
    BTreeMap::from([("order_id".to_owned(), id.to_owned())])
}

pub fn create(amount: i64, pm: Option<&str>, confirm: bool) -> CreatePaymentIntent {
    CreatePaymentIntent {
        amount: usd(amount),
        payment_method: pm.map(str::to_owned),
        customer: None,
        confirm,
        return_url: None,
        save_payment_method: false,
        off_session: false,
        metadata: order("42"),
    }
}

pub fn card(number: &str) -> CardInput {
    CardInput {
        number: number.to_owned(),
        exp_month: 12,
        exp_year: 2034,
        cvc: if number.starts_with('3') {
            "1234"
        } else {
            "123"
        }
        .to_owned(),
    }
}

impl Harness {
    /// A payment method for a test card, entered as in the browser.
    pub async fn pm(&self, number: &str) -> String {
        self.provider
            .create_card_payment_method(&card(number), BillingDetails::default())
            .await
            .expect("card accepted")
            .id
    }

    /// Confirms a fresh 1099 USD intent with `number`, as the checkout does.
    pub async fn pay(
        &self,
        number: &str,
        return_url: Option<&str>,
    ) -> Result<PaymentIntent, vitrine_domain::payment::ProviderError> {
        let pm = self.pm(number).await;
        let mut params = create(1099, Some(&pm), true);
        params.return_url = return_url.map(str::to_owned);
        self.provider
            .create_payment_intent(params, key(&format!("pay-{pm}")))
            .await
    }

    pub async fn confirm(
        &self,
        id: &str,
        pm: Option<&str>,
        name: &str,
    ) -> Result<PaymentIntent, vitrine_domain::payment::ProviderError> {
        self.provider
            .confirm_payment_intent(
                id,
                ConfirmPaymentIntent {
                    payment_method: pm.map(str::to_owned),
                    ..ConfirmPaymentIntent::default()
                },
                key(name),
            )
            .await
    }

    /// The types of the events queued since the last call, in order.
    pub async fn event_types(&self) -> Vec<String> {
        self.provider
            .take_webhooks()
            .await
            .expect("events")
            .iter()
            .map(|w| {
                let v: serde_json::Value = serde_json::from_str(&w.body).expect("json");
                v["type"].as_str().expect("type").to_owned()
            })
            .collect()
    }
}
