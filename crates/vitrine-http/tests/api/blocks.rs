//! Content blocks through the real router (ADR 0010): defaults, saving by page editors only
//! (PUT sent as POST + X-HTTP-Method-Override, with the nonce), sanitised HTML, the home page
//! carrying the edit.

use axum::http::Method;
use serde_json::json;
use vitrine_domain::account::Role;

use crate::helpers::{TestApp, inline_data};

const ABOUT: &str = "/api/v1/blocks/home-about";

#[tokio::test]
async fn blocks_start_with_their_default_text_and_edit_links() {
    let app = TestApp::spawn().await;
    let block = app.get(ABOUT).await.json()["block"].clone();
    assert_eq!(block["title"], "About the shop");
    assert_eq!(block["updated_at"], json!(null));
    assert!(
        block["body_html"]
            .as_str()
            .unwrap_or_default()
            .contains("<strong>Write to us</strong>")
    );
    assert_eq!(block["page_url"], "/");
    assert_eq!(block["builder_url"], "/?builder=home-about");
    assert_eq!(block["editor_url"], "/my-account/blocks/home-about/");
    let missing = app.get("/api/v1/blocks/nope").await;
    assert_eq!(
        (missing.status.as_u16(), missing.json()["code"].clone()),
        (404, json!("not_found"))
    );
}

#[tokio::test]
async fn an_editor_saves_a_block_and_the_home_page_shows_it_sanitised() {
    let app = TestApp::spawn().await;
    app.add_user("ed@example.com", Role::Editor).await;
    let login = app.login("ed@example.com").await;
    let [cookie, nonce] = login.headers();
    let edit = json!({ "title": "  Our story ", "body": "**Hand-picked**\r\n\n<script>alert(1)</script>" });
    let res = app
        .send(
            Method::POST,
            ABOUT,
            &[cookie, nonce, ("x-http-method-override", "PUT")],
            Some(&edit),
        )
        .await;
    assert_eq!(res.status, 200, "{}", res.text);
    let block = &res.json()["block"];
    assert_eq!(block["title"], "Our story");
    assert_eq!(block["updated_at"], "2026-11-22T12:00:00Z");
    let html = block["body_html"].as_str().unwrap_or_default();
    assert!(html.contains("<strong>Hand-picked</strong>"), "{html}");
    assert!(!html.contains("<script"), "{html}");

    let page = app.get("/").await;
    let data = inline_data(&page.text);
    assert_eq!(data["blocks"]["about"]["title"], "Our story");
    assert!(
        page.text.contains("<strong>Hand-picked</strong>"),
        "in the server-rendered body"
    );
    assert!(!page.text.contains("<script>alert(1)"), "never unescaped");
}

#[tokio::test]
async fn only_page_editors_with_their_nonce_may_save() {
    let app = TestApp::spawn().await;
    app.add_user("author@example.com", Role::Author).await;
    app.add_user("ed@example.com", Role::Editor).await;
    let edit = json!({ "title": "T", "body": "B" });
    let author = app.login("author@example.com").await;
    let res = app
        .send(Method::PUT, ABOUT, &author.headers(), Some(&edit))
        .await;
    assert_eq!(res.status, 403);
    assert_eq!(res.json()["code"], "forbidden");

    let editor = app.login("ed@example.com").await;
    let no_nonce = app
        .send(
            Method::PUT,
            ABOUT,
            &[("cookie", &editor.cookie)],
            Some(&edit),
        )
        .await;
    assert_eq!(no_nonce.status, 401);
    let anonymous = app.send(Method::PUT, ABOUT, &[], Some(&edit)).await;
    assert_eq!(anonymous.status, 401);

    let empty_title = app
        .send(
            Method::PUT,
            ABOUT,
            &editor.headers(),
            Some(&json!({ "title": " ", "body": "B" })),
        )
        .await;
    assert_eq!(empty_title.status, 400);
    assert_eq!(empty_title.json()["field"], "title");
    let unknown = app
        .send(
            Method::PUT,
            "/api/v1/blocks/nope",
            &editor.headers(),
            Some(&edit),
        )
        .await;
    assert_eq!(unknown.status, 404);
    let unchanged = app.get(ABOUT).await.json();
    assert_eq!(
        unchanged["block"]["title"], "About the shop",
        "refusals store nothing"
    );
}

#[tokio::test]
async fn the_backend_editor_page_names_its_block_and_is_not_indexed() {
    let app = TestApp::spawn().await;
    let page = app.get("/my-account/blocks/home-about/").await;
    assert_eq!(page.status, 200);
    let data = inline_data(&page.text);
    assert_eq!(data["route"], "account");
    assert_eq!(
        data["view"],
        json!({ "kind": "block_editor", "slug": "home-about" })
    );
    assert_eq!(data["seo"]["robots"], "noindex, nofollow");
    assert_eq!(app.get("/my-account/blocks/nope/").await.status, 404);
    let account = inline_data(&app.get("/my-account/").await.text);
    assert_eq!(account["view"], json!({ "kind": "dashboard" }));
}
