//! The tracking hook: endpoints merged into the API, the visitor session on storefront pages
//! only, the same public configuration embedded in every page (no page token: that comes from
//! the token endpoint, `tracking_tokens.rs`), the widened CSP.

use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::http::{Method, Request};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use tower::ServiceExt;
use vitrine_app::tracking::TrackingState;
use vitrine_http::{ShopSettings, router};
use vitrine_tracking::browser::{Ga4Tag, MetaPixel};
use vitrine_tracking::settings::Secret;
use vitrine_tracking::{SessionId, TrackingSettings};

use crate::helpers::{TestApp, TestResponse, tracked_state};

struct Tracked {
    router: Router,
    _app: TestApp,
}

fn settings() -> TrackingSettings {
    let mut s = TrackingSettings {
        secret: Some(Secret("test-secret-that-is-long-enough-0123456789".into())),
        ..Default::default()
    };
    s.consent.banner = true;
    s.browser.server_events = Some(true);
    s.browser.meta = Some(MetaPixel {
        pixel_ids: vec!["111222333".into()],
        script_url: Some("https://connect.facebook.net/en_US/fbevents.js".into()),
        advanced_matching: false,
    });
    s.browser.ga4 = Some(Ga4Tag {
        tracking_ids: vec!["G-TEST".into()],
        script_url: None,
    });
    s.meta.access_token = Secret("EAAB-never-in-a-page".into());
    s
}

async fn tracked() -> Tracked {
    let app = TestApp::spawn().await;
    let store = Arc::new(app.db.tracking());
    let tracking = TrackingState::new(settings(), store).expect("tracking state");
    let state = tracked_state(&app.db, ShopSettings::default(), None, Some(tracking));
    Tracked {
        router: router(state),
        _app: app,
    }
}

impl Tracked {
    async fn get(&self, uri: &str, headers: &[(&str, &str)]) -> TestResponse {
        self.send(Method::GET, uri, headers).await
    }

    async fn send(&self, method: Method, uri: &str, headers: &[(&str, &str)]) -> TestResponse {
        let mut request = Request::builder().method(method).uri(uri);
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        let response = self
            .router
            .clone()
            .oneshot(request.body(Body::empty()).expect("request"))
            .await
            .expect("infallible");
        let status = response.status();
        let headers = response.headers().clone();
        let bytes = response
            .into_body()
            .collect()
            .await
            .expect("body")
            .to_bytes();
        TestResponse {
            status,
            headers,
            text: String::from_utf8_lossy(&bytes).into_owned(),
        }
    }
}

fn session_cookie(res: &TestResponse) -> Option<SessionId> {
    res.headers
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find_map(|c| c.strip_prefix("vitrine_sid="))
        .and_then(|rest| rest.split(';').next())
        .and_then(SessionId::parse)
}

fn embedded(html: &str) -> Value {
    let open = "<script id=\"vitrine-tracking\" type=\"application/json\">";
    let start = html.find(open).expect("tracking config embedded") + open.len();
    let end = start + html[start..].find("</script>").expect("script closes");
    serde_json::from_str(&html[start..end]).expect("JSON")
}

const PAGE: [(&str, &str); 2] = [("accept", "text/html"), ("host", "shop.example.com")];

#[tokio::test]
async fn every_page_embeds_the_same_public_config_and_sets_no_cookie() {
    let app = tracked().await;
    for path in ["/", "/shop/", "/product/hoodie/", "/no-such-page/"] {
        let first = app.get(path, &PAGE).await;
        assert!(
            first.headers.get("set-cookie").is_none(),
            "{path}: a plain visit sets no cookie"
        );
        let config = embedded(&first.text);
        assert_eq!(
            config["providers"]["meta"]["pixelIds"],
            json!(["111222333"])
        );
        assert_eq!(config["providers"]["ga4"]["trackingIds"], json!(["G-TEST"]));
        assert_eq!(config["consent"]["banner"], true);
        assert_eq!(config["serverEvents"]["enabled"], true);
        assert!(
            config.get("page_token").is_none_or(Value::is_null),
            "{path}: nothing personal"
        );
        for secret in ["EAAB-never-in-a-page", "test-secret-that-is-long"] {
            assert!(!first.text.contains(secret), "{path}: secret leaked");
        }
        // A returning visitor gets byte-identical HTML: the page can be cached for everyone.
        let cookie = format!("vitrine_sid={}", SessionId::generate().as_str());
        let again = app
            .get(path, &[PAGE[0], PAGE[1], ("cookie", &cookie)])
            .await;
        assert_eq!(again.text, first.text, "{path}");
    }
}

