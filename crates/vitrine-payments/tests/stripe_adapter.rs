//! The Stripe adapter against a local fake Stripe (axum on 127.0.0.1:0, no network):
//! payments-anchors §9 P1 (encoding and headers), P2 (error mapping), P3 and E7 (retries with
//! the same key, none on GET), O5 (the base URL is honoured).

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use vitrine_domain::money::{Currency, Money};
use vitrine_domain::payment::{
    CreatePaymentIntent, IdempotencyKey, IntentStatus, PaymentProvider, ProviderError,
};
use vitrine_payments::webhook::WebhookSecret;
use vitrine_payments::{StripeConfig, StripeProvider};

#[derive(Debug, Clone)]
struct Seen {
    method: Method,
    path: String,
    headers: HeaderMap,
    body: String,
}

/// What the fake answers, in order (the last one repeats), and what it saw.
#[derive(Clone, Default)]
struct Fake {
    answers: Arc<Mutex<Vec<(u16, Vec<(&'static str, String)>, String)>>>,
    seen: Arc<Mutex<Vec<Seen>>>,
}

async fn handle(
    State(fake): State<Fake>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    fake.seen.lock().expect("lock").push(Seen {
        method,
        path: uri.path().to_owned(),
        headers,
        body: String::from_utf8_lossy(&body).into_owned(),
    });
    let (status, extra, body) = {
        let mut answers = fake.answers.lock().expect("lock");
        if answers.len() > 1 {
            answers.remove(0)
        } else {
            answers[0].clone()
        }
    };
    if status == 0 {
        // A connection dropped without an answer.
        tokio::time::sleep(Duration::from_secs(5)).await;
    }
    let mut response =
        (StatusCode::from_u16(status.max(200)).expect("status"), body).into_response();
    response
        .headers_mut()
        .insert("content-type", "application/json".parse().expect("header"));
    for (name, value) in extra {
        response
            .headers_mut()
            .insert(name, value.parse().expect("header"));
    }
    response
}

async fn start(answers: Vec<(u16, Vec<(&'static str, String)>, String)>) -> (Fake, StripeProvider) {
    let fake = Fake {
        answers: Arc::new(Mutex::new(answers)),
        seen: Arc::default(),
    };
    let app = Router::new().fallback(handle).with_state(fake.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let addr = listener.local_addr().expect("addr");
    tokio::spawn(async move { axum::serve(listener, app).await });
    let mut config = StripeConfig::new(
        "sk_test_abc".to_owned(),
        "pk_test_abc".to_owned(),
        WebhookSecret::new("whsec_x").expect("secret"),
    );
    config.api_base = format!("http://{addr}");
    config.retry_base = Duration::from_millis(10);
    config.timeout = Duration::from_secs(1);
    (fake, StripeProvider::new(config).expect("client"))
}

fn pi_json(status: &str) -> String {
    format!(
        r#"{{"id":"pi_123","object":"payment_intent","amount":1099,"currency":"eur","status":"{status}","client_secret":"pi_123_secret_abc","payment_method":"pm_1","metadata":{{"order_id":"42"}},"latest_charge":"ch_1","livemode":false}}"#
    )
}

fn key(name: &str) -> IdempotencyKey {
    IdempotencyKey::new(name).expect("key")
}

fn create() -> CreatePaymentIntent {
    CreatePaymentIntent {
        amount: Money::new(1099, Currency::EUR),
        payment_method: Some("pm_1".to_owned()),
        customer: None,
        confirm: true,
        return_url: Some("https://shop.example/checkout/".to_owned()),
        save_payment_method: false,
        off_session: false,
        metadata: BTreeMap::from([("order_id".to_owned(), "42".to_owned())]),
    }
}

#[tokio::test]
async fn p1_a_post_is_form_encoded_with_its_headers() {
    let (fake, stripe) = start(vec![(200, vec![], pi_json("succeeded"))]).await;
    let pi = stripe
        .create_payment_intent(create(), key("order-42-attempt-1"))
        .await
        .expect("created");
    assert_eq!(pi.status, IntentStatus::Succeeded);
    assert_eq!(pi.amount, Money::new(1099, Currency::EUR));
    assert_eq!(pi.latest_charge.as_deref(), Some("ch_1"));
    let seen = fake.seen.lock().expect("lock")[0].clone();
    assert_eq!((seen.method, seen.path.as_str()), (Method::POST, "/v1/payment_intents"));
    assert_eq!(
        seen.body,
        "amount=1099&currency=eur&payment_method_types%5B0%5D=card&payment_method=pm_1\
         &confirm=true&return_url=https%3A%2F%2Fshop.example%2Fcheckout%2F\
         &metadata%5Border_id%5D=42"
    );
    let header = |name: &str| seen.headers.get(name).and_then(|v| v.to_str().ok()).map(str::to_owned);
    assert_eq!(header("authorization").as_deref(), Some("Bearer sk_test_abc"));
    assert_eq!(header("stripe-version").as_deref(), Some("2024-06-20"));
    assert_eq!(header("idempotency-key").as_deref(), Some("order-42-attempt-1"));
    assert_eq!(
        header("content-type").as_deref(),
        Some("application/x-www-form-urlencoded")
    );
}

#[tokio::test]
async fn e7_a_get_carries_no_idempotency_key() {
    let (fake, stripe) = start(vec![(200, vec![], pi_json("requires_action"))]).await;
    let pi = stripe.retrieve_payment_intent("pi_123").await.expect("read");
    assert_eq!(pi.status, IntentStatus::RequiresAction);
    let seen = fake.seen.lock().expect("lock")[0].clone();
    assert_eq!((seen.method, seen.path.as_str()), (Method::GET, "/v1/payment_intents/pi_123"));
    assert!(seen.headers.get("idempotency-key").is_none());
    assert!(seen.body.is_empty());
    // An id that could walk the path never leaves the process.
    assert!(matches!(
        stripe.retrieve_payment_intent("pi_1/../../v1/charges").await,
        Err(ProviderError::InvalidRequest { .. })
    ));
    assert_eq!(fake.seen.lock().expect("lock").len(), 1);
}

#[tokio::test]
async fn p2_a_card_error_carries_the_refused_intent() {
    let body = format!(
        r#"{{"error":{{"type":"card_error","code":"card_declined","decline_code":"insufficient_funds","message":"Your card has insufficient funds.","payment_intent":{}}}}}"#,
        pi_json("requires_payment_method")
    );
    let (_fake, stripe) = start(vec![(402, vec![], body)]).await;
    let Err(ProviderError::Card { error, intent }) =
        stripe.create_payment_intent(create(), key("k")).await
    else {
        panic!("a card error");
    };
    assert_eq!(error.code, "card_declined");
    assert_eq!(error.decline_code.as_deref(), Some("insufficient_funds"));
    assert_eq!(error.message, "Your card has insufficient funds.");
    let intent = intent.expect("intent");
    assert_eq!((intent.id.as_str(), intent.status), ("pi_123", IntentStatus::RequiresPaymentMethod));
}

#[tokio::test]
async fn p2_other_errors_map_to_their_kinds() {
    let error = |kind: &str, code: &str| {
        format!(r#"{{"error":{{"type":"{kind}","code":"{code}","message":"m"}}}}"#)
    };
    let cases = [
        (400, error("invalid_request_error", "parameter_missing"), ProviderError::InvalidRequest { code: "parameter_missing".to_owned(), message: "m".to_owned() }),
        (404, error("invalid_request_error", "resource_missing"), ProviderError::InvalidRequest { code: "resource_missing".to_owned(), message: "m".to_owned() }),
        (400, error("idempotency_error", "idempotency_key_reused"), ProviderError::Idempotency { message: "m".to_owned() }),
        (409, error("idempotency_error", "idempotency_key_in_use"), ProviderError::Idempotency { message: "m".to_owned() }),
        (401, error("invalid_request_error", "api_key_expired"), ProviderError::Authentication),
        (500, error("api_error", "x"), ProviderError::Api { status: 500, message: "m".to_owned() }),
    ];
    for (status, body, expected) in cases {
        let (fake, stripe) = start(vec![(status, vec![], body)]).await;
        let outcome = stripe.create_payment_intent(create(), key("k")).await;
        assert_eq!(outcome, Err(expected), "{status}");
        // None of these is retried: a 500 replays the same under the same key.
        assert_eq!(fake.seen.lock().expect("lock").len(), 1, "{status}");
    }
}

#[tokio::test]
async fn p3_a_429_is_retried_with_the_same_key_then_given_up() {
    let limited = (429, vec![("retry-after", "0".to_owned())], error_body());
    let (fake, stripe) = start(vec![limited.clone(), (200, vec![], pi_json("succeeded"))]).await;
    let pi = stripe.create_payment_intent(create(), key("same")).await.expect("second try");
    assert_eq!(pi.status, IntentStatus::Succeeded);
    let seen = fake.seen.lock().expect("lock").clone();
    assert_eq!(seen.len(), 2);
    for request in &seen {
        assert_eq!(request.headers["idempotency-key"], "same");
    }
    let (fake, stripe) = start(vec![limited]).await;
    let outcome = stripe.create_payment_intent(create(), key("k")).await;
    assert_eq!(outcome, Err(ProviderError::RateLimited { retry_after_secs: Some(0) }));
    assert_eq!(fake.seen.lock().expect("lock").len(), 3);
}

fn error_body() -> String {
    r#"{"error":{"type":"invalid_request_error","message":"Too many requests"}}"#.to_owned()
}

#[tokio::test]
async fn p3_e7_a_timeout_is_retried_with_the_same_key() {
    // The first answer never comes (the client times out after 1 s); the second does.
    let (fake, stripe) = start(vec![(0, vec![], String::new()), (200, vec![], pi_json("succeeded"))]).await;
    let pi = stripe
        .create_payment_intent(create(), key("after-timeout"))
        .await
        .expect("second try");
    assert_eq!(pi.status, IntentStatus::Succeeded);
    let seen = fake.seen.lock().expect("lock").clone();
    assert_eq!(seen.len(), 2);
    assert_eq!(seen[0].headers["idempotency-key"], "after-timeout");
    assert_eq!(seen[1].headers["idempotency-key"], "after-timeout");
    assert_eq!(seen[0].body, seen[1].body);
}

#[tokio::test]
async fn a_refused_connection_is_a_transport_error_after_bounded_retries() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    let addr = listener.local_addr().expect("addr");
    drop(listener);
    let mut config = StripeConfig::new(
        "sk_test_abc".to_owned(),
        "pk_test_abc".to_owned(),
        WebhookSecret::new("whsec_x").expect("secret"),
    );
    config.api_base = format!("http://{addr}");
    config.retry_base = Duration::from_millis(1);
    let stripe = StripeProvider::new(config).expect("client");
    let outcome = stripe.create_payment_intent(create(), key("k")).await;
    assert!(matches!(outcome, Err(ProviderError::Transport { .. })), "{outcome:?}");
}
