//! Variations (spec §7 Variations 1–4) and the variations form data.

use serde_json::json;
use vitrine_http::ShopSettings;

use crate::helpers::TestApp;

#[tokio::test]
async fn all_variations_are_listed_with_every_spec_field() {
    let app = TestApp::spawn().await;
    let res = app
        .get(&format!("/api/v1/products/{}/variations", app.ids.hoodie))
        .await;
    assert_eq!(res.status, 200);
    let body = res.json();
    let variations = body["variations"].as_array().unwrap();
    assert_eq!(variations.len(), 4);
    let red = &variations[0];
    assert_eq!(red["variation_id"], 79);
    assert_eq!(
        red["attributes"],
        json!({"attribute_color": "Red", "attribute_logo": "No"})
    );
    assert_eq!(red["display_price"], 42.0);
    assert_eq!(red["display_price_cents"], 4200);
    assert_eq!(red["display_regular_price_cents"], 4500);
    assert!(red["price_html"].as_str().unwrap().contains("<del"));
    assert_eq!(
        red["weight"], "1.5",
        "variations inherit the parent's weight"
    );
    assert_eq!(red["weight_html"], "1.5 lbs");
    assert_eq!(red["dimensions_html"], "");
    assert_eq!(red["is_sold_individually"], "no");
    assert_eq!(red["min_qty"], 1);
    assert_eq!(red["max_qty"], serde_json::Value::Null);
    assert_eq!(red["variation_is_visible"], true);
    assert_eq!(red["is_purchasable"], true);
    assert_eq!(red["sku"], "woo-hoodie-red-no");
    assert_eq!(
        red["availability_html"],
        "<p class=\"stock in-stock\">In stock</p>"
    );
    assert_eq!(red["variation_is_active"], true);
    assert_eq!(red["is_in_stock"], true);
    assert_eq!(red["is_virtual"], false);
    assert_eq!(
        red["variation_stock_left"],
        serde_json::Value::Null,
        "no managed stock: nothing to count down"
    );
    assert_eq!(
        red["dimensions"],
        json!({"length": "", "width": "", "height": ""})
    );
    assert_eq!(red["image_id"], 2);
    assert_eq!(red["image_link"], "/media/2-1200.svg");
    assert_eq!(red["image_src"], "/media/2-600.svg");
    assert_eq!(
        red["image"],
        json!({
            "alt": "Hoodie",
            "caption": "",
            "title": "",
            "src": "/media/2-600.svg",
            "src_w": 600,
            "src_h": 600,
            "thumb_src": "/media/2-300.svg",
            "full_src": "/media/2-1200.svg",
            "full_src_w": 1200,
            "full_src_h": 1200,
            "gallery_thumbnail_src": "/media/2-100.svg",
            "srcset": "/media/2-300.svg 300w, /media/2-600.svg 600w, /media/2-1200.svg 1200w",
            "sizes": "(max-width: 600px) 100vw, 600px",
        })
    );
}

#[tokio::test]
async fn blue_with_logo_matches_its_variation_and_red_with_logo_matches_none() {
    let app = TestApp::spawn().await;
    let uri = format!("/api/v1/products/{}/variations/match", app.ids.hoodie);
    let blue_yes = app
        .post_json(
            &uri,
            &json!({"attributes": {"attribute_color": "Blue", "attribute_logo": "Yes"}}),
        )
        .await;
    assert_eq!(blue_yes.status, 200);
    assert_eq!(
        blue_yes.json()["variation"]["variation_id"],
        app.ids.blue_yes
    );
    let red_yes = app
        .post_json(
            &uri,
            &json!({"attributes": {"attribute_color": "Red", "attribute_logo": "Yes"}}),
        )
        .await;
    assert_eq!(red_yes.status, 200);
    assert_eq!(red_yes.json(), json!({"variation": null}));
}

#[tokio::test]
async fn a_partial_selection_matches_nothing_yet() {
    let app = TestApp::spawn().await;
    let uri = format!("/api/v1/products/{}/variations/match", app.ids.hoodie);
    let res = app
        .post_json(
            &uri,
            &json!({"attributes": {"attribute_color": "Blue", "attribute_logo": ""}}),
        )
        .await;
    assert_eq!(res.status, 200);
    assert_eq!(res.json(), json!({"variation": null}));
}

#[tokio::test]
async fn an_any_size_variation_matches_every_size() {
    let app = TestApp::spawn().await;
    let uri = format!("/api/v1/products/{}/variations/match", app.ids.vneck);
    let res = app
        .post_json(
            &uri,
            &json!({"attributes": {"attribute_color": "blue", "attribute_size": "Small"}}),
        )
        .await;
    assert_eq!(res.json()["variation"]["variation_id"], 78);
    assert_eq!(res.json()["variation"]["attributes"]["attribute_size"], "");
}

