//! Site, categories and product endpoints.

use crate::helpers::TestApp;

#[tokio::test]
async fn the_hoodie_shows_its_variation_price_range() {
    let app = TestApp::spawn().await;
    let res = app
        .get(&format!("/api/v1/products/{}", app.ids.hoodie))
        .await;
    assert_eq!(res.status, 200);
    let price = &res.json()["product"]["price"];
    assert_eq!(price["text"], "$42.00 – $45.00");
    assert_eq!(price["min_minor"], 4200);
    assert_eq!(price["max_minor"], 4500);
    assert_eq!(price["regular_text"], serde_json::Value::Null);
}

#[tokio::test]
async fn a_simple_product_on_sale_strikes_through_its_regular_price() {
    let app = TestApp::spawn().await;
    let product = app
        .get(&format!("/api/v1/products/{}", app.ids.beanie))
        .await
        .json();
    assert_eq!(
        product,
        app.get("/api/v1/products/by-slug/beanie").await.json()
    );
    let price = &product["product"]["price"];
    assert_eq!(price["text"], "$18.00");
    assert_eq!(price["regular_text"], "$20.00");
    assert!(
        price["html"]
            .as_str()
            .unwrap()
            .contains("<del aria-hidden=\"true\">")
    );
    assert_eq!(product["product"]["on_sale"], true);
    assert_eq!(product["product"]["tags"][0]["url"], "/product-tag/warm/");
    assert_eq!(
        product["product"]["categories"][0]["url"],
        "/product-category/clothing/accessories/"
    );
}

#[tokio::test]
async fn grouped_and_bundle_prices_come_from_their_parts() {
    let app = TestApp::spawn().await;
    let grouped = app
        .get(&format!("/api/v1/products/{}", app.ids.collection))
        .await
        .json();
    assert_eq!(grouped["product"]["price"]["text"], "$18.00 – $45.00");
    assert_eq!(
        grouped["product"]["grouped_children"]
            .as_array()
            .unwrap()
            .len(),
        3
    );
    assert_eq!(grouped["product"]["add_to_cart"]["text"], "View products");

    let bundle = app
        .get(&format!("/api/v1/products/{}", app.ids.bundle))
        .await
        .json();
    let b = &bundle["product"];
    assert_eq!(b["price"]["text"], "$63.00");
    assert_eq!(b["bundle"]["base_price"]["text"], "$5.00");
    assert_eq!(b["bundle"]["total"]["amount_minor"], 6300);
    assert_eq!(b["bundle"]["items"][0]["product"]["name"], "Beanie");
    assert_eq!(b["type_code"], 2);
}

#[tokio::test]
async fn an_external_product_links_out_with_its_button_text() {
    let app = TestApp::spawn().await;
    let p = app
        .get(&format!("/api/v1/products/{}", app.ids.pennant))
        .await
        .json();
    let button = &p["product"]["add_to_cart"];
    assert_eq!(button["text"], "Buy on the WordPress swag store!");
    assert_eq!(button["external"], true);
    assert_eq!(p["product"]["price"]["text"], "$11.05");
    assert_eq!(p["product"]["is_purchasable"], false);
}

#[tokio::test]
async fn the_product_page_data_has_breadcrumbs_weight_and_related_products() {
    let app = TestApp::spawn().await;
    let p = app.get("/api/v1/products/by-slug/hoodie").await.json();
    let product = &p["product"];
    let crumbs: Vec<&str> = product["breadcrumbs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert_eq!(crumbs, ["Home", "Clothing", "Hoodies", "Hoodie"]);
    assert_eq!(product["weight_html"], "1.5 lbs");
    assert_eq!(product["kind"], "variable");
    assert_eq!(product["add_to_cart"]["text"], "Select options");
    let related: Vec<&str> = product["related"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["name"].as_str().unwrap())
        .collect();
    assert!(related.contains(&"Hoodie with Logo"), "{related:?}");
    assert!(
        !related.contains(&"Hoodie"),
        "a product is not related to itself"
    );
    assert!(
        !related.contains(&"Hoodie with Pocket"),
        "hidden products are not listed"
    );
}

#[tokio::test]
async fn the_listing_leaves_out_the_hidden_product() {
    let app = TestApp::spawn().await;
    let list = app.get("/api/v1/products").await.json();
    let names: Vec<&str> = list["products"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert!(!names.contains(&"Hoodie with Pocket"));
    assert!(names.contains(&"Hoodie"));
    assert_eq!(list["meta"]["total"], 9);
    assert_eq!(list["meta"]["result_count"], "Showing all 9 results");
    let pocket = app.get("/api/v1/products/by-slug/hoodie-with-pocket").await;
    assert_eq!(
        pocket.status, 200,
        "a hidden product still opens by its address"
    );
    assert_eq!(pocket.json()["product"]["id"], app.ids.pocket);
}

#[tokio::test]
async fn listings_filter_by_category_tag_featured_and_search_and_page() {
    let app = TestApp::spawn().await;
    let names = |v: serde_json::Value| -> Vec<String> {
        v["products"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["name"].as_str().unwrap().to_owned())
            .collect()
    };
    let hoodies = names(
        app.get("/api/v1/products?category=clothing/hoodies")
            .await
            .json(),
    );
    assert_eq!(hoodies, ["Hoodie", "Hoodie with Logo"]);
    let clothing = app.get("/api/v1/products?category=clothing").await.json();
    assert_eq!(
        clothing["meta"]["total"], 6,
        "a category includes its subcategories"
    );
    assert_eq!(
        names(app.get("/api/v1/products?tag=warm").await.json()),
        ["Beanie"]
    );
    assert_eq!(
        names(app.get("/api/v1/products?featured=true").await.json()),
        ["V-Neck T-Shirt"]
    );
    let found = names(app.get("/api/v1/products?search=hoodie").await.json());
    assert!(found.contains(&"Hoodie with Logo".to_owned()));
    assert!(!found.contains(&"Hoodie with Pocket".to_owned()));
    let page = app
        .get("/api/v1/products?per_page=4&page=3&orderby=price")
        .await
        .json();
    assert_eq!(page["meta"]["total_pages"], 3);
    assert_eq!(page["meta"]["result_count"], "Showing 9–9 of 9 results");
    let by_price = names(
        app.get("/api/v1/products?orderby=price-desc&per_page=1")
            .await
            .json(),
    );
    assert_eq!(by_price, ["Winter Bundle"]);
}

#[tokio::test]
async fn the_site_lists_categories_with_counts() {
    let app = TestApp::spawn().await;
    let res = app.get("/api/v1/site").await;
    assert_eq!(res.status, 200);
    let site = &res.json()["site"];
    assert_eq!(site["name"], "Vitrine");
    assert_eq!(site["base_currency"], "USD");
    assert_eq!(site["price_format"]["symbol"], "$");
    assert_eq!(site["per_page"], 12);
    let clothing = site["categories"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["slug"] == "clothing")
        .expect("clothing listed")
        .clone();
    assert_eq!(clothing["count"], 6);
    assert_eq!(clothing["url"], "/product-category/clothing/");
    let cats = app.get("/api/v1/categories").await.json();
    let tshirts = cats["categories"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["slug"] == "tshirts")
        .expect("tshirts listed")
        .clone();
    assert_eq!(tshirts["url"], "/product-category/clothing/tshirts/");
    assert_eq!(tshirts["parent"], clothing["id"]);
}
