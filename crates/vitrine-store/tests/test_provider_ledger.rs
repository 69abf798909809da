//! Conformance stories of the test payment provider's ledger (ADR 0014), on SQLite and, when
//! VITRINE_TEST_POSTGRES_URL is set, on PostgreSQL. Kept apart from the main suite so the two
//! grow without touching each other; the same harness makes the databases.

#[path = "conformance/harness.rs"]
mod harness;

use std::sync::Arc;

use vitrine_domain::payment::test_ledger::{
    KeyClaim, KeyTimes, LedgerEvent, NewKey, ObjectWrite, StoredResponse, TestLedger,
};
use vitrine_domain::ports::StoreError;
use vitrine_store::Database;

macro_rules! stories {
    ($($story:ident),* $(,)?) => {
        mod sqlite {
            $(
                #[tokio::test]
                async fn $story() {
                    crate::harness::on_sqlite(crate::$story).await;
                }
            )*
        }
        mod postgres {
            $(
                #[tokio::test]
                async fn $story() {
                    crate::harness::on_postgres(crate::$story).await;
                }
            )*
        }
    };
}

stories!(
    objects_are_created_once_then_swapped_by_version,
    a_failed_swap_in_a_commit_writes_nothing_of_it,
    concurrent_swaps_of_one_version_let_exactly_one_through,
    a_key_is_claimed_once_then_answers_its_stored_response,
    a_claim_left_by_a_crash_is_taken_over_after_its_lease,
    a_released_claim_leaves_the_key_free,
    a_stored_answer_is_pruned_after_its_ttl,
    events_wait_in_order_until_delivered,
    owned_objects_are_listed_by_owner,
    a_new_key_is_recorded_with_its_step_once,
);

const TIMES: KeyTimes = KeyTimes {
    now: 1_700_000_000,
    lease_secs: 30,
    ttl_secs: 86_400,
};

fn create(id: &str, body: &str) -> ObjectWrite {
    ObjectWrite {
        id: id.to_owned(),
        kind: "payment_intent".to_owned(),
        owner: None,
        body: body.to_owned(),
        expected_version: None,
    }
}

fn swap(id: &str, body: &str, version: i64) -> ObjectWrite {
    ObjectWrite {
        expected_version: Some(version),
        ..create(id, body)
    }
}

fn answer(status: u16, body: &str) -> StoredResponse {
    StoredResponse {
        status,
        body: body.to_owned(),
    }
}

