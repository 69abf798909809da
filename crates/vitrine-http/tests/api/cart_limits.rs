//! Quantities never clamp silently (issue 11): past the line maximum (9,999 units of one item)
//! an add or update is a 400 `quantity_too_large` and the cart is exactly as it was; values
//! beyond `u32` are the same answer, never a clamp; concurrent adds stop at the maximum.

use serde_json::{Value, json};
use vitrine_domain::cart::SessionId;
use vitrine_domain::ports::CartStore;

use crate::cart_app::{BEANIE, COLLECTION, CartApp, Shopper, quantity_of};
use crate::cart_errors::assert_refused;

/// A shopper whose cart holds `quantity` Beanies, and that cart.
async fn beanies(app: &CartApp, quantity: u64) -> (Shopper, Value) {
    let mut shopper = app.shopper();
    let reply = shopper
        .add(json!({"product_id": BEANIE, "quantity": quantity}))
        .await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    let cart = shopper.cart().await;
    assert_eq!(quantity_of(&cart, BEANIE, None), quantity);
    (shopper, cart)
}

fn key(cart: &Value) -> String {
    cart["items"][0]["key"].as_str().expect("key").to_owned()
}

async fn assert_too_large(shopper: &mut Shopper, reply: &crate::cart_app::Reply, before: &Value) {
    assert_refused(shopper, reply, 400, "quantity_too_large", before).await;
    assert_eq!(reply.body["field"], "quantity");
    let message = reply.body["message"].as_str().unwrap_or_default();
    assert!(
        message.contains("9999"),
        "the maximum is in the message: {message}"
    );
}

#[tokio::test]
async fn adding_one_to_a_full_line_is_400_and_the_cart_is_unchanged() {
    let app = CartApp::start().await;
    let (mut shopper, _) = beanies(&app, 9_998).await;
    let reply = shopper.add(json!({"product_id": BEANIE})).await;
    assert_eq!(
        reply.status, 200,
        "9,998 + 1 is the maximum: {}",
        reply.body
    );
    let full = shopper.cart().await;
    assert_eq!(quantity_of(&full, BEANIE, None), 9_999);
    let reply = shopper.add(json!({"product_id": BEANIE})).await;
    assert_too_large(&mut shopper, &reply, &full).await;
    assert_eq!(reply.body["product_url"], "/product/beanie/");
}

#[tokio::test]
async fn three_billion_twice_is_refused_not_clamped() {
    let app = CartApp::start().await;
    let (mut shopper, before) = beanies(&app, 1).await;
    for quantity in [
        json!(3e9),
        json!(3_000_000_000_u64),
        json!("3000000000"),
        json!(4_294_967_295_u64),
        json!(4_294_967_296_u64),
        json!(1e12),
        json!(10_000),
    ] {
        for _ in 0..2 {
            let reply = shopper
                .add(json!({"product_id": BEANIE, "quantity": quantity}))
                .await;
            assert_too_large(&mut shopper, &reply, &before).await;
        }
    }
    let grouped = json!({"product_id": COLLECTION, "quantities": {"46": 3e9, " 46": 3e9}});
    let reply = shopper.add(grouped).await;
    assert_too_large(&mut shopper, &reply, &before).await;
    let split = json!({"product_id": COLLECTION, "quantities": {"46": 9_999, " 46": 1}});
    let reply = shopper.add(split).await;
    assert_too_large(&mut shopper, &reply, &before).await;
}

#[tokio::test]
async fn negative_and_malformed_quantities_stay_invalid_quantity() {
    let app = CartApp::start().await;
    let (mut shopper, before) = beanies(&app, 1).await;
    for quantity in [json!(-3e9), json!(-1), json!("-4294967296"), json!(2.5)] {
        let reply = shopper
            .add(json!({"product_id": BEANIE, "quantity": quantity}))
            .await;
        assert_refused(&mut shopper, &reply, 400, "invalid_quantity", &before).await;
    }
}

#[tokio::test]
async fn an_update_may_set_the_maximum_but_not_one_more() {
    let app = CartApp::start().await;
    let (mut shopper, before) = beanies(&app, 2).await;
    let key = key(&before);
    for quantity in [json!(10_000), json!(3e9), json!("4294967296")] {
        let reply = shopper.patch(&key, json!({"quantity": quantity})).await;
        assert_too_large(&mut shopper, &reply, &before).await;
    }
    let reply = shopper.patch(&key, json!({"quantity": 9_999})).await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    assert_eq!(quantity_of(reply.cart(), BEANIE, None), 9_999);
}

#[tokio::test]
async fn a_line_stored_at_u32_max_before_the_limit_takes_no_more() {
    let app = CartApp::start().await;
    let (mut shopper, _) = beanies(&app, 1).await;
    let session = shopper.cookies["vitrine_session"].clone();
    let id = SessionId::parse(&session).expect("session id");
    let carts = app.db.carts();
    let mut stored = carts.load_cart(&id).await.expect("load").expect("saved");
    stored.cart.lines[0].quantity = u32::MAX;
    carts
        .save_cart(&id, &stored.cart, stored.version)
        .await
        .expect("saved as an old version could have");
    let before = shopper.cart().await;
    assert_eq!(quantity_of(&before, BEANIE, None), 4_294_967_295);
    let reply = shopper.add(json!({"product_id": BEANIE})).await;
    assert_too_large(&mut shopper, &reply, &before).await;
    let stored = app.stored_cart(&session).await.expect("still stored");
    assert_eq!(stored.lines[0].quantity, u32::MAX, "unchanged, not clamped");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn concurrent_adds_stop_exactly_at_the_maximum() {
    let app = CartApp::start().await;
    let (shopper, _) = beanies(&app, 9_990).await;
    let mut tasks = Vec::new();
    for tab in 0..20 {
        let mut tab_shopper = shopper.clone();
        if tab % 2 == 1 {
            tab_shopper.router = app.instance();
        }
        tasks.push(tokio::spawn(async move {
            let reply = tab_shopper.add(json!({"product_id": BEANIE})).await;
            (reply.status.as_u16(), reply.body["code"].clone())
        }));
    }
    let mut answers = Vec::new();
    for task in tasks {
        answers.push(task.await.expect("add finished"));
    }
    let added = answers.iter().filter(|(s, _)| *s == 200).count();
    let refused = answers
        .iter()
        .filter(|(s, c)| *s == 400 && c == "quantity_too_large")
        .count();
    assert_eq!((added, refused), (9, 11), "{answers:?}");
    let mut shopper = shopper;
    assert_eq!(quantity_of(&shopper.cart().await, BEANIE, None), 9_999);
}
