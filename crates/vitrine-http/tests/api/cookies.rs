//! One `Secure` rule for every cookie the shop sets (issue 11): the cart's, the login's and
//! tracking's all get it when the request reached the shop over HTTPS, and none does over
//! plain HTTP.

use axum::body::Body;
use axum::http::{Method, Request};
use serde_json::json;
use vitrine_domain::account::Role;

use crate::helpers::PASSWORD;
use crate::tracking_support::TrackingApp;

/// Every cookie the shop sets, as `(name, Set-Cookie line)`, from the requests that set them;
/// `extra` headers go on each request.
async fn every_cookie(app: &TrackingApp, extra: &[(&str, &str)]) -> Vec<(String, String)> {
    let email = format!("cookies-{}@example.com", extra.len());
    app.shop().add_user(&email, Role::Customer).await;
    let beanie = app.shop().ids.beanie;
    let posts = [
        ("/api/v1/cart/items", json!({ "product_id": beanie })),
        (
            "/api/v1/account/login",
            json!({ "login": email, "password": PASSWORD }),
        ),
        ("/api/v1/tracking/token", json!({ "path": "/" })),
        (
            "/api/v1/consent",
            json!({ "decision_id": "cookie-rule-decision-1", "banner_version": "1",
                "choices": { "analytics": true, "marketing": false, "preferences": false } }),
        ),
    ];
    let mut requests: Vec<Request<Body>> = posts
        .iter()
        .map(|(uri, body)| {
            let mut builder = Request::builder()
                .method(Method::POST)
                .uri(*uri)
                .header("content-type", "application/json");
            for (name, value) in extra {
                builder = builder.header(*name, *value);
            }
            builder.body(Body::from(body.to_string())).expect("request")
        })
        .collect();
    // A landing from an ad gives the visitor session on the page itself.
    let mut landing = Request::builder()
        .uri("/?utm_source=ads")
        .header("accept", "text/html");
    for (name, value) in extra {
        landing = landing.header(*name, *value);
    }
    requests.push(landing.body(Body::empty()).expect("request"));

    let mut cookies = Vec::new();
    for request in requests {
        let uri = request.uri().to_string();
        let (status, headers, _) = app.call(request).await;
        assert!(status.is_success(), "{uri}: {status}");
        for line in headers.get_all("set-cookie") {
            let line = line.to_str().expect("ASCII").to_owned();
            let name = line.split('=').next().unwrap_or_default().to_owned();
            cookies.push((name, line));
        }
    }
    let mut names: Vec<&str> = cookies.iter().map(|(name, _)| name.as_str()).collect();
    names.sort_unstable();
    names.dedup();
    assert_eq!(
        names,
        [
            "vitrine_auth",
            "vitrine_cart_hash",
            "vitrine_consent_id",
            "vitrine_session",
            "vitrine_sid"
        ]
    );
    cookies
}

fn is_secure(line: &str) -> bool {
    line.split(';').any(|flag| flag.trim() == "Secure")
}

#[tokio::test]
async fn over_plain_http_no_cookie_is_secure() {
    let app = TrackingApp::spawn_at("http://shop.example.com", |_| {}).await;
    for (name, line) in every_cookie(&app, &[]).await {
        assert!(!is_secure(&line), "{name}: {line}");
    }
}

#[tokio::test]
async fn behind_a_tls_proxy_every_cookie_is_secure() {
    let app = TrackingApp::spawn_at("http://shop.example.com", |_| {}).await;
    let https = [("x-forwarded-proto", "https")];
    for (name, line) in every_cookie(&app, &https).await {
        assert!(is_secure(&line), "{name}: {line}");
    }
}

#[tokio::test]
async fn the_tracking_switch_makes_every_cookie_secure_not_only_trackings() {
    let app = TrackingApp::spawn_at("http://shop.example.com", |s| s.secure_cookies = true).await;
    for (name, line) in every_cookie(&app, &[]).await {
        assert!(is_secure(&line), "{name}: {line}");
    }
}
