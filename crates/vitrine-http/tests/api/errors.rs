//! Every error code of the envelope, and no axum default rejection reaching a client.

use axum::body::Body;
use axum::http::{Method, Request};

use crate::helpers::{TestApp, TestResponse};

fn assert_error(res: &TestResponse, status: u16, code: &str, field: Option<&str>) {
    assert_eq!(res.status.as_u16(), status, "{}", res.text);
    assert!(
        res.header("content-type").starts_with("application/json"),
        "{}",
        res.text
    );
    let body = res.json();
    assert_eq!(body["code"], code, "{body}");
    assert!(body["message"].as_str().is_some_and(|m| !m.is_empty()));
    match field {
        Some(f) => assert_eq!(body["field"], f, "{body}"),
        None => assert!(body.get("field").is_none(), "{body}"),
    }
}

#[tokio::test]
async fn malformed_listing_parameters_are_400_with_the_field() {
    let app = TestApp::spawn().await;
    for (query, field) in [
        ("page=abc", "page"),
        ("page=0", "page"),
        ("per_page=0", "per_page"),
        ("per_page=1000", "per_page"),
        ("orderby=nope", "orderby"),
        ("featured=maybe", "featured"),
        ("tag=warm&search=x", "search"),
    ] {
        let res = app.get(&format!("/api/v1/products?{query}")).await;
        assert_error(&res, 400, "invalid_parameter", Some(field));
    }
}

#[tokio::test]
async fn a_non_numeric_product_id_is_400_not_500() {
    let app = TestApp::spawn().await;
    let res = app.get("/api/v1/products/abc").await;
    assert_error(&res, 400, "invalid_parameter", Some("id"));
    let res = app.get("/api/v1/products/abc/variations").await;
    assert_error(&res, 400, "invalid_parameter", Some("id"));
}

#[tokio::test]
async fn unknown_products_categories_and_tags_are_404_with_their_code() {
    let app = TestApp::spawn().await;
    assert_error(
        &app.get("/api/v1/products/999999").await,
        404,
        "product_not_found",
        None,
    );
    assert_error(
        &app.get("/api/v1/products/by-slug/nope").await,
        404,
        "product_not_found",
        None,
    );
    assert_error(
        &app.get("/api/v1/products/by-slug/Not%20A%20Slug").await,
        404,
        "product_not_found",
        None,
    );
    let cat = app.get("/api/v1/products?category=clothing/nope").await;
    assert_error(&cat, 404, "category_not_found", Some("category"));
    let tag = app.get("/api/v1/products?tag=nope").await;
    assert_error(&tag, 404, "tag_not_found", Some("tag"));
}

#[tokio::test]
async fn unknown_api_paths_are_404_not_found() {
    let app = TestApp::spawn().await;
    assert_error(&app.get("/api/v1/nope").await, 404, "not_found", None);
    assert_error(&app.get("/api").await, 404, "not_found", None);
}

#[tokio::test]
async fn a_wrong_method_is_405_in_the_envelope() {
    let app = TestApp::spawn().await;
    let request = Request::builder()
        .method(Method::DELETE)
        .uri("/api/v1/site")
        .body(Body::empty())
        .unwrap();
    assert_error(&app.request(request).await, 405, "method_not_allowed", None);
}

#[tokio::test]
async fn bad_bodies_are_invalid_json_or_unsupported_media_type() {
    let app = TestApp::spawn().await;
    let uri = format!("/api/v1/products/{}/variations/match", app.ids.hoodie);
    let syntax = app
        .post_raw(&uri, Some("application/json"), "{not json")
        .await;
    assert_error(&syntax, 400, "invalid_json", None);
    let shape = app
        .post_raw(&uri, Some("application/json"), "{\"attributes\": 3}")
        .await;
    assert_error(&shape, 400, "invalid_json", None);
    let no_type = app.post_raw(&uri, None, "{}").await;
    assert_error(&no_type, 415, "unsupported_media_type", None);
}

#[tokio::test]
async fn a_database_failure_is_a_generic_500_with_a_request_id() {
    let app = TestApp::spawn().await;
    app.db.close().await;
    let res = app.get("/api/v1/site").await;
    assert_error(&res, 500, "internal", None);
    let message = res.json()["message"].as_str().unwrap().to_lowercase();
    assert!(
        !message.contains("pool") && !message.contains("sql"),
        "{message}"
    );
    assert!(!res.header("x-request-id").is_empty());
    let page = app.get("/shop/").await;
    assert_eq!(page.status, 500);
    assert!(page.text.contains("Something went wrong"));
}
