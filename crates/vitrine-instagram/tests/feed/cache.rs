//! FeedCache: answers from memory while fresh, remembers failures for 30 s, shares calls,
//! logs each failure once without the token. Time is a hand-moved clock; nothing sleeps.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::http::StatusCode;
use vitrine_instagram::{FAILURE_TTL, FeedCache, InstagramClient, InstagramError};

use crate::fake_graph::{FakeGraph, Reply, invalid_token, three_posts};

/// A clock that only moves when told.
#[derive(Clone)]
struct TestClock {
    start: Instant,
    offset: Arc<Mutex<Duration>>,
}

impl TestClock {
    fn new() -> Self {
        Self {
            start: Instant::now(),
            offset: Arc::default(),
        }
    }

    fn now(&self) -> Instant {
        self.start + *self.offset.lock().expect("lock")
    }

    fn advance(&self, by: Duration) {
        *self.offset.lock().expect("lock") += by;
    }
}

fn cache(fake: &FakeGraph, clock: &TestClock) -> FeedCache {
    let settings = fake.settings();
    let clock = clock.clone();
    FeedCache::from_settings(&settings)
        .expect("valid settings")
        .with_clock(move || clock.now())
}

const MINUTE: Duration = Duration::from_secs(60);

#[tokio::test]
async fn a_feed_is_answered_from_memory_for_cache_minutes() {
    let fake = FakeGraph::start(Reply::Json(StatusCode::OK, three_posts())).await;
    let clock = TestClock::new();
    let cache = cache(&fake, &clock);

    let first = cache.recent_media().await.expect("the feed");
    clock.advance(15 * MINUTE - Duration::from_secs(1));
    let second = cache.recent_media().await.expect("the cached feed");

    assert_eq!(fake.calls(), 1);
    assert_eq!(first.len(), 3);
    assert_eq!(first, second);

    clock.advance(Duration::from_secs(1));
    cache.recent_media().await.expect("a fresh feed");
    assert_eq!(fake.calls(), 2);
}

#[tokio::test]
async fn a_failure_is_remembered_for_30_seconds_then_retried() {
    let fake = FakeGraph::start(invalid_token()).await;
    let clock = TestClock::new();
    let cache = cache(&fake, &clock);

    let first = cache.recent_media().await.expect_err("a bad token");
    clock.advance(FAILURE_TTL - Duration::from_secs(1));
    let second = cache
        .recent_media()
        .await
        .expect_err("the remembered failure");

    assert_eq!(fake.calls(), 1);
    assert_eq!(first, second);
    assert!(matches!(first, InstagramError::Status { status: 400, .. }));

    fake.answer(Reply::Json(StatusCode::OK, three_posts()));
    clock.advance(Duration::from_secs(1));
    let posts = cache.recent_media().await.expect("the token was fixed");
    assert_eq!(fake.calls(), 2);
    assert_eq!(posts.len(), 3);
}

#[tokio::test]
async fn an_expired_feed_that_fails_to_refresh_answers_the_failure() {
    let fake = FakeGraph::start(Reply::Json(StatusCode::OK, three_posts())).await;
    let clock = TestClock::new();
    let cache = cache(&fake, &clock);
    cache.recent_media().await.expect("the feed");

    fake.answer(invalid_token());
    clock.advance(16 * MINUTE);

    cache.recent_media().await.expect_err("the refresh failed");
    cache
        .recent_media()
        .await
        .expect_err("the remembered failure");
    assert_eq!(fake.calls(), 2);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn concurrent_callers_share_one_upstream_call() {
    let fake = FakeGraph::start(Reply::Slow(Duration::from_millis(300))).await;
    let clock = TestClock::new();
    // No caching at all: sharing must come from the single flight, not the TTL.
    let client = InstagramClient::new(&fake.settings()).expect("valid settings");
    let cache = Arc::new(FeedCache::new(client, Duration::ZERO).with_clock({
        let clock = clock.clone();
        move || clock.now()
    }));

    let callers: Vec<_> = (0..8)
        .map(|_| {
            let cache = Arc::clone(&cache);
            tokio::spawn(async move { cache.recent_media().await })
        })
        .collect();
    for caller in callers {
        caller.await.expect("caller ran").expect("an empty feed");
    }

    assert_eq!(fake.calls(), 1);
    cache.recent_media().await.expect("an empty feed");
    assert_eq!(fake.calls(), 2, "with a zero TTL a later caller asks again");
}
