//! Every missing or wrong checkout field is 400 `invalid_field` naming it, and nothing is
//! stored or charged.

use serde_json::{Value, json};

use crate::checkout_app::{BEANIE, Shop, visa};

async fn refused(shop: &Shop, form: &Value) -> (u16, Value) {
    let buyer = shop.buyer(BEANIE, 1).await;
    let res = buyer.checkout(shop, None, form).await;
    (res.status.as_u16(), res.json())
}

#[tokio::test]
async fn every_missing_billing_field_is_named() {
    let shop = Shop::open().await;
    for field in [
        "first_name",
        "last_name",
        "country",
        "address_1",
        "city",
        "state",
        "postcode",
        "phone",
        "email",
    ] {
        let mut form = visa();
        form["billing"][field] = json!("");
        let (status, body) = refused(&shop, &form).await;
        assert_eq!(status, 400, "{field}: {body}");
        assert_eq!(body["code"], "invalid_field", "{field}");
        assert_eq!(body["field"], format!("billing_{field}"), "{body}");
    }
    assert_eq!(shop.count("orders").await, 0);
    assert_eq!(shop.kit.cards.created().await, 0);
}

#[tokio::test]
async fn a_different_shipping_address_is_checked_as_shipping() {
    let shop = Shop::open().await;
    let mut form = visa();
    form["ship_to_different_address"] = json!(true);
    form["shipping"] = json!({ "first_name": "Ada", "last_name": "L", "country": "US",
        "address_1": "2 Way", "city": "NYC", "state": "NY", "postcode": "1000" });
    let (status, body) = refused(&shop, &form).await;
    assert_eq!(
        (status, body["field"].clone()),
        (400, json!("shipping_postcode"))
    );
}

#[tokio::test]
async fn the_card_and_the_shipping_method_are_required() {
    let shop = Shop::open().await;
    for (key, value, field) in [
        ("payment_method_id", json!(""), "payment_method_id"),
        ("payment_method_id", json!("tok_visa"), "payment_method_id"),
        ("order_comments", json!("x".repeat(5_001)), "order_comments"),
    ] {
        let mut form = visa();
        form[key] = value;
        let (status, body) = refused(&shop, &form).await;
        assert_eq!(
            (status, body["field"].clone()),
            (400, json!(field)),
            "{body}"
        );
    }
    let mut abroad = visa();
    abroad["billing"]["country"] = json!("GB");
    abroad["billing"]["state"] = json!("");
    abroad["billing"]["postcode"] = json!("SW1A 1AA");
    abroad["shipping_method"] = json!("flat_rate:1");
    // The UK's only rate is local pickup: the unknown choice falls back to it.
    let buyer = shop.buyer(BEANIE, 1).await;
    let res = buyer.checkout(&shop, None, &abroad).await;
    assert_eq!(res.status, 200, "{}", res.text);
}

#[tokio::test]
async fn the_terms_must_be_accepted_when_the_shop_has_terms() {
    let shop = Shop::with(|p| p.checkout.terms_url = Some("/terms/".into())).await;
    let mut form = visa();
    form["terms"] = json!(false);
    let (status, body) = refused(&shop, &form).await;
    assert_eq!((status, body["field"].clone()), (400, json!("terms")));
    let buyer = shop.buyer(BEANIE, 1).await;
    assert_eq!(buyer.checkout(&shop, None, &visa()).await.status, 200);
}

#[tokio::test]
async fn a_body_that_is_not_json_is_refused_before_anything_else() {
    let shop = Shop::open().await;
    let res = shop
        .app
        .post_raw("/api/v1/checkout", Some("application/json"), "{")
        .await;
    assert_eq!(res.status, 400);
    assert_eq!(res.json()["code"], "invalid_json");
}
