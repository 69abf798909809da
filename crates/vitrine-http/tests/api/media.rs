//! `/media/{image_id}-{width}.svg` artwork.

use crate::helpers::TestApp;

#[tokio::test]
async fn product_images_are_served_as_cached_svg_artwork() {
    let app = TestApp::spawn().await;
    let p = app.get("/api/v1/products/by-slug/hoodie").await.json();
    let src = p["product"]["image"]["src"].as_str().unwrap().to_owned();
    assert!(
        src.starts_with("/media/") && src.ends_with("-600.svg"),
        "{src}"
    );
    assert!(
        p["product"]["image"]["source_url"]
            .as_str()
            .unwrap()
            .starts_with("https://")
    );
    let res = app.get(&src).await;
    assert_eq!(res.status, 200);
    assert_eq!(res.header("content-type"), "image/svg+xml");
    assert!(res.header("cache-control").contains("immutable"));
    assert!(res.text.starts_with("<svg"));
    assert!(res.text.contains("#1e73be"), "the hoodie is blue");
    assert!(res.text.contains(">Hoodie</text>"));
    let etag = res.header("etag").to_owned();
    assert!(!etag.is_empty());
    let again = app.get_with(&src, &[("if-none-match", &etag)]).await;
    assert_eq!(again.status, 304);
}

#[tokio::test]
async fn images_are_found_after_a_restart_without_reading_the_product_first() {
    let app = TestApp::spawn().await;
    let p = app.get("/api/v1/products/by-slug/beanie").await.json();
    let id = p["product"]["image"]["id"].as_i64().unwrap();
    let restarted = app.restarted();
    let res = restarted.get(&format!("/media/{id}-300.svg")).await;
    assert_eq!(res.status, 200);
    assert!(res.text.contains("width=\"300\""));
}

#[tokio::test]
async fn unknown_images_and_widths_are_404() {
    let app = TestApp::spawn().await;
    assert_eq!(app.get("/media/999999-600.svg").await.status, 404);
    let p = app.get("/api/v1/products/by-slug/hoodie").await.json();
    let id = p["product"]["image"]["id"].as_i64().unwrap();
    assert_eq!(app.get(&format!("/media/{id}-601.svg")).await.status, 404);
    assert_eq!(app.get("/media/nonsense").await.status, 404);
}

/// ADR 0044: a fresh instance finds any image's product in the database — a hidden product's
/// (in no listing, so no walk of the listings finds it) and a variation's picture — without
/// anything read first. (The store's conformance story `images_lead_to_the_products_showing_them`
/// covers a variation picture no product image shares.)
#[tokio::test]
async fn a_fresh_instance_draws_hidden_products_and_variation_pictures() {
    let app = TestApp::sample().await;
    let pocket = app
        .get("/api/v1/products/by-slug/hoodie-with-pocket")
        .await
        .json();
    let pocket_src = pocket["product"]["image"]["src"]
        .as_str()
        .unwrap()
        .to_owned();
    let uri = format!("/api/v1/products/{}/variations/match", app.ids.hoodie);
    let choose =
        serde_json::json!({"attributes": {"attribute_color": "Red", "attribute_logo": "No"}});
    let red = app.post_json(&uri, &choose).await.json();
    let red_src = red["variation"]["image"]["src"]
        .as_str()
        .unwrap()
        .to_owned();

    let fresh = app.restarted();
    let drawn = fresh.get(&pocket_src).await;
    assert_eq!(drawn.status, 200, "{pocket_src}");
    assert!(
        drawn.text.contains(">Hoodie with Pocket</text>"),
        "{}",
        drawn.text
    );
    let drawn = fresh.get(&red_src).await;
    assert_eq!(drawn.status, 200, "{red_src}");
    assert!(drawn.text.contains(">Hoodie</text>"));
    assert!(
        drawn.text.contains("#dd3333"),
        "the red variation's picture is red"
    );
}
