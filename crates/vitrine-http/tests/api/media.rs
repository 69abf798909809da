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
