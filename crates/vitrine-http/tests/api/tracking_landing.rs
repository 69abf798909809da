//! Landing attribution is recorded per session on storefront page loads and by the state.

use std::time::Duration;

use axum::body::Body;
use vitrine_tracking::SessionId;
use vitrine_tracking::attribution::TrafficType;

use crate::tracking_support::{TrackingApp, request};

#[tokio::test]
async fn record_landing_keeps_the_source_for_the_session() {
    let app = TrackingApp::spawn(|_| {}).await;
    let session = SessionId::generate();
    let first = app
        .state
        .record_landing(
            "/?utm_source=newsletter&utm_medium=email&gclid=G1",
            Some("shop.example.com"),
            None,
            Some("UA"),
            &session,
        )
        .await
        .expect("recorded")
        .expect("attribution on");
    assert_eq!(
        (first.current.kind, first.current.source.as_str()),
        (TrafficType::Utm, "newsletter")
    );
    let later = app
        .state
        .record_landing(
            "/cart/",
            Some("shop.example.com"),
            Some("https://shop.example.com/"),
            Some("UA"),
            &session,
        )
        .await
        .expect("recorded")
        .expect("attribution on");
    assert_eq!(later.current.source, "newsletter");
    assert_eq!(later.session_pages, 2);
    let stored = app
        .state
        .attribution(&session)
        .await
        .expect("read")
        .expect("stored");
    assert_eq!(stored, later);
    assert_eq!(stored.click_ids.gclid.as_deref(), Some("G1"));
    assert_eq!(
        stored.landing_page,
        "https://shop.example.com/?utm_source=newsletter&utm_medium=email&gclid=G1"
    );
    assert!(
        app.state
            .attribution(&SessionId::generate())
            .await
            .expect("read")
            .is_none()
    );
}

#[tokio::test]
async fn the_middleware_sets_a_session_cookie_and_records_html_landings() {
    let app = TrackingApp::spawn(|_| {}).await;
    let state = app.state.clone();
    let request = axum::http::Request::builder()
        .uri("/?utm_source=ads")
        .header("host", "shop.example.com")
        .header("accept", "text/html")
        .header("referer", "https://www.google.com/")
        .body(Body::empty())
        .expect("request");
    let (_, headers, _) = app.call(request).await;
    let cookie = headers
        .get("set-cookie")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_owned();
    assert!(
        cookie.starts_with("vitrine_sid=")
            && cookie.contains("HttpOnly")
            && cookie.contains("SameSite=Lax"),
        "{cookie}"
    );
    let id = cookie
        .trim_start_matches("vitrine_sid=")
        .split(';')
        .next()
        .unwrap_or_default();
    let session = SessionId::parse(id).expect("128-bit hex id");
    // Recording runs in the background.
    let mut snapshot = None;
    for _ in 0..100 {
        snapshot = state.attribution(&session).await.expect("read");
        if snapshot.is_some() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let snapshot = snapshot.expect("landing recorded");
    assert_eq!(
        (snapshot.current.kind, snapshot.current.source.as_str()),
        (TrafficType::Utm, "ads")
    );
    assert_eq!(snapshot.referrer, "https://www.google.com/");
}

#[tokio::test]
async fn a_visitor_reads_back_their_own_attribution() {
    let app = TrackingApp::spawn(|_| {}).await;
    let session = SessionId::generate();
    app.state
        .record_landing(
            "/?utm_source=newsletter&utm_medium=email&utm_campaign=winter",
            Some("shop.example.com"),
            None,
            Some("UA"),
            &session,
        )
        .await
        .expect("recorded");
    let (status, headers, body) = app
        .call(request(
            "GET",
            "/api/v1/tracking/attribution",
            Some(&session),
            None,
            String::new(),
        ))
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        headers.get("cache-control").map(|v| v.as_bytes()),
        Some(&b"no-store"[..])
    );
    assert_eq!(body["type"], "utm");
    assert_eq!(body["source"], "newsletter");
    assert_eq!(body["medium"], "email");
    assert_eq!(body["campaign"], "winter");
    assert_eq!(body["first"]["source"], "newsletter");
    // Another session (or none) learns nothing.
    let other = SessionId::generate();
    let (status, _, body) = app
        .call(request(
            "GET",
            "/api/v1/tracking/attribution",
            Some(&other),
            None,
            String::new(),
        ))
        .await;
    assert_eq!(
        (status.as_u16(), body["code"].as_str()),
        (404, Some("not_found"))
    );
    let (status, _, _) = app
        .call(request(
            "GET",
            "/api/v1/tracking/attribution",
            None,
            None,
            String::new(),
        ))
        .await;
    assert_eq!(status, 404);
}
