//! Prices follow refreshed exchange rates (ADR 0013): a rate source answering new rates moves
//! EUR prices at the next request; a currency the source does not quote keeps its configured
//! rate; a failing source leaves prices as they were.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use async_trait::async_trait;
use axum::http::Method;
use serde_json::json;
use time::macros::date;
use vitrine_app::rates::RateRefresher;
use vitrine_domain::money::Currency;
use vitrine_domain::rates::{ExchangeRates, RateSource, RateSourceError};

use crate::helpers::{NOW, TestApp};
use crate::pricing_support::{EUR, GBP, T_SHIRT, demo_policy, money};

/// A rate source answering whatever the test set last (the ECB quotes per euro).
struct FakeSource(Mutex<Result<ExchangeRates, RateSourceError>>);

#[async_trait]
impl RateSource for FakeSource {
    fn name(&self) -> &str {
        "fake"
    }

    async fn latest(&self) -> Result<ExchangeRates, RateSourceError> {
        self.0.lock().expect("lock").clone()
    }
}

fn per_euro(usd: &str) -> ExchangeRates {
    let rate = usd.parse().expect("a decimal");
    ExchangeRates::new(
        Currency::EUR,
        date!(2026 - 11 - 22),
        [(Currency::USD, rate)],
    )
    .expect("valid rates")
}

async fn t_shirt_text(app: &TestApp, cookie: (&str, &str)) -> String {
    let res = app
        .get_with(&format!("/api/v1/products/{T_SHIRT}"), &[cookie])
        .await;
    res.json()["product"]["price"]["text"]
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

#[tokio::test]
async fn refreshed_rates_move_euro_prices_and_leave_unquoted_ones() {
    let policy = demo_policy();
    let fallback = policy
        .configured_rates(date!(2026 - 11 - 21))
        .expect("the demo's rates");
    let source = Arc::new(FakeSource(Mutex::new(Ok(per_euro("2")))));
    let clock: vitrine_app::Clock = Arc::new(|| NOW);
    let refresher = RateRefresher::new(source.clone(), fallback, Duration::from_secs(3600), clock);
    let app = TestApp::spawn()
        .await
        .repriced(policy, Some(refresher.clone()));
    assert_eq!(
        t_shirt_text(&app, EUR).await,
        "€16.99",
        "the configured 0.92"
    );
    refresher.refresh().await.expect("the source answers");
    // 1 EUR = 2 USD, so $18.00 is €9.00, then the .99 charm: €9.99.
    assert_eq!(t_shirt_text(&app, EUR).await, "€9.99");
    assert_eq!(
        t_shirt_text(&app, GBP).await,
        "£14.22",
        "GBP is not quoted: 0.79 stays"
    );
    let body = json!({ "product_id": T_SHIRT, "quantity": 3 });
    let res = app
        .send(Method::POST, "/api/v1/cart/items", &[EUR], Some(&body))
        .await;
    // 10 % off €9.99 is 0.999 → €1.00 off: €8.99 each.
    assert_eq!(
        money(&res.json()["cart"]["items"][0]["unit_price"]),
        (899, "€8.99")
    );
    *source.0.lock().expect("lock") = Err(RateSourceError::Refused("HTTP 503".into()));
    assert!(refresher.refresh().await.is_err());
    assert_eq!(
        t_shirt_text(&app, EUR).await,
        "€9.99",
        "a failure changes nothing"
    );
    let health = app.get("/healthz").await;
    assert_eq!(
        health.status, 200,
        "a failing rate source is not an unhealthy shop"
    );
    let rates = &health.json()["rates"];
    assert_eq!(rates["source"], "fake");
    assert_eq!(rates["published"], "2026-11-22");
    assert_eq!(rates["using_fallback"], false);
    assert_eq!(rates["consecutive_failures"], 1);
    assert_eq!(rates["last_error_kind"], "refused");
    assert_eq!(rates["last_success"], "2026-11-22T12:00:00Z");
    let single = TestApp::spawn().await.get("/healthz").await;
    assert_eq!(
        single.json(),
        json!({ "status": "ok" }),
        "no rates without a refresher"
    );
}
