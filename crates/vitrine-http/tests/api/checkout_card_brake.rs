//! Card payment attempts are braked per card (the provider's card fingerprint) as well as per
//! client and per cart session: bots testing a stolen card rotate addresses and carts. Every
//! attempt here pays with Stripe's `pm_card_chargeDeclined` (one declined card, one
//! fingerprint in the real test provider); another card is another number's magic id.

use axum::http::Method;
use serde_json::json;

use crate::checkout_app::{BEANIE, Buyer, Shop, form};
use crate::checkout_support::DECLINED;

/// Another declined card (insufficient funds): another number, another fingerprint.
const OTHER_CARD: &str = "pm_card_chargeDeclinedInsufficientFunds";
use crate::helpers::TestResponse;

/// `buyer` checks out with `card` from `address`.
async fn checkout_from(shop: &Shop, buyer: &Buyer, address: &str, card: &str) -> TestResponse {
    let mut headers = buyer.headers();
    headers.push(("x-forwarded-for", address));
    shop.app
        .send(
            Method::POST,
            "/api/v1/checkout",
            &headers,
            Some(&form(card)),
        )
        .await
}

#[tokio::test]
async fn one_card_tried_from_five_addresses_and_carts_is_braked_on_the_sixth() {
    let shop = Shop::open().await;
    for n in 1..=5 {
        let buyer = shop.buyer(BEANIE, 1).await;
        let res = checkout_from(&shop, &buyer, &format!("203.0.113.{n}"), DECLINED).await;
        assert_eq!(res.status, 402, "attempt {n}: {}", res.text);
        assert_eq!(res.json()["code"], "payment_failed");
    }
    // A sixth address and a sixth cart, the same card: held, nothing asked of the provider.
    let intents = shop.kit.cards.created().await;
    let buyer = shop.buyer(BEANIE, 1).await;
    let res = checkout_from(&shop, &buyer, "203.0.113.6", DECLINED).await;
    assert_eq!(res.status, 429, "{}", res.text);
    assert_eq!(res.json()["code"], "rate_limited");
    assert_eq!(
        res.headers.get("retry-after").and_then(|v| v.to_str().ok()),
        Some("60"),
        "one attempt a minute comes back"
    );
    assert_eq!(
        shop.kit.cards.created().await,
        intents,
        "no intent for a braked card"
    );
    // Another card from a fresh address and cart is not held by this card's count.
    let buyer = shop.buyer(BEANIE, 1).await;
    let res = checkout_from(&shop, &buyer, "203.0.113.7", OTHER_CARD).await;
    assert_eq!(res.status, 402, "{}", res.text);
}

#[tokio::test]
async fn the_order_pay_page_brakes_the_same_card() {
    let shop = Shop::open().await;
    let buyer = shop.buyer(BEANIE, 1).await;
    let res = checkout_from(&shop, &buyer, "198.51.100.1", DECLINED).await;
    assert_eq!(res.status, 402, "{}", res.text);
    let (id, key): (i64, String) = sqlx::query_as("SELECT id, order_key FROM orders")
        .fetch_one(shop.app.db.pool())
        .await
        .expect("the declined order");
    let uri = format!("/api/v1/orders/{id}/pay");
    let mut statuses = Vec::new();
    for n in 2..=6 {
        let address = format!("198.51.100.{n}");
        let body = json!({ "order_key": key, "payment_method_id": DECLINED });
        let res = shop
            .app
            .send(
                Method::POST,
                &uri,
                &[("x-forwarded-for", address.as_str())],
                Some(&body),
            )
            .await;
        statuses.push(res.status.as_u16());
        if res.status == 429 {
            assert!(res.headers.get("retry-after").is_some(), "{}", res.text);
        }
    }
    // Four more attempts make five on this card, each a fresh decline (a new press each: no
    // key); the sixth is held.
    assert_eq!(statuses, [402, 402, 402, 402, 429]);
}
