//! Tracking: the event ledger (replays), outbox leases and settling, the consent proof log and
//! attribution snapshots per session.

use std::collections::HashSet;
use std::sync::Arc;

use serde_json::json;
use time::{Duration, OffsetDateTime};
use vitrine_store::{Database, SqlTrackingStore};
use vitrine_tracking::TrackingStore;
use vitrine_tracking::attribution::{self, AttributionSnapshot, Landing};
use vitrine_tracking::consent::{ConsentChoices, ConsentRecord, ConsentSource};
use vitrine_tracking::outbox::{DeliveryStatus, Destination, RetryPolicy};
use vitrine_tracking::ports::{AcceptOutcome, AcceptedEvent, OutboxMessage};
use vitrine_tracking::settings::DeliverySettings;

pub(super) fn t(secs: i64) -> OffsetDateTime {
    OffsetDateTime::from_unix_timestamp(1_741_608_000 + secs).expect("valid")
}

pub(super) fn event_id(n: u32) -> String {
    format!("{n:08}-aaaa-bbbb-cccc-dddddddddddd")
}

pub(super) async fn enqueue(
    store: &SqlTrackingStore,
    n: u32,
    destinations: &[Destination],
) -> AcceptOutcome {
    let event = AcceptedEvent {
        event_id: event_id(n),
        event_name: "Purchase".into(),
        received_at: t(0),
    };
    let outbox: Vec<OutboxMessage> = destinations
        .iter()
        .map(|d| OutboxMessage {
            destination: *d,
            payload: json!({ "n": n }),
        })
        .collect();
    store.accept_event(&event, &outbox).await.expect("accept")
}

pub(super) fn consent(marketing: bool, at: OffsetDateTime) -> ConsentRecord {
    ConsentRecord {
        subject: "subject-a".into(),
        choices: ConsentChoices {
            analytics: true,
            marketing,
            google_ads: marketing,
            preferences: false,
        },
        gpc: false,
        banner_version: "1".into(),
        source: ConsentSource::Settings,
        recorded_at: at,
    }
}

/// The snapshot after one page load of `uri` at `at`, following `previous`.
pub(super) fn landing(
    previous: Option<&AttributionSnapshot>,
    uri: &str,
    at: OffsetDateTime,
) -> AttributionSnapshot {
    let page = Landing::from_request(uri, Some("shop.example.com"), None, Some("UA"), None)
        .expect("a page of the shop");
    attribution::advance(previous, &page, at, Duration::minutes(30))
}

pub async fn a_claimed_row_is_leased_until_it_expires(db: Database) {
    let store = db.tracking();
    assert_eq!(
        enqueue(&store, 1, &[Destination::Meta]).await,
        AcceptOutcome::Accepted
    );
    assert_eq!(
        enqueue(&store, 1, &[Destination::Meta]).await,
        AcceptOutcome::Replayed
    );
    let claims = store.claim_due(t(0), t(60), 10).await.expect("claim");
    assert_eq!(claims.len(), 1);
    assert_eq!(claims[0].payload, json!({ "n": 1 }));
    assert!(
        store
            .claim_due(t(30), t(90), 10)
            .await
            .expect("claim")
            .is_empty(),
        "leased"
    );
    // The lease ran out (worker died): another instance takes the row over.
    let taken_over = store.claim_due(t(61), t(121), 10).await.expect("claim");
    assert_eq!(taken_over.len(), 1);
    assert!(
        !store.mark_delivered(&claims[0], t(62)).await.expect("mark"),
        "stale lease settles nothing"
    );
    assert!(
        store
            .mark_delivered(&taken_over[0], t(62))
            .await
            .expect("mark")
    );
    let status = &store.delivery_status(&event_id(1)).await.expect("status")[0];
    assert_eq!(
        (status.status, status.attempts, status.delivered_at),
        (DeliveryStatus::Delivered, 1, Some(t(62)))
    );
}

