//! Tracking test harness: the real router with tracking on over a temp SQLite database, the
//! tracking state on a clock the test moves, and a local fake receiver standing in for Meta,
//! TikTok and GA4.

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

use axum::Router;
use axum::body::Body;
use axum::http::{HeaderMap, StatusCode};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use time::OffsetDateTime;
use tower::ServiceExt;
use vitrine_app::tracking::TrackingState;
use vitrine_http::{ShopSettings, router};
use vitrine_store::SqlTrackingStore;
use vitrine_tracking::page::PagePath;
use vitrine_tracking::settings::Secret;
use vitrine_tracking::{DeliveryWorker, SessionId, TrackingSettings, TrackingStore};

use crate::helpers::{TestApp, tracked_state};
pub use crate::tracking_receiver::Receiver;

pub const SECRET: &str = "test-secret-test-secret-test-secret!";
/// The shop's `public_url`: its own origin.
pub const SHOP_URL: &str = "https://shop.example.com";

/// The shop with tracking on; `state` is the tracking state its router serves.
pub struct TrackingApp {
    pub state: TrackingState,
    pub store: Arc<SqlTrackingStore>,
    pub receiver: Receiver,
    pub settings: TrackingSettings,
    pub clock: Arc<AtomicI64>,
    router: Router,
    shop_app: TestApp,
}

/// All three destinations on, pointed at the receiver; a generous rate limit.
pub fn settings_for(receiver: &Receiver) -> TrackingSettings {
    let mut s = TrackingSettings {
        secret: Some(Secret(SECRET.into())),
        ..Default::default()
    };
    s.rate_limit.burst = 1_000;
    s.delivery.poll_interval_ms = 50;
    s.meta.enabled = true;
    s.meta.pixel_id = "PIXEL-META".into();
    s.meta.access_token = Secret("meta-token".into());
    s.meta.base_url = receiver.base_url.clone();
    s.tiktok.enabled = true;
    s.tiktok.pixel_code = "PIXEL-TT".into();
    s.tiktok.access_token = Secret("tiktok-token".into());
    s.tiktok.base_url = receiver.base_url.clone();
    s.ga4.enabled = true;
    s.ga4.measurement_id = "G-TEST".into();
    s.ga4.api_secret = Secret("ga-secret".into());
    s.ga4.base_url = receiver.base_url.clone();
    s
}

impl TrackingApp {
    pub async fn spawn(tweak: impl FnOnce(&mut TrackingSettings)) -> TrackingApp {
        Self::spawn_at(SHOP_URL, tweak).await
    }

    /// The same shop served at `public_url` (an `http://` one makes no cookie `Secure`).
    pub async fn spawn_at(
        public_url: &str,
        tweak: impl FnOnce(&mut TrackingSettings),
    ) -> TrackingApp {
        let shop = TestApp::spawn().await;
        let receiver = Receiver::start().await;
        let mut settings = settings_for(&receiver);
        tweak(&mut settings);
        let store = Arc::new(shop.db.tracking());
        let clock = Arc::new(AtomicI64::new(OffsetDateTime::now_utc().unix_timestamp()));
        let reading = Arc::clone(&clock);
        let now = Arc::new(move || {
            OffsetDateTime::from_unix_timestamp(reading.load(Ordering::SeqCst))
                .unwrap_or(OffsetDateTime::UNIX_EPOCH)
        });
        let dyn_store: Arc<dyn TrackingStore> = store.clone();
        let state = TrackingState::with_clock(settings.clone(), dyn_store, now).expect("state");
        let shop_state = tracked_state(
            &shop.db,
            shop_settings(&settings, public_url),
            None,
            Some(state.clone()),
        );
        TrackingApp {
            state,
            store,
            receiver,
            settings,
            clock,
            router: router(shop_state),
            shop_app: shop,
        }
    }

    pub fn now(&self) -> OffsetDateTime {
        self.state.now()
    }

    /// The router this app serves (to put it behind a real listener).
    pub fn router(&self) -> Router {
        self.router.clone()
    }

    /// The shop under the tracking app: its database and test users.
    pub fn shop(&self) -> &TestApp {
        &self.shop_app
    }

    pub fn worker(&self) -> DeliveryWorker {
        let store: Arc<dyn TrackingStore> = self.store.clone();
        DeliveryWorker::with_http(&self.settings, store).expect("http client")
    }

    /// Sends a request through the real router; returns status, headers and JSON body.
    pub async fn call(&self, request: axum::http::Request<Body>) -> (StatusCode, HeaderMap, Value) {
        let response = self
            .router
            .clone()
            .oneshot(request)
            .await
            .expect("infallible");
        let (parts, body) = response.into_parts();
        let bytes = body
            .collect()
            .await
            .map(|b| b.to_bytes())
            .unwrap_or_default();
        (
            parts.status,
            parts.headers,
            serde_json::from_slice(&bytes).unwrap_or(Value::Null),
        )
    }

