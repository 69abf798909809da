//! `GET /api/v1/instagram` against a fake Graph API started by the test: the feed, the block
//! in the site view, and 502 `instagram_unavailable` when Instagram fails.

use axum::Json;
use axum::extract::Query;
use axum::routing::get;
use serde_json::{Value, json};
use vitrine_http::ShopSettings;
use vitrine_instagram::InstagramSettings;

use crate::helpers::TestApp;

/// A Graph API answering `/me/media` for token "good" and a Graph error otherwise.
async fn fake_graph() -> String {
    async fn media(
        Query(q): Query<std::collections::HashMap<String, String>>,
    ) -> (axum::http::StatusCode, Json<Value>) {
        if q.get("access_token").map(String::as_str) != Some("good") {
            let error = json!({ "error": { "message": "Invalid OAuth access token.", "type": "OAuthException", "code": 190 } });
            return (axum::http::StatusCode::BAD_REQUEST, Json(error));
        }
        let data = json!({ "data": [
            { "id": "1", "caption": "New hoodies\nin store", "media_type": "IMAGE",
              "media_url": "https://cdn.example/1.jpg", "permalink": "https://www.instagram.com/p/1/",
              "timestamp": "2026-11-20T10:00:00+0000" },
            { "id": "2", "media_type": "VIDEO", "media_url": "https://cdn.example/2.mp4",
              "thumbnail_url": "https://cdn.example/2.jpg", "permalink": "https://www.instagram.com/p/2/" }
        ]});
        (axum::http::StatusCode::OK, Json(data))
    }
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let addr = listener.local_addr().expect("address");
    tokio::spawn(
        axum::serve(listener, axum::Router::new().route("/me/media", get(media))).into_future(),
    );
    format!("http://{addr}")
}

async fn shop_with_feed(token: &str) -> TestApp {
    let mut feed = InstagramSettings::new(token);
    feed.base_url = fake_graph().await;
    feed.profile_url = Some("https://www.instagram.com/vitrine/".into());
    TestApp::with_feed(ShopSettings::default(), feed).await
}

#[tokio::test]
async fn the_feed_answers_posts_and_the_site_view_describes_the_block() {
    let app = shop_with_feed("good").await;
    let res = app.get("/api/v1/instagram").await;
    assert_eq!(res.status, 200, "{}", res.text);
    let posts = res.json()["posts"].clone();
    assert_eq!(posts[0]["caption"], "New hoodies\nin store");
    assert_eq!(posts[0]["media_type"], "image");
    assert_eq!(posts[0]["timestamp"], "2026-11-20T10:00:00Z");
    assert_eq!(posts[1]["media_type"], "video");
    assert_eq!(
        posts[1]["image_url"], "https://cdn.example/2.jpg",
        "a video shows its thumbnail"
    );
    assert_eq!(posts[1]["caption"], Value::Null);
    let site = app.get("/api/v1/site").await.json();
    assert_eq!(
        site["site"]["instagram"],
        json!({ "title": "Instagram", "profile_url": "https://www.instagram.com/vitrine/", "limit": 6 })
    );
}

#[tokio::test]
async fn an_instagram_failure_is_a_502_without_the_token() {
    let app = shop_with_feed("secret-token-123").await;
    let res = app.get("/api/v1/instagram").await;
    assert_eq!(res.status, 502);
    assert_eq!(res.json()["code"], "instagram_unavailable");
    assert!(!res.text.contains("secret-token-123"));
}

#[tokio::test]
async fn without_a_feed_there_is_no_block_and_no_endpoint() {
    let app = TestApp::spawn().await;
    assert_eq!(app.get("/api/v1/instagram").await.status, 404);
    assert_eq!(
        app.get("/api/v1/site").await.json()["site"]["instagram"],
        Value::Null
    );
}
