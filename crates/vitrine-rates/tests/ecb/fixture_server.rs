//! A fixture server for the ECB document: `GET /eurofxref-daily.xml` answers what the test
//! set, `GET /moved` redirects there; calls are counted.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::get;

/// The ECB's daily file as published (30 currencies, 2024-05-17).
pub const DAILY: &str = include_str!("../fixtures/eurofxref-daily.xml");

#[derive(Debug, Clone)]
pub enum Reply {
    Xml(StatusCode, String),
    /// Waits this long before answering the daily file.
    Slow(Duration),
    /// `bytes` bytes sent in 64 kB chunks without a Content-Length.
    Streamed {
        bytes: usize,
    },
}

#[derive(Clone)]
struct Shared {
    calls: Arc<AtomicUsize>,
    reply: Arc<Mutex<Reply>>,
}

pub struct FixtureServer {
    pub base_url: String,
    shared: Shared,
}

impl FixtureServer {
    pub async fn start(reply: Reply) -> Self {
        let shared = Shared {
            calls: Arc::default(),
            reply: Arc::new(Mutex::new(reply)),
        };
        let app = Router::new()
            .route("/eurofxref-daily.xml", get(daily))
            .route(
                "/moved",
                get(|| async { Redirect::permanent("/eurofxref-daily.xml") }),
            )
            .with_state(shared.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("the fixture server binds");
        let address = listener.local_addr().expect("bound address");
        tokio::spawn(async move {
            axum::serve(listener, app)
                .await
                .expect("the fixture server runs")
        });
        Self {
            base_url: format!("http://{address}"),
            shared,
        }
    }

    /// The daily file's address on this server.
    pub fn url(&self) -> url::Url {
        self.at("/eurofxref-daily.xml")
    }

    pub fn at(&self, path: &str) -> url::Url {
        format!("{}{path}", self.base_url)
            .parse()
            .expect("a valid URL")
    }

    pub fn answer(&self, reply: Reply) {
        *self.shared.reply.lock().expect("lock") = reply;
    }

    pub fn calls(&self) -> usize {
        self.shared.calls.load(Ordering::SeqCst)
    }
}

async fn daily(State(shared): State<Shared>) -> Response {
    shared.calls.fetch_add(1, Ordering::SeqCst);
    let reply = shared.reply.lock().expect("lock").clone();
    let xml = |status, body| (status, [(header::CONTENT_TYPE, "text/xml")], body).into_response();
    match reply {
        Reply::Xml(status, body) => xml(status, body),
        Reply::Slow(wait) => {
            tokio::time::sleep(wait).await;
            xml(StatusCode::OK, DAILY.to_owned())
        }
        Reply::Streamed { bytes } => {
            let chunk = vec![b' '; 64 * 1024];
            let chunks = (0..bytes.div_ceil(chunk.len())).map(move |i| {
                let len = chunk.len().min(bytes - i * chunk.len());
                Ok::<_, std::io::Error>(chunk[..len].to_vec())
            });
            Body::from_stream(futures_util::stream::iter(chunks)).into_response()
        }
    }
}
