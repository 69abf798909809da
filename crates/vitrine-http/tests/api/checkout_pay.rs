//! After the order is placed: 3-D Secure, the order page, order-pay, the intent sync and the
//! downloads.

use axum::http::Method;
use serde_json::{Value, json};

use crate::checkout_app::{ALBUM, BEANIE, Shop, form};
use crate::checkout_support::{DECLINED, THREE_DS, VISA};

async fn placed(shop: &Shop, card: &str) -> (i64, String, Value) {
    let buyer = shop.buyer(BEANIE, 1).await;
    let res = buyer.checkout(shop, Some("k"), &form(card)).await;
    let body = res.json();
    let id = body["order_id"]
        .as_i64()
        .unwrap_or_else(|| panic!("{}", res.text));
    let key = body["order_key"].as_str().expect("key").to_owned();
    (id, key, body)
}

async fn post(shop: &Shop, uri: &str, body: &Value) -> crate::helpers::TestResponse {
    shop.app.send(Method::POST, uri, &[], Some(body)).await
}

#[tokio::test]
async fn a_three_d_secure_card_waits_for_authentication_then_pays_once() {
    let shop = Shop::open().await;
    let (id, key, body) = placed(&shop, THREE_DS).await;
    let intent = shop.kit.cards.intent_of(id).await;
    let action = &body["next_action"];
    assert_eq!(action["type"], "payment_intent");
    assert_eq!(action["client_secret"], intent.client_secret.as_str());
    let challenge = action["redirect_url"].as_str().expect("challenge page");
    assert!(
        challenge.starts_with(&format!("/_test_provider/3ds/{}?client_secret=", intent.id)),
        "{challenge}"
    );
    let ret = action["return_url"].as_str().expect("return url");
    let data = ret
        .strip_prefix("/checkout/#response=")
        .expect("checkout return");
    let data: Value = serde_json::from_slice(&base64_decode(data)).expect("base64 JSON");
    assert_eq!(
        data,
        json!({ "client_secret": intent.client_secret, "gateway_id": "card",
            "type": "payment_intent", "order_id": id, "order_key": key, "pm": THREE_DS,
            "save_method": false })
    );
    assert_eq!(shop.order(id, &key).await.json()["status"], "pending");
    // Before authentication the payment cannot settle.
    let early = post(
        &shop,
        "/api/v1/checkout/payment",
        &json!({ "order_id": id, "order_key": key }),
    )
    .await;
    assert_eq!(early.status, 402, "{}", early.text);
    shop.kit.cards.authenticate(&intent, true).await;
    let paid = post(
        &shop,
        "/api/v1/checkout/payment",
        &json!({ "order_id": id, "order_key": key }),
    )
    .await;
    assert_eq!(paid.status, 200, "{}", paid.text);
    let redirect = format!("/checkout/order-received/{id}/?key={key}");
    assert_eq!(
        paid.json(),
        json!({ "result": "success", "redirect": redirect })
    );
    let again = post(
        &shop,
        "/api/v1/checkout/payment",
        &json!({ "order_id": id, "order_key": key }),
    )
    .await;
    assert_eq!(again.json(), paid.json());
    assert_eq!(shop.order(id, &key).await.json()["status"], "processing");
    assert_eq!(shop.count("mail_outbox").await, 1);
}

#[tokio::test]
async fn a_wrong_key_or_an_unknown_order_is_not_found_and_touches_nothing() {
    let shop = Shop::open().await;
    let (id, key, _) = placed(&shop, THREE_DS).await;
    let wrong = "0".repeat(32);
    for uri in [
        format!("/api/v1/orders/{id}?key={wrong}"),
        format!("/api/v1/orders/{}?key={key}", id + 1),
        format!("/api/v1/orders/{id}?key="),
    ] {
        let res = shop.app.get(&uri).await;
        assert_eq!(res.status, 404, "{uri}");
        assert_eq!(res.json()["code"], "order_not_found");
    }
    let intent = shop.kit.cards.intent_of(id).await;
    shop.kit.cards.authenticate(&intent, true).await;
    let mut forged = intent.client_secret.clone();
    forged.pop();
    forged.push(if intent.client_secret.ends_with('0') {
        '1'
    } else {
        '0'
    });
    let res = post(
        &shop,
        "/api/v1/checkout/payment",
        &json!({ "order_id": id, "order_key": wrong }),
    )
    .await;
    assert_eq!(res.status, 404);
    assert_eq!(shop.order(id, &key).await.json()["status"], "pending");
    let res = post(
        &shop,
        "/api/v1/payments/sync-intent",
        &json!({ "order_id": id, "client_secret": forged }),
    )
    .await;
    assert_eq!(res.status, 404);
    let res = post(
        &shop,
        "/api/v1/payments/sync-intent",
        &json!({ "order_id": id, "client_secret": intent.client_secret }),
    )
    .await;
    assert_eq!(res.json(), json!({ "success": true }));
    assert_eq!(shop.order(id, &key).await.json()["status"], "processing");
}

