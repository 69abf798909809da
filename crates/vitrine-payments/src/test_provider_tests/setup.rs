use vitrine_domain::payment::{CreateSetupIntent, PaymentProvider, ProviderError, SetupStatus};

use super::*;

async fn customer(h: &Harness) -> String {
    h.provider
        .create_customer(Default::default(), key("cus"))
        .await
        .expect("customer")
        .id
}

fn setup(customer: &str, pm: &str) -> CreateSetupIntent {
    CreateSetupIntent {
        customer: Some(customer.to_owned()),
        payment_method: Some(pm.to_owned()),
        confirm: true,
        return_url: None,
        metadata: BTreeMap::new(),
    }
}

#[tokio::test]
async fn c1_a_good_card_is_saved_to_the_customer() {
    let h = harness().await;
    let cus = customer(&h).await;
    let pm = h.pm("4242424242424242").await;
    let si = h
        .provider
        .create_setup_intent(setup(&cus, &pm), key("c1"))
        .await
        .expect("set up");
    assert_eq!(si.status, SetupStatus::Succeeded);
    assert!(si.id.starts_with("seti_") && si.client_secret.starts_with(&format!("{}_secret_", si.id)));
    let saved = h.provider.list_payment_methods(&cus).await.expect("list");
    assert_eq!(saved.len(), 1);
    assert_eq!(saved[0].id, pm);
    assert_eq!(saved[0].customer.as_deref(), Some(cus.as_str()));
    assert_eq!(
        h.event_types().await,
        ["setup_intent.created", "setup_intent.succeeded"]
    );
    let detached = h
        .provider
        .detach_payment_method(&pm, key("detach"))
        .await
        .expect("detached");
    assert_eq!(detached.customer, None);
    assert!(h.provider.list_payment_methods(&cus).await.expect("list").is_empty());
}

#[tokio::test]
async fn c2_authentication_passed_or_failed() {
    let h = harness().await;
    let cus = customer(&h).await;
    let pm = h.pm("4000002760003184").await;
    let si = h
        .provider
        .create_setup_intent(setup(&cus, &pm), key("c2"))
        .await
        .expect("action");
    assert_eq!(si.status, SetupStatus::RequiresAction);
    let done = h
        .provider
        .authenticate_setup_intent(&si.id, &si.client_secret, true)
        .await
        .expect("done");
    assert_eq!(done.status, SetupStatus::Succeeded);

    let pm = h.pm("4000002760003184").await;
    let si = h
        .provider
        .create_setup_intent(setup(&cus, &pm), key("c2-fail"))
        .await
        .expect("action");
    let failed = h
        .provider
        .authenticate_setup_intent(&si.id, &si.client_secret, false)
        .await
        .expect("answered");
    assert_eq!(failed.status, SetupStatus::RequiresPaymentMethod);
    assert_eq!(
        failed.last_setup_error.expect("error").code,
        "setup_intent_authentication_failure"
    );
}

#[tokio::test]
async fn c3_a_refused_card_leaves_the_setup_waiting_for_another() {
    let h = harness().await;
    let cus = customer(&h).await;
    let pm = h.pm("4000000000000002").await;
    let refused = h
        .provider
        .create_setup_intent(setup(&cus, &pm), key("c3"))
        .await;
    let Err(ProviderError::Card { error, .. }) = refused else {
        panic!("{refused:?}");
    };
    assert_eq!(error.message, "Your card was declined.");
    let types = h.event_types().await;
    assert_eq!(types, ["setup_intent.created", "setup_intent.setup_failed"]);
    assert!(h.provider.list_payment_methods(&cus).await.expect("list").is_empty());
}

#[tokio::test]
async fn c4_cancel_before_success_only() {
    let h = harness().await;
    let cus = customer(&h).await;
    let waiting = h
        .provider
        .create_setup_intent(
            CreateSetupIntent {
                customer: Some(cus.clone()),
                ..Default::default()
            },
            key("c4"),
        )
        .await
        .expect("created");
    assert_eq!(waiting.status, SetupStatus::RequiresPaymentMethod);
    let canceled = h
        .provider
        .cancel_setup_intent(&waiting.id, key("c4-cancel"))
        .await
        .expect("canceled");
    assert_eq!(canceled.status, SetupStatus::Canceled);
    let pm = h.pm("4242424242424242").await;
    let done = h
        .provider
        .create_setup_intent(setup(&cus, &pm), key("c4-done"))
        .await
        .expect("done");
    assert!(matches!(
        h.provider.cancel_setup_intent(&done.id, key("c4-late")).await,
        Err(ProviderError::InvalidRequest { .. })
    ));
}

#[tokio::test]
async fn c5_a_wrong_client_secret_is_refused_and_changes_nothing() {
    let h = harness().await;
    let cus = customer(&h).await;
    let pm = h.pm("4000002760003184").await;
    let si = h
        .provider
        .create_setup_intent(setup(&cus, &pm), key("c5"))
        .await
        .expect("action");
    let wrong = format!("{}_secret_{}", si.id, "x".repeat(24));
    for secret in [wrong.as_str(), "", si.id.as_str()] {
        let refused = h.provider.authenticate_setup_intent(&si.id, secret, true).await;
        assert_eq!(refused, Err(ProviderError::Authentication));
        assert_eq!(crate::http_status(&ProviderError::Authentication), 401);
    }
    let pi = h.pay("4000002760003184", Some("/back")).await.expect("action");
    let refused = h
        .provider
        .confirm_payment_intent_in_browser(&pi.id, &si.client_secret, None, None)
        .await;
    assert_eq!(refused, Err(ProviderError::Authentication));
    let unchanged = h.provider.retrieve_setup_intent(&si.id).await.expect("read");
    assert_eq!(unchanged.status, SetupStatus::RequiresAction);
}
