//! The provider's webhook and the background jobs: signatures, replays, events out of order,
//! unknown orders, reconciliation and the unpaid-order cancel — with the real test provider's
//! signed events, taken from its manual sink and delivered by the test.

use axum::http::Method;
use serde_json::json;

use crate::checkout_app::{BEANIE, Shop, form};
use crate::checkout_support::{THREE_DS, VISA, sign};
use crate::helpers::{NOW, TestResponse};

async fn deliver(shop: &Shop, body: &str, signature: &str) -> TestResponse {
    shop.app
        .send_raw(
            Method::POST,
            "/api/v1/payments/webhook",
            &[("stripe-signature", signature)],
            body,
        )
        .await
}

/// A 3-D Secure order waiting for its shopper: (id, key).
async fn waiting(shop: &Shop) -> (i64, String) {
    let buyer = shop.buyer(BEANIE, 1).await;
    let body = buyer
        .checkout(shop, Some("k"), &form(THREE_DS))
        .await
        .json();
    (
        body["order_id"].as_i64().expect("id"),
        body["order_key"].as_str().expect("key").to_owned(),
    )
}

#[tokio::test]
async fn a_bad_signature_is_400_and_stores_nothing() {
    let shop = Shop::open().await;
    let (id, key) = waiting(&shop).await;
    let intent = shop.kit.cards.intent_of(id).await;
    shop.kit.cards.authenticate(&intent, true).await;
    let now = NOW.unix_timestamp();
    let event = shop.kit.cards.webhook("payment_intent.succeeded").await;
    let (body, good) = (event.body, event.signature);
    assert_eq!(good, sign(&body, now), "signed by the provider at its now");
    for signature in [
        String::new(),
        "t=abc".to_owned(),
        format!("t={now},v1={}", "0".repeat(64)),
        sign(&body, now - 301),
        good.replace("v1=", "v1=0"),
    ] {
        let res = deliver(&shop, &body, &signature).await;
        assert_eq!(res.status, 400, "{signature}: {}", res.text);
        assert_eq!(res.json()["code"], "invalid_signature");
    }
    assert_eq!(shop.count("webhook_events").await, 0);
    assert_eq!(shop.order(id, &key).await.json()["status"], "pending");
}

#[tokio::test]
async fn a_replayed_webhook_changes_the_order_once() {
    let shop = Shop::open().await;
    let (id, key) = waiting(&shop).await;
    let intent = shop.kit.cards.intent_of(id).await;
    shop.kit.cards.authenticate(&intent, true).await;
    let event = shop.kit.cards.webhook("payment_intent.succeeded").await;
    let (body, signature) = (event.body, event.signature);
    for _ in 0..3 {
        let res = deliver(&shop, &body, &signature).await;
        assert_eq!(
            (res.status.as_u16(), res.json()),
            (200, json!({})),
            "{}",
            res.text
        );
    }
    assert_eq!(shop.count("webhook_events").await, 1);
    assert_eq!(shop.count("mail_outbox").await, 1);
    assert_eq!(shop.order(id, &key).await.json()["status"], "processing");
}

#[tokio::test]
async fn a_failure_arriving_after_the_success_leaves_the_order_paid() {
    let shop = Shop::open().await;
    let (id, key) = waiting(&shop).await;
    // The shopper fails 3-D Secure: the provider's failure event waits...
    let intent = shop.kit.cards.intent_of(id).await;
    shop.kit.cards.authenticate(&intent, false).await;
    let failed = shop
        .kit
        .cards
        .webhook("payment_intent.payment_failed")
        .await;
    // ...then pays the same intent with another card in the browser (Stripe.js), and the
    // success is delivered first.
    let paid = shop
        .kit
        .cards
        .provider()
        .confirm_payment_intent_in_browser(
            &intent.id,
            &intent.client_secret,
            Some(VISA.to_owned()),
            None,
        )
        .await
        .expect("confirmed");
    assert_eq!(
        paid.status,
        vitrine_domain::payment::IntentStatus::Succeeded
    );
    let ok = shop.kit.cards.webhook("payment_intent.succeeded").await;
    assert_eq!(deliver(&shop, &ok.body, &ok.signature).await.status, 200);
    assert_eq!(
        deliver(&shop, &failed.body, &failed.signature).await.status,
        200
    );
    let order = shop.order(id, &key).await.json();
    assert_eq!(order["status"], "processing");
    assert!(order["paid_at"].is_string());
}

