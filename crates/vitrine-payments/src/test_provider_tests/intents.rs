use vitrine_domain::payment::{
    CreatePaymentIntent, IntentStatus, NextAction, PaymentProvider, ProviderError,
    UpdatePaymentIntent,
};

use super::*;

fn is_id(id: &str, prefix: &str) -> bool {
    id.strip_prefix(prefix).is_some_and(|rest| {
        rest.len() == 24 && rest.chars().all(|c| c.is_ascii_alphanumeric())
    })
}

#[tokio::test]
async fn b1_created_without_a_method_it_waits_for_one() {
    let h = harness().await;
    let pi = h
        .provider
        .create_payment_intent(create(1099, None, false), key("b1"))
        .await
        .expect("created");
    assert_eq!(pi.status, IntentStatus::RequiresPaymentMethod);
    assert!(is_id(&pi.id, "pi_"), "{}", pi.id);
    let (id, secret) = pi.client_secret.split_once("_secret_").expect("secret");
    assert_eq!(id, pi.id);
    assert!(secret.len() == 24 && secret.chars().all(|c| c.is_ascii_alphanumeric()));
    assert!(!pi.livemode);
    assert_eq!(pi.amount, usd(1099));
    assert_eq!(h.event_types().await, ["payment_intent.created"]);
}

#[tokio::test]
async fn b2_created_with_a_method_unconfirmed_it_waits_for_confirmation() {
    let h = harness().await;
    let pi = h
        .provider
        .create_payment_intent(create(1099, Some("pm_card_visa"), false), key("b2"))
        .await
        .expect("created");
    assert_eq!(pi.status, IntentStatus::RequiresConfirmation);
    assert!(is_id(pi.payment_method.as_deref().expect("pm"), "pm_"));
}

#[tokio::test]
async fn b3_a_good_card_succeeds_with_one_charge_and_its_events() {
    let h = harness().await;
    let pi = h.pay("4242424242424242", None).await.expect("paid");
    assert_eq!(pi.status, IntentStatus::Succeeded);
    assert!(is_id(pi.latest_charge.as_deref().expect("charge"), "ch_"));
    assert_eq!(pi.metadata["order_id"], "42");
    assert_eq!(
        h.event_types().await,
        ["payment_intent.created", "charge.succeeded", "payment_intent.succeeded"]
    );
    let again = h.provider.retrieve_payment_intent(&pi.id).await.expect("read");
    assert_eq!(again, pi);
}

#[tokio::test]
async fn b6_b7_refusals_answer_402_with_the_intent_back_to_requires_payment_method() {
    let h = harness().await;
    let cases = [
        ("4000000000000002", "card_declined", Some("generic_decline"), "Your card was declined."),
        ("4000000000009995", "card_declined", Some("insufficient_funds"), "Your card has insufficient funds."),
        ("4000000000009987", "card_declined", Some("lost_card"), "Your card was declined."),
        ("4000000000009979", "card_declined", Some("stolen_card"), "Your card was declined."),
        ("4000000000000069", "expired_card", Some("expired_card"), "Your card has expired."),
        ("4000000000000127", "incorrect_cvc", Some("incorrect_cvc"), "Your card's security code is incorrect."),
        ("4000000000000119", "processing_error", Some("processing_error"), "An error occurred while processing your card. Try again in a little bit."),
        ("4000000000000341", "card_declined", Some("generic_decline"), "Your card was declined."),
    ];
    for (number, code, decline_code, message) in cases {
        let Err(ProviderError::Card { error, intent }) = h.pay(number, None).await else {
            panic!("{number} should be refused");
        };
        assert_eq!(
            (error.code.as_str(), error.decline_code.as_deref(), error.message.as_str()),
            (code, decline_code, message),
            "{number}"
        );
        let intent = intent.expect("the refused intent");
        assert_eq!(intent.status, IntentStatus::RequiresPaymentMethod, "{number}");
        assert_eq!(intent.payment_method, None);
        assert_eq!(intent.last_payment_error.as_ref(), Some(&error));
        let stored = h.provider.retrieve_payment_intent(&intent.id).await.expect("read");
        assert_eq!(stored, *intent);
    }
    let types = h.event_types().await;
    assert_eq!(types.iter().filter(|t| *t == "payment_intent.payment_failed").count(), 8);
    assert_eq!(types.iter().filter(|t| *t == "charge.failed").count(), 8);
    assert!(!types.iter().any(|t| t == "payment_intent.succeeded"));
}

