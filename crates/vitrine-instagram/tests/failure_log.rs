//! The failure log line, in a test binary of its own: tracing caches whether a log call is
//! enabled per process, so a test elsewhere in the same process that reached the call first
//! (with no subscriber) could hide it from this test's subscriber.

#[path = "feed/fake_graph.rs"]
#[allow(dead_code)]
mod fake_graph;

use std::io;
use std::sync::{Arc, Mutex};

use fake_graph::{FakeGraph, TOKEN, invalid_token};
use vitrine_instagram::FeedCache;

/// Collects everything a fmt subscriber writes.
#[derive(Clone, Default)]
struct LogBuffer(Arc<Mutex<Vec<u8>>>);

impl io::Write for LogBuffer {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.0.lock().expect("lock").extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[tokio::test(flavor = "current_thread")]
async fn a_failure_is_logged_once_and_without_the_token() {
    let logs = LogBuffer::default();
    let subscriber = tracing_subscriber::fmt()
        .with_max_level(tracing::Level::TRACE)
        .with_ansi(false)
        .with_writer({
            let logs = logs.clone();
            move || logs.clone()
        })
        .finish();
    let _guard = tracing::subscriber::set_default(subscriber);
    let fake = FakeGraph::start(invalid_token()).await;
    let cache = FeedCache::from_settings(&fake.settings()).expect("valid settings");

    cache.recent_media().await.expect_err("a bad token");
    cache
        .recent_media()
        .await
        .expect_err("the remembered failure");

    let text = String::from_utf8_lossy(&logs.0.lock().expect("lock")).into_owned();
    assert_eq!(text.matches("Instagram feed failed").count(), 1, "{text}");
    assert!(text.contains("WARN"), "{text}");
    assert!(text.contains("Invalid OAuth access token"), "{text}");
    assert!(!text.contains(TOKEN), "token leaked: {text}");
}
