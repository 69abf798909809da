//! The test provider's browser facade (`/_test_provider`) through its router with
//! `tower::ServiceExt::oneshot`: payments-anchors §9 D1–D3 (cards), C5 (client secrets), the
//! 3-D Secure challenge page and its redirect (same-origin paths only).

use std::sync::Arc;

use axum::Router;
use axum::body::Body;
use axum::http::{Method, Request, StatusCode, header};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use tower::ServiceExt;
use vitrine_domain::money::{Currency, Money};
use vitrine_domain::payment::{
    CreatePaymentIntent, IdempotencyKey, IntentStatus, PaymentIntent, PaymentProvider,
};
use vitrine_http::routes::test_provider::test_provider_routes;
use vitrine_payments::clock::SystemClock;
use vitrine_payments::webhook::WebhookSecret;
use vitrine_payments::{TestProvider, TestProviderConfig, WebhookSink};
use vitrine_store::Database;

struct Facade {
    router: Router,
    provider: Arc<TestProvider>,
    _db: Database,
    path: std::path::PathBuf,
}

impl Drop for Facade {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.path);
    }
}

async fn facade() -> Facade {
    let path = std::env::temp_dir().join(format!("vitrine-facade-{}", uuid::Uuid::new_v4()));
    let url = format!("sqlite://{}", path.join("shop.db").display());
    let db = Database::connect(&url).await.expect("open");
    db.migrate().await.expect("migrate");
    let config = TestProviderConfig::new(
        WebhookSecret::new("whsec_test_offline").expect("secret"),
        WebhookSink::Manual,
    );
    let provider = TestProvider::new(config, Arc::new(db.test_ledger()), Arc::new(SystemClock));
    Facade {
        router: test_provider_routes(Arc::clone(&provider)),
        provider,
        _db: db,
        path,
    }
}

struct Answer {
    status: StatusCode,
    location: Option<String>,
    cache: Option<String>,
    text: String,
}

impl Answer {
    fn json(&self) -> Value {
        serde_json::from_str(&self.text).unwrap_or_else(|e| panic!("{e}: {}", self.text))
    }
}

impl Facade {
    async fn send(&self, method: Method, uri: &str, content_type: &str, body: String) -> Answer {
        let request = Request::builder()
            .method(method)
            .uri(uri)
            .header(header::CONTENT_TYPE, content_type)
            .body(Body::from(body))
            .expect("request");
        let response = self.router.clone().oneshot(request).await.expect("answer");
        let header = |name| {
            response
                .headers()
                .get(name)
                .and_then(|v| v.to_str().ok())
                .map(str::to_owned)
        };
        let (status, location, cache) = (
            response.status(),
            header(header::LOCATION),
            header(header::CACHE_CONTROL),
        );
        let bytes = response
            .into_body()
            .collect()
            .await
            .expect("body")
            .to_bytes();
        Answer {
            status,
            location,
            cache,
            text: String::from_utf8_lossy(&bytes).into_owned(),
        }
    }

    async fn post_json(&self, uri: &str, body: Value) -> Answer {
        self.send(Method::POST, uri, "application/json", body.to_string())
            .await
    }

    async fn card(&self, number: &str, exp_year: Value, cvc: &str) -> Answer {
        self.post_json(
            "/_test_provider/v1/payment_methods",
            json!({
                "card": {"number": number, "exp_month": 12, "exp_year": exp_year, "cvc": cvc},
                "billing_details": {"name": "Ada Lovelace", "email": "ada@example.com"},
            }),
        )
        .await
    }

    /// A checkout's intent for `number`, confirmed by the shop with a return URL.
    async fn intent(&self, number: &str) -> PaymentIntent {
        let pm = self.card(number, json!(2034), "123").await.json()["id"]
            .as_str()
            .expect("pm")
            .to_owned();
        self.provider
            .create_payment_intent(
                CreatePaymentIntent {
                    amount: Money::new(2500, Currency::EUR),
                    payment_method: Some(pm.clone()),
                    customer: None,
                    confirm: true,
                    return_url: Some("/checkout/#response=abc".to_owned()),
                    save_payment_method: false,
                    off_session: false,
                    metadata: Default::default(),
                },
                IdempotencyKey::new(format!("order-{pm}")).expect("key"),
            )
            .await
            .expect("intent")
    }
}

