//! After payment: refunds and disputes made at the real test provider (its merchant side, as
//! a refund in Stripe's dashboard) reach the shop as signed webhooks and move the order
//! (`refunded`, `on-hold`) with a note — once per event, whatever order the events come in and
//! however often they are delivered. A refund made at the provider gives no stock back
//! (WooCommerce restocks only when a refund asks for it).

use axum::http::Method;
use vitrine_domain::order::{OrderId, OrderStore};
use vitrine_payments::test_provider::SignedWebhook;

use crate::checkout_app::{BEANIE, Shop, form, visa};
use crate::checkout_support::THREE_DS;

/// The Beanie order's total: $18.00, $5.00 flat rate, 10 % California tax on both.
const TOTAL: i64 = 2530;

async fn deliver(shop: &Shop, webhook: &SignedWebhook) {
    let res = shop
        .app
        .send_raw(
            Method::POST,
            "/api/v1/payments/webhook",
            &[("stripe-signature", webhook.signature.as_str())],
            &webhook.body,
        )
        .await;
    assert_eq!(res.status, 200, "{}", res.text);
}

/// A Beanie paid by card, its payment's own events delivered: (id, key, intent id, charge id).
async fn paid(shop: &Shop) -> (i64, String, String, String) {
    shop.change_product(BEANIE, |p| p.inventory.stock_quantity = Some(10))
        .await;
    let buyer = shop.buyer(BEANIE, 1).await;
    let body = buyer.checkout(shop, Some("k"), &visa()).await.json();
    let id = body["order_id"].as_i64().expect("id");
    let key = body["order_key"].as_str().expect("key").to_owned();
    for webhook in shop.kit.cards.webhooks().await {
        deliver(shop, &webhook).await;
    }
    let intent = shop.kit.cards.intent_of(id).await;
    assert_eq!(intent.amount.amount_minor(), TOTAL);
    let charge = intent.latest_charge.expect("a paid intent has its charge");
    (id, key, intent.id, charge)
}

async fn refund(shop: &Shop, intent: &str, minor: Option<i64>) -> SignedWebhook {
    shop.kit
        .cards
        .provider()
        .refund_payment(intent, minor)
        .await
        .expect("refunded at the provider");
    shop.kit.cards.webhook("charge.refunded").await
}

