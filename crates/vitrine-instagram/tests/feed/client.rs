//! InstagramClient::recent_media: what it sends, how answers map, how failures read.

use axum::http::StatusCode;
use serde_json::json;
use time::macros::datetime;
use vitrine_instagram::{InstagramClient, InstagramError, MEDIA_FIELDS, MediaType};

use crate::fake_graph::{FakeGraph, Reply, TOKEN, invalid_token, three_posts};

/// Neither the error's text nor its Debug form may carry the token.
fn assert_no_token(error: &InstagramError) {
    let shown = format!("{error} {error:?}");
    assert!(!shown.contains(TOKEN), "token leaked: {shown}");
    assert!(!shown.contains("access_token="), "URL leaked: {shown}");
}

#[tokio::test]
async fn posts_are_mapped_and_a_video_shows_its_thumbnail() {
    let fake = FakeGraph::start(Reply::Json(StatusCode::OK, three_posts())).await;
    let client = InstagramClient::new(&fake.settings()).expect("valid settings");

    let posts = client.recent_media().await.expect("the feed");

    assert_eq!(posts.len(), 3);
    let image = &posts[0];
    assert_eq!(image.id, "17900000000000001");
    assert_eq!(image.media_type, MediaType::Image);
    assert_eq!(image.image_url, "https://cdn.example/1.jpg");
    assert_eq!(image.permalink, "https://www.instagram.com/p/AAA/");
    assert_eq!(
        image.caption.as_deref(),
        Some("New hoodies are in\nShop now")
    );
    assert_eq!(image.timestamp, Some(datetime!(2024-05-01 09:30:00 UTC)));
    let video = &posts[1];
    assert_eq!(video.media_type, MediaType::Video);
    assert_eq!(video.image_url, "https://cdn.example/2.jpg");
    let album = &posts[2];
    assert_eq!(album.media_type, MediaType::CarouselAlbum);
    assert_eq!(album.caption, None);
    assert_eq!(album.timestamp, None);
}

#[tokio::test]
async fn the_fields_the_limit_and_the_token_are_sent_to_me_media() {
    let fake = FakeGraph::start(Reply::Json(StatusCode::OK, json!({ "data": [] }))).await;
    let settings = vitrine_instagram::InstagramSettings {
        limit: 4,
        ..fake.settings()
    };

    let posts = InstagramClient::new(&settings)
        .expect("valid settings")
        .recent_media()
        .await
        .expect("an empty feed");

    assert!(posts.is_empty());
    let (path, query) = fake.last_request();
    assert_eq!(path, "/me/media");
    assert_eq!(query.get("fields").map(String::as_str), Some(MEDIA_FIELDS));
    assert_eq!(query.get("limit").map(String::as_str), Some("4"));
    assert_eq!(query.get("access_token").map(String::as_str), Some(TOKEN));
}

#[tokio::test]
async fn a_base_url_with_a_path_keeps_it() {
    let fake = FakeGraph::start(Reply::Json(StatusCode::OK, json!({ "data": [] }))).await;
    for base_url in [
        format!("{}/graph", fake.base_url),
        format!("{}/graph/", fake.base_url),
    ] {
        let settings = vitrine_instagram::InstagramSettings {
            base_url,
            ..fake.settings()
        };
        let client = InstagramClient::new(&settings).expect("valid settings");
        client.recent_media().await.expect("an empty feed");
        assert_eq!(fake.last_request().0, "/graph/me/media");
    }
}

#[tokio::test]
async fn a_graph_error_keeps_its_status_code_and_message_but_not_the_token() {
    let fake = FakeGraph::start(invalid_token()).await;
    let client = InstagramClient::new(&fake.settings()).expect("valid settings");

    let error = client.recent_media().await.expect_err("a bad token");

    assert_eq!(
        error,
        InstagramError::Status {
            status: 400,
            code: Some(190),
            message: Some("Invalid OAuth access token - Cannot parse access token".into()),
        }
    );
    assert_eq!(
        error.to_string(),
        "Instagram answered HTTP 400 (code 190): Invalid OAuth access token - Cannot parse access token"
    );
    assert_no_token(&error);
}

#[tokio::test]
async fn a_token_echoed_by_upstream_is_scrubbed() {
    let fake = FakeGraph::start(Reply::Json(
        StatusCode::BAD_REQUEST,
        json!({ "error": { "message": format!("Token {TOKEN} has expired"), "code": 190 } }),
    ))
    .await;
    let client = InstagramClient::new(&fake.settings()).expect("valid settings");

    let error = client.recent_media().await.expect_err("an expired token");

    assert_no_token(&error);
    assert!(
        error.to_string().contains("Token [redacted] has expired"),
        "{error}"
    );
}

#[tokio::test]
async fn a_non_graph_error_page_is_a_bare_status() {
    let fake = FakeGraph::start(Reply::Raw(
        StatusCode::BAD_GATEWAY,
        "<html>Bad gateway</html>",
    ))
    .await;
    let client = InstagramClient::new(&fake.settings()).expect("valid settings");

    let error = client.recent_media().await.expect_err("a proxy error");

    assert_eq!(
        error,
        InstagramError::Status {
            status: 502,
            code: None,
            message: None
        }
    );
    assert_eq!(error.to_string(), "Instagram answered HTTP 502");
}

#[tokio::test]
async fn an_answer_that_is_not_a_media_page_is_a_decode_error() {
    let fake = FakeGraph::start(Reply::Raw(StatusCode::OK, "{ not json")).await;
    let client = InstagramClient::new(&fake.settings()).expect("valid settings");
    let error = client.recent_media().await.expect_err("bad JSON");
    assert!(matches!(error, InstagramError::Decode(_)), "{error:?}");
    assert_no_token(&error);

    fake.answer(Reply::Json(StatusCode::OK, json!({ "posts": [] })));
    let error = client.recent_media().await.expect_err("no data");
    assert!(matches!(error, InstagramError::Decode(_)), "{error:?}");
}

#[tokio::test]
async fn a_server_slower_than_the_timeout_is_a_transport_error_without_the_url() {
    let fake = FakeGraph::start(Reply::Slow(std::time::Duration::from_secs(3))).await;
    let client = InstagramClient::new(&fake.settings()).expect("valid settings");

    let started = std::time::Instant::now();
    let error = client.recent_media().await.expect_err("a timeout");

    assert!(started.elapsed() < std::time::Duration::from_secs(3));
    assert!(
        matches!(
            error,
            InstagramError::Transport {
                timed_out: true,
                ..
            }
        ),
        "{error:?}"
    );
    assert!(error.to_string().contains("timed out"), "{error}");
    assert_no_token(&error);
    assert!(!error.to_string().contains("/me/media"), "{error}");
}

#[tokio::test]
async fn a_refused_connection_is_a_transport_error_without_the_url() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a free port");
    let address = listener.local_addr().expect("bound address");
    drop(listener);
    let settings = vitrine_instagram::InstagramSettings {
        base_url: format!("http://{address}"),
        timeout_seconds: 1,
        ..vitrine_instagram::InstagramSettings::new(TOKEN)
    };
    let client = InstagramClient::new(&settings).expect("valid settings");

    let error = client.recent_media().await.expect_err("nobody listens");

    assert!(
        matches!(
            error,
            InstagramError::Transport {
                timed_out: false,
                ..
            }
        ),
        "{error:?}"
    );
    assert_no_token(&error);
    assert!(!format!("{client:?}").contains(TOKEN));
}
