//! The same cart placed again somewhere else (payments-anchors H2): the resumed order takes
//! the new totals and its intent the new amount before anything is confirmed, so the old
//! amount is never charged; an order paid meanwhile is left as it was.

use crate::checkout_app::{BEANIE, Shop, form};
use crate::checkout_support::{THREE_DS, VISA};

/// California (10 % tax on the beanie and the $5.00 shipping) → New York (no tax).
fn in_new_york(card: &str) -> serde_json::Value {
    let mut form = form(card);
    form["billing"]["state"] = "NY".into();
    form["billing"]["city"] = "New York".into();
    form["billing"]["postcode"] = "10001".into();
    form
}

#[tokio::test]
async fn the_same_cart_sent_elsewhere_reprices_its_order_and_its_intent() {
    let shop = Shop::open().await;
    let buyer = shop.buyer(BEANIE, 1).await;
    let first = buyer.checkout(&shop, None, &form(THREE_DS)).await;
    assert_eq!(first.status, 200, "{}", first.text);
    let first = first.json();
    let id = first["order_id"].as_i64().expect("id");
    let key = first["order_key"].as_str().expect("key").to_owned();
    let placed = shop.order(id, &key).await.json();
    assert_eq!(placed["totals"]["total"]["amount_minor"], 2530, "{placed}");
    assert_eq!(
        shop.kit.cards.intent_of(id).await.amount.amount_minor(),
        2530
    );
    // Back from the challenge without finishing it, the shopper ships to New York instead.
    let second = buyer.checkout(&shop, None, &in_new_york(VISA)).await;
    assert_eq!(second.status, 200, "{}", second.text);
    assert_eq!(second.json()["order_id"], id, "the cart's order is resumed");
    let paid = shop.order(id, &key).await.json();
    assert_eq!(paid["status"], "processing", "{paid}");
    assert_eq!(paid["totals"]["total"]["amount_minor"], 2300);
    assert_eq!(paid["billing"]["city"], "New York");
    // One intent, changed to the new amount, then charged.
    assert_eq!(shop.kit.cards.created().await, 1);
    let intent = shop.kit.cards.intent_of(id).await;
    assert_eq!(intent.amount.amount_minor(), 2300);
    assert_eq!(shop.count("orders").await, 1);
}

#[tokio::test]
async fn an_order_paid_meanwhile_is_not_repriced_nor_charged_again() {
    let shop = Shop::open().await;
    let buyer = shop.buyer(BEANIE, 1).await;
    let first = buyer.checkout(&shop, None, &form(THREE_DS)).await.json();
    let id = first["order_id"].as_i64().expect("id");
    let key = first["order_key"].as_str().expect("key").to_owned();
    // The challenge is passed in another tab before the shopper resubmits.
    let intent = shop.kit.cards.intent_of(id).await;
    shop.kit.cards.authenticate(&intent, true).await;
    let second = buyer.checkout(&shop, None, &in_new_york(VISA)).await;
    assert_eq!(second.status, 200, "{}", second.text);
    let order = shop.order(id, &key).await.json();
    assert_eq!(order["status"], "processing", "{order}");
    assert_eq!(
        order["totals"]["total"]["amount_minor"], 2530,
        "paid as placed"
    );
    assert_eq!(order["billing"]["city"], "Los Angeles");
    assert_eq!(shop.kit.cards.created().await, 1);
    assert_eq!(
        shop.kit.cards.intent_of(id).await.amount.amount_minor(),
        2530
    );
}
