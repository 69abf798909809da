use std::sync::Mutex;

use axum::Router;
use axum::body::Bytes;
use axum::http::{HeaderMap, StatusCode};
use axum::routing::post;
use vitrine_domain::payment::{EventObject, IntentStatus, PaymentProvider};

use super::*;
use crate::stripe::{StripeConfig, StripeProvider};

#[tokio::test]
async fn f8_test_provider_events_verify_under_the_stripe_verifier() {
    let h = harness().await;
    let paid = h.pay("4242424242424242", None).await.expect("paid");
    let webhooks = h.provider.take_webhooks().await.expect("events");
    assert_eq!(webhooks.len(), 3);
    // The Stripe adapter in test mode with the same endpoint secret reads them.
    let stripe = StripeProvider::new(StripeConfig::new(
        "sk_test_x".to_owned(),
        "pk_test_x".to_owned(),
        WebhookSecret::new("whsec_test_offline").expect("secret"),
    ))
    .expect("client");
    let last = &webhooks[2];
    let event = stripe
        .verify_webhook(last.body.as_bytes(), &last.signature, NOW)
        .expect("verified");
    assert_eq!(event.kind, "payment_intent.succeeded");
    assert!(event.id.starts_with("evt_") && event.id.len() == 28);
    let EventObject::PaymentIntent(pi) = event.object else {
        panic!("a payment intent");
    };
    assert_eq!(pi, paid);
    // And the test provider's own verifier, for its own events.
    assert!(
        h.provider
            .verify_webhook(last.body.as_bytes(), &last.signature, NOW + 300)
            .is_ok()
    );
    // Taken events are gone.
    assert!(h.provider.take_webhooks().await.expect("events").is_empty());
}

#[tokio::test]
async fn faults_duplicate_or_drop_deliveries() {
    let h = harness().await;
    h.provider.webhook_faults().duplicate(true);
    h.pay("4242424242424242", None).await.expect("paid");
    let twice = h.provider.take_webhooks().await.expect("events");
    assert_eq!(twice.len(), 6);
    assert_eq!(twice[0].event_id, twice[1].event_id);
    h.provider.webhook_faults().duplicate(false);
    h.provider.webhook_faults().drop_all(true);
    h.pay("4242424242424242", None).await.expect("paid");
    assert!(h.provider.take_webhooks().await.expect("events").is_empty());
}

type Received = Arc<Mutex<Vec<(String, String)>>>;

#[tokio::test]
async fn http_delivery_posts_signed_events_and_retries_a_refusal() {
    let received: Received = Arc::default();
    let refusals = Arc::new(Mutex::new(1));
    let app = Router::new().route(
        "/api/v1/payments/webhook",
        post({
            let received = Arc::clone(&received);
            let refusals = Arc::clone(&refusals);
            move |headers: HeaderMap, body: Bytes| async move {
                let mut left = refusals.lock().expect("lock");
                if *left > 0 {
                    *left -= 1;
                    return StatusCode::SERVICE_UNAVAILABLE;
                }
                let signature = headers
                    .get("stripe-signature")
                    .and_then(|v| v.to_str().ok())
                    .unwrap_or("")
                    .to_owned();
                received
                    .lock()
                    .expect("lock")
                    .push((String::from_utf8_lossy(&body).into_owned(), signature));
                StatusCode::OK
            }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let addr = listener.local_addr().expect("addr");
    tokio::spawn(async move { axum::serve(listener, app).await });

    let h = harness().await;
    let secret = WebhookSecret::new("whsec_http").expect("secret");
    let url = format!("http://{addr}/api/v1/payments/webhook");
    let provider = TestProvider::new(
        TestProviderConfig::new(secret.clone(), WebhookSink::Http { url }),
        Arc::new(h.db.test_ledger()),
        h.clock.clone(),
    );
    let pi = provider
        .create_payment_intent(create(1099, Some("pm_card_visa"), true), key("http"))
        .await
        .expect("paid");
    assert_eq!(pi.status, IntentStatus::Succeeded);
    // Like Stripe's, delivery comes a little after the event (a second): none was tried yet.
    tokio::time::sleep(std::time::Duration::from_millis(400)).await;
    assert_eq!(
        *refusals.lock().expect("lock"),
        1,
        "nothing sent before the lag"
    );
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(10);
    loop {
        if received.lock().expect("lock").len() >= 3 {
            break;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "webhooks not delivered"
        );
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    let got = received.lock().expect("lock").clone();
    let mut types: Vec<String> = got
        .iter()
        .map(|(body, signature)| {
            crate::webhook::verify_signature(&secret, body.as_bytes(), signature, NOW, 300)
                .expect("signed");
            let v: serde_json::Value = serde_json::from_str(body).expect("json");
            v["type"].as_str().expect("type").to_owned()
        })
        .collect();
    // The refused first event came again after its backoff, behind the others: like
    // Stripe's, deliveries are not in order.
    assert_eq!(
        types,
        [
            "charge.succeeded",
            "payment_intent.succeeded",
            "payment_intent.created"
        ]
    );
    types.sort();
    assert_eq!(
        types,
        [
            "charge.succeeded",
            "payment_intent.created",
            "payment_intent.succeeded"
        ]
    );
}
