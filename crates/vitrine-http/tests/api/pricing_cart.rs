//! Carts in the shopper's currency with the shop's discounts (issue 12 items 5–7): lines
//! converted then discounted, discount lines, totals that add up, and the currency checked on
//! every cart call. The cart stores quantities only, so one cart reads in any currency.

use axum::http::Method;
use serde_json::{Value, json};

use crate::helpers::TestApp;
use crate::pricing_support::{EUR, T_SHIRT, app_with, demo_app, money, set_cookies};

/// The session cookie a cart answer set, as the browser sends it back.
fn session_of(res: &crate::helpers::TestResponse) -> String {
    set_cookies(&res.headers)
        .into_iter()
        .find(|c| c.starts_with("vitrine_session="))
        .and_then(|c| c.split(';').next().map(str::to_owned))
        .expect("a session cookie")
}

async fn add(app: &TestApp, headers: &[(&str, &str)], product: i64, quantity: u32) -> Value {
    let body = json!({ "product_id": product, "quantity": quantity });
    let res = app
        .send(Method::POST, "/api/v1/cart/items", headers, Some(&body))
        .await;
    assert_eq!(res.status, 200, "{}", res.text);
    let mut cart = res.json()["cart"].clone();
    cart["session"] = Value::String(session_of(&res));
    cart
}

#[tokio::test]
async fn three_t_shirts_in_euros_cost_the_discounted_converted_price_exactly() {
    let app = demo_app().await;
    let cart = add(&app, &[EUR], T_SHIRT, 3).await;
    assert_eq!(cart["currency"], "EUR");
    let line = &cart["items"][0];
    // $18.00 × 0.92 = 16.56 → €16.99 (charm); 10 % off 16.99 is 1.699 → 1.70: €15.29.
    assert_eq!(money(&line["regular_price"]), (1699, "€16.99"));
    assert_eq!(money(&line["unit_price"]), (1529, "€15.29"));
    assert_eq!(money(&line["line_total"]), (4587, "€45.87"));
    assert_eq!(line["discounts"][0]["rule_id"], "tshirt-bulk");
    assert_eq!(line["discounts"][0]["title"], "Bulk discount");
    assert_eq!(money(&line["discounts"][0]["amount"]), (510, "€5.10"));
    assert_eq!(money(&cart["subtotal"]), (4587, "€45.87"));
    assert_eq!(money(&cart["discount_total"]), (510, "€5.10"));
    assert_eq!(money(&cart["total"]), (4587, "€45.87"));
    assert_eq!(cart["discounts"], json!([]));
    assert_eq!(cart["free_shipping"], false);
    // The same stored cart read without the cookie: the base currency, $16.20 each.
    let session = cart["session"].as_str().expect("session");
    let res = app.get_with("/api/v1/cart", &[("cookie", session)]).await;
    let dollars = &res.json()["cart"];
    assert_eq!(dollars["currency"], "USD");
    assert_eq!(money(&dollars["items"][0]["unit_price"]), (1620, "$16.20"));
    assert_eq!(money(&dollars["total"]), (4860, "$48.60"));
    assert_ne!(
        dollars["cart_hash"], cart["cart_hash"],
        "the hash follows the currency"
    );
}

#[tokio::test]
async fn changing_the_quantity_moves_the_line_between_tiers() {
    let app = demo_app().await;
    let cart = add(&app, &[], T_SHIRT, 5).await;
    assert_eq!(money(&cart["items"][0]["unit_price"]).0, 1620);
    let session = cart["session"].as_str().expect("session").to_owned();
    let key = cart["items"][0]["key"].as_str().expect("key");
    let uri = format!("/api/v1/cart/items/{key}");
    let body = json!({ "quantity": 6 });
    let headers = [("cookie", session.as_str())];
    let res = app.send(Method::PATCH, &uri, &headers, Some(&body)).await;
    let cart = &res.json()["cart"];
    assert_eq!(money(&cart["items"][0]["unit_price"]), (1440, "$14.40"));
    assert_eq!(money(&cart["total"]), (8640, "$86.40"));
    let body = json!({ "quantity": 2 });
    let res = app.send(Method::PATCH, &uri, &headers, Some(&body)).await;
    let cart = &res.json()["cart"];
    assert_eq!(money(&cart["items"][0]["unit_price"]), (1800, "$18.00"));
    assert_eq!(cart["items"][0]["discounts"], json!([]));
    assert_eq!(money(&cart["discount_total"]), (0, "$0.00"));
}