async fn dispute(shop: &Shop, intent: &str, reason: &str) -> (SignedWebhook, String) {
    let dispute = shop
        .kit
        .cards
        .provider()
        .dispute_payment(intent, reason)
        .await
        .expect("disputed at the provider");
    let webhook = shop.kit.cards.webhook("charge.dispute.created").await;
    (webhook, dispute.id)
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

async fn status(shop: &Shop, id: i64, key: &str) -> String {
    let order = shop.order(id, key).await.json();
    order["status"].as_str().expect("a status").to_owned()
}

#[tokio::test]
async fn a_partial_then_a_full_refund_notes_both_and_refunds_the_order_once() {
    let shop = Shop::open().await;
    let (id, key, intent, charge) = paid(&shop).await;
    assert_eq!(shop.stock(BEANIE).await, Some(9));
    deliver(&shop, &refund(&shop, &intent, Some(500)).await).await;
    assert_eq!(status(&shop, id, &key).await, "processing");
    let full = refund(&shop, &intent, None).await;
    for _ in 0..3 {
        deliver(&shop, &full).await;
    }
    assert_eq!(status(&shop, id, &key).await, "refunded");
    assert_eq!(
        notes(&shop, id).await,
        [
            format!(
                "Partially refunded at the payment provider: $5.00 of $25.30 refunded so far \
                 (charge {charge})."
            ),
            format!(
                "Refunded $25.30 in full at the payment provider (charge {charge}). Stock was \
                 not returned."
            ),
        ]
    );
    assert_eq!(
        shop.stock(BEANIE).await,
        Some(9),
        "a provider refund does not restock"
    );
    assert_eq!(
        shop.count("mail_outbox").await,
        1,
        "one confirmation, nothing more"
    );
}

#[tokio::test]
async fn refund_events_out_of_order_or_twice_leave_the_order_refunded() {
    let shop = Shop::open().await;
    let (id, key, intent, _) = paid(&shop).await;
    let partial = refund(&shop, &intent, Some(300)).await;
    let full = refund(&shop, &intent, None).await;
    // The full refund's event first, then the partial one, late; then both again.
    for webhook in [&full, &partial, &full, &partial] {
        deliver(&shop, webhook).await;
        assert_eq!(status(&shop, id, &key).await, "refunded");
    }
    let noted = notes(&shop, id).await;
    assert_eq!(noted.len(), 2, "one note per event: {noted:?}");
    assert!(noted[0].starts_with("Refunded $25.30 in full"), "{noted:?}");
    assert!(
        noted[1].starts_with("Partially refunded at the payment provider: $3.00"),
        "{noted:?}"
    );
}

#[tokio::test]
async fn a_dispute_puts_a_paid_order_on_hold_and_a_late_one_leaves_a_refund_alone() {
    let shop = Shop::open().await;
    let (id, key, intent, _) = paid(&shop).await;
    let (first, dispute_id) = dispute(&shop, &intent, "fraudulent").await;
    deliver(&shop, &first).await;
    let order = shop.order(id, &key).await.json();
    assert_eq!(order["status"], "on_hold", "{order}");
    assert_eq!(order["needs_payment"], false, "on hold, yet paid");
    assert_eq!(
        notes(&shop, id).await,
        [format!(
            "Payment disputed by the customer's bank: $25.30 (fraudulent), dispute \
             {dispute_id}. The order is on hold until the dispute is settled."
        )]
    );
    // The dispute again changes nothing; a full refund then wins over the hold.
    deliver(&shop, &first).await;
    deliver(&shop, &refund(&shop, &intent, None).await).await;
    assert_eq!(status(&shop, id, &key).await, "refunded");
    // A dispute that arrives after the refund notes itself and moves nothing.
    let (late, _) = dispute(&shop, &intent, "general").await;
    deliver(&shop, &late).await;
    assert_eq!(status(&shop, id, &key).await, "refunded");
    assert_eq!(notes(&shop, id).await.len(), 3);
}

#[tokio::test]
async fn a_refund_that_overtakes_the_payment_event_settles_the_order_first() {
    let shop = Shop::open().await;
    let buyer = shop.buyer(BEANIE, 1).await;
    let body = buyer
        .checkout(&shop, Some("k"), &form(THREE_DS))
        .await
        .json();
    let id = body["order_id"].as_i64().expect("id");
    let key = body["order_key"].as_str().expect("key").to_owned();
    // Authenticated on the challenge page, then refunded at once; no event delivered yet.
    let intent = shop.kit.cards.intent_of(id).await;
    shop.kit.cards.authenticate(&intent, true).await;
    shop.kit
        .cards
        .provider()
        .refund_payment(&intent.id, None)
        .await
        .expect("refunded");
    let events = shop.kit.cards.webhooks().await;
    let of = |kind: &str| {
        events
            .iter()
            .find(|w| w.body.contains(&format!("\"type\":\"{kind}\"")))
            .cloned()
            .unwrap_or_else(|| panic!("no {kind} event"))
    };
    deliver(&shop, &of("charge.refunded")).await;
    let order = shop.order(id, &key).await.json();
    assert_eq!(order["status"], "refunded", "{order}");
    assert!(
        order["paid_at"].is_string(),
        "settled as paid first: {order}"
    );
    // The payment's own events, late: nothing changes.
    for webhook in &events {
        deliver(&shop, webhook).await;
    }
    assert_eq!(status(&shop, id, &key).await, "refunded");
    assert_eq!(shop.count("mail_outbox").await, 1, "one confirmation");
    assert_eq!(notes(&shop, id).await.len(), 1);
}