#[tokio::test]
async fn order_pay_pays_a_declined_order_and_refuses_a_paid_one() {
    let shop = Shop::open().await;
    let buyer = shop.buyer(BEANIE, 1).await;
    let declined = buyer.checkout(&shop, Some("k"), &form(DECLINED)).await;
    assert_eq!(declined.json()["code"], "payment_failed");
    let row: (i64, String) = sqlx::query_as("SELECT id, order_key FROM orders")
        .fetch_one(shop.app.db.pool())
        .await
        .expect("order");
    let (id, key) = row;
    let order = shop.order(id, &key).await.json();
    assert_eq!(order["needs_payment"], true);
    assert_eq!(
        order["pay_url"],
        format!("/checkout/order-pay/{id}/?pay_for_order=true&key={key}")
    );
    let uri = format!("/api/v1/orders/{id}/pay");
    let res = post(
        &shop,
        &uri,
        &json!({ "order_key": key, "payment_method_id": VISA }),
    )
    .await;
    assert_eq!(res.status, 200, "{}", res.text);
    let body = res.json();
    assert_eq!(
        (body["success"].clone(), body["needs_confirmation"].clone()),
        (json!(true), json!(false))
    );
    assert_eq!(
        shop.kit.cards.created().await,
        1,
        "the failed attempt's intent is reused"
    );
    let again = post(
        &shop,
        &uri,
        &json!({ "order_key": key, "payment_method_id": VISA }),
    )
    .await;
    assert_eq!(again.status, 409);
    assert_eq!(again.json()["code"], "order_not_payable");
}

#[tokio::test]
async fn a_paid_downloadable_order_links_its_files_with_the_products_limit() {
    let shop = Shop::open().await;
    shop.change_product(ALBUM, |p| {
        p.downloads = vec![vitrine_domain::catalogue::Download {
            name: "Album (JPG)".into(),
            url: "https://demo.example/uploads/album.jpg".into(),
        }];
        p.download_limit = Some(1);
        p.download_expiry_days = Some(1);
    })
    .await;
    let buyer = shop.buyer(ALBUM, 1).await;
    let mut f = form(VISA);
    f["shipping_method"] = Value::Null;
    let res = buyer.checkout(&shop, None, &f).await;
    assert_eq!(res.status, 200, "{}", res.text);
    let body = res.json();
    let order = shop
        .order(
            body["order_id"].as_i64().expect("id"),
            body["order_key"].as_str().expect("key"),
        )
        .await
        .json();
    assert!(
        order["shipping_line"].is_null(),
        "a virtual cart ships nothing"
    );
    let downloads = order["downloads"].as_array().expect("downloads").clone();
    assert_eq!(downloads.len(), 1);
    assert_eq!(downloads[0]["downloads_remaining"], 1);
    assert_eq!(downloads[0]["expires_at"], "2026-11-23T12:00:00Z");
    let url = downloads[0]["url"].as_str().expect("url");
    assert_eq!(url.len(), "/api/v1/downloads/".len() + 64);
    let file = shop.app.get(url).await;
    assert_eq!(file.status, 200);
    assert_eq!(file.text, "the album");
    assert_eq!(
        file.header("content-disposition"),
        "attachment; filename=\"album.jpg\""
    );
    let spent = shop.app.get(url).await;
    assert_eq!(
        (spent.status.as_u16(), spent.json()["code"].clone()),
        (410, json!("download_expired"))
    );
    let unknown = shop
        .app
        .get(&format!("/api/v1/downloads/{}", "f".repeat(64)))
        .await;
    assert_eq!(unknown.status, 404);
}

#[tokio::test]
async fn an_unpaid_order_has_no_downloads_and_no_purchase_event() {
    let shop = Shop::open().await;
    let (id, key, _) = placed(&shop, THREE_DS).await;
    let order = shop.order(id, &key).await.json();
    assert_eq!(order["downloads"], json!([]));
    assert!(order["purchase_event_id"].is_null());
}

fn base64_decode(text: &str) -> Vec<u8> {
    use base64::Engine;
    base64::engine::general_purpose::STANDARD
        .decode(text)
        .expect("base64")
}
