use vitrine_domain::payment::{IntentStatus, PaymentProvider, ProviderError};
use vitrine_domain::payment::test_ledger::{KeyTimes, TestLedger};

use super::*;

#[tokio::test]
async fn e1_the_same_key_and_parameters_answer_the_first_result_once() {
    let h = harness().await;
    let pm = h.pm("4242424242424242").await;
    let first = h
        .provider
        .create_payment_intent(create(1099, Some(&pm), true), key("e1"))
        .await
        .expect("paid");
    let second = h
        .provider
        .create_payment_intent(create(1099, Some(&pm), true), key("e1"))
        .await
        .expect("replayed");
    assert_eq!(first, second);
    // One intent, one charge: the replay made no events.
    assert_eq!(
        h.event_types().await,
        ["payment_intent.created", "charge.succeeded", "payment_intent.succeeded"]
    );
}

#[tokio::test]
async fn e2_the_same_key_with_other_parameters_is_an_idempotency_error() {
    let h = harness().await;
    h.provider
        .create_payment_intent(create(1099, None, false), key("e2"))
        .await
        .expect("created");
    let other = h
        .provider
        .create_payment_intent(create(2000, None, false), key("e2"))
        .await;
    let Err(error @ ProviderError::Idempotency { .. }) = other else {
        panic!("{other:?}");
    };
    assert_eq!(crate::http_status(&error), 400);
}

#[tokio::test]
async fn e3_a_key_in_flight_is_refused() {
    let h = harness().await;
    // Another process holds the key (claimed, not finished).
    let ledger = h.db.test_ledger();
    ledger
        .claim_key(
            "e3",
            "someone-else",
            KeyTimes {
                now: NOW,
                lease_secs: 30,
                ttl_secs: 86_400,
            },
        )
        .await
        .expect("claim");
    let busy = h
        .provider
        .create_payment_intent(create(1099, None, false), key("e3"))
        .await;
    assert!(
        matches!(busy, Err(ProviderError::Idempotency { ref message }) if message.contains("another in-progress request")),
        "{busy:?}"
    );
    // Its lease over (a crashed process), the key is taken over.
    h.clock.advance(30);
    let created = h
        .provider
        .create_payment_intent(create(1099, None, false), key("e3"))
        .await
        .expect("taken over");
    assert_eq!(created.status, IntentStatus::RequiresPaymentMethod);
}

#[tokio::test]
async fn e4_a_stored_decline_replays_without_a_second_attempt() {
    let h = harness().await;
    let pm = h.pm("4000000000009995").await;
    let first = h
        .provider
        .create_payment_intent(create(1099, Some(&pm), true), key("e4"))
        .await;
    let second = h
        .provider
        .create_payment_intent(create(1099, Some(&pm), true), key("e4"))
        .await;
    assert!(matches!(first, Err(ProviderError::Card { .. })));
    assert_eq!(first, second);
    let types = h.event_types().await;
    assert_eq!(types.iter().filter(|t| *t == "charge.failed").count(), 1);
}

#[tokio::test]
async fn e5_a_key_is_new_again_after_24_hours() {
    let h = harness().await;
    let first = h
        .provider
        .create_payment_intent(create(1099, None, false), key("e5"))
        .await
        .expect("created");
    h.clock.advance(24 * 60 * 60 - 1);
    let replay = h
        .provider
        .create_payment_intent(create(1099, None, false), key("e5"))
        .await
        .expect("replayed");
    assert_eq!(replay.id, first.id);
    h.clock.advance(1);
    let fresh = h
        .provider
        .create_payment_intent(create(1099, None, false), key("e5"))
        .await
        .expect("created again");
    assert_ne!(fresh.id, first.id);
}

#[tokio::test]
async fn e6_a_validation_error_is_not_stored() {
    let h = harness().await;
    let refused = h
        .provider
        .create_payment_intent(create(0, None, false), key("e6"))
        .await;
    assert!(matches!(refused, Err(ProviderError::InvalidRequest { .. })));
    let fixed = h
        .provider
        .create_payment_intent(create(1099, None, false), key("e6"))
        .await
        .expect("the corrected retry runs");
    assert_eq!(fixed.amount, usd(1099));
}

#[tokio::test]
async fn concurrent_confirms_of_one_intent_charge_it_once() {
    let h = harness().await;
    let pi = h
        .provider
        .create_payment_intent(create(1099, Some("pm_card_visa"), false), key("race"))
        .await
        .expect("created");
    let tasks: Vec<_> = (0..6)
        .map(|n| {
            let provider = Arc::clone(&h.provider);
            let id = pi.id.clone();
            tokio::spawn(async move {
                provider
                    .confirm_payment_intent(&id, Default::default(), key(&format!("race-{n}")))
                    .await
            })
        })
        .collect();
    let mut succeeded = 0;
    for task in tasks {
        if task.await.expect("join").is_ok() {
            succeeded += 1;
        }
    }
    assert_eq!(succeeded, 1);
    let types = h.event_types().await;
    assert_eq!(types.iter().filter(|t| *t == "charge.succeeded").count(), 1);
}
