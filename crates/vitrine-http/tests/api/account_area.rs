//! My account (issue 15): an account's orders, one order, cancelling, downloads and saved
//! addresses — and never another account's: every foreign id answers exactly like an unknown
//! one (404 `order_not_found`). Each story runs on SQLite and on PostgreSQL.

use axum::http::Method;
use serde_json::{Value, json};

use crate::account_area_app::{Customer, billing_in, on_both};
use crate::checkout_app::{ALBUM, BEANIE, Shop, form, visa};
use crate::checkout_support::DECLINED;

on_both!(
    an_account_lists_and_opens_only_its_own_orders,
    a_customer_cancels_an_unpaid_order_and_its_stock_comes_back,
    saved_addresses_are_checked_kept_per_account_and_prefill_checkout,
    downloads_list_the_accounts_paid_files_only,
);

async fn not_found(res: crate::helpers::TestResponse) -> Value {
    assert_eq!(res.status, 404, "{}", res.text);
    let body = res.json();
    assert_eq!(body["code"], "order_not_found");
    body
}

pub async fn an_account_lists_and_opens_only_its_own_orders(shop: Shop) {
    let mut ada = Customer::sign_in(&shop, "ada@example.com").await;
    let mut bob = Customer::sign_in(&shop, "bob@example.com").await;
    let adas = ada.buy_paid(&shop, BEANIE, 2).await;
    let bobs = bob.buy_paid(&shop, BEANIE, 1).await;
    let guest = shop.buyer(BEANIE, 1).await;
    let placed = guest.checkout(&shop, None, &visa()).await.json();
    let guests = placed["order_id"].as_i64().expect("guest order");
    let guest_key = placed["order_key"].as_str().expect("key").to_owned();

    let list = ada.get(&shop, "/api/v1/account/orders").await;
    assert_eq!(list.status, 200, "{}", list.text);
    assert_eq!(list.header("cache-control"), "private, no-store");
    // WordPress's paging headers (spec §7): one page, so no Link.
    assert_eq!(
        (list.header("x-wp-total"), list.header("x-wp-totalpages")),
        ("1", "1")
    );
    assert!(list.headers.get("link").is_none());
    let list = list.json();
    assert_eq!(
        (
            list["total"].as_u64(),
            list["page"].as_u64(),
            list["pages"].as_u64()
        ),
        (Some(1), Some(1), Some(1))
    );
    let row = &list["orders"][0];
    assert_eq!(row["id"], adas);
    assert_eq!(row["number"], format!("#{adas}"));
    assert_eq!(row["status"], "processing");
    assert_eq!(row["total"]["amount_minor"], 4510);
    assert_eq!(row["item_count"], 2);
    assert_eq!(row["view_url"], format!("/my-account/view-order/{adas}/"));
    assert_eq!(
        (row["pay_url"].clone(), row["can_cancel"].clone()),
        (Value::Null, json!(false))
    );

    let view = ada
        .get(&shop, &format!("/api/v1/account/orders/{adas}"))
        .await;
    assert_eq!(view.status, 200, "{}", view.text);
    let view = view.json();
    assert_eq!(view["order"]["id"], adas);
    assert_eq!(
        view["order"]["payment_method_title"],
        "Credit Card (Visa •••• 4242)"
    );
    assert_eq!(view["order"]["billing"]["city"], "Los Angeles");
    assert_eq!(view["order"]["lines"][0]["quantity"], 2);
    assert!(view["order"]["attribution"].is_null());
    assert_eq!(view["can_cancel"], false);

    // Bob's order, a guest's and one that does not exist: the same answer.
    let unknown = not_found(ada.get(&shop, "/api/v1/account/orders/999999").await).await;
    for other in [bobs, guests] {
        let body = not_found(
            ada.get(&shop, &format!("/api/v1/account/orders/{other}"))
                .await,
        )
        .await;
        assert_eq!(body, unknown);
        let cancel = format!("/api/v1/account/orders/{other}/cancel");
        not_found(ada.send(&shop, Method::POST, &cancel, None).await).await;
    }
    let bobs_list = bob.get(&shop, "/api/v1/account/orders").await.json();
    assert_eq!(bobs_list["total"], 1);
    assert_eq!(bobs_list["orders"][0]["id"], bobs);
    // The guest keeps their order-key link.
    assert_eq!(shop.order(guests, &guest_key).await.status, 200);

    // Past the last page: empty; page 0 or a word: 400.
    let far = ada.get(&shop, "/api/v1/account/orders?page=2").await;
    assert_eq!(
        far.header("link"),
        "</api/v1/account/orders?page=1>; rel=\"prev\""
    );
    let far = far.json();
    assert_eq!(
        (far["orders"].clone(), far["pages"].clone()),
        (json!([]), json!(1))
    );
    for bad in ["0", "x", "-1"] {
        let res = ada
            .get(&shop, &format!("/api/v1/account/orders?page={bad}"))
            .await;
        assert_eq!(res.status, 400, "page={bad}: {}", res.text);
        assert_eq!(res.json()["code"], "invalid_parameter");
    }
    // The login cookie alone (no nonce) is not signed in; a wrong nonce is refused.
    let cookie = ada.login.cookie.clone();
    let bare = shop
        .app
        .get_with("/api/v1/account/orders", &[("cookie", &cookie)])
        .await;
    assert_eq!(
        (bare.status.as_u16(), bare.json()["code"].clone()),
        (401, json!("not_logged_in"))
    );
    let wrong = shop
        .app
        .get_with(
            "/api/v1/account/orders",
            &[("cookie", &cookie), ("x-wp-nonce", "0000")],
        )
        .await;
    assert_eq!(
        (wrong.status.as_u16(), wrong.json()["code"].clone()),
        (403, json!("rest_cookie_invalid_nonce"))
    );
}