#[tokio::test]
async fn unknown_attributes_or_options_are_422_naming_the_attribute() {
    let app = TestApp::spawn().await;
    let uri = format!("/api/v1/products/{}/variations/match", app.ids.hoodie);
    let key = app
        .post_json(&uri, &json!({"attributes": {"attribute_size": "Small"}}))
        .await;
    assert_eq!(key.status, 422);
    assert_eq!(key.json()["code"], "invalid_attributes");
    assert_eq!(key.json()["field"], "attribute_size");
    let value = app
        .post_json(&uri, &json!({"attributes": {"attribute_color": "Purple"}}))
        .await;
    assert_eq!(value.status, 422);
    assert_eq!(value.json()["field"], "attribute_color");
}

#[tokio::test]
async fn the_preview_shows_the_first_variation_of_a_colour_with_an_image() {
    let app = TestApp::spawn().await;
    let base = format!("/api/v1/products/{}/variations/preview", app.ids.hoodie);
    let blue = app.get(&format!("{base}?attribute_color=Blue")).await;
    assert_eq!(blue.status, 200);
    assert_eq!(blue.json()["variation"]["variation_id"], 81);
    assert!(
        blue.json()["variation"]["image"]["src"]
            .as_str()
            .unwrap()
            .starts_with("/media/")
    );
    let none = app.get(&format!("{base}?attribute_color=")).await;
    assert_eq!(none.json(), json!({"variation": null}));
    let two = app
        .get(&format!("{base}?attribute_color=Blue&attribute_logo=Yes"))
        .await;
    assert_eq!(two.status, 400);
    assert_eq!(two.json()["code"], "invalid_parameter");
    let bad = app.get(&format!("{base}?attribute_fabric=Wool")).await;
    assert_eq!(bad.status, 422);
}

#[tokio::test]
async fn the_form_data_embeds_variations_swatches_and_availability() {
    let app = TestApp::spawn().await;
    let p = app.get("/api/v1/products/by-slug/hoodie").await.json();
    let form = &p["product"]["variations_form"];
    assert_eq!(form["product_id"], 45);
    assert_eq!(form["total_children"], 4);
    assert_eq!(form["threshold_max"], 30);
    assert_eq!(form["product_variations"].as_array().unwrap().len(), 4);
    assert_eq!(
        form["default_attributes"],
        json!({"attribute_color": "Blue"})
    );
    let color = &form["attributes"][0];
    assert_eq!(color["key"], "attribute_color");
    assert_eq!(color["swatch"], "color");
    assert_eq!(color["swatch_values"]["Blue"]["color"], "#1e73be");
    assert_eq!(form["attributes"][1]["swatch"], "button");
    let availability = &form["availability"];
    assert_eq!(
        availability["keys"],
        json!(["attribute_color", "attribute_logo"])
    );
    // Red (index 2), No (index 1): variation 79, in stock, purchasable.
    assert_eq!(availability["entries"][0], json!([79, 1, 1, 2, 1]));
    let vneck = app
        .get("/api/v1/products/by-slug/v-neck-t-shirt")
        .await
        .json();
    let any_size = &vneck["product"]["variations_form"]["availability"]["entries"][0];
    assert_eq!(any_size, &json!([76, 1, 1, 2, -1]));
}

#[tokio::test]
async fn above_the_threshold_variations_are_looked_up_instead_of_embedded() {
    let mut settings = ShopSettings::default();
    settings.variations.threshold = 3;
    let app = TestApp::with_settings(settings).await;
    let p = app.get("/api/v1/products/by-slug/hoodie").await.json();
    let form = &p["product"]["variations_form"];
    assert_eq!(form["product_variations"], serde_json::Value::Null);
    assert_eq!(form["availability"]["entries"].as_array().unwrap().len(), 4);
}

/// "At most": a product with exactly `threshold` children (the hoodie has 4) still embeds them,
/// one child more than the threshold does not.
#[tokio::test]
async fn a_product_with_exactly_the_threshold_of_children_embeds_them() {
    for (threshold, embedded) in [(4, true), (3, false)] {
        let mut settings = ShopSettings::default();
        settings.variations.threshold = threshold;
        let app = TestApp::with_settings(settings).await;
        let p = app.get("/api/v1/products/by-slug/hoodie").await.json();
        let form = &p["product"]["variations_form"];
        assert_eq!(form["total_children"], 4);
        assert_eq!(form["threshold_max"], threshold);
        assert_eq!(
            form["product_variations"].as_array().map(Vec::len),
            embedded.then_some(4),
            "threshold {threshold}"
        );
    }
}
