//! The shopper picks a buy-X-get-Y offer's free item in the cart (spec §7
//! awdr_change_discount_product_in_cart): the offer and its choices in cart answers, the pick
//! added at 0, another pick taking the first one's unit back, and bad picks refused.

use axum::http::Method;
use serde_json::{Value, json};

use crate::helpers::TestApp;
use crate::pricing_support::{T_SHIRT, app_with, money, set_cookies};

const RULES: &str = r#"
[[rules]]
id = "tee-gift"
title = "Buy 2 T-Shirts, get a Beanie, a Hoodie or a V-Neck free"
filter = { products = [47] }
action = { kind = "buy_x_get_y", buy = 2, get = 1, repeat = false, get_filter = { products = [48, 45, 44] } }
"#;

const CURRENCIES: &str = r#"
base = "USD"
[[currencies]]
code = "USD"
[[currencies]]
code = "EUR"
rate = "0.92"
"#;

struct Shopper<'a> {
    app: &'a TestApp,
    cookie: Option<String>,
}

impl Shopper<'_> {
    async fn send(&mut self, method: Method, uri: &str, body: Option<&Value>) -> (u16, Value) {
        let cookie = self.cookie.clone().unwrap_or_default();
        let headers: Vec<(&str, &str)> = match &self.cookie {
            Some(_) => vec![("cookie", cookie.as_str())],
            None => Vec::new(),
        };
        let res = self.app.send(method, uri, &headers, body).await;
        if let Some(session) = set_cookies(&res.headers)
            .into_iter()
            .find(|c| c.starts_with("vitrine_session="))
        {
            self.cookie = session.split(';').next().map(str::to_owned);
        }
        (res.status.as_u16(), res.json())
    }

    async fn add(&mut self, product: i64, quantity: u32) -> Value {
        let body = json!({ "product_id": product, "quantity": quantity });
        let (status, answer) = self
            .send(Method::POST, "/api/v1/cart/items", Some(&body))
            .await;
        assert_eq!(status, 200, "{answer}");
        answer["cart"].clone()
    }

    async fn pick(&mut self, body: Value) -> (u16, Value) {
        self.send(Method::POST, "/api/v1/cart/reward", Some(&body))
            .await
    }
}

/// (product id, variation id or null, line total in minor units) per line.
fn lines(cart: &Value) -> Vec<(i64, Value, i64)> {
    cart["items"]
        .as_array()
        .expect("items")
        .iter()
        .map(|l| {
            let product = l["product_id"].as_i64().expect("id");
            (
                product,
                l["variation_id"].clone(),
                money(&l["line_total"]).0,
            )
        })
        .collect()
}

