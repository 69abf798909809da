//! Live search over WooCommerce's sample catalogue (issue 13): ranking, typos, SKUs,
//! visibility, bad input and the results page from the index.

use vitrine_app::read_cache::ReadCachePolicy;
use vitrine_http::ShopSettings;

use crate::helpers::{TestApp, inline_data};

async fn suggested(app: &TestApp, query: &str) -> Vec<String> {
    let response = app
        .get(&format!("/api/v1/search/suggestions?q={query}"))
        .await;
    assert_eq!(response.status, 200, "{query}: {}", response.text);
    response.json()["suggestions"]
        .as_array()
        .expect("a list")
        .iter()
        .map(|s| s["value"].as_str().expect("a name").to_owned())
        .collect()
}

/// Each product's suggestion is kept on its own in the read cache (ADR 0035): lists made of
/// products that earlier queries suggested answer the same bytes, type and tag as an instance
/// that keeps nothing.
#[tokio::test]
async fn suggestions_from_kept_parts_equal_fresh_ones() {
    let app = TestApp::sample().await;
    let fresh = app.instance(ShopSettings::default(), |p| {
        p.read_cache = ReadCachePolicy::OFF;
    });
    let queries = [
        "hoo",
        "hoodie",
        "hoodie%20w",
        "hodie",
        "woo-",
        "belt",
        "cap",
        "hoodie",
    ];
    for q in queries {
        let uri = format!("/api/v1/search/suggestions?q={q}");
        let (kept, plain) = (app.get(&uri).await, fresh.get(&uri).await);
        assert_eq!(kept.status, 200, "{q}: {}", kept.text);
        assert_eq!(kept.text, plain.text, "{q}");
        assert_eq!(
            kept.headers.get("content-type"),
            plain.headers.get("content-type"),
            "{q}"
        );
        assert_eq!(kept.headers.get("etag"), plain.headers.get("etag"), "{q}");
    }
}

#[tokio::test]
async fn a_typo_still_finds_the_hoodie_first() {
    let app = TestApp::sample().await;
    let found = suggested(&app, "hodie").await;
    assert_eq!(
        found.first().map(String::as_str),
        Some("Hoodie"),
        "{found:?}"
    );
}

#[tokio::test]
async fn three_letters_find_the_hoodies_but_never_a_hidden_one() {
    let app = TestApp::sample().await;
    let found = suggested(&app, "hoo").await;
    assert_eq!(found, ["Hoodie", "Hoodie with Logo", "Hoodie with Zipper"]);
    assert!(
        !found.iter().any(|n| n == "Hoodie with Pocket"),
        "hidden in the sample"
    );
}

#[tokio::test]
async fn a_sku_finds_its_product_first() {
    let app = TestApp::sample().await;
    assert_eq!(
        suggested(&app, "woo-belt")
            .await
            .first()
            .map(String::as_str),
        Some("Belt")
    );
    assert_eq!(
        suggested(&app, "WOO-BEL").await.first().map(String::as_str),
        Some("Belt")
    );
}

#[tokio::test]
async fn a_suggestion_links_the_product_with_its_image_and_price() {
    let app = TestApp::sample().await;
    let response = app.get("/api/v1/search/suggestions?q=belt").await;
    let first = &response.json()["suggestions"][0];
    assert_eq!(first["value"], "Belt");
    assert_eq!(first["url"], "/product/belt/");
    assert!(first["id"].as_i64().expect("id") > 0);
    assert!(
        first["img"].as_str().expect("img").starts_with("/media/"),
        "{first}"
    );
    assert!(
        first["price"].as_str().expect("price").contains("$55.00"),
        "{first}"
    );
}

#[tokio::test]
async fn fewer_than_three_characters_suggest_nothing() {
    let app = TestApp::sample().await;
    assert!(suggested(&app, "ho").await.is_empty());
    assert!(!suggested(&app, "hoo").await.is_empty());
}

#[tokio::test]
async fn bad_queries_are_a_400_with_a_code_never_a_500() {
    let app = TestApp::sample().await;
    let long = "a".repeat(101);
    for uri in [
        "/api/v1/search/suggestions?q=".to_owned(),
        "/api/v1/search/suggestions".to_owned(),
        "/api/v1/search/suggestions?q=%20%20".to_owned(),
        format!("/api/v1/search/suggestions?q={long}"),
        "/api/v1/search/suggestions?q=hoo%00die".to_owned(),
        "/api/v1/search/suggestions?q=hoo&category=abc".to_owned(),
        "/api/v1/search/suggestions?q=hoo&category=999999".to_owned(),
    ] {
        let response = app.get(&uri).await;
        assert_eq!(response.status, 400, "{uri}: {}", response.text);
        assert_eq!(response.json()["code"], "invalid_parameter", "{uri}");
    }
    let at_limit = "a".repeat(100);
    let response = app
        .get(&format!("/api/v1/search/suggestions?q={at_limit}"))
        .await;
    assert_eq!(response.status, 200, "100 characters are allowed");
}

