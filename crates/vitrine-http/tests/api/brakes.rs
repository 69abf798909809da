//! Brakes under concurrency (issue 11): attempts are reserved before the password is checked
//! or the review stored, so a burst sent all at once gets exactly the documented allowance —
//! login: 10 at once, then 5 a minute, per address and per account; reviews: 5 at once, then
//! 2 a minute, per address — and a braked answer says when to come back (`Retry-After`).

use std::collections::BTreeMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

use axum::Router;
use axum::body::Body;
use axum::http::{Method, Request};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use tower::ServiceExt;
use vitrine_app::Clock;
use vitrine_domain::account::Role;
use vitrine_http::settings::Moderation;
use vitrine_http::{ShopSettings, router};

use crate::helpers::{NOW, PASSWORD, TestApp, clocked_state};

const LOGIN: &str = "/api/v1/account/login";

/// One answer of a burst.
#[derive(Debug, Clone)]
pub struct Outcome {
    pub status: u16,
    pub code: Value,
    pub retry_after: Option<String>,
}

/// How many answers had each status.
pub fn statuses(outcomes: &[Outcome]) -> BTreeMap<u16, usize> {
    let mut counts = BTreeMap::new();
    for outcome in outcomes {
        *counts.entry(outcome.status).or_insert(0) += 1;
    }
    counts
}

/// A JSON POST, from `address` when given (read through one trusted proxy).
pub fn post(uri: &str, body: &Value, address: Option<&str>) -> Request<Body> {
    let mut request = Request::builder()
        .method(Method::POST)
        .uri(uri)
        .header("content-type", "application/json");
    if let Some(address) = address {
        request = request.header("x-forwarded-for", address);
    }
    request
        .body(Body::from(body.to_string()))
        .expect("request builds")
}

/// Sends every request at once, spread over `routers` in turn (several instances).
pub async fn all_at_once(routers: &[Router], requests: Vec<Request<Body>>) -> Vec<Outcome> {
    let mut tasks = Vec::new();
    for (i, request) in requests.into_iter().enumerate() {
        let router = routers[i % routers.len()].clone();
        tasks.push(tokio::spawn(async move {
            let response = router
                .oneshot(request)
                .await
                .expect("the router never fails");
            let status = response.status().as_u16();
            let retry_after = response
                .headers()
                .get("retry-after")
                .and_then(|v| v.to_str().ok())
                .map(str::to_owned);
            let bytes = response
                .into_body()
                .collect()
                .await
                .expect("body")
                .to_bytes();
            let code = serde_json::from_slice::<Value>(&bytes)
                .map(|json| json["code"].clone())
                .unwrap_or(Value::Null);
            Outcome {
                status,
                code,
                retry_after,
            }
        }));
    }
    let mut outcomes = Vec::new();
    for task in tasks {
        outcomes.push(task.await.expect("request finished"));
    }
    outcomes
}

/// Sends every request at once to one instance.
async fn at_once(app: &TestApp, requests: Vec<Request<Body>>) -> Vec<Outcome> {
    all_at_once(std::slice::from_ref(&app.router), requests).await
}

/// "Now" that a test moves forward: milliseconds after [`NOW`].
#[derive(Clone, Default)]
struct TestClock(Arc<AtomicI64>);

impl TestClock {
    fn clock(&self) -> Clock {
        let offset = Arc::clone(&self.0);
        Arc::new(move || NOW + time::Duration::milliseconds(offset.load(Ordering::SeqCst)))
    }

    fn set_ms(&self, ms: i64) {
        self.0.store(ms, Ordering::SeqCst);
    }
}

/// A shop behind one trusted proxy (so tests choose the client address) whose clock the test
/// moves, with `ada@example.com` and auto-approved reviews.
async fn shop() -> (TestApp, TestClock) {
    let mut settings = ShopSettings {
        trusted_proxy_hops: 1,
        ..ShopSettings::default()
    };
    settings.reviews.moderation = Moderation::Approve;
    let mut app = TestApp::with_settings(settings.clone()).await;
    let clock = TestClock::default();
    app.router = router(clocked_state(&app.db, settings, clock.clock()));
    app.add_user("ada@example.com", Role::Customer).await;
    (app, clock)
}

fn guess(login: &str) -> Value {
    json!({ "login": login, "password": "a wrong guess" })
}

