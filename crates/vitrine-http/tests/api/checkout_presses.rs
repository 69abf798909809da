//! One confirmation per shopper press (Stripe's one Idempotency-Key per action): paying an
//! order again with the same card asks the bank again, while a retry of the same press (its
//! `Idempotency-Key` sent again) is answered from the provider's record and charges nothing
//! new. Counted by the test provider's `payment_intent.payment_failed` events: one per refusal
//! the bank gave, none for a replayed answer.

use axum::http::Method;
use serde_json::json;

use crate::checkout_app::{BEANIE, Shop, form};
use crate::checkout_support::{DECLINED, THREE_DS, VISA};
use crate::helpers::TestResponse;

/// `POST /api/v1/orders/{id}/pay` with `card`, as press `key` (none: no header).
async fn pay(shop: &Shop, id: i64, order_key: &str, card: &str, key: Option<&str>) -> TestResponse {
    let body = json!({ "order_key": order_key, "payment_method_id": card });
    let headers: Vec<(&str, &str)> = key.map(|k| ("idempotency-key", k)).into_iter().collect();
    shop.app
        .send(
            Method::POST,
            &format!("/api/v1/orders/{id}/pay"),
            &headers,
            Some(&body),
        )
        .await
}

/// Refusals the bank gave since the last call.
async fn refusals(shop: &Shop) -> usize {
    let kind = "\"type\":\"payment_intent.payment_failed\"";
    let webhooks = shop.kit.cards.webhooks().await;
    webhooks.iter().filter(|w| w.body.contains(kind)).count()
}

/// A Beanie whose card `DECLINED` was refused at checkout: (id, key).
async fn declined(shop: &Shop) -> (i64, String) {
    let buyer = shop.buyer(BEANIE, 1).await;
    let res = buyer
        .checkout(shop, Some("checkout-1"), &form(DECLINED))
        .await;
    assert_eq!(res.status, 402, "{}", res.text);
    let (id, key): (i64, String) = sqlx::query_as("SELECT id, order_key FROM orders")
        .fetch_one(shop.app.db.pool())
        .await
        .expect("the declined order");
    assert_eq!(refusals(shop).await, 1);
    (id, key)
}

#[tokio::test]
async fn the_card_refused_at_checkout_pressed_again_on_order_pay_is_asked_again() {
    let shop = Shop::open().await;
    let (id, key) = declined(&shop).await;
    // Same order, same attempt, same payment method id as the checkout: a new press.
    let res = pay(&shop, id, &key, DECLINED, Some("press-1")).await;
    assert_eq!(
        res.status, 402,
        "a fresh decline, not a replay refused: {}",
        res.text
    );
    assert_eq!(res.json()["code"], "payment_failed");
    assert_eq!(refusals(&shop).await, 1, "the bank was asked");
    // Pressed again with the same card: asked again.
    let res = pay(&shop, id, &key, DECLINED, Some("press-2")).await;
    assert_eq!(res.status, 402, "{}", res.text);
    assert_eq!(refusals(&shop).await, 1, "the bank was asked again");
    assert_eq!(shop.kit.cards.created().await, 1, "one attempt, one intent");
    // Another card on a new press pays the order.
    let res = pay(&shop, id, &key, VISA, Some("press-3")).await;
    assert_eq!(res.status, 200, "{}", res.text);
    assert_eq!(shop.order(id, &key).await.json()["status"], "processing");
}

#[tokio::test]
async fn a_retried_press_is_answered_from_the_providers_record() {
    let shop = Shop::open().await;
    let (id, key) = declined(&shop).await;
    let first = pay(&shop, id, &key, DECLINED, Some("press-1")).await;
    assert_eq!(first.status, 402, "{}", first.text);
    assert_eq!(refusals(&shop).await, 1);
    // The same press again (a lost answer, a retry): the same refusal, the bank not asked.
    let again = pay(&shop, id, &key, DECLINED, Some("press-1")).await;
    assert_eq!(
        (again.status, again.json()),
        (first.status, first.json()),
        "{}",
        again.text
    );
    assert_eq!(refusals(&shop).await, 0, "replayed, not asked again");
    // A request with no key is a press of its own.
    let keyless = pay(&shop, id, &key, DECLINED, None).await;
    assert_eq!(keyless.status, 402, "{}", keyless.text);
    assert_eq!(refusals(&shop).await, 1);
}

#[tokio::test]
async fn a_press_key_over_255_characters_is_refused_before_any_charge() {
    let shop = Shop::open().await;
    let (id, key) = declined(&shop).await;
    let long = "k".repeat(256);
    let res = pay(&shop, id, &key, VISA, Some(&long)).await;
    assert_eq!(res.status, 400, "{}", res.text);
    assert_eq!(
        (res.json()["code"].as_str(), res.json()["field"].as_str()),
        (Some("invalid_field"), Some("Idempotency-Key"))
    );
    assert_eq!(shop.order(id, &key).await.json()["needs_payment"], true);
    assert_eq!(refusals(&shop).await, 0);
}

#[tokio::test]
async fn another_card_after_an_abandoned_challenge_pays_the_same_intent_once() {
    let shop = Shop::open().await;
    let buyer = shop.buyer(BEANIE, 1).await;
    let waiting = buyer
        .checkout(&shop, Some("press-1"), &form(THREE_DS))
        .await;
    assert!(
        waiting.json()["next_action"].is_object(),
        "{}",
        waiting.text
    );
    let id = waiting.json()["order_id"].as_i64().expect("id");
    // The challenge left open, the shopper presses again with another card.
    let paid = buyer.checkout(&shop, Some("press-2"), &form(VISA)).await;
    assert_eq!(paid.status, 200, "{}", paid.text);
    assert!(paid.json()["redirect"].is_string(), "{}", paid.text);
    assert_eq!(paid.json()["order_id"], id);
    assert_eq!(shop.kit.cards.created().await, 1, "one intent");
    let intent = shop.kit.cards.intent_of(id).await;
    assert_eq!(
        intent.status,
        vitrine_domain::payment::IntentStatus::Succeeded
    );
    // The old challenge page can no longer act on it.
    let late = shop
        .kit
        .cards
        .provider()
        .authenticate_payment_intent(&intent.id, &intent.client_secret, true)
        .await;
    assert!(late.is_err(), "{late:?}");
}