#[tokio::test]
async fn a_webhook_for_an_unknown_intent_is_accepted_and_ignored() {
    let shop = Shop::open().await;
    let (id, key) = waiting(&shop).await;
    let now = NOW.unix_timestamp();
    let intent = shop.kit.cards.intent_of(id).await;
    shop.kit.cards.authenticate(&intent, true).await;
    let event = shop.kit.cards.webhook("payment_intent.succeeded").await;
    let foreign = event.body.replace(&intent.id, "pi_999");
    let res = deliver(&shop, &foreign, &sign(&foreign, now)).await;
    assert_eq!(res.status, 200, "{}", res.text);
    assert_eq!(shop.order(id, &key).await.json()["status"], "pending");
}

#[tokio::test]
async fn reconciliation_settles_a_paid_order_whose_webhook_was_lost() {
    let shop = Shop::open().await;
    let (id, key) = waiting(&shop).await;
    let intent = shop.kit.cards.intent_of(id).await;
    shop.kit.cards.authenticate(&intent, true).await;
    // The provider's webhooks are lost.
    assert!(!shop.kit.cards.webhooks().await.is_empty());
    let checkout = shop.checkout();
    assert_eq!(
        checkout
            .reconcile(std::time::Duration::from_secs(600))
            .await
            .ok(),
        Some(0),
        "too recent"
    );
    assert_eq!(
        checkout.reconcile(std::time::Duration::ZERO).await.ok(),
        Some(0),
        "same second"
    );
    let later = shop.later(11 * 60);
    assert_eq!(
        later
            .reconcile(std::time::Duration::from_secs(600))
            .await
            .ok(),
        Some(1)
    );
    assert_eq!(shop.order(id, &key).await.json()["status"], "processing");
}

#[tokio::test]
async fn the_unpaid_cancel_spares_an_order_awaiting_authentication_and_cancels_an_abandoned_one() {
    let shop = Shop::open().await;
    let (waiting_id, waiting_key) = waiting(&shop).await;
    let buyer = shop.buyer(BEANIE, 2).await;
    let declined = buyer
        .checkout(&shop, None, &form(crate::checkout_support::DECLINED))
        .await;
    assert_eq!(declined.status, 402);
    let (abandoned, abandoned_key): (i64, String) =
        sqlx::query_as("SELECT id, order_key FROM orders WHERE id <> $1")
            .bind(waiting_id)
            .fetch_one(shop.app.db.pool())
            .await
            .expect("order");
    let later = shop.later(61 * 60);
    assert_eq!(later.cancel_unpaid().await.ok(), Some(1));
    assert_eq!(
        shop.order(waiting_id, &waiting_key).await.json()["status"],
        "pending"
    );
    assert_eq!(
        shop.order(abandoned, &abandoned_key).await.json()["status"],
        "cancelled"
    );
    assert_eq!(
        shop.kit.cards.intent_of(abandoned).await.status,
        vitrine_domain::payment::IntentStatus::Canceled
    );
}

#[tokio::test]
async fn the_confirmation_mail_is_sent_once_by_the_outbox() {
    let shop = Shop::open().await;
    let buyer = shop.buyer(BEANIE, 1).await;
    let res = buyer.checkout(&shop, None, &form(VISA)).await;
    assert_eq!(res.status, 200);
    let checkout = shop.checkout();
    checkout.send_mail().await.expect("pass");
    checkout.send_mail().await.expect("pass");
    // The payment also started a send in the background: let it finish.
    for _ in 0..50 {
        if !shop.kit.mail.sent().is_empty() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    checkout.send_mail().await.expect("pass");
    let sent = shop.kit.mail.sent();
    assert_eq!(sent.len(), 1, "{sent:?}");
    assert_eq!(sent[0].to, "ada@example.com");
    assert!(
        sent[0].subject.starts_with("Your Vitrine order #"),
        "{}",
        sent[0].subject
    );
    assert!(sent[0].text.contains("Total: $25.30"), "{}", sent[0].text);
}
