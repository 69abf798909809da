//! Adding every product type: prices from the catalogue only, merging, variations with their
//! attributes, grouped children, bundles, sold-individually, backorders and cross-sells.

use serde_json::{Value, json};

use crate::cart_app::{
    ALBUM, BEANIE, BLUE_YES, CAP, COLLECTION, CartApp, HOODIE, RED_NO, TSHIRT, WITH_LOGO,
    quantity_of,
};

fn item(cart: &Value, product: i64) -> &Value {
    cart["items"]
        .as_array()
        .expect("items")
        .iter()
        .find(|i| i["product_id"] == product)
        .unwrap_or_else(|| panic!("no line for {product}: {cart}"))
}

#[tokio::test]
async fn a_simple_product_is_priced_by_the_catalogue_and_merges_into_one_line() {
    let app = CartApp::start().await;
    let mut shopper = app.shopper();
    let first = shopper
        .add(json!({"product_id": BEANIE, "quantity": 2}))
        .await;
    assert_eq!(first.status, 200, "{}", first.body);
    let line = item(first.cart(), BEANIE).clone();
    assert_eq!(first.body["added"], json!([line["key"]]));
    assert_eq!(line["key"].as_str().map(str::len), Some(32));
    assert_eq!(line["name"], "Beanie");
    assert_eq!(line["product_name"], "Beanie");
    assert_eq!(line["url"], "/product/beanie/");
    assert_eq!(line["variation_id"], Value::Null);
    assert!(
        line["image"]["src"]
            .as_str()
            .is_some_and(|s| s.starts_with("/media/"))
    );
    assert_eq!(
        line["unit_price"],
        json!({"amount_minor": 1800, "currency": "USD", "text": "$18.00"})
    );
    assert_eq!(line["line_total"]["text"], "$36.00");
    assert_eq!(
        line["quantity_rules"],
        json!({"min": 1, "max": null, "step": 1, "sold_individually": false})
    );

    let second = shopper
        .add(json!({"product_id": BEANIE, "quantity": "1"}))
        .await;
    let cart = second.cart();
    assert_eq!(
        cart["items"].as_array().map(Vec::len),
        Some(1),
        "same key, same line"
    );
    assert_eq!(item(cart, BEANIE)["key"], line["key"]);
    assert_eq!(cart["item_count"], 3);
    assert_eq!(cart["subtotal"]["text"], "$54.00");
    assert_eq!(cart["total"]["amount_minor"], 5400);
}

#[tokio::test]
async fn prices_and_totals_sent_by_the_browser_are_ignored() {
    let app = CartApp::start().await;
    let mut shopper = app.shopper();
    let reply = shopper
        .add(
            json!({"product_id": BEANIE, "quantity": 1, "price": 1, "line_total": 1,
            "unit_price": {"amount_minor": 1}, "total": 0, "product_name": "Free"}),
        )
        .await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    assert_eq!(
        item(reply.cart(), BEANIE)["unit_price"]["amount_minor"],
        1800
    );
    assert_eq!(reply.cart()["total"]["amount_minor"], 1800);
}

#[tokio::test]
async fn a_variation_is_added_with_its_attributes_by_id_by_choice_or_as_product_id() {
    let app = CartApp::start().await;
    let mut shopper = app.shopper();
    let red = json!({"product_id": HOODIE, "variation_id": RED_NO,
        "attributes": {"attribute_color": "Red", "attribute_logo": "No"}});
    let reply = shopper.add(red).await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    let line = item(reply.cart(), HOODIE);
    assert_eq!(line["variation_id"], RED_NO);
    assert_eq!(line["name"], "Hoodie - Red, No");
    assert_eq!(line["product_name"], "Hoodie");
    assert_eq!(line["url"], "/product/hoodie/");
    assert_eq!(
        line["attributes"],
        json!([{"name": "Color", "value": "Red"}, {"name": "Logo", "value": "No"}])
    );
    assert_eq!(
        line["unit_price"]["text"], "$42.00",
        "the variation's sale price"
    );

    let by_choice = json!({"product_id": HOODIE,
        "attributes": {"attribute_color": "Blue", "attribute_logo": "Yes"}});
    assert_eq!(shopper.add(by_choice).await.status, 200);
    let by_variation_id = json!({"product_id": BLUE_YES, "quantity": 2});
    let cart = shopper.add(by_variation_id).await.cart().clone();
    assert_eq!(
        quantity_of(&cart, HOODIE, Some(BLUE_YES)),
        3,
        "one line for Blue, Yes"
    );
    assert_eq!(quantity_of(&cart, HOODIE, Some(RED_NO)), 1);
}

