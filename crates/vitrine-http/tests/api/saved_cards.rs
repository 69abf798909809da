//! Saved cards (issue 15 items 4, 5, 7) through the real router, the real offline test
//! provider and the database — SQLite always, PostgreSQL when `VITRINE_TEST_POSTGRES_URL` is
//! set: a card saved at checkout pays the next order without being typed; the add page's
//! SetupIntent saves a card, through 3-D Secure when the card asks; another customer's
//! payment-method id answers 404 `payment_method_not_found` everywhere and charges nothing.

use axum::http::Method;
use serde_json::{Value, json};

use crate::checkout_app::{BEANIE, form};
use crate::saved_cards_app::{Backend, CardShop, Customer};

const VISA: &str = "4242424242424242";
/// Always asks for 3-D Secure.
const THREE_DS: &str = "4000000000003220";
const METHODS: &str = "/api/v1/account/payment-methods";
const SETUP: &str = "/api/v1/payments/setup-intent";

async fn post(
    shop: &CardShop,
    who: &Customer,
    uri: &str,
    body: &Value,
) -> crate::helpers::TestResponse {
    shop.send(Method::POST, uri, &who.headers(), Some(body))
        .await
}

async fn methods(shop: &CardShop, who: &Customer) -> Value {
    let res = shop.send(Method::GET, METHODS, &who.headers(), None).await;
    assert_eq!(res.status, 200, "{}", res.text);
    res.json()["methods"].clone()
}

async fn checkout(
    shop: &CardShop,
    who: &Customer,
    key: &str,
    body: &Value,
) -> crate::helpers::TestResponse {
    let mut headers = who.headers();
    headers.push(("idempotency-key", key));
    shop.send(Method::POST, "/api/v1/checkout", &headers, Some(body))
        .await
}

async fn a_card_saved_at_checkout_pays_the_next_order_in_one_click(backend: Backend) {
    let Some(shop) = CardShop::open(backend).await else {
        return;
    };
    let mut ada = shop.customer("ada@example.com", BEANIE).await;
    let card = shop.card(VISA).await;
    let mut first = form(&card);
    first["save_payment_method"] = json!(true);
    let res = checkout(&shop, &ada, "first", &first).await;
    assert_eq!(res.status, 200, "{}", res.text);
    assert!(
        res.json()["redirect"].is_string(),
        "paid at once: {}",
        res.text
    );

    let saved = methods(&shop, &ada).await;
    assert_eq!(saved.as_array().map(Vec::len), Some(1), "{saved}");
    assert_eq!(saved[0]["id"], json!(card));
    assert_eq!(saved[0]["display_name"], "Visa ending in 4242");
    assert_eq!(saved[0]["expires"], "12/30");
    assert_eq!(saved[0]["is_default"], true);
    let stored: String = sqlx::query_scalar("SELECT brand || last4 FROM saved_payment_methods")
        .fetch_one(shop.db.pool())
        .await
        .expect("row");
    assert_eq!(stored, "visa4242", "display data only");

    shop.add_to_cart(&mut ada, BEANIE).await;
    let mut second = form(&card);
    second["use_saved_method"] = json!(true);
    let res = checkout(&shop, &ada, "second", &second).await;
    assert_eq!(res.status, 200, "{}", res.text);
    let redirect = res.json()["redirect"].as_str().expect("paid").to_owned();
    assert!(
        redirect.starts_with("/checkout/order-received/"),
        "{redirect}"
    );
    let paid: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM orders WHERE paid_at IS NOT NULL")
        .fetch_one(shop.db.pool())
        .await
        .expect("count");
    assert_eq!(paid, 2);
    assert_eq!(
        methods(&shop, &ada).await.as_array().map(Vec::len),
        Some(1),
        "not saved twice"
    );
    shop.finish().await;
}