#[tokio::test]
async fn two_t_shirts_offer_a_free_item_and_the_pick_is_added_at_zero() {
    let app = app_with(CURRENCIES, RULES).await;
    let mut shopper = Shopper {
        app: &app,
        cookie: None,
    };
    let one = shopper.add(T_SHIRT, 1).await;
    assert!(
        one.get("reward_offers").is_none(),
        "one T-Shirt earns nothing: {one}"
    );
    let cart = shopper.add(T_SHIRT, 1).await;
    let offer = &cart["reward_offers"][0];
    assert_eq!(offer["rule_unique_id"], "tee-gift");
    let options: Vec<(i64, i64, String, bool)> = offer["options"]
        .as_array()
        .expect("options")
        .iter()
        .map(|o| {
            (
                o["product_id"].as_i64().expect("id"),
                o["parent_id"].as_i64().expect("parent"),
                format!(
                    "{} {}",
                    o["name"].as_str().unwrap_or(""),
                    o["price"]["text"].as_str().unwrap_or("")
                ),
                o["chosen"].as_bool().unwrap_or(true),
            )
        })
        .collect();
    // The Beanie (on sale $18.00) and each Hoodie variation; the V-Neck's variations leave the
    // size open, so they cannot be picked.
    assert_eq!(
        options,
        vec![
            (48, 0, "Beanie $18.00".into(), false),
            (79, 45, "Hoodie - Red, No $42.00".into(), false),
            (80, 45, "Hoodie - Green, No $45.00".into(), false),
            (81, 45, "Hoodie - Blue, No $45.00".into(), false),
            (90, 45, "Hoodie - Blue, Yes $45.00".into(), false),
        ]
    );

    let (status, answer) = shopper
        .pick(json!({ "rule_unique_id": "tee-gift", "product_id": 48, "parent_id": 0 }))
        .await;
    assert_eq!(status, 200, "{answer}");
    let cart = &answer["cart"];
    assert_eq!(
        lines(cart),
        vec![(47, json!(null), 3600), (48, json!(null), 0)]
    );
    assert_eq!(money(&cart["total"]).0, 3600);
    assert_eq!(cart["reward_offers"][0]["options"][0]["chosen"], true);

    // Another pick takes the Beanie the first one added back out.
    let (status, answer) = shopper
        .pick(json!({ "rule_unique_id": "tee-gift", "product_id": 81, "parent_id": 45 }))
        .await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(
        lines(&answer["cart"]),
        vec![(47, json!(null), 3600), (45, json!(81), 0)]
    );
    assert_eq!(
        answer["cart"]["reward_offers"][0]["options"][3]["chosen"],
        true
    );

    // A reward the shopper had bought anyway is simply picked: nothing is added.
    shopper.add(48, 1).await;
    let (_, answer) = shopper
        .pick(json!({ "rule_unique_id": "tee-gift", "product_id": 48 }))
        .await;
    assert_eq!(
        lines(&answer["cart"]),
        vec![(47, json!(null), 3600), (48, json!(null), 0)]
    );
}

#[tokio::test]
async fn a_pick_outside_the_offer_is_refused_and_changes_nothing() {
    let app = app_with(CURRENCIES, RULES).await;
    let mut shopper = Shopper {
        app: &app,
        cookie: None,
    };
    let before = shopper.add(T_SHIRT, 2).await;
    let cases = [
        (
            json!({ "rule_unique_id": "nope", "product_id": 48 }),
            400,
            "rule_unique_id",
        ),
        (
            json!({ "rule_unique_id": "tee-gift", "product_id": T_SHIRT }),
            400,
            "product_id",
        ),
        (
            json!({ "rule_unique_id": "tee-gift", "product_id": 76, "parent_id": 44 }),
            400,
            "product_id",
        ),
    ];
    for (body, status, field) in cases {
        let (got, error) = shopper.pick(body.clone()).await;
        assert_eq!(got, status, "{body}: {error}");
        assert_eq!(error["code"], "invalid_parameter", "{error}");
        assert_eq!(error["field"], field, "{error}");
    }
    let (got, error) = shopper
        .pick(json!({ "rule_unique_id": "tee-gift", "product_id": 999_999 }))
        .await;
    assert_eq!(
        (got, error["code"].clone()),
        (404, json!("product_not_found")),
        "{error}"
    );
    let (got, error) = shopper.pick(json!({ "product_id": 48 })).await;
    assert_eq!((got, error["code"].clone()), (400, json!("invalid_json")));
    let (_, after) = shopper.send(Method::GET, "/api/v1/cart", None).await;
    assert_eq!(lines(&after["cart"]), lines(&before));
}

#[tokio::test]
async fn the_choices_and_the_free_item_follow_the_currency() {
    let app = app_with(CURRENCIES, RULES).await;
    let mut shopper = Shopper {
        app: &app,
        cookie: None,
    };
    shopper.add(T_SHIRT, 2).await;
    shopper
        .pick(json!({ "rule_unique_id": "tee-gift", "product_id": 48 }))
        .await;
    let session = shopper.cookie.clone().expect("a session");
    let cookie = format!("{session}; wmc_current_currency=EUR");
    let res = app
        .get_with("/api/v1/cart", &[("cookie", cookie.as_str())])
        .await;
    let cart = &res.json()["cart"];
    assert_eq!(cart["currency"], "EUR");
    // $18.00 × 0.92 = €16.56 for the Beanie; free in the cart.
    assert_eq!(
        money(&cart["reward_offers"][0]["options"][0]["price"]),
        (1656, "€16.56")
    );
    assert_eq!(lines(cart)[1], (48, json!(null), 0));
}