#[tokio::test]
async fn d3_a_card_becomes_a_payment_method_with_brand_and_last_four_only() {
    let f = facade().await;
    let answer = f.card("4242 4242 4242 4242", json!("34"), "123").await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
    assert_eq!(answer.cache.as_deref(), Some("no-store"));
    let pm = answer.json();
    assert!(pm["id"].as_str().expect("id").starts_with("pm_"));
    assert_eq!(
        pm["card"],
        json!({"brand": "visa", "last4": "4242", "exp_month": 12, "exp_year": 2034,
            "fingerprint": "401f8afa53db63ae"})
    );
    assert!(!answer.text.contains("424242"), "{}", answer.text);
    let amex = f.card("378282246310005", json!(2034), "1234").await.json();
    assert_eq!(amex["card"]["brand"], "amex");
}

#[tokio::test]
async fn d1_d2_bad_numbers_dates_and_codes_are_402_card_errors() {
    let f = facade().await;
    let cases = [
        (
            "4242424242424241",
            json!(2034),
            "123",
            "incorrect_number",
            "number",
        ),
        (
            "4242424242424242",
            json!(2020),
            "123",
            "invalid_expiry_year",
            "exp_year",
        ),
        ("4242424242424242", json!(2034), "11", "invalid_cvc", "cvc"),
        ("378282246310005", json!(2034), "123", "invalid_cvc", "cvc"),
    ];
    for (number, year, cvc, code, param) in cases {
        let answer = f.card(number, year, cvc).await;
        assert_eq!(answer.status, StatusCode::PAYMENT_REQUIRED, "{number}");
        let error = &answer.json()["error"];
        assert_eq!(error["type"], "card_error");
        assert_eq!(
            (error["code"].as_str(), error["param"].as_str()),
            (Some(code), Some(param))
        );
        assert!(!answer.text.contains(number), "the number is never echoed");
    }
    let message = f.card("4242424242424241", json!(2034), "123").await.json();
    assert_eq!(message["error"]["message"], "Your card number is invalid.");
}

#[tokio::test]
async fn malformed_bodies_are_400_without_echoing_them() {
    let f = facade().await;
    let not_json = f
        .send(
            Method::POST,
            "/_test_provider/v1/payment_methods",
            "application/json",
            "{\"card\": 4242424242424242".to_owned(),
        )
        .await;
    assert_eq!(not_json.status, StatusCode::BAD_REQUEST);
    assert_eq!(not_json.json()["error"]["type"], "invalid_request_error");
    assert!(!not_json.text.contains("4242"));
    let missing = f
        .post_json(
            "/_test_provider/v1/payment_methods",
            json!({"card": {"number": "4242424242424242"}}),
        )
        .await;
    assert_eq!(missing.status, StatusCode::BAD_REQUEST);
    assert!(!missing.text.contains("4242"));
}

#[tokio::test]
async fn a_browser_confirm_needs_the_client_secret() {
    let f = facade().await;
    let pi = f
        .provider
        .create_payment_intent(
            CreatePaymentIntent {
                amount: Money::new(999, Currency::EUR),
                payment_method: None,
                customer: None,
                confirm: false,
                return_url: None,
                save_payment_method: false,
                off_session: false,
                metadata: Default::default(),
            },
            IdempotencyKey::new("create").expect("key"),
        )
        .await
        .expect("intent");
    let pm = f.card("4000000000009995", json!(2034), "123").await.json()["id"].clone();
    let uri = format!("/_test_provider/v1/payment_intents/{}/confirm", pi.id);
    let wrong = f
        .post_json(
            &uri,
            json!({"client_secret": format!("{}_secret_nope", pi.id), "payment_method": pm}),
        )
        .await;
    assert_eq!(wrong.status, StatusCode::UNAUTHORIZED);
    let declined = f
        .post_json(
            &uri,
            json!({"client_secret": pi.client_secret, "payment_method": pm}),
        )
        .await;
    assert_eq!(declined.status, StatusCode::PAYMENT_REQUIRED);
    let error = &declined.json()["error"];
    assert_eq!(error["message"], "Your card has insufficient funds.");
    assert_eq!(error["decline_code"], "insufficient_funds");
    assert_eq!(error["payment_intent"]["status"], "requires_payment_method");
    let good = f.card("4242424242424242", json!(2034), "123").await.json()["id"].clone();
    let paid = f
        .post_json(
            &uri,
            json!({"client_secret": pi.client_secret, "payment_method": good}),
        )
        .await;
    assert_eq!(paid.status, StatusCode::OK, "{}", paid.text);
    assert_eq!(paid.json()["status"], "succeeded");
    let unknown = f
        .post_json(
            "/_test_provider/v1/payment_intents/pi_missing/confirm",
            json!({"client_secret": "x"}),
        )
        .await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn the_challenge_page_completes_authentication_and_returns_to_the_shop() {
    let f = facade().await;
    let pi = f.intent("4000000000003220").await;
    assert_eq!(pi.status, IntentStatus::RequiresAction);
    let Some(vitrine_domain::payment::NextAction::RedirectToUrl { url, .. }) = &pi.next_action
    else {
        panic!("a redirect");
    };
    let page = f.send(Method::GET, url, "text/html", String::new()).await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.text);
    assert!(page.text.contains(">Complete authentication</button>"));
    assert!(page.text.contains(">Fail authentication</button>"));
    assert!(page.text.contains("25.00 EUR"));
    assert!(!page.text.contains("<script"), "no script on the page");
    assert!(
        !page.text.contains("http://") && !page.text.contains("https://"),
        "no external asset"
    );
    let form = serde_urlencoded::to_string([
        ("client_secret", pi.client_secret.as_str()),
        ("return_url", "/checkout/#response=abc"),
        ("outcome", "complete"),
    ])
    .expect("form");
    let done = f
        .send(
            Method::POST,
            &format!("/_test_provider/3ds/{}", pi.id),
            "application/x-www-form-urlencoded",
            form.clone(),
        )
        .await;
    assert_eq!(done.status, StatusCode::SEE_OTHER, "{}", done.text);
    let location = done.location.expect("location");
    assert!(
        location.starts_with(&format!("/checkout/?payment_intent={}&", pi.id))
            && location.ends_with("&redirect_status=succeeded#response=abc"),
        "{location}"
    );
    let paid = f
        .provider
        .retrieve_payment_intent(&pi.id)
        .await
        .expect("read");
    assert_eq!(paid.status, IntentStatus::Succeeded);
    // Answering again is refused: the intent no longer waits.
    let again = f
        .send(
            Method::POST,
            &format!("/_test_provider/3ds/{}", pi.id),
            "application/x-www-form-urlencoded",
            form,
        )
        .await;
    assert_eq!(again.status, StatusCode::CONFLICT);
}

