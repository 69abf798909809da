//! Amounts and quantities a browser claims are bounded, and a browser's `Purchase` never
//! reaches an ad platform: revenue comes from the paid order.

use axum::http::StatusCode;
use serde_json::{Value, json};
use time::Duration;
use vitrine_tracking::SessionId;

use crate::tracking_support::{TrackingApp, event_id};

/// The harness's checkout event with `custom_data` replaced.
fn with_custom(app: &TrackingApp, session: &SessionId, n: u32, custom: Value) -> Value {
    let mut body = app.event(session, &event_id(n));
    body["custom_data"] = custom;
    body
}

#[tokio::test]
async fn huge_negative_and_not_a_number_values_are_refused_and_nothing_is_queued() {
    let app = TrackingApp::spawn(|_| {}).await;
    let (session, consent) = (SessionId::generate(), app.consented().await);
    let value = |v: Value| json!({ "value": v, "currency": "USD" });
    let item = |item: Value| json!({ "value": 1, "currency": "USD", "contents": [item] });
    let cases = [
        (value(json!(999_999_999)), "custom_data.value"),
        (value(json!(1_000_000.01)), "custom_data.value"),
        (value(json!(-0.01)), "custom_data.value"),
        (value(json!("NaN")), "custom_data.value"),
        (value(json!("Infinity")), "custom_data.value"),
        (
            json!({ "value": 5, "currency": "ZZZ" }),
            "custom_data.currency",
        ),
        (json!({ "value": 5 }), "custom_data.currency"),
        (
            item(json!({ "id": "a", "item_price": 2e9 })),
            "custom_data.contents",
        ),
        (
            item(json!({ "id": "a", "item_price": -3 })),
            "custom_data.contents",
        ),
        (
            item(json!({ "id": "a", "quantity": 10_001 })),
            "custom_data.contents",
        ),
        (
            item(json!({ "id": "a", "quantity": -1 })),
            "custom_data.contents",
        ),
    ];
    for (n, (custom, field)) in (30..).zip(cases) {
        let body = with_custom(&app, &session, n, custom.clone());
        let (status, err) = app.post_event(&session, Some(consent), &body).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{custom}");
        assert_eq!(
            (err["code"].as_str(), err["field"].as_str()),
            (Some("invalid_event"), Some(field)),
            "{custom}"
        );
        assert!(app.store_status(&event_id(n)).await.is_empty(), "{custom}");
    }
    // The documented default maximum (1 000 000) and 10 000 of an item are still taken.
    let at_bounds = json!({ "value": 1_000_000, "currency": "usd",
        "contents": [{ "id": "a", "quantity": 10_000, "item_price": 100 }] });
    let body = with_custom(&app, &session, 50, at_bounds);
    let (status, _) = app.post_event(&session, Some(consent), &body).await;
    assert_eq!(status, StatusCode::ACCEPTED);
}

#[tokio::test]
async fn a_shop_sets_its_own_maximum() {
    let app = TrackingApp::spawn(|s| s.max_event_value = 250.0).await;
    let session = SessionId::generate();
    let body = with_custom(
        &app,
        &session,
        51,
        json!({ "value": 250, "currency": "EUR" }),
    );
    assert_eq!(
        app.post_event(&session, None, &body).await.0,
        StatusCode::ACCEPTED
    );
    let body = with_custom(
        &app,
        &session,
        52,
        json!({ "value": 250.01, "currency": "EUR" }),
    );
    assert_eq!(
        app.post_event(&session, None, &body).await.0,
        StatusCode::BAD_REQUEST
    );
}

#[tokio::test]
async fn a_browser_purchase_is_refused_and_never_reaches_an_ad_platform() {
    let app = TrackingApp::spawn(|_| {}).await;
    let (session, consent) = (SessionId::generate(), app.consented().await);
    let id = event_id(53);
    let mut body = app.event(&session, &id);
    body["event_name"] = json!("Purchase");
    body["custom_data"]["order_id"] = json!("1001");
    let (status, err) = app.post_event(&session, Some(consent), &body).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        (err["code"].as_str(), err["field"].as_str()),
        (Some("server_only_event"), Some("event_name"))
    );
    assert!(
        app.store_status(&id).await.is_empty(),
        "nothing in the outbox"
    );
    let report = app
        .worker()
        .deliver_due(app.now() + Duration::hours(2))
        .await
        .expect("pass");
    assert_eq!(report.claimed, 0);
    assert!(app.receiver.received().is_empty(), "no platform was called");
    // The event id is not spent: the order flow can still report the purchase under it.
    body["event_name"] = json!("InitiateCheckout");
    assert_eq!(
        app.post_event(&session, Some(consent), &body).await.0,
        StatusCode::ACCEPTED
    );
}
