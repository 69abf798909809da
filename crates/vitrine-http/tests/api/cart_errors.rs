//! Every cart error of the contract, each with its status, code, `product_url` or `available`,
//! and the cart exactly as it was afterwards.

use axum::http::Method;
use serde_json::{Value, json};

use crate::cart_app::{
    BEANIE, BELT, BLUE_YES, COLLECTION, CartApp, HOODIE, LONG_SLEEVE, PENNANT, POLO, Reply, Shopper,
};

/// A shopper with one Beanie in the cart, and that cart.
async fn shopper_with_a_beanie(app: &CartApp) -> (Shopper, Value) {
    let mut shopper = app.shopper();
    let reply = shopper.add(json!({"product_id": BEANIE})).await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    let cart = shopper.cart().await;
    assert_ne!(cart["cart_hash"], "");
    (shopper, cart)
}

/// Checks the refusal, then that the cart (hash included) is what it was before.
pub async fn assert_refused(
    shopper: &mut Shopper,
    reply: &Reply,
    status: u16,
    code: &str,
    before: &Value,
) {
    assert_eq!(reply.status.as_u16(), status, "{code}: {}", reply.body);
    assert_eq!(reply.body["code"], code, "{}", reply.body);
    assert!(
        reply.body["message"]
            .as_str()
            .is_some_and(|m| !m.is_empty())
    );
    assert!(reply.set_cookie("vitrine_session").is_none());
    let after = shopper.cart().await;
    assert_eq!(
        after["cart_hash"], before["cart_hash"],
        "{code}: hash unchanged"
    );
    assert_eq!(&after, before, "{code}: the cart is unchanged");
}

#[tokio::test]
async fn invalid_quantities_are_400_with_the_product_url() {
    let app = CartApp::start().await;
    let (mut shopper, before) = shopper_with_a_beanie(&app).await;
    for quantity in [json!("abc"), json!(0), json!(-1), json!(1.5), json!("")] {
        let reply = shopper
            .add(json!({"product_id": BEANIE, "quantity": quantity}))
            .await;
        assert_refused(&mut shopper, &reply, 400, "invalid_quantity", &before).await;
        assert_eq!(reply.body["field"], "quantity");
        assert_eq!(reply.body["product_url"], "/product/beanie/", "{quantity}");
    }
}

#[tokio::test]
async fn an_unknown_product_is_404() {
    let app = CartApp::start().await;
    let (mut shopper, before) = shopper_with_a_beanie(&app).await;
    let reply = shopper.add(json!({"product_id": 999_999})).await;
    assert_refused(&mut shopper, &reply, 404, "product_not_found", &before).await;
    assert_eq!(reply.body["product_url"], "/shop/");
}

#[tokio::test]
async fn a_variable_product_without_a_valid_variation_is_422() {
    let app = CartApp::start().await;
    let (mut shopper, before) = shopper_with_a_beanie(&app).await;
    let contradicting = json!({"product_id": HOODIE, "variation_id": BLUE_YES,
        "attributes": {"attribute_color": "Red"}});
    let incomplete = json!({"product_id": HOODIE, "attributes": {"attribute_color": "Blue"}});
    for body in [json!({"product_id": HOODIE}), contradicting, incomplete] {
        let reply = shopper.add(body).await;
        assert_refused(&mut shopper, &reply, 422, "invalid_attributes", &before).await;
        assert_eq!(reply.body["product_url"], "/product/hoodie/");
    }
}

#[tokio::test]
async fn external_drafts_and_grouped_without_quantities_are_not_purchasable() {
    let app = CartApp::start().await;
    let (mut shopper, before) = shopper_with_a_beanie(&app).await;
    for (product, url) in [
        (PENNANT, "/product/wordpress-pennant/"),
        (COLLECTION, "/product/logo-collection/"),
        (LONG_SLEEVE, "/product/long-sleeve-tee/"),
    ] {
        let reply = shopper
            .add(json!({"product_id": product, "quantity": 1}))
            .await;
        assert_refused(&mut shopper, &reply, 409, "not_purchasable", &before).await;
        assert_eq!(reply.body["product_url"], url);
    }
    let zeroes = json!({"product_id": COLLECTION, "quantities": {"46": 0, "47": "0"}});
    let reply = shopper.add(zeroes).await;
    assert_refused(&mut shopper, &reply, 400, "invalid_quantity", &before).await;
    let negative = json!({"product_id": COLLECTION, "quantities": {"46": -1}});
    let reply = shopper.add(negative).await;
    assert_refused(&mut shopper, &reply, 400, "invalid_quantity", &before).await;
}

#[tokio::test]
async fn more_than_the_stock_is_409_with_the_quantity_available() {
    let app = CartApp::start().await;
    let mut shopper = app.shopper();
    assert_eq!(
        shopper
            .add(json!({"product_id": BELT, "quantity": 2}))
            .await
            .status,
        200
    );
    let before = shopper.cart().await;
    let reply = shopper
        .add(json!({"product_id": BELT, "quantity": 2}))
        .await;
    assert_refused(&mut shopper, &reply, 409, "insufficient_stock", &before).await;
    assert_eq!(reply.body["available"], 3);
    assert_eq!(reply.body["product_url"], "/product/belt/");
    assert!(
        reply.body["message"]
            .as_str()
            .is_some_and(|m| m.contains("we have 3 in stock"))
    );
    let key = before["items"][0]["key"].as_str().expect("key").to_owned();
    let reply = shopper.patch(&key, json!({"quantity": 4})).await;
    assert_refused(&mut shopper, &reply, 409, "insufficient_stock", &before).await;
    assert_eq!(reply.body["available"], 3);
}

#[tokio::test]
async fn min_max_step_and_sold_individually_rules_are_refused() {
    let app = CartApp::start().await;
    let (mut shopper, before) = shopper_with_a_beanie(&app).await;
    for quantity in [1, 3, 8] {
        let reply = shopper
            .add(json!({"product_id": POLO, "quantity": quantity}))
            .await;
        assert_refused(&mut shopper, &reply, 400, "invalid_quantity", &before).await;
    }
    let album = json!({"product_id": crate::cart_app::ALBUM});
    assert_eq!(shopper.add(album.clone()).await.status, 200);
    let before = shopper.cart().await;
    let reply = shopper.add(album).await;
    assert_refused(&mut shopper, &reply, 409, "already_in_cart", &before).await;
}

#[tokio::test]
async fn bad_bodies_and_unknown_items_change_nothing() {
    let app = CartApp::start().await;
    let (mut shopper, before) = shopper_with_a_beanie(&app).await;
    let key = before["items"][0]["key"].as_str().expect("key").to_owned();
    for quantity in [json!("abc"), json!(-1), json!(null)] {
        let reply = shopper.patch(&key, json!({"quantity": quantity})).await;
        assert_refused(&mut shopper, &reply, 400, "invalid_quantity", &before).await;
    }
    let other = "0123456789abcdef0123456789abcdef";
    let reply = shopper.patch(other, json!({"quantity": 2})).await;
    assert_refused(&mut shopper, &reply, 404, "cart_item_not_found", &before).await;
    for key in [other, "nope"] {
        let reply = shopper.delete(key).await;
        assert_refused(&mut shopper, &reply, 404, "cart_item_not_found", &before).await;
    }
    let reply = shopper
        .send(
            Method::POST,
            "/api/v1/cart/items",
            Some(&json!({"quantity": 1})),
        )
        .await;
    assert_refused(&mut shopper, &reply, 400, "invalid_json", &before).await;
}