#[tokio::test]
async fn b8_a_refused_intent_is_paid_with_another_card() {
    let h = harness().await;
    let Err(ProviderError::Card { intent, .. }) = h.pay("4000000000000002", None).await else {
        panic!("declined");
    };
    let id = intent.expect("intent").id;
    let good = h.pm("4242424242424242").await;
    let pi = h.confirm(&id, Some(&good), "b8-retry").await.expect("paid");
    assert_eq!(pi.status, IntentStatus::Succeeded);
    assert_eq!(pi.last_payment_error, None);
}

#[tokio::test]
async fn b9_b10_three_d_secure_then_passed_or_failed() {
    let h = harness().await;
    for number in ["4000002760003184", "4000000000003220"] {
        let pi = h.pay(number, Some("/checkout/#response=abc")).await.expect("action");
        assert_eq!(pi.status, IntentStatus::RequiresAction, "{number}");
        let Some(NextAction::RedirectToUrl { url, return_url }) = &pi.next_action else {
            panic!("a redirect");
        };
        assert_eq!(return_url, "/checkout/#response=abc");
        assert!(url.starts_with(&format!("/_test_provider/3ds/{}?client_secret=", pi.id)), "{url}");
        let passed = h
            .provider
            .authenticate_payment_intent(&pi.id, &pi.client_secret, true)
            .await
            .expect("authenticated");
        assert_eq!(passed.status, IntentStatus::Succeeded);
        assert!(passed.latest_charge.is_some());
    }
    let pi = h.pay("4000002760003184", None).await.expect("action");
    assert_eq!(pi.next_action, Some(NextAction::UseSdk));
    let failed = h
        .provider
        .authenticate_payment_intent(&pi.id, &pi.client_secret, false)
        .await
        .expect("answered");
    assert_eq!(failed.status, IntentStatus::RequiresPaymentMethod);
    assert_eq!(failed.payment_method, None);
    let error = failed.last_payment_error.expect("error");
    assert_eq!(error.code, "payment_intent_authentication_failure");
    assert_eq!(error.message, "The provided PaymentMethod has failed authentication.");
    // A second answer to the same challenge is refused and changes nothing.
    let again = h
        .provider
        .authenticate_payment_intent(&pi.id, &pi.client_secret, true)
        .await;
    assert!(matches!(again, Err(ProviderError::InvalidRequest { ref code, .. }) if code == "payment_intent_unexpected_state"));
}

#[tokio::test]
async fn b11_authentication_then_a_refusal() {
    let h = harness().await;
    for (number, decline_code) in [
        ("4000008260003178", "insufficient_funds"),
        ("4000008400001629", "generic_decline"),
    ] {
        let pi = h.pay(number, Some("/back")).await.expect("action");
        let after = h
            .provider
            .authenticate_payment_intent(&pi.id, &pi.client_secret, true)
            .await
            .expect("answered");
        assert_eq!(after.status, IntentStatus::RequiresPaymentMethod, "{number}");
        assert_eq!(
            after.last_payment_error.expect("error").decline_code.as_deref(),
            Some(decline_code)
        );
    }
}

#[tokio::test]
async fn b12_cards_without_required_authentication_succeed_at_once() {
    let h = harness().await;
    for number in ["4000000000003055", "378282246310005", "5555555555554444"] {
        let pi = h.pay(number, Some("/back")).await.expect("paid");
        assert_eq!(pi.status, IntentStatus::Succeeded, "{number}");
    }
}