/// `n` wrong guesses at Ada's account from one address, all at once.
async fn guesses(app: &TestApp, n: usize) -> Vec<Outcome> {
    let requests = (0..n)
        .map(|_| post(LOGIN, &guess("ada@example.com"), Some("203.0.113.1")))
        .collect();
    at_once(app, requests).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn forty_wrong_passwords_at_once_are_ten_refusals_and_thirty_429s() {
    let (app, _) = shop().await;
    let outcomes = guesses(&app, 40).await;
    assert_eq!(statuses(&outcomes), BTreeMap::from([(401, 10), (429, 30)]));
    for braked in outcomes.iter().filter(|o| o.status == 429) {
        assert_eq!(braked.code, "rate_limited");
        // 5 a minute: the next attempt frees up 12 s after the burst.
        assert_eq!(braked.retry_after.as_deref(), Some("12"));
    }
    let right = json!({ "login": "ada@example.com", "password": PASSWORD });
    let res = app.request(post(LOGIN, &right, Some("203.0.113.1"))).await;
    assert_eq!(res.status, 429, "not even the right password: {}", res.text);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_second_burst_gets_only_what_the_rate_refilled() {
    let (app, clock) = shop().await;
    assert_eq!(statuses(&guesses(&app, 40).await)[&401], 10);
    clock.set_ms(11_999);
    assert_eq!(
        statuses(&guesses(&app, 40).await),
        BTreeMap::from([(429, 40)]),
        "nothing back before 12 s"
    );
    clock.set_ms(12_000);
    assert_eq!(
        statuses(&guesses(&app, 40).await),
        BTreeMap::from([(401, 1), (429, 39)])
    );
    // A minute after that, 5 more.
    clock.set_ms(72_000);
    assert_eq!(
        statuses(&guesses(&app, 40).await),
        BTreeMap::from([(401, 5), (429, 35)])
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn guesses_at_one_account_from_many_addresses_are_braked_by_the_account() {
    let (app, _) = shop().await;
    let requests = (0..15)
        .map(|i| {
            post(
                LOGIN,
                &guess("ADA@example.com"),
                Some(&format!("198.51.100.{i}")),
            )
        })
        .collect();
    let outcomes = at_once(&app, requests).await;
    assert_eq!(statuses(&outcomes), BTreeMap::from([(401, 10), (429, 5)]));

    let fresh = Some("192.0.2.200");
    let right = json!({ "login": "ada@example.com", "password": PASSWORD });
    assert_eq!(app.request(post(LOGIN, &right, fresh)).await.status, 429);
    let other = app
        .request(post(LOGIN, &guess("bob@example.com"), fresh))
        .await;
    assert_eq!(
        other.status, 401,
        "another account is not held: {}",
        other.text
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn guesses_at_many_accounts_from_one_address_are_braked_by_the_address() {
    let (app, _) = shop().await;
    let requests = (0..15)
        .map(|i| {
            post(
                LOGIN,
                &guess(&format!("user{i}@example.com")),
                Some("203.0.113.9"),
            )
        })
        .collect();
    let outcomes = at_once(&app, requests).await;
    assert_eq!(statuses(&outcomes), BTreeMap::from([(401, 10), (429, 5)]));
    let elsewhere = app
        .request(post(
            LOGIN,
            &guess("user99@example.com"),
            Some("203.0.113.10"),
        ))
        .await;
    assert_eq!(elsewhere.status, 401, "another address is not held");
}

#[tokio::test]
async fn successful_logins_give_their_attempt_back() {
    let (app, _) = shop().await;
    let address = Some("203.0.113.1");
    for n in 0..9 {
        let res = app
            .request(post(LOGIN, &guess("ada@example.com"), address))
            .await;
        assert_eq!(res.status, 401, "guess {n}");
    }
    let right = json!({ "login": "ada@example.com", "password": PASSWORD });
    for n in 0..5 {
        let res = app.request(post(LOGIN, &right, address)).await;
        assert_eq!(res.status, 200, "login {n}: {}", res.text);
    }
    // Had the logins counted, the brake would already hold; the tenth guess is still allowed.
    let tenth = app
        .request(post(LOGIN, &guess("ada@example.com"), address))
        .await;
    assert_eq!(tenth.status, 401);
    let eleventh = app
        .request(post(LOGIN, &guess("ada@example.com"), address))
        .await;
    assert_eq!(eleventh.status, 429);
}

fn review(n: usize) -> Value {
    json!({ "rating": 5, "text": format!("Lovely, really ({n})."), "author": "Ada" })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn forty_reviews_at_once_store_five_and_the_rest_wait_thirty_seconds() {
    let (app, clock) = shop().await;
    let url = format!("/api/v1/products/{}/reviews", app.ids.hoodie);
    let burst = |from: usize| -> Vec<Request<Body>> {
        (from..from + 40)
            .map(|n| post(&url, &review(n), Some("203.0.113.1")))
            .collect()
    };
    let outcomes = at_once(&app, burst(0)).await;
    assert_eq!(statuses(&outcomes), BTreeMap::from([(201, 5), (429, 35)]));
    for braked in outcomes.iter().filter(|o| o.status == 429) {
        // 2 a minute: one comes back every 30 s.
        assert_eq!(braked.retry_after.as_deref(), Some("30"));
    }
    assert_eq!(app.get(&url).await.json()["review_count"], 5);

    clock.set_ms(29_999);
    let early = at_once(&app, burst(40)).await;
    assert_eq!(statuses(&early), BTreeMap::from([(429, 40)]));
    clock.set_ms(30_000);
    let refilled = at_once(&app, burst(80)).await;
    assert_eq!(statuses(&refilled), BTreeMap::from([(201, 1), (429, 39)]));
    // Another address has its own allowance.
    let other = app
        .request(post(&url, &review(999), Some("203.0.113.2")))
        .await;
    assert_eq!(other.status, 201, "{}", other.text);
    assert_eq!(app.get(&url).await.json()["review_count"], 7);
}

#[tokio::test]
async fn refused_reviews_cost_nothing() {
    let (app, _) = shop().await;
    let url = format!("/api/v1/products/{}/reviews", app.ids.hoodie);
    let address = Some("203.0.113.1");
    for _ in 0..20 {
        let invalid = json!({ "rating": 9, "text": "Hm", "author": "Ada" });
        assert_eq!(app.request(post(&url, &invalid, address)).await.status, 422);
    }
    for n in 0..5 {
        let res = app.request(post(&url, &review(n), address)).await;
        assert_eq!(res.status, 201, "review {n}: {}", res.text);
    }
    assert_eq!(
        app.request(post(&url, &review(5), address)).await.status,
        429
    );
}
