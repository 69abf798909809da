//! Stock at checkout: held by one conditional update per item when the order is placed, never
//! below zero, given back when an unpaid order is cancelled.

use axum::body::Body;
use axum::http::{Method, Request};
use http_body_util::BodyExt;
use serde_json::Value;
use tower::ServiceExt;

use crate::checkout_app::{BEANIE, Shop, form, visa};
use crate::checkout_support::DECLINED;

/// One checkout on its own task: (status, code).
fn checkout_task(router: axum::Router, cookie: String, form: Value) -> tokio::task::JoinHandle<(u16, Value)> {
    tokio::spawn(async move {
        let request = Request::builder()
            .method(Method::POST)
            .uri("/api/v1/checkout")
            .header("cookie", cookie)
            .header("content-type", "application/json")
            .body(Body::from(form.to_string()))
            .expect("request");
        let response = router.oneshot(request).await.expect("answer");
        let status = response.status().as_u16();
        let bytes = response.into_body().collect().await.expect("body").to_bytes();
        (status, serde_json::from_slice(&bytes).unwrap_or(Value::Null))
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fifty_buyers_for_five_units_make_exactly_five_orders() {
    let shop = Shop::open().await;
    shop.change_product(BEANIE, |p| p.inventory.stock_quantity = Some(5)).await;
    assert_eq!(shop.stock(BEANIE).await, Some(5));
    let mut buyers = Vec::new();
    for _ in 0..50 {
        buyers.push(shop.buyer(BEANIE, 1).await);
    }
    let tasks: Vec<_> = buyers
        .iter()
        .map(|b| checkout_task(shop.app.router.clone(), b.cookie.clone(), visa()))
        .collect();
    let mut answers = Vec::new();
    for task in tasks {
        answers.push(task.await.expect("checkout finished"));
    }
    let paid = answers.iter().filter(|(status, _)| *status == 200).count();
    let sold_out = answers
        .iter()
        .filter(|(status, body)| *status == 409 && body["code"] == "insufficient_stock")
        .count();
    assert_eq!((paid, sold_out), (5, 45));
    assert_eq!(shop.stock(BEANIE).await, Some(0));
    assert_eq!(shop.count("orders").await, 5);
    // The catalogue shows what the orders left.
    let product = shop.app.get(&format!("/api/v1/products/{BEANIE}")).await.json();
    assert_eq!(product["product"]["stock"]["quantity"], 0, "{product}");
    assert_eq!(product["product"]["stock"]["status"], "out_of_stock", "{product}");
}

#[tokio::test]
async fn a_cancelled_unpaid_order_gives_its_stock_back_once() {
    let shop = Shop::open().await;
    shop.change_product(BEANIE, |p| p.inventory.stock_quantity = Some(3)).await;
    let buyer = shop.buyer(BEANIE, 2).await;
    let res = buyer.checkout(&shop, None, &form(DECLINED)).await;
    assert_eq!(res.status, 402);
    assert_eq!(shop.stock(BEANIE).await, Some(1), "held while unpaid");
    let later = shop.later(61 * 60);
    assert_eq!(later.cancel_unpaid().await.ok(), Some(1));
    assert_eq!(later.cancel_unpaid().await.ok(), Some(0));
    assert_eq!(shop.stock(BEANIE).await, Some(3));
}

#[tokio::test]
async fn an_order_within_the_hold_time_is_left_alone() {
    let shop = Shop::open().await;
    let buyer = shop.buyer(BEANIE, 1).await;
    assert_eq!(buyer.checkout(&shop, None, &form(DECLINED)).await.status, 402);
    assert_eq!(shop.later(59 * 60).cancel_unpaid().await.ok(), Some(0));
    let status: String = sqlx::query_scalar("SELECT status FROM orders")
        .fetch_one(shop.app.db.pool())
        .await
        .expect("order");
    assert_eq!(status, "pending");
    assert_eq!(shop.stock(BEANIE).await, None, "the beanie manages no stock");
}