#[tokio::test]
async fn b13_b14_off_session_needs_a_set_up_card() {
    let h = harness().await;
    let customer = h
        .provider
        .create_customer(Default::default(), key("cus"))
        .await
        .expect("customer");
    // On-session, 3155 asks for authentication.
    let pi = h.pay("4000002500003155", Some("/back")).await.expect("action");
    assert_eq!(pi.status, IntentStatus::RequiresAction);
    // Off-session without set-up: refused with authentication_required.
    let pm = h.pm("4000002500003155").await;
    let off = |name: &str, pm: &str| {
        let mut params = create(500, Some(pm), true);
        params.customer = Some(customer.id.clone());
        params.off_session = true;
        (params, key(name))
    };
    let (params, k) = off("b14", &pm);
    let Err(ProviderError::Card { error, intent }) =
        h.provider.create_payment_intent(params, k).await
    else {
        panic!("authentication required");
    };
    assert_eq!(error.decline_code.as_deref(), Some("authentication_required"));
    assert_eq!(intent.expect("intent").status, IntentStatus::RequiresPaymentMethod);
    // Set up through a SetupIntent (with its challenge), then off-session succeeds.
    let si = h
        .provider
        .create_setup_intent(
            vitrine_domain::payment::CreateSetupIntent {
                customer: Some(customer.id.clone()),
                payment_method: Some(pm.clone()),
                confirm: true,
                ..Default::default()
            },
            key("b13-setup"),
        )
        .await
        .expect("setup");
    h.provider
        .authenticate_setup_intent(&si.id, &si.client_secret, true)
        .await
        .expect("set up");
    let (params, k) = off("b13", &pm);
    let paid = h.provider.create_payment_intent(params, k).await.expect("paid");
    assert_eq!(paid.status, IntentStatus::Succeeded);
    // 2760003184 always needs authentication, even set up.
    let pm = h.pm("4000002760003184").await;
    let (params, k) = off("b14-always", &pm);
    assert!(matches!(
        h.provider.create_payment_intent(params, k).await,
        Err(ProviderError::Card { .. })
    ));
}

#[tokio::test]
async fn b16_cancel_from_waiting_states_only() {
    let h = harness().await;
    let rpm = h
        .provider
        .create_payment_intent(create(100, None, false), key("c1"))
        .await
        .expect("rpm");
    let rc = h
        .provider
        .create_payment_intent(create(100, Some("pm_card_visa"), false), key("c2"))
        .await
        .expect("rc");
    let action = h.pay("4000002760003184", Some("/back")).await.expect("action");
    for (n, pi) in [rpm, rc, action].into_iter().enumerate() {
        let canceled = h
            .provider
            .cancel_payment_intent(&pi.id, key(&format!("cancel-{n}")))
            .await
            .expect("canceled");
        assert_eq!(canceled.status, IntentStatus::Canceled);
        assert_eq!(canceled.next_action, None);
        let again = h
            .provider
            .cancel_payment_intent(&pi.id, key(&format!("cancel-again-{n}")))
            .await;
        assert!(matches!(again, Err(ProviderError::InvalidRequest { .. })), "{again:?}");
    }
    let paid = h.pay("4242424242424242", None).await.expect("paid");
    let refused = h.provider.cancel_payment_intent(&paid.id, key("cancel-paid")).await;
    assert!(matches!(refused, Err(ProviderError::InvalidRequest { ref code, .. }) if code == "payment_intent_unexpected_state"));
    assert!(h.event_types().await.iter().filter(|t| *t == "payment_intent.canceled").count() == 3);
}

#[tokio::test]
async fn b19_a_succeeded_intent_cannot_be_confirmed_or_updated_again() {
    let h = harness().await;
    let paid = h.pay("4242424242424242", None).await.expect("paid");
    let confirm = h.confirm(&paid.id, Some("pm_card_visa"), "b19-confirm").await;
    assert!(matches!(confirm, Err(ProviderError::InvalidRequest { .. })));
    let update = h
        .provider
        .update_payment_intent(
            &paid.id,
            UpdatePaymentIntent {
                amount: Some(usd(1)),
                ..Default::default()
            },
            key("b19-update"),
        )
        .await;
    assert!(matches!(update, Err(ProviderError::InvalidRequest { .. })));
    let stored = h.provider.retrieve_payment_intent(&paid.id).await.expect("read");
    assert_eq!(stored, paid);
}

