//! Paying in the chosen currency (issue 12 item 5): a cart priced in euros checks out in euros —
//! the order's lines, totals and the card payment are the amounts the cart showed, and the order
//! records the currency and the rate.

use serde_json::Value;

use crate::checkout_app::{Shop, visa};
use crate::pricing_support::{T_SHIRT, demo_policy, money};

#[tokio::test]
async fn three_t_shirts_in_euros_are_ordered_and_paid_in_euros_at_the_cart_s_prices() {
    let shop = Shop::with(|policies| policies.pricing = demo_policy()).await;
    let mut buyer = shop.buyer(T_SHIRT, 3).await;
    buyer.cookie = format!("{}; wmc_current_currency=EUR", buyer.cookie);
    let cart = shop
        .app
        .get_with("/api/v1/cart", &buyer.headers())
        .await
        .json();
    // $18.00 → €16.99 (charm); 10 % off for three: €15.29 each, €45.87.
    assert_eq!(money(&cart["cart"]["subtotal"]), (4587, "€45.87"));

    let res = buyer.checkout(&shop, Some("eur-1"), &visa()).await;
    assert_eq!(res.status, 200, "{}", res.text);
    let body = res.json();
    let id = body["order_id"].as_i64().expect("id");
    let key = body["order_key"].as_str().expect("key");
    let order: Value = shop.order(id, key).await.json();
    assert_eq!(order["currency"], "EUR");
    assert_eq!(order["totals"]["subtotal"]["amount_minor"], 4587);
    assert_eq!(order["totals"]["subtotal"]["currency"], "EUR");
    assert_eq!(order["lines"][0]["quantity"], 3);
    let total = order["totals"]["total"]["amount_minor"]
        .as_i64()
        .expect("total");
    let intent = shop.kit.cards.intent_of(id).await;
    assert_eq!(
        (
            intent.amount.amount_minor(),
            intent.amount.currency().code()
        ),
        (total, "EUR"),
        "the card pays the order's euro total"
    );
    let (currency, document): (String, String) =
        sqlx::query_as("SELECT currency, document FROM orders WHERE id = $1")
            .bind(id)
            .fetch_one(shop.app.db.pool())
            .await
            .expect("the order row");
    assert_eq!(currency, "EUR");
    let stored: Value = serde_json::from_str(&document).expect("JSON");
    assert_eq!(
        stored["exchange_rate"], "0.92",
        "the order records the rate: {stored}"
    );
}
