//! Storage conformance for `SqlTrackingStore`: leases, settling, replay, proof-log order.

use std::collections::HashSet;
use std::sync::Arc;

use serde_json::json;
use time::OffsetDateTime;
use vitrine_tracking::consent::{ConsentChoices, ConsentRecord, ConsentSource};
use vitrine_tracking::outbox::{DeliveryStatus, Destination, RetryPolicy};
use vitrine_tracking::ports::{AcceptOutcome, AcceptedEvent, OutboxMessage};
use vitrine_tracking::settings::DeliverySettings;
use vitrine_tracking::{SqlTrackingStore, TrackingStore};

use crate::on_both_backends;
use crate::support::{Db, event_id};

fn t(secs: i64) -> OffsetDateTime {
    OffsetDateTime::from_unix_timestamp(1_741_608_000 + secs).expect("valid")
}

async fn enqueue(store: &SqlTrackingStore, n: u32, destinations: &[Destination]) -> AcceptOutcome {
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

async fn a_claimed_row_is_leased_until_it_expires(db: Db) {
    let store = SqlTrackingStore::new(db.pool.clone());
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
    db.cleanup().await;
}

async fn concurrent_claims_never_share_a_row(db: Db) {
    let store = Arc::new(SqlTrackingStore::new(db.pool.clone()));
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
    db.cleanup().await;
}

async fn failures_back_off_then_die(db: Db) {
    let store = SqlTrackingStore::new(db.pool.clone());
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
    db.cleanup().await;
}

async fn the_latest_consent_of_a_subject_wins(db: Db) {
    let store = SqlTrackingStore::new(db.pool.clone());
    let record = |marketing: bool, at: OffsetDateTime| ConsentRecord {
        subject: "subject-a".into(),
        choices: ConsentChoices {
            analytics: true,
            marketing,
            preferences: false,
        },
        gpc: false,
        banner_version: "1".into(),
        source: ConsentSource::Settings,
        recorded_at: at,
    };
    store
        .append_consent(&record(true, t(0)))
        .await
        .expect("append");
    store
        .append_consent(&record(false, t(0)))
        .await
        .expect("append"); // same second
    let latest = store
        .latest_consent("subject-a")
        .await
        .expect("read")
        .expect("exists");
    assert_eq!(latest, record(false, t(0)));
    assert!(
        store
            .latest_consent("subject-b")
            .await
            .expect("read")
            .is_none()
    );
    db.cleanup().await;
}

async fn migrations_are_idempotent(db: Db) {
    vitrine_tracking::migrate(&db.pool)
        .await
        .expect("second run is a no-op");
    let applied: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM _vitrine_tracking_migrations")
        .fetch_one(&db.pool)
        .await
        .expect("ledger");
    assert_eq!(applied, 1);
    db.cleanup().await;
}

on_both_backends!(
    a_claimed_row_is_leased_until_it_expires,
    concurrent_claims_never_share_a_row,
    failures_back_off_then_die,
    the_latest_consent_of_a_subject_wins,
    migrations_are_idempotent,
);
