//! Page tokens are bound to the visitor session and to one page of the shop, live 30 minutes,
//! and events carrying them must come from the shop's own origin and that very page.

use std::sync::atomic::Ordering;

use axum::http::StatusCode;
use serde_json::{Value, json};
use vitrine_tracking::SessionId;

use crate::tracking_support::{SHOP_URL, TrackingApp, event_id};

fn new_session(headers: &axum::http::HeaderMap) -> Option<SessionId> {
    headers
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find_map(|c| c.strip_prefix("vitrine_sid="))
        .and_then(|rest| rest.split(';').next())
        .and_then(SessionId::parse)
}

/// An `AddToCart` on `url` carrying `token`.
fn event_on(app: &TrackingApp, url: &str, token: &str, n: u32) -> Value {
    json!({
        "event_id": event_id(n),
        "event_name": "AddToCart",
        "event_time": app.now().unix_timestamp(),
        "event_source_url": url,
        "custom_data": { "value": 18, "currency": "USD", "content_ids": ["beanie"] },
        "page_token": token,
    })
}

fn code_and_field(err: &Value) -> (Option<&str>, Option<&str>) {
    (err["code"].as_str(), err["field"].as_str())
}

#[tokio::test]
async fn the_token_endpoint_makes_the_session_and_binds_the_token_to_it_and_the_page() {
    let app = TrackingApp::spawn(|_| {}).await;
    let (status, headers, body) = app.post_token(None, "/shop/../product/hoodie/").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        headers.get("cache-control").and_then(|v| v.to_str().ok()),
        Some("no-store")
    );
    let session = new_session(&headers).expect("a first call makes the visitor session");
    assert_eq!(body["path"], "/product/hoodie/");
    assert_eq!(body["max_age_secs"], 1800);
    let token = body["page_token"].as_str().expect("token");
    let page = app
        .state
        .verify_page_token(&session, token)
        .expect("this session's");
    assert_eq!(page.as_str(), "/product/hoodie/");
    assert!(
        app.state
            .verify_page_token(&SessionId::generate(), token)
            .is_err()
    );
    // With a session already, that session is used and no cookie is set.
    let (_, headers, again) = app.post_token(Some(&session), "/cart/").await;
    assert!(new_session(&headers).is_none());
    let token = again["page_token"].as_str().expect("token");
    assert!(app.state.verify_page_token(&session, token).is_ok());
}

#[tokio::test]
async fn a_token_is_only_issued_for_a_storefront_page_path() {
    let app = TrackingApp::spawn(|_| {}).await;
    for path in [
        "/api/v1/tracking/events",
        "/assets/index.js",
        "/favicon.svg",
        "https://evil.example/shop/",
        "//evil.example/shop/",
        "shop/",
        "",
    ] {
        let (status, headers, err) = app.post_token(None, path).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{path:?}");
        assert_eq!(
            code_and_field(&err),
            (Some("invalid_parameter"), Some("path")),
            "{path:?}"
        );
        assert!(
            new_session(&headers).is_none(),
            "{path:?}: no session for a refusal"
        );
    }
    let long = format!("/{}", "a".repeat(1024));
    assert_eq!(app.post_token(None, &long).await.0, StatusCode::BAD_REQUEST);
    let req =
        crate::tracking_support::request("POST", "/api/v1/tracking/token", None, None, "{}".into());
    let (status, _, err) = app.call(req).await;
    assert_eq!(
        (status, err["code"].as_str()),
        (StatusCode::BAD_REQUEST, Some("invalid_json"))
    );
}

#[tokio::test]
async fn a_token_from_one_session_is_refused_for_another() {
    let app = TrackingApp::spawn(|_| {}).await;
    let consent = app.consented().await;
    let (_, headers, body) = app.post_token(None, "/product/beanie/").await;
    let owner = new_session(&headers).expect("session");
    let token = body["page_token"].as_str().expect("token");
    let url = format!("{SHOP_URL}/product/beanie/");
    let event = event_on(&app, &url, token, 20);
    let (status, err) = app
        .post_event(&SessionId::generate(), Some(consent), &event)
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(
        code_and_field(&err),
        (Some("forged_event"), Some("page_token"))
    );
    assert!(app.store_status(&event_id(20)).await.is_empty());
    let (status, _) = app.post_event(&owner, Some(consent), &event).await;
    assert_eq!(
        status,
        StatusCode::ACCEPTED,
        "the owner's own event goes through"
    );
}

#[tokio::test]
async fn a_token_for_one_page_is_refused_for_events_of_another() {
    let app = TrackingApp::spawn(|_| {}).await;
    let (session, consent) = (SessionId::generate(), app.consented().await);
    let hoodie = app.token_for(&session, "/product/hoodie/");
    let beanie_url = format!("{SHOP_URL}/product/beanie/");
    let (status, err) = app
        .post_event(
            &session,
            Some(consent),
            &event_on(&app, &beanie_url, &hoodie, 21),
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(
        code_and_field(&err),
        (Some("forged_event"), Some("page_token"))
    );
    assert!(
        err["message"]
            .as_str()
            .is_some_and(|m| m.contains("another page"))
    );
    assert!(app.store_status(&event_id(21)).await.is_empty());
    // The same page with a query string or another spelling is the page the token is for.
    let hoodie_url = format!("{SHOP_URL}/shop/../product/hoodie/?attribute_color=red#reviews");
    let (status, _) = app
        .post_event(
            &session,
            Some(consent),
            &event_on(&app, &hoodie_url, &hoodie, 21),
        )
        .await;
    assert_eq!(status, StatusCode::ACCEPTED);
}

#[tokio::test]
async fn an_event_from_another_origin_is_refused() {
    let app = TrackingApp::spawn(|_| {}).await;
    let (session, consent) = (SessionId::generate(), app.consented().await);
    let token = app.token_for(&session, "/product/hoodie/");
    for (n, url) in [
        (22, "https://evil.example/product/hoodie/"),
        (23, "http://shop.example.com/product/hoodie/"),
        (24, "https://shop.example.com:8443/product/hoodie/"),
        (25, "https://shop.example.com.evil.example/product/hoodie/"),
    ] {
        let (status, err) = app
            .post_event(&session, Some(consent), &event_on(&app, url, &token, n))
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{url}");
        assert_eq!(
            code_and_field(&err),
            (Some("invalid_event"), Some("event_source_url")),
            "{url}"
        );
        assert!(app.store_status(&event_id(n)).await.is_empty(), "{url}");
    }
}

#[tokio::test]
async fn a_token_lives_thirty_minutes_on_the_shops_clock() {
    let app = TrackingApp::spawn(|_| {}).await;
    let session = SessionId::generate();
    let (_, _, body) = app.post_token(Some(&session), "/checkout/").await;
    let token = body["page_token"].as_str().expect("token").to_owned();
    let url = format!("{SHOP_URL}/checkout/");
    app.clock.fetch_add(30 * 60, Ordering::SeqCst);
    let at_limit = event_on(&app, &url, &token, 26);
    assert_eq!(
        app.post_event(&session, None, &at_limit).await.0,
        StatusCode::ACCEPTED
    );
    app.clock.fetch_add(1, Ordering::SeqCst);
    let (status, err) = app
        .post_event(&session, None, &event_on(&app, &url, &token, 27))
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(
        code_and_field(&err),
        (Some("forged_event"), Some("page_token"))
    );
    assert!(
        err["message"]
            .as_str()
            .is_some_and(|m| m.contains("expired"))
    );
}
