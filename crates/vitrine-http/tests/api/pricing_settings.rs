//! Currencies and discount rules through the API (issue 12 items 1 and 6): staff only, checked
//! like the configuration file with a 400 naming the field, saved in the database, overriding
//! the file on this instance at once and on another instance once it catches up.

use axum::http::Method;
use serde_json::{Value, json};
use vitrine_domain::account::Role;

use crate::helpers::{Login, TestApp};
use crate::pricing_support::{EUR, T_SHIRT, money};

const SETTINGS: &str = "/api/v1/pricing/settings";
const CURRENCIES: &str = "/api/v1/pricing/settings/currencies";
const DISCOUNTS: &str = "/api/v1/pricing/settings/discounts";

fn euros() -> Value {
    json!({
        "base": "USD",
        "currencies": [
            { "code": "USD" },
            { "code": "EUR", "rate": "0.92", "symbol": "€", "position": "left",
              "rounding": { "kind": "charm", "ending": "0.99" } },
        ]
    })
}

async fn admin(app: &TestApp) -> Login {
    app.add_user("owner@example.com", Role::Administrator).await;
    app.login("owner@example.com").await
}

async fn put(app: &TestApp, login: &Login, uri: &str, body: &Value) -> (u16, Value) {
    let res = app
        .send(Method::PUT, uri, &login.headers(), Some(body))
        .await;
    (res.status.as_u16(), res.json())
}

async fn unit_price(app: &TestApp, headers: &[(&str, &str)]) -> (i64, String) {
    let res = app
        .get_with(&format!("/api/v1/products/{T_SHIRT}/price"), headers)
        .await;
    assert_eq!(res.status, 200, "{}", res.text);
    let view = res.json();
    let (minor, text) = money(&view["unit"]);
    (minor, text.to_owned())
}

#[tokio::test]
async fn saved_currencies_override_the_file_here_at_once_and_on_another_instance_after_its_poll() {
    let app = TestApp::spawn().await;
    let login = admin(&app).await;
    let res = app.get_with(SETTINGS, &login.headers()).await;
    assert_eq!(res.status, 200, "{}", res.text);
    let before = res.json();
    assert_eq!(before["version"], 0);
    assert_eq!(before["currencies_saved"], false);
    assert_eq!(before["currencies"]["currencies"][0]["code"], "USD");
    let other = app.restarted();

    let (status, saved) = put(&app, &login, CURRENCIES, &euros()).await;
    assert_eq!(status, 200, "{saved}");
    assert_eq!(saved["version"], 1);
    assert_eq!(saved["currencies_saved"], true);
    assert_eq!(saved["currencies"]["currencies"][1]["rate"], "0.92");
    assert_eq!(
        saved["currencies"]["currencies"][1]["decimal_separator"],
        "."
    );
    // $18.00 × 0.92 = €16.56 → €16.99 (charm), on this instance at once.
    assert_eq!(unit_price(&app, &[EUR]).await, (1699, "€16.99".into()));
    // The other instance prices by its settings until it checks the version…
    assert_eq!(unit_price(&other, &[EUR]).await, (1800, "$18.00".into()));
    let res = other.get_with(SETTINGS, &login.headers()).await;
    assert_eq!(res.json()["version"], 1);
    // …then by the saved ones; and a fresh start reads them too.
    assert_eq!(unit_price(&other, &[EUR]).await, (1699, "€16.99".into()));
    let res = app
        .post_json("/api/v1/currency", &json!({ "currency": "EUR" }))
        .await;
    assert_eq!(
        res.status, 200,
        "the switcher offers the saved currency: {}",
        res.text
    );
}

#[tokio::test]
async fn saved_rules_replace_the_file_rules_in_quotes_and_carts() {
    let app = TestApp::spawn().await;
    let login = admin(&app).await;
    let rules = json!({
        "stacking": "first_match",
        "rules": [{
            "id": "half-tshirt", "title": "Half price",
            "filter": { "products": [T_SHIRT] },
            "action": { "kind": "product", "adjustment": { "percent": "50" } }
        }]
    });
    let (status, saved) = put(&app, &login, DISCOUNTS, &rules).await;
    assert_eq!(status, 200, "{saved}");
    assert_eq!(saved["discounts"]["rules"][0]["id"], "half-tshirt");
    assert_eq!(saved["discounts_saved"], true);
    assert_eq!(saved["currencies_saved"], false);
    assert_eq!(unit_price(&app, &[]).await, (900, "$9.00".into()));
    let (status, body) = put(&app, &login, DISCOUNTS, &json!({ "rules": [] })).await;
    assert_eq!((status, body["version"].clone()), (200, json!(2)));
    assert_eq!(unit_price(&app, &[]).await, (1800, "$18.00".into()));
}