#[tokio::test]
async fn a_failed_challenge_returns_with_the_failure() {
    let f = facade().await;
    let pi = f.intent("4000002760003184").await;
    let form = serde_urlencoded::to_string([
        ("client_secret", pi.client_secret.as_str()),
        (
            "return_url",
            "/checkout/order-pay/7/?pay_for_order=true&key=k",
        ),
        ("outcome", "fail"),
    ])
    .expect("form");
    let done = f
        .send(
            Method::POST,
            &format!("/_test_provider/3ds/{}", pi.id),
            "application/x-www-form-urlencoded",
            form,
        )
        .await;
    assert_eq!(done.status, StatusCode::SEE_OTHER);
    assert!(
        done.location
            .expect("location")
            .ends_with("redirect_status=failed")
    );
    let failed = f
        .provider
        .retrieve_payment_intent(&pi.id)
        .await
        .expect("read");
    assert_eq!(failed.status, IntentStatus::RequiresPaymentMethod);
}

#[tokio::test]
async fn the_challenge_refuses_foreign_return_urls_and_wrong_secrets() {
    let f = facade().await;
    let pi = f.intent("4000002760003184").await;
    for return_url in [
        "https://evil.example//other.example/",
        "//evil.example/",
        "/\\evil.example",
    ] {
        let query = serde_urlencoded::to_string([
            ("client_secret", pi.client_secret.as_str()),
            ("return_url", return_url),
        ])
        .expect("query");
        let page = f
            .send(
                Method::GET,
                &format!("/_test_provider/3ds/{}?{query}", pi.id),
                "text/html",
                String::new(),
            )
            .await;
        assert_eq!(page.status, StatusCode::BAD_REQUEST, "{return_url}");
        let form = serde_urlencoded::to_string([
            ("client_secret", pi.client_secret.as_str()),
            ("return_url", return_url),
            ("outcome", "complete"),
        ])
        .expect("form");
        let post = f
            .send(
                Method::POST,
                &format!("/_test_provider/3ds/{}", pi.id),
                "application/x-www-form-urlencoded",
                form,
            )
            .await;
        assert_eq!(post.status, StatusCode::BAD_REQUEST, "{return_url}");
        assert_eq!(post.location, None);
    }
    let query =
        serde_urlencoded::to_string([("client_secret", "wrong"), ("return_url", "/checkout/")])
            .expect("query");
    let page = f
        .send(
            Method::GET,
            &format!("/_test_provider/3ds/{}?{query}", pi.id),
            "text/html",
            String::new(),
        )
        .await;
    assert_eq!(page.status, StatusCode::UNAUTHORIZED);
    let unchanged = f
        .provider
        .retrieve_payment_intent(&pi.id)
        .await
        .expect("read");
    assert_eq!(unchanged.status, IntentStatus::RequiresAction);
}
