//! The storefront's Instagram feed block (storefront spec §6–§8): the shop's recent posts
//! from the Instagram Graph API, kept in memory so page views do not spend the API's rate
//! limit (~200 calls an hour).
//!
//! # Wiring
//!
//! ```text
//! [instagram]                        # optional table; no table, no feed
//! access_token = "IGQV…"             # required
//! base_url = "https://graph.instagram.com"
//! limit = 6                          # 1–20
//! timeout_seconds = 5
//! cache_minutes = 15
//! profile_url = "https://www.instagram.com/shop/"   # "Follow us on Instagram"
//! title = "Instagram"
//! ```
//!
//! - Configuration: `Option<InstagramSettings>` (serde, `deny_unknown_fields`; `limit` is
//!   checked while parsing, the rest by [`InstagramSettings::validate`]).
//! - Start-up: `FeedCache::from_settings(&settings)?` (validates, builds the client), kept
//!   in shared state (`Arc<FeedCache>`; it is `Send + Sync`).
//! - `GET /api/v1/instagram`: `cache.recent_media().await` →
//!   `Ok(Arc<[InstagramPost]>)`, which serialises as the web client expects
//!   (`{ id, caption, media_type: "image" | "video" | "carousel_album", image_url, permalink,
//!   timestamp: RFC 3339 | null }`), or `Err(InstagramError)`: answer 502
//!   `instagram_unavailable`. The cache has already logged the failure (once per upstream
//!   call, at `warn`); the error's text is safe to log again but is for the log, not for
//!   visitors.
//! - The block's `title` and `profile_url` come from the settings.
//!
//! # Secrets
//!
//! The access token travels in the query string (as the Graph API expects), so it never
//! appears in an [`InstagramError`], a log line or a `Debug` output: reqwest errors lose
//! their URL, upstream texts are scrubbed, and redirects are not followed.
//!
//! # Public API
//!
//! ```text
//! InstagramSettings { access_token: String, base_url: String, limit: u32,
//!     timeout_seconds: u64, cache_minutes: u64, profile_url: Option<String>, title: String }
//! InstagramSettings::new(access_token: impl Into<String>) -> InstagramSettings
//! InstagramSettings::validate(&self) -> Result<(), SettingsError>
//! InstagramSettings::{base_url(&self) -> Result<Url, SettingsError>,
//!     timeout(&self) -> Duration, cache_ttl(&self) -> Duration}
//! InstagramClient::new(&InstagramSettings) -> Result<InstagramClient, SettingsError>
//! InstagramClient::recent_media(&self) -> Result<Vec<InstagramPost>, InstagramError>
//! FeedCache::new(InstagramClient, ttl: Duration) -> FeedCache
//! FeedCache::from_settings(&InstagramSettings) -> Result<FeedCache, SettingsError>
//! FeedCache::with_clock(self, impl Fn() -> Instant + Send + Sync + 'static) -> FeedCache
//! FeedCache::recent_media(&self) -> Result<Arc<[InstagramPost]>, InstagramError>
//! ```

pub mod cache;
pub mod client;
pub mod error;
mod feed;
pub mod post;
pub mod settings;

pub use cache::{Clock, FAILURE_TTL, FeedCache};
pub use client::{InstagramClient, MEDIA_FIELDS};
pub use error::InstagramError;
pub use post::{InstagramPost, MediaType};
pub use settings::{InstagramSettings, LIMIT_RANGE, SettingsError};
