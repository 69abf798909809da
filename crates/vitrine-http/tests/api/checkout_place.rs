//! Placing an order (ADR 0014): server-computed totals, idempotency by key and by cart,
//! conflicts, declines and validation.

use serde_json::json;

use crate::checkout_app::{BEANIE, Shop, form, visa};
use crate::checkout_support::{DECLINED, THREE_DS};

#[tokio::test]
async fn a_visa_checkout_pays_the_order_with_the_shops_own_totals() {
    let shop = Shop::open().await;
    let buyer = shop.buyer(BEANIE, 2).await;
    let mut tampered = visa();
    // Whatever the browser says about money is ignored.
    tampered["total"] = json!(1);
    tampered["totals"] = json!({ "total": { "amount_minor": 1 } });
    tampered["currency"] = json!("EUR");
    let res = buyer.checkout(&shop, Some("k-1"), &tampered).await;
    assert_eq!(res.status, 200, "{}", res.text);
    let body = res.json();
    assert_eq!(body["result"], "success");
    let id = body["order_id"].as_i64().expect("id");
    let key = body["order_key"].as_str().expect("key").to_owned();
    assert_eq!(key.len(), 32);
    assert_eq!(
        body["redirect"],
        format!("/checkout/order-received/{id}/?key={key}")
    );
    assert!(body["next_action"].is_null());
    let order = shop.order(id, &key).await.json();
    assert_eq!(order["status"], "processing");
    // 2 × 18.00 + 5.00 flat rate, 10 % California tax on both: 36.00 + 5.00 + 4.10.
    assert_eq!(order["totals"]["subtotal"]["amount_minor"], 3600);
    assert_eq!(order["totals"]["shipping_total"]["amount_minor"], 500);
    assert_eq!(order["totals"]["tax_total"]["amount_minor"], 410);
    assert_eq!(order["totals"]["total"]["amount_minor"], 4510);
    assert_eq!(order["currency"], "USD");
    assert_eq!(
        order["payment_method_title"],
        "Credit Card (Visa •••• 4242)"
    );
    assert_eq!(order["lines"][0]["quantity"], 2);
    assert_eq!(order["customer_note"], "Leave at the door");
    assert_eq!(order["needs_payment"], false);
    let purchase = order["purchase_event_id"]
        .as_str()
        .expect("paid: a Purchase id");
    assert_eq!((purchase.len(), purchase.matches('-').count()), (36, 4));
    let reloaded = shop.order(id, &key).await.json();
    assert_eq!(
        reloaded["purchase_event_id"], purchase,
        "the same id on every reload"
    );
    assert!(
        order["attribution"].is_null(),
        "shoppers do not see attribution"
    );
    let intent = shop.kit.cards.intent_of(id).await;
    assert_eq!(intent.amount.amount_minor(), 4510);
    // The cart is emptied once paid.
    let view = buyer.view(&shop).await.json();
    assert_eq!(view["cart"]["items"], json!([]));
}

#[tokio::test]
async fn a_double_submit_with_one_key_makes_one_order_and_one_intent() {
    let shop = Shop::open().await;
    let buyer = shop.buyer(BEANIE, 1).await;
    let first = buyer.checkout(&shop, Some("same-key"), &visa()).await;
    let second = buyer.checkout(&shop, Some("same-key"), &visa()).await;
    assert_eq!(first.status, 200, "{}", first.text);
    assert_eq!(second.status, 200, "{}", second.text);
    assert_eq!(first.json(), second.json());
    assert_eq!(shop.count("orders").await, 1);
    assert_eq!(shop.count("payment_attempts").await, 1);
    assert_eq!(shop.kit.cards.created().await, 1);
    // The attempt is saved as paid in finalize's transaction; a paid order's answer is read
    // from the order on a retry, not stored.
    let (status, response): (String, Option<String>) =
        sqlx::query_as("SELECT a.status, r.response FROM payment_attempts a, checkout_requests r")
            .fetch_one(shop.app.db.pool())
            .await
            .expect("one attempt, one request");
    assert_eq!((status.as_str(), response), ("succeeded", None));
}

#[tokio::test]
async fn a_retry_of_a_paid_checkout_whose_answer_was_lost_answers_the_paid_order() {
    let shop = Shop::open().await;
    let buyer = shop.buyer(BEANIE, 1).await;
    let first = buyer.checkout(&shop, Some("lost"), &visa()).await;
    assert_eq!(first.status, 200, "{}", first.text);
    // The server died after the payment (its cart emptied with it), before storing the answer.
    sqlx::query("UPDATE checkout_requests SET response = NULL")
        .execute(shop.app.db.pool())
        .await
        .expect("answer forgotten");
    let retry = buyer.checkout(&shop, Some("lost"), &visa()).await;
    assert_eq!(retry.status, 200, "{}", retry.text);
    assert_eq!(retry.json()["order_id"], first.json()["order_id"]);
    assert_eq!(retry.json()["redirect"], first.json()["redirect"]);
    assert_eq!(shop.count("orders").await, 1);
    assert_eq!(shop.kit.cards.created().await, 1);
}