#[tokio::test]
async fn bad_settings_get_a_400_naming_the_field_and_change_nothing() {
    let app = TestApp::spawn().await;
    let login = admin(&app).await;
    let mut zero_rate = euros();
    zero_rate["currencies"][1]["rate"] = json!("0");
    let mut other_base = euros();
    other_base["base"] = json!("EUR");
    let mut charm = euros();
    charm["currencies"][1]["rounding"] = json!({ "kind": "charm", "ending": "1.5" });
    let mut no_rate = euros();
    no_rate["currencies"][1] = json!({ "code": "EUR" });
    let mut fixed_only = euros();
    fixed_only["currencies"][1] = json!({ "code": "EUR", "fixed_prices": true });
    let mut twice = euros();
    let again = twice["currencies"][1].clone();
    twice["currencies"]
        .as_array_mut()
        .expect("list")
        .push(again);
    let cases = [
        (zero_rate, "currencies[1].rate"),
        (other_base, "base"),
        (charm, "currencies[1].rounding"),
        (no_rate, "currencies[1].rate"),
        (fixed_only, "currencies[1].rate"),
        (twice, "currencies[2].code"),
    ];
    for (body, field) in cases {
        let (status, error) = put(&app, &login, CURRENCIES, &body).await;
        assert_eq!(status, 400, "{body}: {error}");
        assert_eq!(error["code"], "invalid_field", "{error}");
        assert_eq!(error["field"], field, "{error}");
    }
    let mut float_rate = euros();
    float_rate["currencies"][1]["rate"] = json!(0.92);
    let mut unknown_key = euros();
    unknown_key["currencies"][1]["colour"] = json!("blue");
    for body in [float_rate, unknown_key, json!([1, 2])] {
        let (status, error) = put(&app, &login, CURRENCIES, &body).await;
        assert_eq!(
            (status, error["code"].clone()),
            (400, json!("invalid_json")),
            "{body}"
        );
    }
    let rule = |action: Value| json!({ "rules": [{ "id": "r", "title": "R", "action": action }] });
    let rules = [
        (
            rule(json!({ "kind": "product", "adjustment": { "percent": "150" } })),
            "rules[0].action",
        ),
        (
            rule(json!({ "kind": "bulk", "tiers": [] })),
            "rules[0].action",
        ),
        (
            json!({ "rules": [
                { "id": "a", "title": "A", "action": { "kind": "free_shipping" } },
                { "id": "a", "title": "B", "action": { "kind": "free_shipping" } } ] }),
            "rules[1].id",
        ),
        (
            rule(json!({ "kind": "cart_discount",
                "adjustment": { "amount_off": { "amount_minor": 500, "currency": "EUR" } } })),
            "rules[0].action",
        ),
    ];
    for (body, field) in rules {
        let (status, error) = put(&app, &login, DISCOUNTS, &body).await;
        assert_eq!(status, 400, "{body}: {error}");
        assert_eq!(
            (error["code"].clone(), error["field"].clone()),
            (json!("invalid_field"), json!(field))
        );
    }
    let res = app.get_with(SETTINGS, &login.headers()).await;
    assert_eq!(res.json()["version"], 0, "nothing was saved");
    assert_eq!(unit_price(&app, &[]).await, (1800, "$18.00".into()));
}

#[tokio::test]
async fn only_administrators_and_shop_managers_with_their_nonce_may_read_or_save() {
    let app = TestApp::spawn().await;
    for (email, role) in [
        ("customer@example.com", Role::Customer),
        ("editor@example.com", Role::Editor),
    ] {
        app.add_user(email, role).await;
        let login = app.login(email).await;
        let res = app.get_with(SETTINGS, &login.headers()).await;
        assert_eq!(
            (res.status.as_u16(), res.json()["code"].clone()),
            (403, json!("forbidden"))
        );
        let (status, error) = put(&app, &login, CURRENCIES, &euros()).await;
        assert_eq!((status, error["code"].clone()), (403, json!("forbidden")));
    }
    let res = app.get(SETTINGS).await;
    assert_eq!(
        (res.status.as_u16(), res.json()["code"].clone()),
        (401, json!("not_logged_in"))
    );
    app.add_user("manager@example.com", Role::ShopManager).await;
    let manager = app.login("manager@example.com").await;
    let cookie_only = [("cookie", manager.cookie.as_str())];
    let res = app
        .send(Method::PUT, CURRENCIES, &cookie_only, Some(&euros()))
        .await;
    assert_eq!(res.status, 401, "no nonce, no save: {}", res.text);
    let (status, saved) = put(&app, &manager, CURRENCIES, &euros()).await;
    assert_eq!((status, saved["version"].clone()), (200, json!(1)));
}