pub async fn concurrent_claims_never_share_a_row(db: Database) {
    let store = Arc::new(db.tracking());
    for n in 0..20 {
        enqueue(&store, 100 + n, &Destination::ALL).await;
    }
    let mut tasks = Vec::new();
    for _ in 0..4 {
        let store = Arc::clone(&store);
        tasks.push(tokio::spawn(async move {
            store.claim_due(t(0), t(60), 25).await.expect("claim")
        }));
    }
    let mut seen = HashSet::new();
    let mut total = 0;
    for task in tasks {
        for claim in task.await.expect("joined") {
            total += 1;
            assert!(seen.insert(claim.id), "row claimed twice");
        }
    }
    assert!(total > 0);
    // Whatever a racing claim passed over is still there for the next pass: nothing is lost.
    while total < 60 {
        let more = store.claim_due(t(0), t(60), 25).await.expect("claim");
        assert!(!more.is_empty(), "rows lost after {total}");
        for claim in more {
            total += 1;
            assert!(seen.insert(claim.id), "row claimed twice");
        }
    }
    assert!(
        store
            .claim_due(t(0), t(60), 25)
            .await
            .expect("claim")
            .is_empty()
    );
}

pub async fn failures_back_off_then_die(db: Database) {
    let store = db.tracking();
    enqueue(&store, 2, &[Destination::Ga4]).await;
    let policy = RetryPolicy::from(&DeliverySettings {
        max_attempts: 2,
        ..Default::default()
    });
    let claim = store
        .claim_due(t(0), t(60), 1)
        .await
        .expect("claim")
        .remove(0);
    let update = policy.after_failure(claim.attempts, t(1), false, "HTTP 503");
    assert!(store.mark_failed(&claim, &update).await.expect("mark"));
    assert!(
        store
            .claim_due(t(30), t(90), 1)
            .await
            .expect("claim")
            .is_empty(),
        "backing off"
    );
    let claim = store
        .claim_due(t(31), t(91), 1)
        .await
        .expect("claim")
        .remove(0);
    assert_eq!(claim.attempts, 1);
    let update = policy.after_failure(claim.attempts, t(32), false, "HTTP 503");
    store.mark_failed(&claim, &update).await.expect("mark");
    let status = &store.delivery_status(&event_id(2)).await.expect("status")[0];
    assert_eq!((status.status, status.attempts), (DeliveryStatus::Dead, 2));
    assert_eq!(status.last_error.as_deref(), Some("HTTP 503"));
    assert!(
        store
            .claim_due(t(99_999), t(100_059), 1)
            .await
            .expect("claim")
            .is_empty(),
        "dead rows stay dead"
    );
}

pub async fn the_latest_consent_of_a_subject_wins(db: Database) {
    let store = db.tracking();
    store
        .append_consent(&consent(true, t(0)))
        .await
        .expect("append");
    store
        .append_consent(&consent(false, t(0)))
        .await
        .expect("append"); // same second
    let latest = store
        .latest_consent("subject-a")
        .await
        .expect("read")
        .expect("exists");
    assert_eq!(latest, consent(false, t(0)));
    // Google Ads is kept apart from marketing, both ways round.
    for (marketing, google_ads) in [(true, false), (false, true)] {
        let mut split = consent(marketing, t(1));
        split.choices.google_ads = google_ads;
        store.append_consent(&split).await.expect("append");
        assert_eq!(
            store.latest_consent("subject-a").await.expect("read"),
            Some(split)
        );
    }
    assert!(
        store
            .latest_consent("subject-b")
            .await
            .expect("read")
            .is_none()
    );
}

pub async fn an_attribution_snapshot_is_kept_per_session_and_replaced(db: Database) {
    let store = db.tracking();
    let first = landing(None, "/?utm_source=newsletter&gclid=G1", t(0));
    store
        .upsert_attribution("session-a", &first)
        .await
        .expect("insert");
    assert_eq!(
        store.attribution("session-a").await.expect("read"),
        Some(first.clone())
    );
    let later = landing(Some(&first), "/cart/", t(60));
    assert_eq!(later.session_pages, 2);
    store
        .upsert_attribution("session-a", &later)
        .await
        .expect("replace");
    let stored = store
        .attribution("session-a")
        .await
        .expect("read")
        .expect("stored");
    assert_eq!(stored, later);
    assert_eq!(stored.click_ids.gclid.as_deref(), Some("G1"));
    assert_eq!(store.attribution("session-b").await.expect("read"), None);
}