async fn another_customers_card_is_not_found_and_charges_nothing(backend: Backend) {
    let Some(shop) = CardShop::open(backend).await else {
        return;
    };
    let ada = shop.customer("ada@example.com", BEANIE).await;
    let bob = shop.customer("bob@example.com", BEANIE).await;
    let card = shop.card(VISA).await;
    let res = post(&shop, &ada, SETUP, &json!({ "payment_method": card })).await;
    assert_eq!(res.status, 200, "{}", res.text);
    assert_eq!(res.json()["method"]["id"], json!(card));
    assert_eq!(
        methods(&shop, &bob).await,
        json!([]),
        "bob sees none of ada's"
    );

    let foreign = |res: &crate::helpers::TestResponse| {
        assert_eq!(res.status, 404, "{}", res.text);
        assert_eq!(
            res.json()["code"],
            "payment_method_not_found",
            "{}",
            res.text
        );
    };
    let delete = format!("{METHODS}/{card}");
    foreign(
        &shop
            .send(Method::DELETE, &delete, &bob.headers(), None)
            .await,
    );
    foreign(
        &post(
            &shop,
            &bob,
            &format!("{METHODS}/{card}/default"),
            &json!({}),
        )
        .await,
    );
    foreign(
        &post(
            &shop,
            &bob,
            SETUP,
            &json!({ "payment_method": shop.card(VISA).await, "replace": card }),
        )
        .await,
    );
    let mut with_ada = form(&card);
    with_ada["use_saved_method"] = json!(true);
    foreign(&checkout(&shop, &bob, "bob-1", &with_ada).await);
    let as_new = form(&card);
    foreign(&checkout(&shop, &bob, "bob-2", &as_new).await);
    let mut unknown = form("pm_unknown123");
    unknown["use_saved_method"] = json!(true);
    foreign(&checkout(&shop, &bob, "bob-3", &unknown).await);
    assert_eq!(shop.count("orders").await, 0, "no order placed");
    assert_eq!(shop.count("payment_attempts").await, 0, "nothing charged");
    let guest = shop
        .send(
            Method::POST,
            "/api/v1/checkout",
            &[("idempotency-key", "guest")],
            Some(&with_ada),
        )
        .await;
    assert!(matches!(guest.status.as_u16(), 400 | 404), "{}", guest.text);
    assert_eq!(shop.count("payment_attempts").await, 0, "nothing charged");

    // Ada's card is untouched and still hers.
    let hers = methods(&shop, &ada).await;
    assert_eq!(hers[0]["id"], json!(card));
    let gone = shop
        .send(Method::DELETE, &delete, &ada.headers(), None)
        .await;
    assert_eq!(gone.status, 204, "{}", gone.text);
    assert_eq!(methods(&shop, &ada).await, json!([]));
    shop.finish().await;
}

async fn a_three_d_secure_card_is_added_after_the_challenge(backend: Backend) {
    let Some(shop) = CardShop::open(backend).await else {
        return;
    };
    let ada = shop.customer("ada@example.com", BEANIE).await;
    let bob = shop.customer("bob@example.com", BEANIE).await;
    let card = shop.card(THREE_DS).await;
    let res = post(&shop, &ada, SETUP, &json!({ "payment_method": card })).await;
    assert_eq!(res.status, 200, "{}", res.text);
    let body = res.json();
    assert_eq!(
        body["method"],
        Value::Null,
        "not saved before the challenge"
    );
    let action = &body["next_action"];
    assert_eq!(action["type"], "setup_intent");
    let intent = body["intent"]["id"].as_str().expect("seti").to_owned();
    let secret = body["intent"]["client_secret"]
        .as_str()
        .expect("secret")
        .to_owned();
    assert_eq!(action["client_secret"], json!(secret));
    assert!(
        action["redirect_url"]
            .as_str()
            .is_some_and(|u| u.starts_with("/_test_provider/3ds/seti_")),
        "{action}"
    );
    assert!(
        action["return_url"]
            .as_str()
            .is_some_and(|u| u.starts_with("/my-account/add-payment-method/#response=")),
        "{action}"
    );
    assert_eq!(methods(&shop, &ada).await, json!([]));

    shop.provider
        .authenticate(&intent, &secret, true)
        .await
        .expect("authenticated");
    let finish = json!({ "setup_intent": intent, "client_secret": secret });
    let stolen = post(&shop, &bob, METHODS, &finish).await;
    assert_eq!(stolen.status, 404, "{}", stolen.text);
    assert_eq!(stolen.json()["code"], "setup_intent_not_found");
    let done = post(&shop, &ada, METHODS, &finish).await;
    assert_eq!(done.status, 200, "{}", done.text);
    assert_eq!(done.json()["method"]["display_name"], "Visa ending in 3220");
    assert_eq!(methods(&shop, &ada).await.as_array().map(Vec::len), Some(1));
    assert_eq!(methods(&shop, &bob).await, json!([]));

    let refused = post(
        &shop,
        &ada,
        SETUP,
        &json!({ "payment_method": shop.card("4000000000000002").await }),
    )
    .await;
    assert_eq!(refused.status, 402, "{}", refused.text);
    assert_eq!(refused.json()["code"], "payment_failed");
    let no_nonce = shop
        .send(
            Method::POST,
            SETUP,
            &[("cookie", ada.cookies.as_str())],
            Some(&json!({ "payment_method": card })),
        )
        .await;
    assert_eq!(no_nonce.status, 401, "{}", no_nonce.text);
    let guest = shop.send(Method::GET, METHODS, &[], None).await;
    assert_eq!(guest.status, 401, "{}", guest.text);
    shop.finish().await;
}

macro_rules! on_both {
    ($($story:ident),* $(,)?) => {
        mod sqlite {
            $(#[tokio::test]
            async fn $story() {
                super::$story(super::Backend::Sqlite).await;
            })*
        }
        mod postgres {
            $(#[tokio::test]
            async fn $story() {
                super::$story(super::Backend::Postgres).await;
            })*
        }
    };
}

on_both!(
    a_card_saved_at_checkout_pays_the_next_order_in_one_click,
    another_customers_card_is_not_found_and_charges_nothing,
    a_three_d_secure_card_is_added_after_the_challenge,
);
