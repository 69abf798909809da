//! Cart sessions: cookies and their flags, lazy creation, restarts and several instances,
//! the one-request `/session` endpoint and the OpenAPI description of the cart.

use axum::http::Method;
use serde_json::json;

use crate::cart_app::{BEANIE, CartApp, quantity_of};

const SESSION: &str = "vitrine_session";
const HASH: &str = "vitrine_cart_hash";

#[tokio::test]
async fn a_new_visitor_reads_an_empty_cart_and_gets_no_session() {
    let app = CartApp::start().await;
    let mut shopper = app.shopper();
    for uri in ["/api/v1/session", "/api/v1/cart"] {
        let reply = shopper.get(uri).await;
        assert_eq!(reply.status, 200, "{}", reply.body);
        let cart = reply.cart();
        assert_eq!(cart["items"], json!([]));
        assert_eq!(cart["item_count"], 0);
        assert_eq!(cart["cart_hash"], "");
        assert_eq!(
            cart["subtotal"],
            json!({"amount_minor": 0, "currency": "USD", "text": "$0.00"})
        );
        assert_eq!(cart["total"]["amount_minor"], 0);
        assert_eq!(cart["cross_sells"], json!([]));
        assert_eq!(cart["notices"], json!([]));
        assert!(
            reply.set_cookie(SESSION).is_none(),
            "reads create no session"
        );
        assert_eq!(reply.cookie_value(HASH).as_deref(), Some(""));
        assert_eq!(reply.headers["cache-control"], "private, no-store");
    }
}

#[tokio::test]
async fn the_first_add_issues_the_session_cookie_with_its_flags() {
    let app = CartApp::start().await;
    let mut shopper = app.shopper();
    let reply = shopper.add(json!({"product_id": BEANIE})).await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    let session = reply.set_cookie(SESSION).expect("session cookie set");
    let id = reply.cookie_value(SESSION).expect("value");
    assert_eq!(id.len(), 32);
    assert!(
        id.bytes()
            .all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase())
    );
    for flag in ["Path=/", "HttpOnly", "SameSite=Lax", "Max-Age=2592000"] {
        assert!(session.contains(flag), "{flag} in {session}");
    }
    assert!(!session.contains("Secure"), "plain HTTP shop: {session}");
    let hash = reply.set_cookie(HASH).expect("hash cookie set");
    assert!(!hash.contains("HttpOnly"), "scripts read the hash: {hash}");
    assert!(hash.contains("Path=/") && hash.contains("SameSite=Lax"));
    let body_hash = reply.cart()["cart_hash"].as_str().expect("hash").to_owned();
    assert_eq!(body_hash.len(), 32);
    assert_eq!(reply.cookie_value(HASH), Some(body_hash.clone()));
    let stored = app.stored_cart(&id).await.expect("stored on first write");
    assert_eq!(stored.lines.len(), 1);

    let again = shopper.get("/api/v1/session").await;
    assert_eq!(again.cart()["cart_hash"], body_hash.as_str());
    assert_eq!(again.cookie_value(HASH), Some(body_hash));
    assert_eq!(again.cookie_value(SESSION), Some(id), "renewed, same id");
}

#[tokio::test]
async fn cookies_are_secure_behind_an_https_proxy() {
    let app = CartApp::start().await;
    let mut shopper = app.shopper();
    let body = json!({"product_id": BEANIE});
    let proto = [("x-forwarded-proto", "https")];
    let reply = shopper
        .send_with(Method::POST, "/api/v1/cart/items", Some(&body), &proto)
        .await;
    assert_eq!(reply.status, 200);
    for name in [SESSION, HASH] {
        let cookie = reply.set_cookie(name).expect("set");
        assert!(cookie.ends_with("; Secure"), "{cookie}");
    }
}

#[tokio::test]
async fn a_cart_survives_a_restart_and_is_shared_by_every_instance() {
    let app = CartApp::start().await;
    let mut shopper = app.shopper();
    shopper
        .add(json!({"product_id": BEANIE, "quantity": 2}))
        .await;
    let mut elsewhere = shopper.clone();
    elsewhere.router = app.instance();
    let cart = elsewhere.cart().await;
    assert_eq!(quantity_of(&cart, BEANIE, None), 2);
    elsewhere.add(json!({"product_id": BEANIE})).await;
    assert_eq!(quantity_of(&shopper.cart().await, BEANIE, None), 3);
}

#[tokio::test]
async fn an_unknown_session_id_is_never_adopted() {
    let app = CartApp::start().await;
    let mut shopper = app.shopper();
    let planted = "0123456789abcdef0123456789abcdef".to_owned();
    shopper.cookies.insert(SESSION.into(), planted.clone());
    let read = shopper.get("/api/v1/cart").await;
    assert_eq!(read.cart()["item_count"], 0);
    assert!(read.set_cookie(SESSION).is_none());
    let added = shopper.add(json!({"product_id": BEANIE})).await;
    let issued = added.cookie_value(SESSION).expect("a fresh session");
    assert_ne!(issued, planted);
    assert!(app.stored_cart(&planted).await.is_none());
    assert!(app.stored_cart(&issued).await.is_some());
    shopper
        .cookies
        .insert(SESSION.into(), "not-a-session".into());
    assert_eq!(
        shopper.cart().await["item_count"],
        0,
        "malformed ids are ignored"
    );
}

#[tokio::test]
async fn the_cart_endpoints_and_codes_are_in_the_openapi_document() {
    let app = CartApp::start().await;
    let doc = app.shopper().get("/api/openapi.json").await.body;
    for (path, method, operation) in [
        ("/api/v1/session", "get", "get_session"),
        ("/api/v1/cart", "get", "get_cart"),
        ("/api/v1/cart/items", "post", "add_cart_item"),
        ("/api/v1/cart/items/{key}", "patch", "update_cart_item"),
        ("/api/v1/cart/items/{key}", "delete", "remove_cart_item"),
    ] {
        assert_eq!(
            doc["paths"][path][method]["operationId"], operation,
            "{path}"
        );
    }
    let codes = doc["components"]["schemas"]["ErrorCode"]["enum"].to_string();
    for code in [
        "invalid_quantity",
        "insufficient_stock",
        "not_purchasable",
        "already_in_cart",
        "cart_item_not_found",
    ] {
        assert!(codes.contains(code), "{code} in {codes}");
    }
    let error = &doc["components"]["schemas"]["ErrorBody"]["properties"];
    assert!(error.get("product_url").is_some() && error.get("available").is_some());
    assert!(doc["components"]["schemas"].get("CartView").is_some());
}
