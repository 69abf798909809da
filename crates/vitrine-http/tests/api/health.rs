//! `/healthz` and the headers every response carries.

use crate::helpers::TestApp;

#[tokio::test]
async fn health_is_ok_while_the_database_answers_and_503_after() {
    let app = TestApp::spawn().await;
    let ok = app.get("/healthz").await;
    assert_eq!(ok.status, 200);
    assert_eq!(ok.json(), serde_json::json!({"status": "ok"}));
    app.db.close().await;
    let down = app.get("/healthz").await;
    assert_eq!(down.status, 503);
    assert_eq!(down.json(), serde_json::json!({"status": "unavailable"}));
}

#[tokio::test]
async fn responses_carry_a_request_id_and_security_headers() {
    let app = TestApp::spawn().await;
    let res = app.get("/api/v1/site").await;
    assert_eq!(res.header("x-content-type-options"), "nosniff");
    assert_eq!(
        res.header("referrer-policy"),
        "strict-origin-when-cross-origin"
    );
    assert!(
        res.header("content-security-policy")
            .contains("default-src 'self'")
    );
    assert!(!res.header("x-request-id").is_empty());
    let given = app
        .get_with("/healthz", &[("x-request-id", "abc-123")])
        .await;
    assert_eq!(
        given.header("x-request-id"),
        "abc-123",
        "a caller's id is kept"
    );
}

#[tokio::test]
async fn responses_are_gzipped_when_the_client_accepts_it() {
    let app = TestApp::spawn().await;
    let res = app
        .get_with("/api/v1/products", &[("accept-encoding", "gzip")])
        .await;
    assert_eq!(res.status, 200);
    assert_eq!(res.header("content-encoding"), "gzip");
}

#[tokio::test]
async fn every_answer_carries_the_permissions_policy() {
    let app = TestApp::spawn().await;
    let cross_site = [
        ("origin", "https://evil.example"),
        ("sec-fetch-site", "cross-site"),
    ];
    let answers = [
        app.get("/api/v1/site").await,
        app.get_with("/", &[("accept", "text/html")]).await,
        app.get("/api/v1/nope").await,
        app.send(
            axum::http::Method::POST,
            "/api/v1/cart/items",
            &cross_site,
            None,
        )
        .await,
    ];
    for res in &answers {
        let policy = res.header("permissions-policy");
        let features: Vec<&str> = policy.split(',').map(str::trim).collect();
        for denied in ["camera=()", "microphone=()", "geolocation=()", "usb=()"] {
            assert!(
                features.contains(&denied),
                "{denied} in {policy:?} ({})",
                res.status
            );
        }
        // Wallet buttons (the Payment Request API) stay possible on the shop's own pages.
        assert!(features.contains(&"payment=(self)"), "{policy:?}");
    }
    let quiet = TestApp::with_settings(vitrine_http::ShopSettings {
        permissions_policy: String::new(),
        ..vitrine_http::ShopSettings::default()
    })
    .await;
    assert!(
        quiet
            .get("/api/v1/site")
            .await
            .headers
            .get("permissions-policy")
            .is_none()
    );
}