#[tokio::test]
async fn a_landing_from_a_campaign_or_another_site_gets_the_session_at_once() {
    let app = tracked().await;
    let tagged = app.get("/shop/?utm_source=newsletter", &PAGE).await;
    assert!(session_cookie(&tagged).is_some());
    let referred = app
        .get(
            "/",
            &[PAGE[0], PAGE[1], ("referer", "https://www.google.com/")],
        )
        .await;
    assert!(session_cookie(&referred).is_some());
    let inside = app
        .get(
            "/",
            &[
                PAGE[0],
                PAGE[1],
                ("referer", "https://shop.example.com/shop/"),
            ],
        )
        .await;
    assert!(session_cookie(&inside).is_none());
}

#[tokio::test]
async fn the_session_and_attribution_are_for_storefront_pages_only() {
    let app = tracked().await;
    for path in [
        "/api/v1/products",
        "/api/v1/site",
        "/healthz",
        "/api/openapi.json",
    ] {
        let res = app.get(path, &PAGE).await;
        assert!(session_cookie(&res).is_none(), "{path} set a session");
    }
    let res = app
        .get("/?utm_source=newsletter&utm_medium=email", &PAGE)
        .await;
    let session = session_cookie(&res).expect("session");
    let cookie = format!("vitrine_sid={}", session.as_str());
    let mut snapshot = Value::Null;
    for _ in 0..100 {
        let read = app
            .get("/api/v1/tracking/attribution", &[("cookie", &cookie)])
            .await;
        if read.status == 200 {
            snapshot = read.json();
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(snapshot["source"], "newsletter", "{snapshot}");
    assert_eq!(snapshot["medium"], "email");
}

#[tokio::test]
async fn the_csp_admits_the_configured_providers() {
    let app = tracked().await;
    let res = app.get("/", &PAGE).await;
    let csp = res.header("content-security-policy");
    let script = csp
        .split(';')
        .map(str::trim)
        .find(|d| d.starts_with("script-src"))
        .expect("script-src");
    assert!(
        script.contains("'self'") && script.contains("https://connect.facebook.net"),
        "{csp}"
    );
    assert!(script.contains("https://www.googletagmanager.com"), "{csp}");
    assert!(!script.contains("unsafe-inline"), "{csp}");
    let connect = csp
        .split(';')
        .map(str::trim)
        .find(|d| d.starts_with("connect-src"))
        .expect("connect-src");
    assert!(connect.contains("https://*.google-analytics.com"), "{csp}");
}

#[tokio::test]
async fn the_tracking_endpoints_are_served_and_documented() {
    let app = tracked().await;
    let res = app.get("/api/v1/tracking/pbid", &[]).await;
    assert_eq!(res.status, 200);
    assert_eq!(res.json()["data"]["pbid"].as_str().map(str::len), Some(64));
    let doc = app.get("/api/openapi.json", &[]).await.json();
    for path in [
        "/api/v1/tracking/events",
        "/api/v1/tracking/attribution",
        "/api/v1/consent",
    ] {
        assert!(doc["paths"].get(path).is_some(), "{path} documented");
    }
}

#[tokio::test]
async fn without_tracking_pages_embed_nothing_and_set_no_cookie() {
    let app = TestApp::spawn().await;
    let res = app.get_with("/", &PAGE).await;
    assert!(!res.text.contains("vitrine-tracking"));
    assert!(res.headers.get("set-cookie").is_none());
    assert_eq!(app.get("/api/v1/tracking/pbid").await.status, 404);
}

/// Issue 16 (LCP): the first HTML carries the cookie banner as the app draws it (inert until the
/// app's replaces it), and the head's one inline script is admitted by its hash, not by
/// `'unsafe-inline'`.
#[tokio::test]
async fn the_first_html_carries_the_banner_and_its_gate_is_admitted_by_hash() {
    use base64::Engine;
    use sha2::{Digest, Sha256};

    // settings() has the shop's own banner on.
    let res = tracked().await.get("/shop/", &PAGE).await;
    let html = &res.text;
    assert!(
        html.contains("class=\"vitrine-consent\" inert><h2 id=\"consent-title\""),
        "{html}"
    );
    // Hidden before the first paint for a visitor who has answered, and without JavaScript.
    assert!(html.contains(".vitrine-consent-decided #root>.vitrine-consent[inert]"));
    assert!(html.contains("<noscript><style>#root>.vitrine-consent"));
    let start = html.find("<script>").expect("the gate") + "<script>".len();
    let end = start + html[start..].find("</script>").expect("its end");
    let digest = Sha256::digest(&html.as_bytes()[start..end]);
    let source = format!(
        "'sha256-{}'",
        base64::engine::general_purpose::STANDARD.encode(digest)
    );
    let csp = res.header("content-security-policy");
    let script = csp
        .split(';')
        .map(str::trim)
        .find(|d| d.starts_with("script-src"))
        .expect("script-src");
    assert!(script.contains(&source), "{csp}");
    assert!(!script.contains("unsafe-inline"), "{csp}");

    // Without the shop's own banner there is none in the page either.
    let plain = TestApp::spawn().await.get("/shop/").await.text;
    assert!(!plain.contains("vitrine-consent\" inert"));
}
