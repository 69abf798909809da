//! The static tracking events each page carries (spec §3, issue 14 item 6): in the HTML's
//! inlined page data and in `GET /api/v1/pages` alike, in the page's display currency.

use serde_json::{Value, json};

use crate::helpers::{TestApp, inline_data};
use crate::pricing_support::{EUR, T_SHIRT, demo_app};

fn events(data: &Value) -> Vec<Value> {
    data["events"]
        .as_array()
        .expect("events on the page")
        .clone()
}

#[tokio::test]
async fn a_product_page_embeds_view_content_and_the_page_api_carries_the_same() {
    let app = demo_app().await;
    let html = app.get_with("/product/t-shirt/", &[EUR]).await;
    let api = app
        .get_with("/api/v1/pages?path=/product/t-shirt/", &[EUR])
        .await;
    assert_eq!(html.status, 200);
    let embedded = events(&inline_data(&html.text));
    assert_eq!(embedded, events(&api.json()));
    assert_eq!(
        embedded,
        vec![json!({
            "name": "ViewContent",
            "providers": [],
            "currency": "EUR",
            "value": 1699,
            "items": [{
                "id": T_SHIRT.to_string(),
                "name": "T-Shirt",
                "price": 1699,
                "quantity": 1,
                "category": "Tshirts",
            }],
            "search_term": null,
            "page_type": "product",
        })]
    );
    // The base currency for a visitor without the cookie: the page is kept per currency.
    let usd = events(&app.get("/api/v1/pages?path=/product/t-shirt/").await.json());
    assert_eq!(usd[0]["currency"], "USD");
    assert_eq!(usd[0]["value"], 1800);
}

#[tokio::test]
async fn the_shop_lists_its_page_for_ga4_and_the_cart_has_view_cart() {
    let app = TestApp::spawn().await;
    let shop = app.get("/api/v1/pages?path=/shop/").await.json();
    let names: Vec<&str> = shop["listing"]["products"]
        .as_array()
        .expect("products")
        .iter()
        .map(|p| p["name"].as_str().expect("a name"))
        .collect();
    let list = &events(&shop)[0];
    assert_eq!(list["name"], "ViewItemList");
    assert_eq!(list["providers"], json!(["ga4"]));
    let items = list["items"].as_array().expect("items");
    let item_names: Vec<&str> = items.iter().map(|i| i["name"].as_str().unwrap()).collect();
    assert_eq!(item_names, names);
    assert_eq!(items[0]["index"], 0);
    assert_eq!(items[0]["item_list_id"], "shop");
    assert_eq!(items[0]["item_list_name"], "Shop");
    assert_eq!(events(&shop).len(), 1);

    let cart = inline_data(&app.get("/cart/").await.text);
    assert_eq!(
        events(&cart),
        vec![json!({
            "name": "ViewCart", "providers": ["ga4"], "currency": "USD", "value": null,
            "items": [], "search_term": null, "page_type": "cart",
        })]
    );
}

#[tokio::test]
async fn category_pages_have_view_category_and_search_results_have_search() {
    let app = TestApp::spawn().await;
    let category = app
        .get("/api/v1/pages?path=/product-category/clothing/")
        .await
        .json();
    let event = &events(&category)[0];
    assert_eq!(event["name"], "ViewCategory");
    assert_eq!(event["providers"], json!([]));
    assert_eq!(event["items"][0]["item_list_id"], "category_clothing");
    assert_eq!(event["items"][0]["item_list_name"], "Clothing");

    let search = app
        .get("/api/v1/pages?path=%2F%3Fs%3Dhoodie%26post_type%3Dproduct")
        .await
        .json();
    let found = events(&search);
    assert_eq!(found[0]["name"], "Search");
    assert_eq!(found[0]["search_term"], "hoodie");
    assert_eq!(found[1]["name"], "ViewItemList");
    assert_eq!(found[1]["items"][0]["item_list_id"], "search");
}
