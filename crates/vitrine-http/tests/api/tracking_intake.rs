//! The intake endpoint refuses forged, replayed, oversized, invalid and too frequent events.

use axum::http::StatusCode;
use serde_json::json;
use vitrine_tracking::SessionId;

use crate::tracking_support::{TrackingApp, event_id, request};

#[tokio::test]
async fn accepted_event_is_queued_for_each_destination() {
    let app = TrackingApp::spawn(|_| {}).await;
    let (session, consent) = (SessionId::generate(), app.consented().await);
    let (status, body) = app
        .post_event(&session, Some(consent), &app.event(&session, &event_id(1)))
        .await;
    assert_eq!(
        (status, body),
        (StatusCode::ACCEPTED, json!({ "accepted": true }))
    );
    let deliveries = app.store_status(&event_id(1)).await;
    assert_eq!(deliveries, ["ga4", "meta", "tiktok"]);
}

#[tokio::test]
async fn forged_token_is_403_and_nothing_is_enqueued() {
    let app = TrackingApp::spawn(|_| {}).await;
    let (session, consent) = (SessionId::generate(), app.consented().await);
    let mut body = app.event(&session, &event_id(2));
    // A token minted for another visitor's session.
    body["page_token"] = json!(app.token_for(&SessionId::generate(), "/checkout/"));
    let (status, err) = app.post_event(&session, Some(consent), &body).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(
        (err["code"].as_str(), err["field"].as_str()),
        (Some("forged_event"), Some("page_token"))
    );
    body["page_token"] = json!("1700000000.deadbeef");
    assert_eq!(
        app.post_event(&session, Some(consent), &body).await.0,
        StatusCode::FORBIDDEN
    );
    assert!(
        app.store_status(&event_id(2)).await.is_empty(),
        "nothing enqueued"
    );
    // Not even the event id was spent: the genuine event still goes through.
    let genuine = app.event(&session, &event_id(2));
    assert_eq!(
        app.post_event(&session, Some(consent), &genuine).await.0,
        StatusCode::ACCEPTED
    );
}

#[tokio::test]
async fn missing_token_or_session_is_401() {
    let app = TrackingApp::spawn(|_| {}).await;
    let session = SessionId::generate();
    let mut body = app.event(&session, &event_id(3));
    body.as_object_mut().map(|o| o.remove("page_token"));
    assert_eq!(
        app.post_event(&session, None, &body).await.0,
        StatusCode::UNAUTHORIZED
    );
    let with_token = app.event(&session, &event_id(3));
    let req = request(
        "POST",
        "/api/v1/tracking/events",
        None,
        None,
        with_token.to_string(),
    );
    let (status, _, err) = app.call(req).await;
    assert_eq!(
        (status, err["code"].as_str()),
        (StatusCode::UNAUTHORIZED, Some("forged_event"))
    );
}

#[tokio::test]
async fn replayed_event_is_409() {
    let app = TrackingApp::spawn(|_| {}).await;
    let (session, consent) = (SessionId::generate(), app.consented().await);
    let body = app.event(&session, &event_id(5));
    assert_eq!(
        app.post_event(&session, Some(consent), &body).await.0,
        StatusCode::ACCEPTED
    );
    let (status, err) = app.post_event(&session, Some(consent), &body).await;
    assert_eq!(
        (status, err["code"].as_str()),
        (StatusCode::CONFLICT, Some("replayed_event"))
    );
    assert_eq!(
        app.store_status(&event_id(5)).await.len(),
        3,
        "still one delivery per destination"
    );
}

#[tokio::test]
async fn oversized_body_is_413() {
    let app = TrackingApp::spawn(|_| {}).await;
    let session = SessionId::generate();
    let mut body = app.event(&session, &event_id(6));
    body["custom_data"]["padding"] = json!("x".repeat(17 * 1024));
    let (status, err) = app.post_event(&session, None, &body).await;
    assert_eq!(
        (status, err["code"].as_str()),
        (StatusCode::PAYLOAD_TOO_LARGE, Some("event_too_large"))
    );
}

