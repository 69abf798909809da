//! The shop over WooCommerce's own sample CSV, imported by the real importer.

use serde_json::json;

use crate::helpers::{TestApp, inline_data, json_ld};

#[tokio::test]
async fn the_sample_hoodie_costs_42_to_45_dollars() {
    let app = TestApp::sample().await;
    let page = app.get("/product/hoodie/").await;
    assert_eq!(page.status, 200);
    let data = inline_data(&page.text);
    assert_eq!(data["product"]["price"]["text"], "$42.00 – $45.00");
    let docs = json_ld(&page.text);
    let product = docs
        .iter()
        .find(|d| d["@type"] == "Product")
        .expect("Product JSON-LD");
    assert_eq!(product["offers"]["lowPrice"], "42.00");
    let form = &data["product"]["variations_form"];
    assert_eq!(form["total_children"], 4);
    assert_eq!(form["attributes"][0]["swatch"], "color");
}

#[tokio::test]
async fn the_hidden_sample_product_is_not_listed_but_opens_by_url() {
    let app = TestApp::sample().await;
    let shop = app.get("/shop/").await;
    let listed = inline_data(&shop.text)["listing"]["products"].clone();
    let names: Vec<&str> = listed
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert!(!names.contains(&"Hoodie with Pocket"), "{names:?}");
    assert!(shop.text.contains("Showing 1–12 of"));
    assert_eq!(app.get("/product/hoodie-with-pocket/").await.status, 200);
}

#[tokio::test]
async fn sample_variations_match_blue_with_logo_and_nothing_for_red_with_logo() {
    let app = TestApp::sample().await;
    let uri = format!("/api/v1/products/{}/variations/match", app.ids.hoodie);
    let choose = |color: &str, logo: &str| json!({"attributes": {"attribute_color": color, "attribute_logo": logo}});
    let blue = app.post_json(&uri, &choose("Blue", "Yes")).await.json();
    assert_eq!(blue["variation"]["variation_id"], app.ids.blue_yes);
    assert_eq!(blue["variation"]["display_price"], 45.0);
    assert_eq!(blue["variation"]["weight_html"], "1.5 lbs");
    let red = app.post_json(&uri, &choose("Red", "Yes")).await.json();
    assert_eq!(red, json!({"variation": null}));
    let bad = app.post_json(&uri, &choose("Purple", "Yes")).await;
    assert_eq!(bad.status, 422);
}

#[tokio::test]
async fn sample_images_render_as_artwork_in_their_colour() {
    let app = TestApp::sample().await;
    let data = app.get("/api/v1/products/by-slug/beanie").await.json();
    let src = data["product"]["image"]["src"].as_str().unwrap().to_owned();
    let svg = app.get(&src).await;
    assert_eq!(svg.status, 200);
    assert!(svg.text.contains(">Beanie</text>"));
}