pub async fn a_customer_cancels_an_unpaid_order_and_its_stock_comes_back(shop: Shop) {
    shop.change_product(BEANIE, |p| p.inventory.stock_quantity = Some(3))
        .await;
    let mut ada = Customer::sign_in(&shop, "ada@example.com").await;
    let bob = Customer::sign_in(&shop, "bob@example.com").await;
    let declined = ada.buy(&shop, BEANIE, 2, &form(DECLINED)).await;
    assert_eq!(declined.status, 402, "{}", declined.text);
    assert_eq!(shop.stock(BEANIE).await, Some(1), "held while unpaid");
    let list = ada.get(&shop, "/api/v1/account/orders").await.json();
    let row = &list["orders"][0];
    let id = row["id"].as_i64().expect("id");
    let pay = row["pay_url"].as_str().expect("unpaid: a pay link");
    assert!(
        pay.starts_with(&format!(
            "/checkout/order-pay/{id}/?pay_for_order=true&key="
        )),
        "{pay}"
    );
    assert_eq!(row["can_cancel"], true);

    let cancel = format!("/api/v1/account/orders/{id}/cancel");
    not_found(bob.send(&shop, Method::POST, &cancel, None).await).await;
    assert_eq!(
        shop.stock(BEANIE).await,
        Some(1),
        "another account changed nothing"
    );

    let done = ada.send(&shop, Method::POST, &cancel, None).await;
    assert_eq!(done.status, 200, "{}", done.text);
    let done = done.json();
    assert_eq!(done["order"]["status"], "cancelled");
    assert_eq!(
        (done["can_cancel"].clone(), done["order"]["pay_url"].clone()),
        (json!(false), Value::Null)
    );
    assert_eq!(shop.stock(BEANIE).await, Some(3), "the stock is back");

    let again = ada.send(&shop, Method::POST, &cancel, None).await;
    assert_eq!(
        (again.status.as_u16(), again.json()["code"].clone()),
        (409, json!("order_not_cancellable"))
    );
    assert_eq!(shop.stock(BEANIE).await, Some(3), "given back once");

    let paid = ada.buy_paid(&shop, BEANIE, 1).await;
    let refused = ada
        .send(
            &shop,
            Method::POST,
            &format!("/api/v1/account/orders/{paid}/cancel"),
            None,
        )
        .await;
    assert_eq!(refused.status, 409, "{}", refused.text);
    let view = ada
        .get(&shop, &format!("/api/v1/account/orders/{paid}"))
        .await
        .json();
    assert_eq!(view["order"]["status"], "processing");
}