#[tokio::test]
async fn invalid_events_are_400_with_the_field() {
    let app = TrackingApp::spawn(|_| {}).await;
    let session = SessionId::generate();
    let mut body = app.event(&session, &event_id(7));
    body["custom_data"]["value"] = json!(-5);
    let (status, err) = app.post_event(&session, None, &body).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        (err["code"].as_str(), err["field"].as_str()),
        (Some("invalid_event"), Some("custom_data.value"))
    );
    let req = request(
        "POST",
        "/api/v1/tracking/events",
        Some(&session),
        None,
        "not json".into(),
    );
    assert_eq!(app.call(req).await.0, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn too_many_requests_from_one_ip_are_429() {
    let app = TrackingApp::spawn(|s| {
        s.rate_limit.burst = 2;
        s.rate_limit.per_minute = 1;
        s.trusted_proxy_hops = 1;
    })
    .await;
    let from = |ip: &str| {
        let mut req = request("GET", "/api/v1/tracking/pbid", None, None, String::new());
        req.headers_mut()
            .insert("x-forwarded-for", ip.parse().expect("header"));
        req
    };
    let mut statuses = Vec::new();
    for _ in 0..3 {
        statuses.push(app.call(from("198.51.100.7")).await.0);
    }
    assert_eq!(
        statuses,
        [
            StatusCode::OK,
            StatusCode::OK,
            StatusCode::TOO_MANY_REQUESTS
        ]
    );
    let (_, _, err) = app.call(from("198.51.100.7")).await;
    assert_eq!(err["code"], "rate_limited");
    assert_eq!(
        app.call(from("198.51.100.8")).await.0,
        StatusCode::OK,
        "other clients unaffected"
    );
}

#[tokio::test]
async fn pbid_is_a_fresh_random_external_id() {
    let app = TrackingApp::spawn(|_| {}).await;
    let (status, headers, a) = app
        .call(request(
            "GET",
            "/api/v1/tracking/pbid",
            None,
            None,
            String::new(),
        ))
        .await;
    let (_, _, b) = app
        .call(request(
            "GET",
            "/api/v1/tracking/pbid",
            None,
            None,
            String::new(),
        ))
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(a["success"], true, "spec §7: {{success, data: {{pbid}}}}");
    assert_eq!(a["data"]["pbid"].as_str().map(str::len), Some(64));
    assert_ne!(a["data"]["pbid"], b["data"]["pbid"]);
    assert_eq!(
        headers.get("cache-control").and_then(|v| v.to_str().ok()),
        Some("no-store")
    );
}

#[tokio::test]
async fn the_openapi_document_lists_the_endpoints_and_error_codes() {
    let app = TrackingApp::spawn(|_| {}).await;
    let (_, _, json) = app
        .call(request(
            "GET",
            "/api/openapi.json",
            None,
            None,
            String::new(),
        ))
        .await;
    for path in [
        "/api/v1/tracking/events",
        "/api/v1/tracking/token",
        "/api/v1/tracking/pbid",
        "/api/v1/consent",
        "/api/v1/tracking/gdpr-filters",
        "/api/v1/tracking/attribution",
    ] {
        assert!(json["paths"].get(path).is_some(), "{path} missing");
    }
    let alone = serde_json::to_value(vitrine_http::openapi()).expect("serialises");
    assert_eq!(
        alone["paths"], json["paths"],
        "the stateless document is the same"
    );
    let tags = alone["tags"].as_array().expect("tags");
    assert!(tags.iter().any(|t| t["name"] == "tracking"));
    let event = &json["paths"]["/api/v1/tracking/events"]["post"]["responses"];
    for status in ["202", "400", "401", "403", "409", "413", "422", "429"] {
        assert!(event.get(status).is_some(), "{status} missing");
    }
    // One envelope: the shop's `ErrorBody`, with the tracking codes in `ErrorCode`.
    assert_eq!(
        event["409"]["content"]["application/json"]["schema"]["$ref"],
        "#/components/schemas/ErrorBody"
    );
    assert!(
        json["components"]["schemas"]
            .get("TrackingErrorBody")
            .is_none()
    );
    let codes = &json["components"]["schemas"]["ErrorCode"]["enum"];
    for code in [
        "invalid_event",
        "forged_event",
        "replayed_event",
        "server_only_event",
        "event_too_large",
        "invalid_consent",
        "rate_limited",
        "internal",
    ] {
        assert!(
            codes
                .as_array()
                .is_some_and(|c| c.iter().any(|c| c == code)),
            "{code} missing"
        );
    }
    for schema in ["TrackEventRequest", "PageTokenRequest", "PageTokenView"] {
        assert!(
            json["components"]["schemas"].get(schema).is_some(),
            "{schema} missing"
        );
    }
}