#[tokio::test]
async fn a_grouped_product_adds_each_child_with_a_quantity_and_skips_zeroes() {
    let app = CartApp::start().await;
    let mut shopper = app.shopper();
    let quantities = json!({"46": 1, "47": 0, "48": "2"});
    let reply = shopper
        .add(json!({"product_id": COLLECTION, "quantities": quantities}))
        .await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    let cart = reply.cart();
    assert_eq!(reply.body["added"].as_array().map(Vec::len), Some(2));
    assert_eq!(quantity_of(cart, WITH_LOGO, None), 1);
    assert_eq!(quantity_of(cart, TSHIRT, None), 0);
    assert_eq!(quantity_of(cart, BEANIE, None), 2);
    assert_eq!(cart["subtotal"]["text"], "$81.00", "45.00 + 2 × 18.00");
}

#[tokio::test]
async fn a_bundle_costs_its_base_price_plus_its_items() {
    let app = CartApp::start().await;
    let mut shopper = app.shopper();
    let reply = shopper
        .add(json!({"product_id": app.bundle, "quantity": 2}))
        .await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    let line = item(reply.cart(), app.bundle);
    assert_eq!(line["unit_price"]["amount_minor"], 500 + 4000 + 1600);
    assert_eq!(line["line_total"]["text"], "$122.00");
}

#[tokio::test]
async fn a_sold_individually_product_is_forced_to_one() {
    let app = CartApp::start().await;
    let mut shopper = app.shopper();
    let reply = shopper
        .add(json!({"product_id": ALBUM, "quantity": 4}))
        .await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    let line = item(reply.cart(), ALBUM);
    assert_eq!(line["quantity"], 1);
    assert_eq!(line["quantity_rules"]["sold_individually"], true);
    assert_eq!(line["quantity_rules"]["max"], 1);
}

#[tokio::test]
async fn backorders_allow_more_than_the_stock() {
    let app = CartApp::start().await;
    let mut shopper = app.shopper();
    let reply = shopper.add(json!({"product_id": CAP, "quantity": 5})).await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    assert_eq!(quantity_of(reply.cart(), CAP, None), 5);
}

#[tokio::test]
async fn cross_sells_come_from_the_cart_products_minus_what_is_in_the_cart() {
    let app = CartApp::start().await;
    let mut shopper = app.shopper();
    let red = json!({"product_id": HOODIE, "variation_id": RED_NO,
        "attributes": {"attribute_color": "Red", "attribute_logo": "No"}});
    let cart = shopper.add(red).await.cart().clone();
    let names: Vec<&str> = cart["cross_sells"]
        .as_array()
        .expect("cross-sells")
        .iter()
        .filter_map(|p| p["name"].as_str())
        .collect();
    assert_eq!(names, ["Beanie", "Cap"]);
    assert_eq!(cart["cross_sells"][0]["price"]["text"], "$18.00");
    let cart = shopper
        .add(json!({"product_id": BEANIE}))
        .await
        .cart()
        .clone();
    assert_eq!(cart["cross_sells"].as_array().map(Vec::len), Some(1));
    assert_eq!(cart["cross_sells"][0]["name"], "Cap");
}
