//! Prices a page asks for (spec §7 wdr_ajax get_price_html, get_variable_product_bulk_table,
//! wmc_get_products_price): a product at a quantity, its bulk table, and the session's prices
//! for the products on the page.

use crate::helpers::TestApp;
use crate::pricing_support::{EUR, T_SHIRT, app_with, demo_app, money};

async fn quote(app: &TestApp, uri: &str, headers: &[(&str, &str)]) -> serde_json::Value {
    let res = app.get_with(uri, headers).await;
    assert_eq!(res.status, 200, "{uri}: {}", res.text);
    res.json()
}

#[tokio::test]
async fn the_t_shirt_price_follows_the_quantity_across_the_tiers() {
    let app = demo_app().await;
    let expected = [
        (2, (1800, "$18.00"), 3600, 0),
        (3, (1620, "$16.20"), 4860, 540),
        (5, (1620, "$16.20"), 8100, 900),
        (6, (1440, "$14.40"), 8640, 2160),
    ];
    for (quantity, unit, total, saved) in expected {
        let uri = format!("/api/v1/products/{T_SHIRT}/price?quantity={quantity}");
        let view = quote(&app, &uri, &[]).await;
        assert_eq!(view["quantity"], quantity);
        assert_eq!(money(&view["unit"]), unit, "{quantity}");
        assert_eq!(money(&view["total"]).0, total, "{quantity}");
        assert_eq!(money(&view["you_save"]).0, saved, "{quantity}");
        assert_eq!(money(&view["regular_unit"]), (1800, "$18.00"));
        let discounted = saved > 0;
        assert_eq!(
            view["price_html"]
                .as_str()
                .unwrap_or_default()
                .contains("<del"),
            discounted
        );
        assert_eq!(
            view["discounts"].as_array().map(Vec::len),
            Some(usize::from(discounted))
        );
    }
    let view = quote(&app, &format!("/api/v1/products/{T_SHIRT}/price"), &[]).await;
    assert_eq!(view["quantity"], 1, "one when no quantity is given");
}

#[tokio::test]
async fn a_quote_in_euros_discounts_the_converted_price() {
    let app = demo_app().await;
    let uri = format!("/api/v1/products/{T_SHIRT}/price?quantity=3");
    let view = quote(&app, &uri, &[EUR]).await;
    assert_eq!(money(&view["unit"]), (1529, "€15.29"));
    assert_eq!(money(&view["total"]), (4587, "€45.87"));
    assert_eq!(money(&view["regular_unit"]), (1699, "€16.99"));
    assert_eq!(view["discounts"][0]["rule_id"], "tshirt-bulk");
    assert!(
        view["price_html"]
            .as_str()
            .unwrap_or_default()
            .contains("16.99")
    );
}

#[tokio::test]
async fn bad_quantities_products_and_variations_are_refused_clearly() {
    let app = demo_app().await;
    for quantity in ["0", "10000", "-1", "2.5", "three"] {
        let uri = format!("/api/v1/products/{T_SHIRT}/price?quantity={quantity}");
        let res = app.get(&uri).await;
        assert_eq!(res.status, 400, "{quantity}");
        assert_eq!(res.json()["code"], "invalid_quantity", "{quantity}");
    }
    let res = app
        .get(&format!("/api/v1/products/{T_SHIRT}/price?quantity=9999"))
        .await;
    assert_eq!(res.status, 200, "the line maximum itself");
    let ids = &app.ids;
    let cases = [
        (
            "/api/v1/products/999999/price".to_owned(),
            404,
            "product_not_found",
        ),
        (
            format!("/api/v1/products/{}/price", ids.hoodie),
            400,
            "invalid_parameter",
        ),
        (
            format!("/api/v1/products/{}/price?variation_id=76", ids.hoodie),
            404,
            "product_not_found",
        ),
        (
            format!("/api/v1/products/{}/price", ids.collection),
            400,
            "invalid_parameter",
        ),
        (
            format!("/api/v1/products/{}/bulk-table", ids.hoodie),
            400,
            "invalid_parameter",
        ),
        (
            "/api/v1/products/abc/bulk-table".to_owned(),
            400,
            "invalid_parameter",
        ),
    ];
    for (uri, status, code) in cases {
        let res = app.get(&uri).await;
        assert_eq!(res.status, status, "{uri}: {}", res.text);
        assert_eq!(res.json()["code"], code, "{uri}");
    }
    let uri = format!(
        "/api/v1/products/{}/price?variation_id=79&quantity=2",
        ids.hoodie
    );
    let view = quote(&app, &uri, &[]).await;
    assert_eq!(
        money(&view["unit"]),
        (4200, "$42.00"),
        "the variation on sale"
    );
    assert!(
        view["price_html"]
            .as_str()
            .unwrap_or_default()
            .contains("45.00"),
        "{view}"
    );
}

