//! "Create an account?" at checkout (issue 18 item 4, issue 15 item 1): the account is opened
//! from the billing details, the order is placed for it and the shopper logged in; a taken
//! e-mail, a weak password or a form the checkout refuses places nothing and opens nothing.

use serde_json::{Value, json};
use vitrine_domain::account::Role;

use crate::checkout_app::{BEANIE, Shop, visa};
use crate::checkout_support::DECLINED;

const STRONG: &str = "Tulip-Harbour-42-Lantern";

/// The `vitrine_auth` cookie pair an answer sets, if any.
fn auth_cookie(res: &crate::helpers::TestResponse) -> Option<String> {
    res.headers
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find(|v| v.starts_with("vitrine_auth=") && v.contains("HttpOnly"))
        .and_then(|v| v.split(';').next())
        .map(str::to_owned)
}

fn signing_up(password: &str) -> Value {
    let mut form = visa();
    form["create_account"] = json!(true);
    form["account_password"] = json!(password);
    form
}

#[tokio::test]
async fn create_account_opens_the_account_places_the_order_for_it_and_logs_in() {
    let shop = Shop::open().await;
    let buyer = shop.buyer(BEANIE, 1).await;
    let res = buyer
        .checkout(&shop, Some("k-signup"), &signing_up(STRONG))
        .await;
    assert_eq!(res.status, 200, "{}", res.text);
    let cookie = auth_cookie(&res).expect("logged in");
    assert_eq!(res.header("cache-control"), "private, no-store");
    let account = shop
        .app
        .get_with("/api/v1/account/session", &[("cookie", cookie.as_str())])
        .await
        .json()["account"]
        .clone();
    assert_eq!(account["email"], "ada@example.com");
    assert_eq!(account["role"], "customer");
    assert_eq!(
        (account["first_name"].clone(), account["last_name"].clone()),
        (json!("Ada"), json!("Lovelace"))
    );
    let order = res.json()["order_id"].as_i64().expect("order");
    let owner: Option<i64> = sqlx::query_scalar("SELECT customer_id FROM orders WHERE id = $1")
        .bind(order)
        .fetch_one(shop.app.db.pool())
        .await
        .expect("order row");
    assert_eq!(
        owner,
        account["id"].as_i64(),
        "the order is the new account's"
    );
}

#[tokio::test]
async fn a_taken_email_is_the_billing_email_error_and_nothing_is_placed() {
    let shop = Shop::open().await;
    shop.app.add_user("ada@example.com", Role::Customer).await;
    let buyer = shop.buyer(BEANIE, 1).await;
    let res = buyer
        .checkout(&shop, Some("k-taken"), &signing_up(STRONG))
        .await;
    assert_eq!(res.status, 409, "{}", res.text);
    assert_eq!(
        res.json(),
        json!({ "code": "email_exists", "field": "billing_email",
            "message": "An account is already registered with your email address. Please log in." })
    );
    assert_eq!(auth_cookie(&res), None);
    assert_eq!(shop.count("orders").await, 0);
    assert_eq!(shop.kit.cards.created().await, 0);
}

#[tokio::test]
async fn a_weak_password_or_a_refused_form_opens_no_account_and_places_nothing() {
    let shop = Shop::open().await;
    let buyer = shop.buyer(BEANIE, 1).await;
    let weak = buyer
        .checkout(&shop, Some("k-weak"), &signing_up("password1"))
        .await;
    assert_eq!(weak.status, 400, "{}", weak.text);
    assert_eq!(
        (weak.json()["code"].clone(), weak.json()["field"].clone()),
        (json!("weak_password"), json!("account_password"))
    );
    let mut no_city = signing_up(STRONG);
    no_city["billing"]["city"] = json!("");
    let refused = buyer.checkout(&shop, Some("k-city"), &no_city).await;
    assert_eq!(refused.status, 400);
    assert_eq!(refused.json()["field"], "billing_city");
    assert_eq!(shop.count("users").await, 0);
    assert_eq!(shop.count("orders").await, 0);
}

#[tokio::test]
async fn a_refused_card_after_the_account_was_opened_keeps_the_login() {
    let shop = Shop::open().await;
    let buyer = shop.buyer(BEANIE, 1).await;
    let mut form = signing_up(STRONG);
    form["payment_method_id"] = json!(DECLINED);
    let res = buyer.checkout(&shop, Some("k-declined"), &form).await;
    assert_eq!(res.status, 402, "{}", res.text);
    assert!(auth_cookie(&res).is_some(), "logged in to try again");
    assert_eq!(shop.count("users").await, 1);
    let owner: Option<i64> = sqlx::query_scalar("SELECT customer_id FROM orders")
        .fetch_one(shop.app.db.pool())
        .await
        .expect("the pending order");
    assert!(owner.is_some());
}
