//! Card fingerprints (Stripe's `card.fingerprint`: what a shop counts attempts per card by)
//! and the merchant side's refunds and disputes with their events.

use vitrine_domain::payment::{EventObject, PaymentProvider, ProviderError};

use super::harness;
use crate::wire::parse_event;

#[tokio::test]
async fn payment_methods_of_one_card_number_share_a_fingerprint() {
    let h = harness().await;
    let first = h.pm("4242424242424242").await;
    let second = h.pm("4242 4242 4242 4242").await;
    let other = h.pm("4000000000000002").await;
    assert_ne!(first, second, "two payment methods");
    let provider = &h.provider;
    let print = |pm: String| async move {
        provider
            .retrieve_payment_method(&pm)
            .await
            .expect("method")
            .card
            .fingerprint
            .expect("a card has a fingerprint")
    };
    let a = print(first).await;
    assert_eq!(a, print(second).await);
    assert_ne!(a, print(other).await);
    assert_eq!(a, crate::cards::fingerprint("4242424242424242"));
    assert_eq!(a.len(), 16);
    // Stripe's magic ids stand for the same test card.
    let magic = print("pm_card_visa".to_owned()).await;
    assert_eq!(magic, a);
}

#[tokio::test]
async fn the_merchant_refunds_and_disputes_with_the_webhook_secret() {
    let h = harness().await;
    assert!(h.provider.merchant_key_matches("whsec_test_offline"));
    assert!(!h.provider.merchant_key_matches("whsec_test_offlinf"));
    assert!(!h.provider.merchant_key_matches(""));
    let paid = h.pay("4242424242424242", None).await.expect("paid");
    h.event_types().await;
    let refund = h
        .provider
        .refund_payment(&paid.id, Some(99))
        .await
        .expect("refund");
    assert_eq!(refund.amount.amount_minor(), 99);
    let dispute = h
        .provider
        .dispute_payment(&paid.id, "fraudulent")
        .await
        .expect("dispute");
    assert_eq!(
        (dispute.amount, dispute.reason.as_deref()),
        (1000, Some("fraudulent"))
    );
    assert!(matches!(
        h.provider.dispute_payment(&paid.id, "bored").await,
        Err(ProviderError::InvalidRequest { .. })
    ));
    let webhooks = h.provider.take_webhooks().await.expect("events");
    let events: Vec<_> = webhooks
        .iter()
        .map(|w| parse_event(w.body.as_bytes()).expect("event"))
        .collect();
    assert_eq!(events.len(), 2);
    assert_eq!(events[0].kind, "charge.refunded");
    assert_eq!(events[1].kind, "charge.dispute.created");
    match &events[1].object {
        EventObject::Dispute {
            payment_intent,
            amount_minor,
            reason,
            ..
        } => {
            assert_eq!(payment_intent.as_deref(), Some(paid.id.as_str()));
            assert_eq!((*amount_minor, reason.as_str()), (1000, "fraudulent"));
        }
        other => panic!("a dispute event, got {other:?}"),
    }
    // An unpaid intent has nothing to dispute.
    let pm = h.pm("4242424242424242").await;
    let open = h
        .provider
        .create_payment_intent(super::create(500, Some(&pm), false), super::key("open"))
        .await
        .expect("intent");
    assert!(
        h.provider
            .dispute_payment(&open.id, "general")
            .await
            .is_err()
    );
}
