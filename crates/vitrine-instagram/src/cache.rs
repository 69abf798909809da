//! The feed as the storefront asks for it: answered from memory, one upstream call at a time.

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use tokio::sync::Mutex;

use crate::client::InstagramClient;
use crate::error::InstagramError;
use crate::post::InstagramPost;
use crate::settings::{InstagramSettings, SettingsError};

/// How long a failure is answered again before Instagram is asked anew, so a broken token
/// costs two calls a minute rather than one per page view.
pub const FAILURE_TTL: Duration = Duration::from_secs(30);

/// Where the cache reads the time; tests pass a clock they move by hand.
pub type Clock = Arc<dyn Fn() -> Instant + Send + Sync>;

/// Wraps an [`InstagramClient`]: a fetched feed is answered for `ttl`, a failure for
/// [`FAILURE_TTL`], and callers arriving while a fetch is under way wait for it and share its
/// answer (single flight). Each upstream failure is logged once, at `warn`.
pub struct FeedCache {
    client: InstagramClient,
    ttl: Duration,
    clock: Clock,
    /// Completed upstream calls; a caller that sees it move while waiting shares that call.
    fetches: AtomicU64,
    state: Mutex<State>,
}

enum State {
    Empty,
    Posts {
        posts: Arc<[InstagramPost]>,
        at: Instant,
    },
    Failed {
        error: InstagramError,
        at: Instant,
    },
}

type Answer = Result<Arc<[InstagramPost]>, InstagramError>;

impl State {
    /// The remembered answer, if it is still fresh at `now` (or `shared`: fetched while the
    /// caller waited).
    fn answer(&self, now: Instant, ttl: Duration, shared: bool) -> Option<Answer> {
        let fresh = |at: Instant, ttl: Duration| shared || now.saturating_duration_since(at) < ttl;
        match self {
            Self::Posts { posts, at } if fresh(*at, ttl) => Some(Ok(Arc::clone(posts))),
            Self::Failed { error, at } if fresh(*at, FAILURE_TTL) => Some(Err(error.clone())),
            _ => None,
        }
    }
}

impl FeedCache {
    /// A cache answering fetched feeds for `ttl`, on the system clock.
    pub fn new(client: InstagramClient, ttl: Duration) -> Self {
        Self {
            client,
            ttl,
            clock: Arc::new(Instant::now),
            fetches: AtomicU64::new(0),
            state: Mutex::new(State::Empty),
        }
    }

    /// The client and the cache the settings describe (`cache_minutes` as the TTL).
    pub fn from_settings(settings: &InstagramSettings) -> Result<Self, SettingsError> {
        Ok(Self::new(
            InstagramClient::new(settings)?,
            settings.cache_ttl(),
        ))
    }

    /// The same cache reading the time from `clock`.
    #[must_use]
    pub fn with_clock(mut self, clock: impl Fn() -> Instant + Send + Sync + 'static) -> Self {
        self.clock = Arc::new(clock);
        self
    }

    /// The feed: from memory while fresh, otherwise from Instagram.
    pub async fn recent_media(&self) -> Answer {
        let seen = self.fetches.load(Ordering::Acquire);
        let mut state = self.state.lock().await;
        let shared = self.fetches.load(Ordering::Acquire) != seen;
        if let Some(answer) = state.answer((self.clock)(), self.ttl, shared) {
            return answer;
        }
        let result = self.client.recent_media().await;
        let at = (self.clock)();
        let answer = match result {
            Ok(posts) => {
                let posts: Arc<[InstagramPost]> = posts.into();
                *state = State::Posts {
                    posts: Arc::clone(&posts),
                    at,
                };
                Ok(posts)
            }
            Err(error) => {
                tracing::warn!(%error, "Instagram feed failed");
                *state = State::Failed {
                    error: error.clone(),
                    at,
                };
                Err(error)
            }
        };
        self.fetches.fetch_add(1, Ordering::Release);
        answer
    }
}

impl fmt::Debug for FeedCache {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FeedCache")
            .field("client", &self.client)
            .field("ttl", &self.ttl)
            .finish_non_exhaustive()
    }
}
