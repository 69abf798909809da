//! After payment: refunds and disputes reported by the provider's webhook move the order
//! (`refunded`, `on-hold`) with a note, once per event, whatever order the events come in;
//! stock is not given back by a refund made at the provider (WooCommerce restocks only when a
//! refund asks for it).

use axum::http::Method;
use vitrine_domain::order::{OrderId, OrderStore};

use crate::checkout_app::{BEANIE, Shop, form, visa};
use crate::checkout_support::THREE_DS;
use crate::helpers::{NOW, TestResponse};

async fn deliver(shop: &Shop, (body, signature): (String, String)) -> TestResponse {
    let res = shop
        .app
        .send_raw(
            Method::POST,
            "/api/v1/payments/webhook",
            &[("stripe-signature", signature.as_str())],
            &body,
        )
        .await;
    assert_eq!(res.status, 200, "{}", res.text);
    res
}

/// A beanie paid by card (pi_1): (id, key).
async fn paid(shop: &Shop) -> (i64, String) {
    shop.change_product(BEANIE, |p| p.inventory.stock_quantity = Some(10))
        .await;
    let buyer = shop.buyer(BEANIE, 1).await;
    let body = buyer.checkout(shop, None, &visa()).await.json();
    (
        body["order_id"].as_i64().expect("id"),
        body["order_key"].as_str().expect("key").to_owned(),
    )
}

async fn notes(shop: &Shop, id: i64) -> Vec<String> {
    let notes = shop
        .app
        .db
        .orders()
        .notes(OrderId(id))
        .await
        .expect("notes");
    notes.into_iter().map(|n| n.text).collect()
}

#[tokio::test]
async fn a_partial_then_a_full_refund_notes_both_and_refunds_the_order_once() {
    let shop = Shop::open().await;
    let (id, key) = paid(&shop).await;
    let now = NOW.unix_timestamp();
    assert_eq!(shop.stock(BEANIE).await, Some(9));
    deliver(
        &shop,
        shop.kit
            .cards
            .charge_event("evt_r1", "pi_1", 500, false, now),
    )
    .await;
    assert_eq!(shop.order(id, &key).await.json()["status"], "processing");
    let full = shop
        .kit
        .cards
        .charge_event("evt_r2", "pi_1", 2530, true, now);
    for _ in 0..3 {
        deliver(&shop, full.clone()).await;
    }
    assert_eq!(shop.order(id, &key).await.json()["status"], "refunded");
    assert_eq!(
        notes(&shop, id).await,
        [
            "Partially refunded at the payment provider: $5.00 of $25.30 refunded so far \
             (charge ch_1).",
            "Refunded $25.30 in full at the payment provider (charge ch_1). Stock was not \
             returned.",
        ]
    );
    assert_eq!(
        shop.stock(BEANIE).await,
        Some(9),
        "a provider refund does not restock"
    );
    // The partial refund's event delivered late changes nothing.
    let late = shop
        .kit
        .cards
        .charge_event("evt_r0", "pi_1", 300, false, now);
    deliver(&shop, late).await;
    assert_eq!(shop.order(id, &key).await.json()["status"], "refunded");
}

#[tokio::test]
async fn a_dispute_puts_a_paid_order_on_hold_and_a_late_one_leaves_a_refund_alone() {
    let shop = Shop::open().await;
    let (id, key) = paid(&shop).await;
    let now = NOW.unix_timestamp();
    deliver(
        &shop,
        shop.kit
            .cards
            .dispute_event("evt_d1", "pi_1", "fraudulent", now),
    )
    .await;
    let order = shop.order(id, &key).await.json();
    assert_eq!(order["status"], "on_hold", "{order}");
    assert_eq!(order["needs_payment"], false, "on hold, yet paid");
    assert_eq!(
        notes(&shop, id).await,
        [
            "Payment disputed by the customer's bank: $25.30 (fraudulent), dispute dp_evt_d1. \
          The order is on hold until the dispute is settled."
        ]
    );
    deliver(
        &shop,
        shop.kit
            .cards
            .charge_event("evt_r1", "pi_1", 2530, true, now),
    )
    .await;
    assert_eq!(shop.order(id, &key).await.json()["status"], "refunded");
    deliver(
        &shop,
        shop.kit
            .cards
            .dispute_event("evt_d2", "pi_1", "general", now),
    )
    .await;
    assert_eq!(shop.order(id, &key).await.json()["status"], "refunded");
    assert_eq!(notes(&shop, id).await.len(), 3);
}

#[tokio::test]
async fn a_refund_that_overtakes_the_payment_event_settles_the_order_first() {
    let shop = Shop::open().await;
    let buyer = shop.buyer(BEANIE, 1).await;
    let body = buyer.checkout(&shop, None, &form(THREE_DS)).await.json();
    let id = body["order_id"].as_i64().expect("id");
    let key = body["order_key"].as_str().expect("key").to_owned();
    // Authenticated, then refunded at once; the refund's event arrives first.
    shop.kit.cards.authenticate("pi_1", true);
    let now = NOW.unix_timestamp();
    deliver(
        &shop,
        shop.kit
            .cards
            .charge_event("evt_r1", "pi_1", 2530, true, now),
    )
    .await;
    let order = shop.order(id, &key).await.json();
    assert_eq!(order["status"], "refunded", "{order}");
    assert!(order["paid_at"].is_string());
    // The payment's own event, late: nothing changes.
    let late = shop
        .kit
        .cards
        .event("evt_p1", "payment_intent.succeeded", "pi_1", now);
    deliver(&shop, late).await;
    assert_eq!(shop.order(id, &key).await.json()["status"], "refunded");
    assert_eq!(shop.count("mail_outbox").await, 1, "one confirmation");
}
