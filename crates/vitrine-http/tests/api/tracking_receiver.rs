//! A local fake of Meta, TikTok and GA4: records every request, can fail the next few.

use std::net::SocketAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use axum::Router;
use axum::extract::{Request, State};
use axum::http::{HeaderMap, StatusCode};
use axum::routing::post;
use http_body_util::BodyExt;
use serde_json::{Value, json};

/// One request the fake platform received.
#[derive(Debug, Clone)]
pub struct Received {
    pub path: String,
    pub query: String,
    pub headers: HeaderMap,
    pub body: Value,
}

/// Meta, TikTok and GA4 on one local port; the first `fail_next` requests get HTTP 500.
#[derive(Clone, Default)]
pub struct Receiver {
    pub requests: Arc<Mutex<Vec<Received>>>,
    pub fail_next: Arc<AtomicUsize>,
    pub base_url: String,
}

async fn receive(State(r): State<Receiver>, req: Request) -> (StatusCode, String) {
    let (parts, body) = req.into_parts();
    let bytes = body
        .collect()
        .await
        .map(|b| b.to_bytes())
        .unwrap_or_default();
    let received = Received {
        path: parts.uri.path().to_owned(),
        query: parts.uri.query().unwrap_or_default().to_owned(),
        headers: parts.headers,
        body: serde_json::from_slice(&bytes).unwrap_or(Value::Null),
    };
    let tiktok = received.path.starts_with("/open_api/");
    r.requests.lock().expect("lock").push(received);
    let failing = r
        .fail_next
        .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| n.checked_sub(1))
        .is_ok();
    match (failing, tiktok) {
        (true, _) => (StatusCode::INTERNAL_SERVER_ERROR, "down".into()),
        (false, true) => (
            StatusCode::OK,
            json!({"code": 0, "message": "OK"}).to_string(),
        ),
        (false, false) => (StatusCode::OK, "{}".into()),
    }
}

impl Receiver {
    pub async fn start() -> Receiver {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind");
        let addr: SocketAddr = listener.local_addr().expect("addr");
        let receiver = Receiver {
            base_url: format!("http://{addr}"),
            ..Default::default()
        };
        let app = Router::new()
            .route("/{version}/{pixel}/events", post(receive))
            .route("/open_api/v1.3/event/track/", post(receive))
            .route("/mp/collect", post(receive))
            .with_state(receiver.clone());
        tokio::spawn(async move { axum::serve(listener, app).await.expect("receiver runs") });
        receiver
    }

    pub fn received(&self) -> Vec<Received> {
        self.requests.lock().expect("lock").clone()
    }

    pub fn to(&self, prefix: &str) -> Vec<Received> {
        self.received()
            .into_iter()
            .filter(|r| r.path.starts_with(prefix))
            .collect()
    }
}
