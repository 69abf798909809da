//! `PUT /api/v1/products/{id}/image` (issue 14, item 9): staff make an upload a product's main
//! image; the product, its page and the listings then show its WebP sizes, kept pages
//! included (the write raises the catalogue's change counter). Every refusal in the one
//! error envelope.

use std::sync::Arc;
use std::sync::atomic::AtomicU32;

use axum::http::Method;
use serde_json::{Value, json};
use vitrine_domain::account::Role;

use crate::helpers::{Login, TestApp, TestResponse, scratch_media};
use crate::uploads::{FlakyFiles, form, manager, png, upload};

async fn hoodie_id(app: &TestApp) -> i64 {
    let p = app.get("/api/v1/products/by-slug/hoodie").await.json();
    p["product"]["id"].as_i64().expect("the hoodie's id")
}

async fn uploaded(app: &TestApp, login: &Login) -> i64 {
    let res = upload(
        app,
        Some(login),
        form("red.png", "image/png", &png(400, 200)),
    )
    .await;
    assert_eq!(res.status, 201, "{}", res.text);
    res.json()["media"]["id"].as_i64().expect("media id")
}

async fn set_image(
    app: &TestApp,
    login: Option<&Login>,
    product: i64,
    body: &Value,
) -> TestResponse {
    let headers = login.map(Login::headers);
    let headers: &[(&str, &str)] = headers.as_ref().map_or(&[], |h| h.as_slice());
    app.send(
        Method::PUT,
        &format!("/api/v1/products/{product}/image"),
        headers,
        Some(body),
    )
    .await
}

fn code(res: &TestResponse) -> (u16, Value) {
    (res.status.as_u16(), res.json()["code"].clone())
}

#[tokio::test]
async fn staff_make_an_upload_the_main_image_and_every_page_shows_its_webp_sizes() {
    let app = TestApp::spawn().await;
    let login = manager(&app).await;
    let product = hoodie_id(&app).await;
    // Kept before the change: the product page and the listing must not stay stale.
    let before = app.get("/product/hoodie/").await;
    assert_eq!(before.status, 200);
    assert!(!before.text.contains("/media/uploads/"));
    app.get("/api/v1/products?per_page=50").await;

    let media = uploaded(&app, &login).await;
    let res = set_image(&app, Some(&login), product, &json!({ "media_id": media })).await;
    assert_eq!(res.status, 200, "{}", res.text);
    let body = res.json();
    assert_eq!(body["product_id"], product);
    let srcset = format!(
        "/media/uploads/{media}/medium.webp 300w, /media/uploads/{media}/large.webp 400w, /media/uploads/{media}/full.webp 400w"
    );
    assert_eq!(body["image"]["srcset"], srcset);
    assert_eq!(
        body["image"]["alt"], "Hoodie",
        "named by the product, not the file"
    );
    assert_eq!(
        body["image"]["source_url"],
        format!("/media/uploads/{media}/full.webp?sizes=150x150-300x150-400x200-400x200")
    );

    let p = app.get("/api/v1/products/by-slug/hoodie").await.json();
    assert_eq!(p["product"]["image"]["srcset"], srcset);
    assert_eq!(p["product"]["images"][0]["srcset"], srcset);
    let page = app.get("/product/hoodie/").await;
    assert!(
        page.text
            .contains(&format!("/media/uploads/{media}/large.webp")),
        "the product page shows the upload"
    );
    let listing = app.get("/api/v1/products?per_page=50").await.json();
    let card = listing["products"]
        .as_array()
        .expect("products")
        .iter()
        .find(|p| p["id"] == product)
        .expect("the hoodie is listed")
        .clone();
    assert!(
        card["image"]["src"]
            .as_str()
            .is_some_and(|src| src.starts_with(&format!("/media/uploads/{media}/"))),
        "{card}"
    );

    // The same again changes nothing and still answers the image.
    let again = set_image(&app, Some(&login), product, &json!({ "media_id": media })).await;
    assert_eq!(again.status, 200, "{}", again.text);
}