pub async fn saved_addresses_are_checked_kept_per_account_and_prefill_checkout(shop: Shop) {
    let mut ada = Customer::sign_in(&shop, "ada@example.com").await;
    let bob = Customer::sign_in(&shop, "bob@example.com").await;
    let none = json!({ "billing": null, "shipping": null });
    assert_eq!(
        ada.get(&shop, "/api/v1/account/addresses").await.json(),
        none
    );

    let put = |kind: &'static str| format!("/api/v1/account/addresses/{kind}");
    let bad = ada
        .send(
            &shop,
            Method::PUT,
            &put("billing"),
            Some(&billing_in("Los Angeles", "ABC")),
        )
        .await;
    assert_eq!(bad.status, 400, "{}", bad.text);
    assert_eq!(
        (bad.json()["code"].clone(), bad.json()["field"].clone()),
        (json!("invalid_field"), json!("billing_postcode"))
    );
    assert_eq!(
        ada.get(&shop, "/api/v1/account/addresses").await.json(),
        none,
        "nothing kept"
    );
    let unknown = ada
        .send(
            &shop,
            Method::PUT,
            &put("home"),
            Some(&billing_in("Los Angeles", "90001")),
        )
        .await;
    assert_eq!(unknown.status, 400, "{}", unknown.text);

    let saved = ada
        .send(
            &shop,
            Method::PUT,
            &put("billing"),
            Some(&billing_in("San Diego", "92101")),
        )
        .await;
    assert_eq!(saved.status, 200, "{}", saved.text);
    assert_eq!(saved.json()["billing"]["city"], "San Diego");
    let shipped = ada
        .send(
            &shop,
            Method::PUT,
            &put("shipping"),
            Some(&billing_in("Fresno", "93650")),
        )
        .await;
    let shipping = &shipped.json()["shipping"];
    assert_eq!(
        (
            shipping["city"].clone(),
            shipping["email"].clone(),
            shipping["phone"].clone()
        ),
        (json!("Fresno"), json!(""), json!(""))
    );
    assert_eq!(
        bob.get(&shop, "/api/v1/account/addresses").await.json(),
        none,
        "Bob sees none"
    );

    // The checkout form starts from them (issue 18); a guest's from nothing.
    ada.buyer.add(&shop, BEANIE, 1).await;
    let checkout = ada.get(&shop, "/api/v1/checkout").await.json();
    assert_eq!(checkout["customer"]["billing"]["city"], "San Diego");
    assert_eq!(checkout["customer"]["shipping"]["city"], "Fresno");
    let guest = shop.buyer(BEANIE, 1).await;
    assert!(guest.view(&shop).await.json()["customer"].is_null());

    // A checkout saves the addresses it used.
    let mut order = form(crate::checkout_support::VISA);
    order["billing"] = billing_in("Oakland", "94601");
    order["ship_to_different_address"] = json!(true);
    order["shipping"] = json!({
        "first_name": "Ada", "last_name": "Lovelace", "country": "GB",
        "address_1": "10 Downing Street", "city": "London", "postcode": "SW1A 2AA"
    });
    order["shipping_method"] = Value::Null;
    let res = ada
        .send(&shop, Method::POST, "/api/v1/checkout", Some(&order))
        .await;
    assert_eq!(res.status, 200, "{}", res.text);
    let after = ada.get(&shop, "/api/v1/account/addresses").await.json();
    assert_eq!(after["billing"]["city"], "Oakland");
    assert_eq!(
        (
            after["shipping"]["country"].clone(),
            after["shipping"]["postcode"].clone()
        ),
        (json!("GB"), json!("SW1A 2AA"))
    );
}

pub async fn downloads_list_the_accounts_paid_files_only(shop: Shop) {
    shop.change_product(ALBUM, |p| {
        p.downloads = vec![vitrine_domain::catalogue::Download {
            name: "Album (JPG)".into(),
            url: "https://demo.example/uploads/album.jpg".into(),
        }];
        p.download_limit = Some(2);
        p.download_expiry_days = Some(1);
    })
    .await;
    let mut ada = Customer::sign_in(&shop, "ada@example.com").await;
    let bob = Customer::sign_in(&shop, "bob@example.com").await;
    let mut album = form(crate::checkout_support::VISA);
    album["shipping_method"] = Value::Null;
    let res = ada.buy(&shop, ALBUM, 1, &album).await;
    assert_eq!(res.status, 200, "{}", res.text);
    let id = res.json()["order_id"].as_i64().expect("id");

    let list = ada.get(&shop, "/api/v1/account/downloads").await;
    assert_eq!(list.header("cache-control"), "private, no-store");
    let downloads = list.json()["downloads"].clone();
    assert_eq!(downloads.as_array().map(Vec::len), Some(1), "{downloads}");
    let d = &downloads[0];
    assert_eq!(
        (d["order_id"].clone(), d["name"].clone()),
        (json!(id), json!("Album (JPG)"))
    );
    assert_eq!(d["order_url"], format!("/my-account/view-order/{id}/"));
    assert_eq!(d["downloads_remaining"], 2);
    assert_eq!(d["expires_at"], "2026-11-23T12:00:00Z");
    let url = d["url"].as_str().expect("url").to_owned();
    assert!(url.starts_with("/api/v1/downloads/"), "{url}");
    assert_eq!(
        bob.get(&shop, "/api/v1/account/downloads").await.json(),
        json!({ "downloads": [] })
    );

    let view = ada
        .get(&shop, &format!("/api/v1/account/orders/{id}"))
        .await
        .json();
    assert_eq!(view["order"]["downloads"][0]["url"], url);
    let file = shop.app.get(&url).await;
    assert_eq!(
        (file.status.as_u16(), file.text.as_str()),
        (200, "the album")
    );
    let left = ada.get(&shop, "/api/v1/account/downloads").await.json();
    assert_eq!(left["downloads"][0]["downloads_remaining"], 1);
    // Nothing shipped: the saved shipping address is left alone.
    assert!(ada.get(&shop, "/api/v1/account/addresses").await.json()["shipping"].is_null());
}
