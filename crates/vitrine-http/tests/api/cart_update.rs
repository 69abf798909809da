//! Changing and removing items by cart_item_key, the hash following every change, and items
//! whose product went away.

use serde_json::json;
use vitrine_domain::catalogue::ProductStatus;

use crate::cart_app::{BEANIE, BELT, CartApp, HOODIE, RED_NO, TSHIRT, quantity_of};

#[tokio::test]
async fn quantities_change_by_key_and_zero_or_delete_removes() {
    let app = CartApp::start().await;
    let mut shopper = app.shopper();
    shopper.add(json!({"product_id": BEANIE})).await;
    let added = shopper.add(json!({"product_id": BELT})).await;
    let hash = added.cart()["cart_hash"].clone();
    let beanie = added.cart()["items"][0]["key"]
        .as_str()
        .expect("key")
        .to_owned();
    let belt = added.cart()["items"][1]["key"]
        .as_str()
        .expect("key")
        .to_owned();

    let reply = shopper.patch(&beanie, json!({"quantity": "3"})).await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    let cart = reply.cart();
    assert_eq!(quantity_of(cart, BEANIE, None), 3);
    assert_eq!(
        cart["items"][0]["key"],
        beanie.as_str(),
        "the line keeps its place"
    );
    assert_eq!(cart["items"][0]["line_total"]["text"], "$54.00");
    assert_ne!(cart["cart_hash"], hash);
    assert_eq!(
        reply.cookie_value("vitrine_cart_hash").as_deref(),
        cart["cart_hash"].as_str()
    );

    let reply = shopper.patch(&beanie, json!({"quantity": 0})).await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    assert_eq!(quantity_of(reply.cart(), BEANIE, None), 0);

    let reply = shopper.delete(&belt).await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    assert_eq!(reply.cart()["items"], json!([]));
    assert_eq!(reply.cart()["cart_hash"], "");
    assert_eq!(reply.cookie_value("vitrine_cart_hash").as_deref(), Some(""));
    let session = shopper.cookies["vitrine_session"].clone();
    let stored = app.stored_cart(&session).await.expect("still stored");
    assert!(stored.lines.is_empty());
}

#[tokio::test]
async fn an_item_whose_product_is_gone_is_reported_then_dropped_on_the_next_write() {
    let app = CartApp::start().await;
    let mut shopper = app.shopper();
    shopper
        .add(json!({"product_id": BEANIE, "quantity": 2}))
        .await;
    let red = json!({"product_id": HOODIE, "variation_id": RED_NO,
        "attributes": {"attribute_color": "Red", "attribute_logo": "No"}});
    shopper.add(red).await;
    app.change_product(BEANIE, |p| p.status = ProductStatus::Draft)
        .await;
    app.change_product(HOODIE, |p| {
        if let Some(v) = p.variations.iter_mut().find(|v| v.id.0 == RED_NO) {
            v.enabled = false;
        }
    })
    .await;
    // Each instance reuses products for up to a second; a fresh one reads the change at once.
    shopper.router = app.instance();

    let read = shopper.cart().await;
    assert_eq!(read["items"], json!([]));
    assert_eq!(read["item_count"], 0);
    assert_eq!(read["cart_hash"], "");
    let messages: Vec<&str> = read["notices"]
        .as_array()
        .expect("notices")
        .iter()
        .map(|n| {
            assert_eq!(n["kind"], "error");
            n["message"].as_str().expect("text")
        })
        .collect();
    assert_eq!(messages.len(), 2, "{messages:?}");
    assert!(
        messages[1].starts_with("\"Hoodie\" has been removed"),
        "{messages:?}"
    );
    let session = shopper.cookies["vitrine_session"].clone();
    assert_eq!(
        app.stored_cart(&session).await.expect("stored").lines.len(),
        2,
        "reads never write"
    );

    let write = shopper.add(json!({"product_id": TSHIRT})).await;
    assert_eq!(write.status, 200, "{}", write.body);
    assert_eq!(write.cart()["notices"].as_array().map(Vec::len), Some(2));
    assert_eq!(quantity_of(write.cart(), TSHIRT, None), 1);
    let stored = app.stored_cart(&session).await.expect("stored");
    let products: Vec<i64> = stored.lines.iter().map(|l| l.product_id.0).collect();
    assert_eq!(products, [TSHIRT], "gone lines dropped by the write");
    assert_eq!(shopper.cart().await["notices"], json!([]));
}