#[tokio::test]
async fn a_category_narrows_the_suggestions() {
    let app = TestApp::sample().await;
    let categories = app.get("/api/v1/categories").await.json();
    let id_of = |name: &str| {
        categories["categories"]
            .as_array()
            .expect("categories")
            .iter()
            .find(|c| c["name"] == name)
            .and_then(|c| c["id"].as_i64())
            .unwrap_or_else(|| panic!("{name} in {categories}"))
    };
    let accessories = id_of("Accessories");
    let response = app
        .get(&format!(
            "/api/v1/search/suggestions?q=hoo&category={accessories}"
        ))
        .await;
    assert_eq!(response.status, 200);
    assert_eq!(response.json()["suggestions"], serde_json::json!([]));
    let hoodies = id_of("Hoodies");
    let response = app
        .get(&format!(
            "/api/v1/search/suggestions?q=hoo&category={hoodies}"
        ))
        .await;
    assert_eq!(response.json()["suggestions"][0]["value"], "Hoodie");
}

#[tokio::test]
async fn the_results_page_comes_from_the_index_with_typos_and_sorting() {
    let app = TestApp::sample().await;
    let page = app.get("/?s=hodie&post_type=product").await;
    assert_eq!(page.status, 200);
    let data = inline_data(&page.text);
    let names: Vec<&str> = data["listing"]["products"]
        .as_array()
        .expect("products")
        .iter()
        .map(|p| p["name"].as_str().expect("name"))
        .collect();
    assert_eq!(names.first(), Some(&"Hoodie"), "{names:?}");
    assert!(!names.contains(&"Hoodie with Pocket"));

    let by_price = app
        .get("/?s=hoo&post_type=product&orderby=price-desc")
        .await;
    let data = inline_data(&by_price.text);
    let prices: Vec<i64> = data["listing"]["products"]
        .as_array()
        .expect("products")
        .iter()
        .map(|p| p["price"]["min_minor"].as_i64().expect("price"))
        .collect();
    let mut sorted = prices.clone();
    sorted.sort_unstable_by(|a, b| b.cmp(a));
    assert_eq!(prices, sorted);
    assert_eq!(data["listing"]["meta"]["total"], prices.len() as u64);
}

#[tokio::test]
async fn a_catalogue_write_is_found_by_an_instance_that_did_not_make_it() {
    let app = TestApp::sample().await;
    let other = app.restarted();
    assert!(suggested(&other, "gizmo").await.is_empty());
    let store = app
        .db
        .catalogue(vitrine_domain::catalogue::fixtures::CURRENCY);
    let mut import = vitrine_domain::ports::CatalogueStore::begin_import(&store)
        .await
        .expect("import");
    let gizmo = vitrine_domain::catalogue::fixtures::simple_product(9001, "Gizmo", 1200);
    import.upsert_product(&gizmo).await.expect("upsert");
    import.commit().await.expect("commit");
    assert_eq!(suggested(&other, "gizmo").await, ["Gizmo"]);
    assert_eq!(
        suggested(&other, "gizmp").await,
        ["Gizmo"],
        "typo within distance 1"
    );
}

async fn result_names(app: &TestApp, uri: &str) -> Vec<String> {
    let page = app.get(uri).await;
    assert_eq!(page.status, 200, "{uri}");
    inline_data(&page.text)["listing"]["products"]
        .as_array()
        .map(|products| {
            products
                .iter()
                .map(|p| p["name"].as_str().expect("name").to_owned())
                .collect()
        })
        .unwrap_or_default()
}

#[tokio::test]
async fn search_results_filter_by_attribute_and_price_like_woocommerce() {
    let app = TestApp::sample().await;
    let blue = result_names(&app, "/?s=hoo&post_type=product&filter_color=blue").await;
    assert_eq!(blue, ["Hoodie", "Hoodie with Logo"]);
    // The Hoodie starts at $42.00: below a $44 minimum.
    let priced = result_names(&app, "/?s=hoo&post_type=product&min_price=44&max_price=45").await;
    assert_eq!(priced, ["Hoodie with Logo", "Hoodie with Zipper"]);
    let ignored = result_names(&app, "/?s=hoo&post_type=product&min_price=lots").await;
    assert_eq!(
        ignored.len(),
        3,
        "an unreadable price is ignored: {ignored:?}"
    );
}