#[tokio::test]
async fn the_bulk_table_lists_each_tier_at_the_price_the_cart_charges() {
    let app = demo_app().await;
    let uri = format!("/api/v1/products/{T_SHIRT}/bulk-table");
    let rows = quote(&app, &uri, &[]).await["rows"].clone();
    let rows: Vec<_> = rows
        .as_array()
        .expect("rows")
        .iter()
        .map(|r| {
            (
                r["range"].as_str().unwrap_or_default().to_owned(),
                r["min"].as_u64(),
                r["max"].as_u64(),
                r["discount"].as_str().unwrap_or_default().to_owned(),
                money(&r["unit"]).0,
            )
        })
        .collect();
    assert_eq!(
        rows,
        vec![
            ("3 - 5".to_owned(), Some(3), Some(5), "10%".to_owned(), 1620),
            ("6 +".to_owned(), Some(6), None, "20%".to_owned(), 1440),
        ]
    );
    let euros = quote(&app, &uri, &[EUR]).await;
    assert_eq!(money(&euros["rows"][0]["unit"]), (1529, "€15.29"));
    assert_eq!(money(&euros["rows"][1]["unit"]), (1359, "€13.59"));
    let hoodie = format!(
        "/api/v1/products/{}/bulk-table?variation_id=79",
        app.ids.hoodie
    );
    assert_eq!(
        quote(&app, &hoodie, &[]).await["rows"],
        serde_json::json!([])
    );
}

#[tokio::test]
async fn the_session_prices_the_products_asked_for_in_the_shoppers_currency() {
    let app = demo_app().await;
    let ids = &app.ids;
    let uri = format!(
        "/api/v1/session?product_ids={T_SHIRT},{},{},999999",
        ids.hoodie, ids.beanie
    );
    let session = quote(&app, &uri, &[EUR]).await;
    assert_eq!(session["currency"], "EUR");
    assert_eq!(session["cart"]["currency"], "EUR");
    let prices = session["prices"].as_object().expect("a map");
    let mut keys: Vec<_> = prices.keys().cloned().collect();
    keys.sort();
    assert_eq!(keys, ["45", "47", "48"], "unknown ids are left out");
    assert_eq!(prices["47"]["text"], "€16.99");
    // The beanie is on sale ($18.00 from $20.00): €16.99 struck from €18.99.
    assert_eq!(prices["48"]["text"], "€16.99");
    assert_eq!(prices["48"]["regular_text"], "€18.99");
    let none = quote(&app, "/api/v1/session", &[]).await;
    assert_eq!(none["prices"], serde_json::json!({}));
    assert_eq!(none["currency"], "USD");
}

#[tokio::test]
async fn the_session_takes_at_most_a_hundred_numeric_ids() {
    let app = demo_app().await;
    let hundred: Vec<String> = (1..=100).map(|id| id.to_string()).collect();
    let res = app
        .get(&format!(
            "/api/v1/session?product_ids={}",
            hundred.join(",")
        ))
        .await;
    assert_eq!(res.status, 200, "{}", res.text);
    let more: Vec<String> = (1..=101).map(|id| id.to_string()).collect();
    for ids in [more.join(","), "47,abc".to_owned(), "47,,48".to_owned()] {
        let res = app.get(&format!("/api/v1/session?product_ids={ids}")).await;
        assert_eq!(res.status, 400, "{ids}");
        assert_eq!(res.json()["code"], "invalid_parameter");
        assert_eq!(res.json()["field"], "product_ids");
    }
}

const DOLLARS: &str = r#"
base = "USD"
[[currencies]]
code = "USD"
"#;

const MEMBERS: &str = r#"
[[rules]]
id = "members"
title = "Members save 10%"
conditions = { roles = ["customer"] }
action = { kind = "product", adjustment = { percent = "10" } }
"#;

#[tokio::test]
async fn role_prices_come_in_the_session_for_the_logged_in_shopper_only() {
    let app = app_with(DOLLARS, MEMBERS).await;
    app.add_user(
        "member@vitrine.test",
        vitrine_domain::account::Role::Customer,
    )
    .await;
    let uri = format!("/api/v1/session?product_ids={T_SHIRT}");
    let guest = quote(&app, &uri, &[]).await;
    assert_eq!(guest["prices"]["47"]["text"], "$18.00");
    let login = app.login("member@vitrine.test").await;
    let member = quote(&app, &uri, &[("cookie", login.cookie.as_str())]).await;
    assert_eq!(member["prices"]["47"]["text"], "$16.20");
    assert_eq!(member["prices"]["47"]["regular_text"], "$18.00");
    let page = app
        .get_with(
            "/api/v1/pages?path=/product/t-shirt/",
            &[("cookie", login.cookie.as_str())],
        )
        .await;
    assert_eq!(
        page.json()["product"]["price"]["text"],
        "$18.00",
        "pages are the same for everyone: personal prices come in the session"
    );
}