#[tokio::test]
async fn only_signed_in_staff_who_edit_products_may_set_it() {
    let app = TestApp::spawn().await;
    let staff = manager(&app).await;
    let product = hoodie_id(&app).await;
    let media = uploaded(&app, &staff).await;
    let body = json!({ "media_id": media });

    let res = set_image(&app, None, product, &body).await;
    assert_eq!(code(&res), (401, json!("not_logged_in")), "{}", res.text);

    app.add_user("shopper@example.com", Role::Customer).await;
    let shopper = app.login("shopper@example.com").await;
    let res = set_image(&app, Some(&shopper), product, &body).await;
    assert_eq!(code(&res), (403, json!("forbidden")), "{}", res.text);
    app.add_user("ed@example.com", Role::Editor).await;
    let editor = app.login("ed@example.com").await;
    let res = set_image(&app, Some(&editor), product, &body).await;
    assert_eq!(code(&res), (403, json!("forbidden")), "{}", res.text);

    let mut stale = app.login("manager@example.com").await;
    stale.nonce = "0000".into();
    let res = set_image(&app, Some(&stale), product, &body).await;
    assert_eq!(
        res.json()["code"],
        "rest_cookie_invalid_nonce",
        "{}",
        res.text
    );

    let p = app.get("/api/v1/products/by-slug/hoodie").await.json();
    assert!(
        !p["product"]["image"]["src"]
            .as_str()
            .unwrap_or_default()
            .contains("/media/uploads/")
    );
}

#[tokio::test]
async fn an_unknown_product_is_404_and_an_unknown_upload_names_media_id() {
    let app = TestApp::spawn().await;
    let login = manager(&app).await;
    let media = uploaded(&app, &login).await;
    let res = set_image(&app, Some(&login), 999_999, &json!({ "media_id": media })).await;
    assert_eq!(
        code(&res),
        (404, json!("product_not_found")),
        "{}",
        res.text
    );

    let product = hoodie_id(&app).await;
    let res = set_image(&app, Some(&login), product, &json!({ "media_id": 424_242 })).await;
    assert_eq!(
        code(&res),
        (400, json!("invalid_parameter")),
        "{}",
        res.text
    );
    assert_eq!(res.json()["field"], "media_id");
    assert!(
        res.json()["message"]
            .as_str()
            .unwrap_or_default()
            .contains("424242")
    );

    let res = set_image(&app, Some(&login), product, &json!({ "media": media })).await;
    assert_eq!(res.status, 400, "an unknown field: {}", res.text);
}

#[tokio::test]
async fn an_upload_whose_sizes_are_not_made_is_refused_until_post_processed() {
    let files = Arc::new(FlakyFiles {
        inner: scratch_media(),
        failures: AtomicU32::new(1),
    });
    let app = TestApp::spawn().await.with_media_files(files);
    let login = manager(&app).await;
    let product = hoodie_id(&app).await;
    let res = upload(&app, Some(&login), form("a.png", "image/png", &png(20, 20))).await;
    assert_eq!(res.status, 500, "{}", res.text);
    let media: i64 = res
        .header("x-wp-upload-attachment-id")
        .parse()
        .expect("named");

    let res = set_image(&app, Some(&login), product, &json!({ "media_id": media })).await;
    assert_eq!(
        code(&res),
        (400, json!("invalid_parameter")),
        "{}",
        res.text
    );
    assert_eq!(res.json()["field"], "media_id");
    assert!(
        res.json()["message"]
            .as_str()
            .unwrap_or_default()
            .contains("post-process")
    );

    let again = format!("/api/v1/media/{media}/post-process");
    let action = json!({ "action": "create-image-subsizes" });
    let res = app
        .send(Method::POST, &again, &login.headers(), Some(&action))
        .await;
    assert_eq!(res.status, 200, "{}", res.text);
    let res = set_image(&app, Some(&login), product, &json!({ "media_id": media })).await;
    assert_eq!(res.status, 200, "{}", res.text);
}
