//! `GET /api/v1/pages`: the resolver behind the HTML pages, as JSON.

use crate::helpers::{TestApp, inline_data};

#[tokio::test]
async fn a_product_path_gives_product_page_data() {
    let app = TestApp::spawn().await;
    let res = app.get("/api/v1/pages?path=/product/hoodie/").await;
    assert_eq!(res.status, 200);
    let data = res.json();
    assert_eq!(data["route"], "product");
    assert_eq!(data["product"]["price"]["text"], "$42.00 – $45.00");
    assert_eq!(
        data["seo"]["canonical"],
        "http://127.0.0.1:8080/product/hoodie/"
    );
    assert_eq!(data["site"]["name"], "Vitrine");
}

#[tokio::test]
async fn the_api_and_the_html_page_carry_the_same_page_data() {
    let app = TestApp::spawn().await;
    for path in [
        "/",
        "/shop/",
        "/product/hoodie/",
        "/product-category/clothing/",
        "/cart/",
        "/nope/",
    ] {
        let api = app.get(&format!("/api/v1/pages?path={path}")).await;
        let html = app.get(path).await;
        assert_eq!(api.status, html.status, "{path}");
        assert_eq!(api.json(), inline_data(&html.text), "{path}");
    }
}

#[tokio::test]
async fn listing_paths_keep_their_query_and_unknown_pages_are_404() {
    let app = TestApp::spawn().await;
    let sorted = app
        .get("/api/v1/pages?path=%2Fshop%2F%3Forderby%3Dprice")
        .await
        .json();
    assert_eq!(sorted["route"], "listing");
    assert_eq!(sorted["orderby"], "price");
    assert_eq!(
        sorted["listing"]["products"][0]["name"],
        "WordPress Pennant"
    );
    let search = app
        .get("/api/v1/pages?path=%2F%3Fs%3Dhoodie%26post_type%3Dproduct")
        .await
        .json();
    assert_eq!(search["context"]["kind"], "search");
    assert_eq!(search["context"]["query"], "hoodie");
    assert_eq!(search["seo"]["robots"], "noindex, follow");
    let missing = app.get("/api/v1/pages?path=/product/nope/").await;
    assert_eq!(missing.status, 404);
    assert_eq!(missing.json()["route"], "not_found");
    let unslashed = app.get("/api/v1/pages?path=/shop").await.json();
    assert_eq!(unslashed["route"], "listing", "the redirect is followed");
}

#[tokio::test]
async fn a_missing_or_relative_path_is_400() {
    let app = TestApp::spawn().await;
    let none = app.get("/api/v1/pages").await;
    assert_eq!(none.status, 400);
    assert_eq!(none.json()["field"], "path");
    assert_eq!(app.get("/api/v1/pages?path=shop").await.status, 400);
}

#[tokio::test]
async fn the_cart_page_is_the_same_for_everyone_and_may_be_indexed() {
    let app = TestApp::spawn().await;
    for path in [
        "/cart/",
        "/cart/?remove_item=0123456789abcdef0123456789abcdef",
    ] {
        let html = app.get(path).await;
        assert_eq!(html.status, 200, "{path}");
        let data = inline_data(&html.text);
        assert_eq!(data["route"], "cart", "{path}");
        assert_eq!(data["seo"]["title"], "Cart – Vitrine");
        // ADR 0025: no robots rule on the cart (the checkout and account keep theirs).
        assert_eq!(data["seo"]["robots"], serde_json::Value::Null);
        assert_eq!(data["seo"]["canonical"], "http://127.0.0.1:8080/cart/");
        assert_eq!(data["site"]["name"], "Vitrine");
        // Only route, site, seo and the page's static events (GA4 view_cart, no lines): the
        // cart itself comes from /api/v1/session.
        let mut keys: Vec<&str> = data
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        keys.sort_unstable();
        assert_eq!(keys, ["events", "route", "seo", "site"], "{path}");
        assert_eq!(data["events"][0]["items"], serde_json::json!([]), "{path}");
        assert!(html.text.contains("<title>Cart – Vitrine</title>"));
        assert!(!html.text.contains("<meta name=\"robots\""));
        assert!(
            html.text
                .contains("<h1 class=\"cart-page__title\">Cart</h1>")
        );
        assert!(!html.text.contains("application/ld+json"), "no JSON-LD");
        assert!(
            html.header("set-cookie").is_empty(),
            "no session for a page"
        );

        let encoded = path
            .replace('/', "%2F")
            .replace('?', "%3F")
            .replace('=', "%3D");
        let api = app.get(&format!("/api/v1/pages?path={encoded}")).await;
        assert_eq!(api.status, 200, "{path}");
        assert_eq!(api.json(), data, "{path}");
    }
    let unslashed = app.get("/cart?remove_item=abc").await;
    assert_eq!(unslashed.status, 301);
    assert_eq!(unslashed.header("location"), "/cart/?remove_item=abc");
    assert_eq!(app.get("/cart/page/2/").await.status, 404);
}