#[tokio::test]
async fn b20_updates_change_amount_method_and_metadata_before_payment() {
    let h = harness().await;
    let pi = h
        .provider
        .create_payment_intent(create(1000, None, false), key("b20"))
        .await
        .expect("rpm");
    let updated = h
        .provider
        .update_payment_intent(
            &pi.id,
            UpdatePaymentIntent {
                amount: Some(usd(1500)),
                payment_method: Some("pm_card_visa".to_owned()),
                metadata: BTreeMap::from([
                    ("order_id".to_owned(), String::new()),
                    ("attempt".to_owned(), "2".to_owned()),
                ]),
            },
            key("b20-update"),
        )
        .await
        .expect("updated");
    assert_eq!(updated.amount, usd(1500));
    assert_eq!(updated.status, IntentStatus::RequiresConfirmation);
    assert_eq!(updated.metadata, BTreeMap::from([("attempt".to_owned(), "2".to_owned())]));
    let paid = h.confirm(&pi.id, None, "b20-confirm").await.expect("paid");
    assert_eq!(paid.status, IntentStatus::Succeeded);
}

#[tokio::test]
async fn refunds_in_full_or_in_part_never_beyond_the_charge() {
    let h = harness().await;
    let paid = h.pay("4242424242424242", None).await.expect("paid");
    h.event_types().await;
    let refund = |amount: Option<i64>, name: &str| {
        h.provider.create_refund(
            vitrine_domain::payment::CreateRefund {
                payment_intent: paid.id.clone(),
                amount: amount.map(usd),
            },
            key(name),
        )
    };
    let part = refund(Some(99), "r1").await.expect("refunded");
    assert_eq!((part.amount, part.status.as_str()), (usd(99), "succeeded"));
    assert!(part.id.starts_with("re_"));
    assert!(matches!(refund(Some(1001), "r2").await, Err(ProviderError::InvalidRequest { .. })));
    let rest = refund(None, "r3").await.expect("rest");
    assert_eq!(rest.amount, usd(1000));
    assert!(matches!(refund(None, "r4").await, Err(ProviderError::InvalidRequest { ref code, .. }) if code == "charge_already_refunded"));
    let webhooks = h.provider.take_webhooks().await.expect("events");
    assert_eq!(webhooks.len(), 2);
    let last: serde_json::Value = serde_json::from_str(&webhooks[1].body).expect("json");
    assert_eq!(last["type"], "charge.refunded");
    assert_eq!(last["data"]["object"]["amount_refunded"], 1099);
    assert_eq!(last["data"]["object"]["refunded"], true);
}

#[tokio::test]
async fn an_unknown_intent_is_resource_missing() {
    let h = harness().await;
    let missing = h.provider.retrieve_payment_intent("pi_nothere").await;
    assert!(matches!(missing, Err(ProviderError::InvalidRequest { ref code, .. }) if code == "resource_missing"));
    assert_eq!(crate::http_status(&missing.expect_err("missing")), 404);
}

#[tokio::test]
async fn the_state_survives_a_restart() {
    let h = harness().await;
    let pi = h.pay("4000002760003184", Some("/back")).await.expect("action");
    // A new process on the same database (the old one killed): same intent, same secret.
    let restarted = provider_on(&h.db, &h.clock);
    let read = restarted.retrieve_payment_intent(&pi.id).await.expect("read");
    assert_eq!(read, pi);
    let paid = restarted
        .authenticate_payment_intent(&pi.id, &pi.client_secret, true)
        .await
        .expect("paid");
    assert_eq!(paid.status, IntentStatus::Succeeded);
    assert!(restarted
        .take_webhooks()
        .await
        .expect("events")
        .iter()
        .any(|w| w.body.contains("\"payment_intent.succeeded\"")));
}

#[tokio::test]
async fn validation_errors_are_refused_before_anything_is_made() {
    let h = harness().await;
    let zero = h
        .provider
        .create_payment_intent(create(0, None, false), key("v0"))
        .await;
    assert!(matches!(zero, Err(ProviderError::InvalidRequest { .. })));
    let confirm_without_method: CreatePaymentIntent = create(100, None, true);
    assert!(matches!(
        h.provider.create_payment_intent(confirm_without_method, key("v1")).await,
        Err(ProviderError::InvalidRequest { .. })
    ));
    assert!(h.event_types().await.is_empty());
}