#[tokio::test]
async fn concurrent_submits_with_one_key_make_one_order() {
    let shop = Shop::open().await;
    let buyer = shop.buyer(BEANIE, 1).await;
    let form = visa();
    let (a, b) = tokio::join!(
        buyer.checkout(&shop, Some("race"), &form),
        buyer.checkout(&shop, Some("race"), &form)
    );
    assert_eq!(
        (a.status.as_u16(), b.status.as_u16()),
        (200, 200),
        "{} / {}",
        a.text,
        b.text
    );
    assert_eq!(a.json()["order_id"], b.json()["order_id"]);
    assert_eq!(shop.count("orders").await, 1);
    assert_eq!(shop.kit.cards.created().await, 1);
}

#[tokio::test]
async fn the_same_key_for_another_cart_is_a_conflict() {
    let shop = Shop::open().await;
    let mut buyer = shop.buyer(BEANIE, 1).await;
    let first = buyer.checkout(&shop, Some("k"), &form(DECLINED)).await;
    assert_eq!(first.status, 402, "{}", first.text);
    buyer.add(&shop, BEANIE, 1).await;
    let res = buyer.checkout(&shop, Some("k"), &visa()).await;
    assert_eq!(res.status, 409, "{}", res.text);
    assert_eq!(res.json()["code"], "idempotency_conflict");
    assert_eq!(shop.count("orders").await, 1);
}

#[tokio::test]
async fn a_declined_card_leaves_the_order_pending_and_a_retry_reuses_order_and_intent() {
    let shop = Shop::open().await;
    let buyer = shop.buyer(BEANIE, 1).await;
    let res = buyer.checkout(&shop, Some("a1"), &form(DECLINED)).await;
    assert_eq!(res.status, 402, "{}", res.text);
    let body = res.json();
    assert_eq!(body["code"], "payment_failed");
    assert_eq!(body["message"], "Your card was declined.");
    let attempt: (String, String) =
        sqlx::query_as("SELECT status, COALESCE(last_error, '') FROM payment_attempts")
            .fetch_one(shop.app.db.pool())
            .await
            .expect("attempt recorded");
    assert_eq!(
        attempt,
        (
            "requires_payment_method".into(),
            "Your card was declined.".into()
        )
    );
    // A new attempt (new key) with a good card: the same order, the same intent.
    let res = buyer.checkout(&shop, Some("a2"), &visa()).await;
    assert_eq!(res.status, 200, "{}", res.text);
    assert_eq!(shop.count("orders").await, 1);
    assert_eq!(shop.kit.cards.created().await, 1);
    let status: String = sqlx::query_scalar("SELECT status FROM orders")
        .fetch_one(shop.app.db.pool())
        .await
        .expect("order");
    assert_eq!(status, "processing");
}

#[tokio::test]
async fn a_reload_without_a_key_resumes_the_carts_pending_order() {
    let shop = Shop::open().await;
    let buyer = shop.buyer(BEANIE, 1).await;
    let first = buyer.checkout(&shop, None, &form(THREE_DS)).await;
    let second = buyer.checkout(&shop, None, &form(THREE_DS)).await;
    assert_eq!(first.status, 200, "{}", first.text);
    assert_eq!(second.status, 200, "{}", second.text);
    assert_eq!(first.json()["order_id"], second.json()["order_id"]);
    // A press of its own: the same intent's challenge again.
    assert!(
        second.json()["next_action"]["redirect_url"].is_string(),
        "{}",
        second.text
    );
    assert_eq!(shop.count("orders").await, 1);
    assert_eq!(shop.kit.cards.created().await, 1);
}

#[tokio::test]
async fn an_empty_cart_cannot_check_out() {
    let shop = Shop::open().await;
    let res = shop
        .app
        .send(
            axum::http::Method::POST,
            "/api/v1/checkout",
            &[],
            Some(&visa()),
        )
        .await;
    assert_eq!(res.status, 400, "{}", res.text);
    assert_eq!(res.json()["code"], "empty_cart");
    assert_eq!(shop.count("orders").await, 0);
}

#[tokio::test]
async fn the_checkout_view_prices_the_cart_for_the_shopper() {
    let shop = Shop::open().await;
    let buyer = shop.buyer(BEANIE, 2).await;
    let view = buyer.view(&shop).await;
    assert_eq!(view.status, 200, "{}", view.text);
    let view = view.json();
    assert_eq!(view["needs_shipping"], true);
    assert_eq!(view["totals"]["subtotal"]["amount_minor"], 3600);
    assert_eq!(view["payment"]["provider"], "test");
    let review = shop
        .app
        .send(
            axum::http::Method::POST,
            "/api/v1/checkout/review",
            &buyer.headers(),
            Some(&json!({ "billing": { "country": "US", "state": "CA", "postcode": "90001" } })),
        )
        .await;
    assert_eq!(review.status, 200, "{}", review.text);
    let review = review.json();
    assert_eq!(review["selected_rate"], "flat_rate:1");
    assert_eq!(review["totals"]["total"]["amount_minor"], 3600 + 500 + 410);
    let nowhere = shop
        .app
        .send(
            axum::http::Method::POST,
            "/api/v1/checkout/review",
            &buyer.headers(),
            Some(&json!({ "billing": { "country": "FR" } })),
        )
        .await
        .json();
    assert_eq!(nowhere["shipping_rates"], json!([]));
    assert!(
        nowhere["shipping_error"]
            .as_str()
            .is_some_and(|e| e.contains("FR"))
    );
}
