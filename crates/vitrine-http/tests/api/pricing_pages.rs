//! First paint in the shopper's currency (issue 12 item 4): the HTML body, JSON-LD, Open Graph
//! and the inlined page data of a page asked in EUR carry EUR prices only.

use serde_json::Value;

use crate::helpers::{TestApp, inline_data, json_ld};
use crate::pricing_support::{EUR, GBP, app_with, demo_app, price_currencies};

/// The server-rendered body: what a visitor sees before the app boots.
fn main_body(html: &str) -> &str {
    let start = html.find("<main").expect("a main element");
    let end = html.find("</main>").expect("main closes");
    &html[start..end]
}

fn meta(html: &str, property: &str) -> String {
    let tag = format!("<meta property=\"{property}\" content=\"");
    let start = html.find(&tag).expect("meta present") + tag.len();
    html[start..]
        .split('"')
        .next()
        .unwrap_or_default()
        .to_owned()
}

#[tokio::test]
async fn a_product_page_in_euros_shows_euro_prices_on_first_paint() {
    let app = demo_app().await;
    let res = app.get_with("/product/t-shirt/", &[EUR]).await;
    assert_eq!(res.status, 200);
    let body = main_body(&res.text);
    assert!(body.contains("€16.99"), "{body}");
    assert!(
        !body.contains('$'),
        "no dollar price in the first paint: {body}"
    );
    let product = json_ld(&res.text)
        .into_iter()
        .find(|doc| doc["@type"] == "Product")
        .expect("a Product document");
    assert_eq!(product["offers"]["priceCurrency"], "EUR");
    assert_eq!(product["offers"]["price"], "16.99");
    assert_eq!(meta(&res.text, "product:price:currency"), "EUR");
    assert_eq!(meta(&res.text, "product:price:amount"), "16.99");
    let data = inline_data(&res.text);
    assert_eq!(data["site"]["price_format"]["symbol"], "€");
    assert_eq!(data["site"]["base_currency"], "USD");
    let currencies = price_currencies(&data["product"]);
    assert!(!currencies.is_empty());
    assert!(currencies.iter().all(|c| c == "EUR"), "{currencies:?}");
}

#[tokio::test]
async fn listings_and_the_home_page_are_in_the_cookies_currency() {
    let app = demo_app().await;
    for uri in ["/", "/shop/", "/product-category/clothing/"] {
        let res = app.get_with(uri, &[GBP]).await;
        assert_eq!(res.status, 200, "{uri}");
        let body = main_body(&res.text);
        assert!(body.contains('£') && !body.contains('$'), "{uri}: {body}");
        let data = inline_data(&res.text);
        let currencies = price_currencies(&data);
        assert!(
            currencies.iter().all(|c| c == "GBP"),
            "{uri}: {currencies:?}"
        );
    }
    // $45.00 × 0.79 = £35.55, and the hoodie's range 42–45 becomes £33.18 – £35.55.
    let res = app
        .get_with("/api/v1/products?category=clothing/hoodies", &[GBP])
        .await;
    let hoodie = res.json()["products"]
        .as_array()
        .and_then(|list| list.iter().find(|p| p["id"] == 45).cloned())
        .expect("the hoodie is listed");
    assert_eq!(hoodie["price"]["text"], "£33.18 – £35.55");
}

#[tokio::test]
async fn the_site_lists_the_switchers_options_with_labels_and_flags() {
    let app = demo_app().await;
    let res = app.get_with("/api/v1/site", &[EUR]).await;
    let currency = &res.json()["site"]["currency"];
    assert_eq!(currency["current"], "EUR");
    assert_eq!(currency["base"], "USD");
    let options: Vec<(String, String, String)> = currency["options"]
        .as_array()
        .expect("options")
        .iter()
        .map(|o| {
            let text = |key: &str| o[key].as_str().unwrap_or_default().to_owned();
            (text("code"), text("label"), text("flag"))
        })
        .collect();
    let expected = [
        ("USD", "$ USD", "us"),
        ("EUR", "€ EUR", "eu"),
        ("GBP", "£ GBP", "gb"),
    ];
    let expected: Vec<_> = expected
        .iter()
        .map(|(c, l, f)| ((*c).to_owned(), (*l).to_owned(), (*f).to_owned()))
        .collect();
    assert_eq!(options, expected);
    assert_eq!(currency["options"][1]["name"], "Euro");
    let switcher = &currency["switcher"];
    assert_eq!(switcher["layout"], "dropdown");
    assert_eq!(switcher["sidebar"], true);
    assert_eq!(switcher["do_not_reload_page"], false);
}

const HIDDEN_POUNDS: &str = r#"
base = "USD"
[[currencies]]
code = "USD"
[[currencies]]
code = "EUR"
rate = "0.92"
[[currencies]]
code = "GBP"
rate = "0.79"
hidden = true
"#;

fn codes(site: &Value) -> Vec<&str> {
    site["currency"]["options"]
        .as_array()
        .expect("options")
        .iter()
        .filter_map(|o| o["code"].as_str())
        .collect()
}

#[tokio::test]
async fn a_hidden_currency_is_offered_only_to_whoever_already_uses_it() {
    let app = app_with(HIDDEN_POUNDS, "").await;
    let site = app.get("/api/v1/site").await.json();
    assert_eq!(codes(&site["site"]), ["USD", "EUR"]);
    let site = app.get_with("/api/v1/site", &[GBP]).await.json();
    assert_eq!(codes(&site["site"]), ["USD", "EUR", "GBP"]);
    assert_eq!(site["site"]["currency"]["current"], "GBP");
}

#[tokio::test]
async fn a_single_currency_shop_describes_its_base_alone() {
    let app = TestApp::spawn().await;
    let site = app.get_with("/api/v1/site", &[EUR]).await.json();
    let currency = &site["site"]["currency"];
    assert_eq!(
        currency["current"], "USD",
        "a cookie for a currency not offered is ignored"
    );
    assert_eq!(codes(&site["site"]), ["USD"]);
    assert_eq!(site["site"]["price_format"]["symbol"], "$");
}
