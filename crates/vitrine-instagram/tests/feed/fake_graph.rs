//! A fake Graph API: `GET /me/media` (also under `/graph/`) answering what the test set,
//! counting calls and keeping the query strings it was sent.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde_json::{Value, json};
use vitrine_instagram::InstagramSettings;

pub const TOKEN: &str = "IGQVJtest-secret-token_42";

#[derive(Debug, Clone)]
pub enum Reply {
    Json(StatusCode, Value),
    Raw(StatusCode, &'static str),
    /// Waits before answering an empty feed.
    Slow(Duration),
}

/// A request's path and query parameters.
pub type Request = (String, HashMap<String, String>);

#[derive(Clone, Default)]
struct Shared {
    calls: Arc<AtomicUsize>,
    queries: Arc<Mutex<Vec<Request>>>,
    reply: Arc<Mutex<Option<Reply>>>,
}

pub struct FakeGraph {
    pub base_url: String,
    shared: Shared,
}

impl FakeGraph {
    pub async fn start(reply: Reply) -> Self {
        let shared = Shared::default();
        shared.reply.lock().expect("lock").replace(reply);
        let app = Router::new()
            .route("/me/media", get(media))
            .route("/graph/me/media", get(media))
            .with_state(shared.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("fake Graph API binds");
        let address = listener.local_addr().expect("bound address");
        tokio::spawn(async move {
            axum::serve(listener, app)
                .await
                .expect("fake Graph API runs")
        });
        Self {
            base_url: format!("http://{address}"),
            shared,
        }
    }

    /// Settings pointing at this server, with a 1 s timeout.
    pub fn settings(&self) -> InstagramSettings {
        InstagramSettings {
            base_url: self.base_url.clone(),
            timeout_seconds: 1,
            ..InstagramSettings::new(TOKEN)
        }
    }

    pub fn answer(&self, reply: Reply) {
        self.shared.reply.lock().expect("lock").replace(reply);
    }

    pub fn calls(&self) -> usize {
        self.shared.calls.load(Ordering::SeqCst)
    }

    /// The path and query parameters of the last call.
    pub fn last_request(&self) -> Request {
        self.shared
            .queries
            .lock()
            .expect("lock")
            .last()
            .cloned()
            .expect("the fake was called")
    }
}

async fn media(
    State(shared): State<Shared>,
    uri: axum::http::Uri,
    Query(query): Query<HashMap<String, String>>,
) -> Response {
    shared.calls.fetch_add(1, Ordering::SeqCst);
    shared
        .queries
        .lock()
        .expect("lock")
        .push((uri.path().to_owned(), query));
    let reply = shared.reply.lock().expect("lock").clone();
    match reply.expect("a reply is set") {
        Reply::Json(status, body) => (status, axum::Json(body)).into_response(),
        Reply::Raw(status, body) => (status, body).into_response(),
        Reply::Slow(wait) => {
            tokio::time::sleep(wait).await;
            axum::Json(json!({ "data": [] })).into_response()
        }
    }
}

/// A Graph `/me/media` page: an image, a video (with thumbnail), an album.
pub fn three_posts() -> Value {
    json!({
        "data": [
            { "id": "17900000000000001", "caption": "New hoodies are in\nShop now",
              "media_type": "IMAGE", "media_url": "https://cdn.example/1.jpg",
              "permalink": "https://www.instagram.com/p/AAA/", "timestamp": "2024-05-01T09:30:00+0000" },
            { "id": "17900000000000002", "caption": "Behind the scenes",
              "media_type": "VIDEO", "media_url": "https://cdn.example/2.mp4",
              "thumbnail_url": "https://cdn.example/2.jpg",
              "permalink": "https://www.instagram.com/reel/BBB/", "timestamp": "2024-04-28T18:00:00+0000" },
            { "id": "17900000000000003",
              "media_type": "CAROUSEL_ALBUM", "media_url": "https://cdn.example/3.jpg",
              "permalink": "https://www.instagram.com/p/CCC/" }
        ],
        "paging": { "cursors": { "before": "a", "after": "b" }, "next": "https://graph.instagram.com/next" }
    })
}

/// What the Graph API answers for a bad token.
pub fn invalid_token() -> Reply {
    Reply::Json(
        StatusCode::BAD_REQUEST,
        json!({ "error": { "message": "Invalid OAuth access token - Cannot parse access token",
                           "type": "OAuthException", "code": 190, "fbtrace_id": "Abc" } }),
    )
}
