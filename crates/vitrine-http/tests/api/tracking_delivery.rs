//! Accepted events reach each consented destination once, with the same event id and hashed
//! user data; failures are retried later.

use std::time::Duration;

use axum::http::StatusCode;
use time::Duration as TimeDuration;
use vitrine_tracking::hashing::sha256_hex;
use vitrine_tracking::outbox::DeliveryStatus;
use vitrine_tracking::{SessionId, TrackingStore};

use crate::tracking_support::{TrackingApp, event_id};

#[tokio::test]
async fn accepted_event_is_delivered_once_to_each_destination_with_the_same_id() {
    let app = TrackingApp::spawn(|_| {}).await;
    let session = SessionId::generate();
    assert_eq!(
        app.consent("decision-granted-1", true, true).await,
        StatusCode::CREATED
    );
    let id = event_id(10);
    let status = app
        .post_event(
            &session,
            Some("decision-granted-1"),
            &app.event(&session, &id),
        )
        .await
        .0;
    assert_eq!(status, StatusCode::ACCEPTED);

    let worker = app.worker();
    let report = worker.deliver_due(app.now()).await.expect("pass");
    assert_eq!((report.claimed, report.delivered), (3, 3));
    assert_eq!(
        worker
            .deliver_due(app.now() + TimeDuration::hours(2))
            .await
            .expect("pass")
            .claimed,
        0,
        "nothing left"
    );

    let meta = app.receiver.to("/v21.0/");
    assert_eq!(meta.len(), 1);
    assert_eq!(meta[0].path, "/v21.0/PIXEL-META/events");
    assert_eq!(meta[0].query, "access_token=meta-token");
    let m = &meta[0].body["data"][0];
    assert_eq!(m["event_id"], id.as_str());
    assert_eq!(m["event_name"], "InitiateCheckout");
    assert_eq!(
        m["event_source_url"],
        "https://shop.example.com/checkout/?step=1"
    );
    assert_eq!(m["action_source"], "website");
    assert_eq!(m["user_data"]["em"][0], sha256_hex("test@example.com"));
    assert_eq!(m["user_data"]["ph"][0], sha256_hex("16505551234"));
    assert_eq!(m["user_data"]["fn"][0], sha256_hex("john"));
    assert_eq!(m["user_data"]["ln"][0], sha256_hex("doe"));
    assert_eq!(m["user_data"]["external_id"][0], sha256_hex("pbid-123"));
    assert_eq!(m["user_data"]["fbp"], "fb.1.1700000000000.123");
    assert_eq!(m["user_data"]["client_user_agent"], "Mozilla/5.0 (test)");
    assert_eq!(m["custom_data"]["value"], 42.5);

    let tiktok = app.receiver.to("/open_api/");
    assert_eq!(tiktok.len(), 1);
    assert_eq!(
        tiktok[0]
            .headers
            .get("access-token")
            .and_then(|v| v.to_str().ok()),
        Some("tiktok-token")
    );
    let t = &tiktok[0].body["data"][0];
    assert_eq!(
        (t["event_id"].as_str(), t["event"].as_str()),
        (Some(id.as_str()), Some("InitiateCheckout"))
    );
    assert_eq!(t["user"]["email"], sha256_hex("test@example.com"));
    assert_eq!(tiktok[0].body["event_source_id"], "PIXEL-TT");

    let ga4 = app.receiver.to("/mp/collect");
    assert_eq!(ga4.len(), 1);
    assert_eq!(ga4[0].query, "measurement_id=G-TEST&api_secret=ga-secret");
    let g = &ga4[0].body["events"][0];
    assert_eq!(
        (g["name"].as_str(), g["params"]["event_id"].as_str()),
        (Some("begin_checkout"), Some(id.as_str()))
    );
    assert_eq!(g["params"]["items"][0]["price"], 21.25);

    let everything = format!(
        "{:?}",
        app.receiver
            .received()
            .iter()
            .map(|r| r.body.to_string())
            .collect::<Vec<_>>()
    );
    assert!(
        !everything.contains("test@example.com") && !everything.contains("650 555"),
        "no raw PII leaves"
    );
    let statuses = app.store.delivery_status(&id).await.expect("status");
    assert!(
        statuses
            .iter()
            .all(|d| d.status == DeliveryStatus::Delivered && d.attempts == 1)
    );
}

