//! payments-anchors §9 F1–F8.

use vitrine_domain::payment::{EventObject, IntentStatus, WebhookError};

use super::*;

const T: i64 = 1_700_000_000;

fn secret() -> WebhookSecret {
    WebhookSecret::new("whsec_test_secret").expect("not empty")
}

/// A Stripe-shaped event as the test provider writes them.
fn event_body(livemode: bool) -> String {
    format!(
        r#"{{"id":"evt_1","object":"event","api_version":"2024-06-20","created":{T},"livemode":{livemode},"type":"payment_intent.succeeded","data":{{"object":{{"id":"pi_1","object":"payment_intent","amount":1099,"currency":"usd","status":"succeeded","client_secret":"pi_1_secret_x","latest_charge":"ch_1","metadata":{{"order_id":"42"}},"livemode":{livemode}}}}}}}"#
    )
}

fn verifier(tolerance: i64) -> WebhookVerifier {
    WebhookVerifier::new(secret(), tolerance, false)
}

#[test]
fn f1_a_signed_event_verifies_and_parses() {
    let body = event_body(false);
    let header = sign(&secret(), body.as_bytes(), T);
    let event = verifier(300).verify(body.as_bytes(), &header, T).expect("valid");
    assert_eq!(event.id, "evt_1");
    assert_eq!(event.kind, "payment_intent.succeeded");
    let EventObject::PaymentIntent(pi) = event.object else {
        panic!("a payment intent event");
    };
    assert_eq!(pi.status, IntentStatus::Succeeded);
    assert_eq!(pi.amount.amount_minor(), 1099);
    assert_eq!(pi.amount.currency().code(), "USD");
    assert_eq!(pi.metadata["order_id"], "42");
}

#[test]
fn f8_a_hand_computed_hmac_matches_the_signer() {
    // HMAC-SHA256("whsec_test_secret", "1700000000.{}") computed independently (Python's hmac).
    let header = sign(&secret(), b"{}", T);
    assert_eq!(
        header,
        "t=1700000000,v1=ceb8863f7208fa249a6cd8f951e993c7563412aca65866f6272283debe143ab3"
    );
}

#[test]
fn f2_v0_only_is_refused_and_any_matching_v1_is_enough() {
    let body = event_body(false);
    let good = sign(&secret(), body.as_bytes(), T);
    let good_sig = good.split_once(",v1=").expect("v1").1;
    let v0_only = format!("t={T},v0={good_sig}");
    assert_eq!(
        verify_signature(&secret(), body.as_bytes(), &v0_only, T, 300),
        Err(WebhookError::BadSignature)
    );
    let bad = "0".repeat(64);
    for header in [
        format!("t={T},v1={bad},v1={good_sig}"),
        format!("t={T},v1={good_sig},v1={bad}"),
        format!("v1={good_sig},t={T},v0=abc"),
    ] {
        assert_eq!(
            verify_signature(&secret(), body.as_bytes(), &header, T, 300),
            Ok(()),
            "{header}"
        );
    }
}

#[test]
fn f3_one_changed_byte_or_reformatted_json_is_refused() {
    let body = event_body(false);
    let header = sign(&secret(), body.as_bytes(), T);
    let mut changed = body.clone().into_bytes();
    changed[10] ^= 1;
    assert_eq!(
        verify_signature(&secret(), &changed, &header, T, 300),
        Err(WebhookError::BadSignature)
    );
    let value: serde_json::Value = serde_json::from_str(&body).expect("json");
    let pretty = serde_json::to_string_pretty(&value).expect("json");
    assert_eq!(
        verify_signature(&secret(), pretty.as_bytes(), &header, T, 300),
        Err(WebhookError::BadSignature)
    );
    let other_secret = WebhookSecret::new("whsec_other").expect("not empty");
    assert_eq!(
        verify_signature(&other_secret, body.as_bytes(), &header, T, 300),
        Err(WebhookError::BadSignature)
    );
}

#[test]
fn f4_the_tolerance_holds_at_300_and_fails_at_301_both_ways() {
    let body = b"{}";
    let header = sign(&secret(), body, T);
    for (now, ok) in [
        (T + 300, true),
        (T - 300, true),
        (T, true),
        (T + 301, false),
        (T - 301, false),
    ] {
        let outcome = verify_signature(&secret(), body, &header, now, DEFAULT_TOLERANCE_SECS);
        assert_eq!(
            outcome,
            if ok {
                Ok(())
            } else {
                Err(WebhookError::StaleTimestamp)
            },
            "now = t {:+}",
            now - T
        );
    }
    assert_eq!(verify_signature(&secret(), body, &header, T + 599, 600), Ok(()));
    assert_eq!(
        verify_signature(&secret(), body, &header, T + 601, 600),
        Err(WebhookError::StaleTimestamp)
    );
}

#[test]
fn f5_missing_header_bad_timestamp_and_empty_secret_are_distinct() {
    assert_eq!(
        verify_signature(&secret(), b"{}", "", T, 300),
        Err(WebhookError::MissingSignature)
    );
    assert_eq!(
        verify_signature(&secret(), b"{}", "t=soon,v1=00", T, 300),
        Err(WebhookError::MalformedSignature)
    );
    assert_eq!(
        verify_signature(&secret(), b"{}", "v1=00", T, 300),
        Err(WebhookError::MalformedSignature)
    );
    assert_eq!(
        verify_signature(&secret(), b"{}", "garbage", T, 300),
        Err(WebhookError::MalformedSignature)
    );
    assert_eq!(WebhookSecret::new(""), Err(EmptySecret));
}

#[test]
fn f6_signatures_are_compared_through_hmac_verify_slice() {
    // The comparison is `Mac::verify_slice` (constant time, from the `subtle` crate); a
    // signature of the wrong length is refused like a wrong one, without a panic.
    let header = format!("t={T},v1=abcd");
    assert_eq!(
        verify_signature(&secret(), b"{}", &header, T, 300),
        Err(WebhookError::BadSignature)
    );
    let source = include_str!("webhook.rs");
    assert!(source.contains(".verify_slice(candidate)"));
}

#[test]
fn f7_a_live_event_is_refused_by_a_test_mode_shop() {
    let body = event_body(true);
    let header = sign(&secret(), body.as_bytes(), T);
    assert_eq!(
        verifier(300).verify(body.as_bytes(), &header, T),
        Err(WebhookError::WrongMode)
    );
    let live = WebhookVerifier::new(secret(), 300, true);
    assert!(live.verify(body.as_bytes(), &header, T).is_ok());
}

#[test]
fn a_signed_body_that_is_not_an_event_is_a_bad_body() {
    let header = sign(&secret(), b"[1,2]", T);
    assert!(matches!(
        verifier(300).verify(b"[1,2]", &header, T),
        Err(WebhookError::BadBody(_))
    ));
}