#[tokio::test]
async fn every_cart_call_refuses_a_currency_the_shop_does_not_offer() {
    let app = demo_app().await;
    let cart = add(&app, &[], T_SHIRT, 1).await;
    let session = cart["session"].as_str().expect("session").to_owned();
    let key = cart["items"][0]["key"].as_str().expect("key").to_owned();
    let cookie = format!("{session}; wmc_current_currency=JPY");
    let headers = [("cookie", cookie.as_str())];
    let item = format!("/api/v1/cart/items/{key}");
    let calls = [
        (Method::GET, "/api/v1/session".to_owned(), None),
        (Method::GET, "/api/v1/cart".to_owned(), None),
        (
            Method::POST,
            "/api/v1/cart/items".to_owned(),
            Some(json!({ "product_id": T_SHIRT, "quantity": 2 })),
        ),
        (Method::PATCH, item.clone(), Some(json!({ "quantity": 4 }))),
        (Method::DELETE, item, None),
    ];
    for (method, uri, body) in calls {
        let res = app
            .send(method.clone(), &uri, &headers, body.as_ref())
            .await;
        assert_eq!(res.status, 400, "{method} {uri}: {}", res.text);
        assert_eq!(res.json()["code"], "unsupported_currency", "{method} {uri}");
        assert!(set_cookies(&res.headers).is_empty(), "{method} {uri}");
    }
    let res = app
        .get_with("/api/v1/cart", &[("cookie", session.as_str())])
        .await;
    let cart = &res.json()["cart"];
    assert_eq!(cart["item_count"], 1, "nothing was changed: {cart}");
}

const RULES: &str = r#"
[[rules]]
id = "big-basket"
title = "10% off orders from $50"
conditions = { subtotal_min = { amount_minor = 5000, currency = "USD" } }
action = { kind = "cart_discount", adjustment = { percent = "10" } }

[[rules]]
id = "ship"
title = "Free shipping on hoodies"
filter = { products = [46] }
action = { kind = "free_shipping" }

[[rules]]
id = "bogo"
title = "Buy one T-Shirt, get one free"
filter = { products = [47] }
action = { kind = "buy_x_get_y", buy = 1, get = 1, reward = "free" }
"#;

const DOLLARS: &str = r#"
base = "USD"
[[currencies]]
code = "USD"
"#;

#[tokio::test]
async fn cart_discounts_free_shipping_and_a_free_t_shirt_show_as_lines() {
    let app = app_with(DOLLARS, RULES).await;
    let cart = add(&app, &[], T_SHIRT, 2).await;
    let tee = &cart["items"][0];
    // One of the two is free: the line costs one T-Shirt, shown as the average unit price.
    assert_eq!(money(&tee["line_total"]), (1800, "$18.00"));
    assert_eq!(money(&tee["unit_price"]), (900, "$9.00"));
    assert_eq!(money(&tee["regular_price"]), (1800, "$18.00"));
    assert_eq!(tee["discounts"][0]["rule_id"], "bogo");
    assert_eq!(money(&tee["discounts"][0]["amount"]).0, 1800);
    assert!(
        cart["discounts"].as_array().is_some_and(Vec::is_empty),
        "below $50"
    );
    assert_eq!(cart["free_shipping"], false);
    let session = cart["session"].as_str().expect("session").to_owned();
    let body = json!({ "product_id": 46, "quantity": 1 });
    let headers = [("cookie", session.as_str())];
    let res = app
        .send(Method::POST, "/api/v1/cart/items", &headers, Some(&body))
        .await;
    let cart = &res.json()["cart"];
    // Subtotal before discounts: 2 × 18 + 45 = $81.00 ≥ $50; after the free T-Shirt $63.00.
    assert_eq!(money(&cart["subtotal"]), (6300, "$63.00"));
    assert_eq!(cart["discounts"][0]["rule_id"], "big-basket");
    assert_eq!(money(&cart["discounts"][0]["amount"]), (630, "$6.30"));
    assert_eq!(money(&cart["total"]), (5670, "$56.70"));
    assert_eq!(money(&cart["discount_total"]), (1800 + 630, "$24.30"));
    assert_eq!(cart["free_shipping"], true);
}
