//! Concurrent adds to one cart lose nothing: tabs of one shopper on one instance, and on two
//! instances sharing the database (compare-and-swap with retries).

use serde_json::json;

use crate::cart_app::{BEANIE, CartApp, Shopper, quantity_of};

/// Starts `tabs × adds` concurrent single adds of the Beanie through `tabs` clients.
async fn add_concurrently(tabs: Vec<Shopper>, adds: usize) {
    let mut tasks = Vec::new();
    for tab in tabs {
        for _ in 0..adds {
            let mut tab = tab.clone();
            tasks.push(tokio::spawn(async move {
                let reply = tab.add(json!({"product_id": BEANIE, "quantity": 1})).await;
                assert_eq!(reply.status, 200, "{}", reply.body);
            }));
        }
    }
    for task in tasks {
        task.await.expect("add finished");
    }
}

/// A shopper who already has a cart (so every tab shares its session).
async fn shopper_with_a_cart(app: &CartApp) -> Shopper {
    let mut shopper = app.shopper();
    let reply = shopper.add(json!({"product_id": BEANIE})).await;
    assert_eq!(reply.status, 200);
    let key = reply.cart()["items"][0]["key"]
        .as_str()
        .expect("key")
        .to_owned();
    assert_eq!(shopper.delete(&key).await.status, 200);
    shopper
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_tabs_adding_fifty_times_each_at_once_lose_nothing() {
    let app = CartApp::start().await;
    let mut shopper = shopper_with_a_cart(&app).await;
    add_concurrently(vec![shopper.clone(), shopper.clone()], 50).await;
    assert_eq!(quantity_of(&shopper.cart().await, BEANIE, None), 100);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_instances_adding_fifty_times_each_at_once_lose_nothing() {
    let app = CartApp::start().await;
    let mut shopper = shopper_with_a_cart(&app).await;
    let mut elsewhere = shopper.clone();
    elsewhere.router = app.instance();
    add_concurrently(vec![shopper.clone(), elsewhere], 50).await;
    assert_eq!(quantity_of(&shopper.cart().await, BEANIE, None), 100);
}