    /// A valid event body for `session`: an `InitiateCheckout` on the shop's checkout page
    /// ([`SHOP_URL`]`/checkout/`) with a fresh token for that page, now.
    pub fn event(&self, session: &SessionId, event_id: &str) -> Value {
        json!({
            "event_id": event_id,
            "event_name": "InitiateCheckout",
            "event_time": self.now().unix_timestamp(),
            "event_source_url": format!("{SHOP_URL}/checkout/?step=1"),
            "custom_data": { "value": 42.5, "currency": "EUR",
                             "contents": [{ "id": "SKU-1", "quantity": 2, "item_price": 21.25 }] },
            "user_data": { "email": " Test@Example.com ", "phone": "+1 650 555 1234", "first_name": "John",
                           "last_name": "Doe", "external_id": "pbid-123", "fbp": "fb.1.1700000000000.123" },
            "page_token": self.token_for(session, "/checkout/"),
        })
    }

    /// A page token for `session` on `path`, as the token endpoint would issue it now.
    pub fn token_for(&self, session: &SessionId, path: &str) -> String {
        let page = PagePath::parse(path).expect("a page path");
        self.state.issue_page_token(session, &page)
    }

    /// `POST /api/v1/tracking/token` for `path`, with the session cookie when given.
    pub async fn post_token(
        &self,
        session: Option<&SessionId>,
        path: &str,
    ) -> (StatusCode, HeaderMap, Value) {
        let body = json!({ "path": path }).to_string();
        self.call(request(
            "POST",
            "/api/v1/tracking/token",
            session,
            None,
            body,
        ))
        .await
    }

    pub async fn post_event(
        &self,
        session: &SessionId,
        consent: Option<&str>,
        body: &Value,
    ) -> (StatusCode, Value) {
        let (status, _, json) = self
            .call(request(
                "POST",
                "/api/v1/tracking/events",
                Some(session),
                consent,
                body.to_string(),
            ))
            .await;
        (status, json)
    }

    /// Records a decision granting everything; returns its decision id.
    pub async fn consented(&self) -> &'static str {
        assert_eq!(
            self.consent("decision-all-granted", true, true).await,
            StatusCode::CREATED
        );
        "decision-all-granted"
    }

    /// Records a consent decision through the endpoint and returns the decision id.
    pub async fn consent(&self, decision_id: &str, analytics: bool, marketing: bool) -> StatusCode {
        let body = json!({ "decision_id": decision_id, "banner_version": "1", "gpc": false,
            "choices": { "analytics": analytics, "marketing": marketing, "preferences": false } });
        self.call(request(
            "POST",
            "/api/v1/consent",
            None,
            None,
            body.to_string(),
        ))
        .await
        .0
    }
}

/// A request with the tracking cookies a browser would send.
pub fn request(
    method: &str,
    uri: &str,
    session: Option<&SessionId>,
    consent: Option<&str>,
    body: String,
) -> axum::http::Request<Body> {
    let mut cookies = Vec::new();
    if let Some(s) = session {
        cookies.push(format!("vitrine_sid={}", s.as_str()));
    }
    if let Some(c) = consent {
        cookies.push(format!("vitrine_consent_id={c}"));
    }
    let mut builder = axum::http::Request::builder()
        .method(method)
        .uri(uri)
        .header("content-type", "application/json")
        .header("user-agent", "Mozilla/5.0 (test)");
    if !cookies.is_empty() {
        builder = builder.header("cookie", cookies.join("; "));
    }
    builder.body(Body::from(body)).expect("request")
}

pub fn event_id(n: u32) -> String {
    format!("{n:08}-aaaa-bbbb-cccc-dddddddddddd")
}

impl TrackingApp {
    /// Destinations enqueued for an event, sorted.
    pub async fn store_status(&self, event_id: &str) -> Vec<&'static str> {
        let records = self.store.delivery_status(event_id).await.expect("status");
        let mut names: Vec<&'static str> = records.iter().map(|r| r.destination.as_str()).collect();
        names.sort_unstable();
        names
    }
}

/// The shop's settings as the binary derives them from the tracking table (the client address
/// behind `trusted_proxy_hops` proxies), served at `public_url`.
fn shop_settings(tracking: &TrackingSettings, public_url: &str) -> ShopSettings {
    ShopSettings {
        trusted_proxy_hops: tracking.trusted_proxy_hops,
        public_url: public_url.into(),
        ..ShopSettings::default()
    }
}
