//! A zero-total order (free products, a 100 % discount): no PaymentIntent, no card; the order
//! goes straight to processing like WooCommerce's orders that do not
//! need payment.

use crate::checkout_app::{ALBUM, Shop, form};

#[tokio::test]
async fn a_free_order_is_processing_at_once_without_a_card_or_an_intent() {
    let shop = Shop::open().await;
    shop.change_product(ALBUM, |p| {
        p.pricing.regular = Some(vitrine_domain::money::Money::new(
            0,
            p.pricing.regular.expect("priced").currency(),
        ));
        p.pricing.sale = None;
    })
    .await;
    let buyer = shop.buyer(ALBUM, 1).await;
    let view = buyer.view(&shop).await.json();
    assert_eq!(view["totals"]["total"]["amount_minor"], 0, "{view}");
    let mut free = form("");
    free["shipping_method"] = serde_json::Value::Null;
    let res = buyer.checkout(&shop, Some("free-1"), &free).await;
    assert_eq!(res.status, 200, "{}", res.text);
    let body = res.json();
    assert!(body["next_action"].is_null(), "{body}");
    let id = body["order_id"].as_i64().expect("id");
    let key = body["order_key"].as_str().expect("key").to_owned();
    assert_eq!(
        body["redirect"],
        format!("/checkout/order-received/{id}/?key={key}")
    );
    assert_eq!(shop.kit.cards.created().await, 0, "no payment intent");
    assert_eq!(shop.count("payment_attempts").await, 0);
    let order = shop.order(id, &key).await.json();
    assert_eq!(order["status"], "processing", "{order}");
    assert_eq!(order["needs_payment"], false);
    assert_eq!(shop.count("mail_outbox").await, 1);
    // The retried request answers the same order.
    let again = buyer.checkout(&shop, Some("free-1"), &free).await;
    assert_eq!(again.json()["order_id"], id);
}