async fn objects_are_created_once_then_swapped_by_version(db: Database) {
    let ledger = db.test_ledger();
    assert_eq!(ledger.object("pi_1").await.expect("read"), None);
    ledger
        .commit(&[create("pi_1", r#"{"status":"a"}"#)], None, &[])
        .await
        .expect("create");
    let first = ledger.object("pi_1").await.expect("read").expect("stored");
    assert_eq!(
        (first.version, first.body.as_str()),
        (1, r#"{"status":"a"}"#)
    );

    let again = ledger.commit(&[create("pi_1", "{}")], None, &[]).await;
    assert!(matches!(again, Err(StoreError::Conflict(_))), "{again:?}");

    ledger
        .commit(&[swap("pi_1", r#"{"status":"b"}"#, 1)], None, &[])
        .await
        .expect("swap v1");
    let stale = ledger
        .commit(&[swap("pi_1", r#"{"status":"c"}"#, 1)], None, &[])
        .await;
    assert!(matches!(stale, Err(StoreError::Conflict(_))), "{stale:?}");
    let now = ledger.object("pi_1").await.expect("read").expect("stored");
    assert_eq!((now.version, now.body.as_str()), (2, r#"{"status":"b"}"#));
}

async fn a_failed_swap_in_a_commit_writes_nothing_of_it(db: Database) {
    let ledger = db.test_ledger();
    ledger
        .commit(&[create("pi_1", "{}")], None, &[])
        .await
        .expect("create");
    assert_eq!(
        ledger.claim_key("k1", "h1", TIMES).await.expect("claim"),
        KeyClaim::Claimed
    );
    let event = LedgerEvent {
        id: "evt_1".to_owned(),
        created: TIMES.now,
        body: "{}".to_owned(),
    };
    let outcome = ledger
        .commit(
            &[create("ch_1", "{}"), swap("pi_1", "{\"x\":1}", 7)],
            Some(("k1", &answer(200, "{}"))),
            std::slice::from_ref(&event),
        )
        .await;
    assert!(
        matches!(outcome, Err(StoreError::Conflict(_))),
        "{outcome:?}"
    );
    assert_eq!(ledger.object("ch_1").await.expect("read"), None);
    assert_eq!(ledger.pending_events(10).await.expect("events"), vec![]);
    assert!(matches!(
        ledger.claim_key("k1", "h1", TIMES).await.expect("claim"),
        KeyClaim::InFlight { .. }
    ));
}

async fn concurrent_swaps_of_one_version_let_exactly_one_through(db: Database) {
    let ledger = Arc::new(db.test_ledger());
    ledger
        .commit(&[create("pi_1", "{}")], None, &[])
        .await
        .expect("create");
    let tasks: Vec<_> = (0..8)
        .map(|n| {
            let ledger = Arc::clone(&ledger);
            tokio::spawn(async move {
                ledger
                    .commit(&[swap("pi_1", &format!("{{\"n\":{n}}}"), 1)], None, &[])
                    .await
                    .is_ok()
            })
        })
        .collect();
    let mut won = 0;
    for task in tasks {
        won += usize::from(task.await.expect("join"));
    }
    assert_eq!(won, 1);
    let stored = ledger.object("pi_1").await.expect("read").expect("stored");
    assert_eq!(stored.version, 2);
}

async fn a_key_is_claimed_once_then_answers_its_stored_response(db: Database) {
    let ledger = db.test_ledger();
    assert_eq!(
        ledger.claim_key("k", "h", TIMES).await.expect("claim"),
        KeyClaim::Claimed
    );
    let in_flight = ledger.claim_key("k", "h", TIMES).await.expect("claim");
    assert_eq!(
        in_flight,
        KeyClaim::InFlight {
            request_hash: "h".to_owned()
        }
    );
    ledger
        .commit(&[], Some(("k", &answer(402, r#"{"declined":true}"#))), &[])
        .await
        .expect("answer");
    let done = ledger.claim_key("k", "other", TIMES).await.expect("claim");
    assert_eq!(
        done,
        KeyClaim::Done {
            request_hash: "h".to_owned(),
            response: answer(402, r#"{"declined":true}"#),
        }
    );
}

async fn a_claim_left_by_a_crash_is_taken_over_after_its_lease(db: Database) {
    let ledger = db.test_ledger();
    assert_eq!(
        ledger.claim_key("k", "h", TIMES).await.expect("claim"),
        KeyClaim::Claimed
    );
    let before = KeyTimes {
        now: TIMES.now + TIMES.lease_secs - 1,
        ..TIMES
    };
    assert!(matches!(
        ledger.claim_key("k", "h", before).await.expect("claim"),
        KeyClaim::InFlight { .. }
    ));
    let after = KeyTimes {
        now: TIMES.now + TIMES.lease_secs,
        ..TIMES
    };
    assert_eq!(
        ledger.claim_key("k", "h", after).await.expect("claim"),
        KeyClaim::Claimed
    );
    assert!(matches!(
        ledger.claim_key("k", "h", after).await.expect("claim"),
        KeyClaim::InFlight { .. }
    ));
}

async fn a_released_claim_leaves_the_key_free(db: Database) {
    let ledger = db.test_ledger();
    assert_eq!(
        ledger.claim_key("k", "h", TIMES).await.expect("claim"),
        KeyClaim::Claimed
    );
    ledger.release_key("k").await.expect("release");
    assert_eq!(
        ledger.claim_key("k", "h2", TIMES).await.expect("claim"),
        KeyClaim::Claimed
    );
    // A stored answer is never released.
    ledger
        .commit(&[], Some(("k", &answer(200, "{}"))), &[])
        .await
        .expect("answer");
    ledger.release_key("k").await.expect("release");
    assert!(matches!(
        ledger.claim_key("k", "h2", TIMES).await.expect("claim"),
        KeyClaim::Done { .. }
    ));
}

async fn a_stored_answer_is_pruned_after_its_ttl(db: Database) {
    let ledger = db.test_ledger();
    assert_eq!(
        ledger.claim_key("k", "h", TIMES).await.expect("claim"),
        KeyClaim::Claimed
    );
    ledger
        .commit(&[], Some(("k", &answer(200, "{}"))), &[])
        .await
        .expect("answer");
    let just_before = KeyTimes {
        now: TIMES.now + TIMES.ttl_secs - 1,
        ..TIMES
    };
    assert!(matches!(
        ledger
            .claim_key("k", "h", just_before)
            .await
            .expect("claim"),
        KeyClaim::Done { .. }
    ));
    let at_ttl = KeyTimes {
        now: TIMES.now + TIMES.ttl_secs,
        ..TIMES
    };
    assert_eq!(
        ledger.claim_key("k", "h", at_ttl).await.expect("claim"),
        KeyClaim::Claimed
    );
}

async fn events_wait_in_order_until_delivered(db: Database) {
    let ledger = db.test_ledger();
    let events: Vec<LedgerEvent> = ["evt_b", "evt_a", "evt_c"]
        .iter()
        .map(|id| LedgerEvent {
            id: (*id).to_owned(),
            created: TIMES.now,
            body: format!("{{\"id\":\"{id}\"}}"),
        })
        .collect();
    ledger.commit(&[], None, &events[..2]).await.expect("first");
    ledger
        .commit(&[], None, &events[2..])
        .await
        .expect("second");
    assert_eq!(ledger.pending_events(10).await.expect("pending"), events);
    assert_eq!(
        ledger.pending_events(1).await.expect("pending"),
        events[..1]
    );
    ledger
        .mark_delivered("evt_a", TIMES.now)
        .await
        .expect("mark");
    let ids: Vec<String> = ledger
        .pending_events(10)
        .await
        .expect("pending")
        .into_iter()
        .map(|e| e.id)
        .collect();
    assert_eq!(ids, ["evt_b", "evt_c"]);
}

async fn owned_objects_are_listed_by_owner(db: Database) {
    let ledger = db.test_ledger();
    let pm = |id: &str, owner: Option<&str>| ObjectWrite {
        id: id.to_owned(),
        kind: "payment_method".to_owned(),
        owner: owner.map(str::to_owned),
        body: "{}".to_owned(),
        expected_version: None,
    };
    ledger
        .commit(
            &[
                pm("pm_2", Some("cus_1")),
                pm("pm_1", Some("cus_1")),
                pm("pm_3", Some("cus_2")),
                pm("pm_4", None),
            ],
            None,
            &[],
        )
        .await
        .expect("create");
    let ids: Vec<String> = ledger
        .objects_owned_by("payment_method", "cus_1")
        .await
        .expect("list")
        .into_iter()
        .map(|o| o.id)
        .collect();
    assert_eq!(ids, ["pm_1", "pm_2"]);
    // Detaching moves the owner away.
    ledger
        .commit(
            &[ObjectWrite {
                expected_version: Some(1),
                ..pm("pm_1", None)
            }],
            None,
            &[],
        )
        .await
        .expect("detach");
    assert_eq!(
        ledger
            .objects_owned_by("payment_method", "cus_1")
            .await
            .expect("list")
            .len(),
        1
    );
    assert!(
        ledger
            .objects_owned_by("charge", "cus_1")
            .await
            .expect("list")
            .is_empty()
    );
}

/// A request whose key had no record commits its step and its key in one transaction; a
/// second request with the key (it raced the first) writes nothing and finds the first's
/// answer; a claimed key is recorded too.
async fn a_new_key_is_recorded_with_its_step_once(db: Database) {
    let ledger = db.test_ledger();
    assert!(!ledger.key_recorded("k").await.expect("read"));
    let first = answer(200, r#"{"id":"pi_1"}"#);
    let key = |response| NewKey {
        key: "k",
        request_hash: "h",
        now: TIMES.now,
        response,
    };
    let event = LedgerEvent {
        id: "evt_1".to_owned(),
        created: TIMES.now,
        body: "{}".to_owned(),
    };
    assert!(
        ledger
            .commit_new_key(
                &[create("pi_1", "{}")],
                key(&first),
                std::slice::from_ref(&event)
            )
            .await
            .expect("commit")
    );
    assert!(ledger.key_recorded("k").await.expect("read"));
    let twin = answer(200, r#"{"id":"pi_2"}"#);
    let second = LedgerEvent {
        id: "evt_2".to_owned(),
        ..event
    };
    assert!(
        !ledger
            .commit_new_key(&[create("pi_2", "{}")], key(&twin), &[second])
            .await
            .expect("commit"),
        "the key was recorded first by the other request"
    );
    assert_eq!(ledger.object("pi_2").await.expect("read"), None);
    let pending = ledger.pending_events(10).await.expect("pending");
    assert_eq!(pending.len(), 1, "only the winner's event");
    assert_eq!(
        ledger.claim_key("k", "h", TIMES).await.expect("claim"),
        KeyClaim::Done {
            request_hash: "h".to_owned(),
            response: first,
        }
    );
    assert!(
        matches!(
            ledger.claim_key("c", "h", TIMES).await,
            Ok(KeyClaim::Claimed)
        ),
        "a claimed key"
    );
    assert!(ledger.key_recorded("c").await.expect("read"));
    ledger
        .mark_delivered_all(&["evt_1".to_owned()], TIMES.now)
        .await
        .expect("marked");
    assert!(ledger.pending_events(10).await.expect("pending").is_empty());
}