#[tokio::test]
async fn only_consented_destinations_are_enqueued() {
    let app = TrackingApp::spawn(|_| {}).await;
    let session = SessionId::generate();
    assert_eq!(
        app.consent("decision-analytics", true, false).await,
        StatusCode::CREATED
    );
    let id = event_id(11);
    app.post_event(
        &session,
        Some("decision-analytics"),
        &app.event(&session, &id),
    )
    .await;
    assert_eq!(app.store_status(&id).await, ["ga4"]);
    app.worker().deliver_due(app.now()).await.expect("pass");
    let ga4 = app.receiver.to("/mp/collect");
    assert_eq!(ga4.len(), 1);
    assert_eq!(ga4[0].body["consent"]["ad_user_data"], "DENIED");

    // No decision at all: denied by default, the event is accepted but goes nowhere.
    let id = event_id(12);
    let (status, _) = app
        .post_event(&session, None, &app.event(&session, &id))
        .await;
    assert_eq!(status, StatusCode::ACCEPTED);
    assert!(app.store_status(&id).await.is_empty());
}

#[tokio::test]
async fn a_500_is_retried_later_and_then_delivered() {
    let app = TrackingApp::spawn(|s| {
        s.tiktok.enabled = false;
        s.ga4.enabled = false;
    })
    .await;
    let session = SessionId::generate();
    app.consent("decision-granted-2", true, true).await;
    let id = event_id(13);
    app.post_event(
        &session,
        Some("decision-granted-2"),
        &app.event(&session, &id),
    )
    .await;
    app.receiver
        .fail_next
        .store(1, std::sync::atomic::Ordering::SeqCst);
    let worker = app.worker();
    let t0 = app.now();

    let first = worker.deliver_due(t0).await.expect("pass");
    assert_eq!((first.claimed, first.retried), (1, 1));
    let pending = &app.store.delivery_status(&id).await.expect("status")[0];
    assert_eq!(
        (pending.status, pending.attempts),
        (DeliveryStatus::Pending, 1)
    );
    assert_eq!(pending.next_attempt_at, t0 + TimeDuration::seconds(30));
    assert!(
        pending
            .last_error
            .as_deref()
            .is_some_and(|e| e.contains("500"))
    );
    assert!(
        !pending
            .last_error
            .as_deref()
            .unwrap_or_default()
            .contains("meta-token"),
        "no credentials in errors"
    );

    assert_eq!(
        worker
            .deliver_due(t0 + TimeDuration::seconds(10))
            .await
            .expect("pass")
            .claimed,
        0,
        "not due yet"
    );
    let retry = worker
        .deliver_due(t0 + TimeDuration::seconds(31))
        .await
        .expect("pass");
    assert_eq!(retry.delivered, 1);
    let done = &app.store.delivery_status(&id).await.expect("status")[0];
    assert_eq!((done.status, done.attempts), (DeliveryStatus::Delivered, 2));
    let meta = app.receiver.to("/v21.0/");
    assert_eq!(meta.len(), 2);
    assert_eq!(
        meta[0].body["data"][0]["event_id"],
        meta[1].body["data"][0]["event_id"]
    );
}

#[tokio::test]
async fn the_spawned_worker_delivers_and_stops_gracefully() {
    let app = TrackingApp::spawn(|_| {}).await;
    let session = SessionId::generate();
    app.consent("decision-granted-3", true, true).await;
    app.post_event(
        &session,
        Some("decision-granted-3"),
        &app.event(&session, &event_id(14)),
    )
    .await;
    let handle = app.worker().spawn();
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    while app.receiver.received().len() < 3 && tokio::time::Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    tokio::time::timeout(Duration::from_secs(5), handle.shutdown())
        .await
        .expect("stops promptly");
    assert_eq!(app.receiver.received().len(), 3);
}
