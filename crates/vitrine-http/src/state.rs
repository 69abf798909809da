//! The shared state every handler receives: the catalogue store, shop settings and a clock.

use std::sync::Arc;

use time::OffsetDateTime;
use vitrine_domain::money::PriceFormat;
use vitrine_domain::ports::CatalogueStore;

use crate::media::MediaIndex;
use crate::settings::ShopSettings;

/// A source of "now", replaceable in tests (sale dates depend on it).
pub type Clock = Arc<dyn Fn() -> OffsetDateTime + Send + Sync>;

/// Cheap to clone: everything sits behind one `Arc`.
#[derive(Clone)]
pub struct AppState {
    /// Server-side tracking (`AppState::with_tracking`, in `tracking`).
    pub(crate) tracking: Option<vitrine_tracking::TrackingState>,
    inner: Arc<Inner>,
    /// Server-side carts (`AppState::with_carts`, in `cart`).
    pub(crate) carts: Option<crate::cart::Carts>,
    /// Product reviews (`AppState::with_reviews`, in `reviews`).
    pub(crate) reviews: Option<Arc<dyn vitrine_domain::ports::ReviewStore>>,
    /// The category tree, counts and tags (`AppState::with_taxonomy_ttl`, in `taxonomy`).
    pub(crate) taxonomy: Arc<crate::taxonomy::TaxonomyCache>,
    /// Decoded products reused by carts and variation lookups (`AppState::with_product_cache_ttl`).
    pub(crate) products: Arc<crate::product_cache::ProductCache>,
    /// Stored reviews per client address (`reviews::SUBMISSIONS_BURST` at once, then
    /// `reviews::SUBMISSIONS_PER_MINUTE`).
    pub(crate) review_limiter: Arc<vitrine_tracking::rate_limit::RateLimiter>,
    /// Users and login sessions (`AppState::with_accounts`, in `account`).
    pub(crate) accounts: Option<Arc<dyn vitrine_domain::ports::AccountStore>>,
    /// Failed login attempts per client address (`account::LOGIN_BURST`, `account::LOGINS_PER_MINUTE`).
    pub(crate) login_limiter: Arc<vitrine_tracking::rate_limit::RateLimiter>,
    /// Saved content-block edits (`AppState::with_content`, in `content`).
    pub(crate) content: Option<Arc<dyn vitrine_domain::ports::ContentStore>>,
    /// The Instagram feed (`AppState::with_instagram`, in `instagram`).
    pub(crate) instagram: Option<Arc<vitrine_instagram::FeedCache>>,
}

struct Inner {
    store: Arc<dyn CatalogueStore>,
    settings: ShopSettings,
    price_format: PriceFormat,
    clock: Clock,
    media: MediaIndex,
}

impl AppState {
    /// State over a store with the system clock.
    pub fn new(store: Arc<dyn CatalogueStore>, settings: ShopSettings) -> Self {
        Self::with_clock(store, settings, Arc::new(OffsetDateTime::now_utc))
    }

    /// State with an injected clock (tests pin "now" to check sale windows).
    pub fn with_clock(
        store: Arc<dyn CatalogueStore>,
        settings: ShopSettings,
        clock: Clock,
    ) -> Self {
        let price_format = settings.price_format();
        Self {
            tracking: None,
            inner: Arc::new(Inner {
                store,
                settings,
                price_format,
                clock,
                media: MediaIndex::default(),
            }),
            carts: None,
            reviews: None,
            taxonomy: Arc::default(),
            products: Arc::new(crate::product_cache::ProductCache::new(
                std::time::Duration::ZERO,
            )),
            review_limiter: Arc::new(vitrine_tracking::rate_limit::RateLimiter::new(
                crate::reviews::SUBMISSIONS_BURST,
                crate::reviews::SUBMISSIONS_PER_MINUTE,
            )),
            accounts: None,
            login_limiter: Arc::new(vitrine_tracking::rate_limit::RateLimiter::new(
                crate::account::LOGIN_BURST,
                crate::account::LOGINS_PER_MINUTE,
            )),
            content: None,
            instagram: None,
        }
    }

    /// This state reusing decoded products in carts and variation lookups for `ttl`
    /// (`product_cache::TTL` in the serving binary; zero reads them for every request).
    #[must_use]
    pub fn with_product_cache_ttl(mut self, ttl: std::time::Duration) -> Self {
        self.products = Arc::new(crate::product_cache::ProductCache::new(ttl));
        self
    }

    pub fn store(&self) -> &dyn CatalogueStore {
        self.inner.store.as_ref()
    }

    pub fn settings(&self) -> &ShopSettings {
        &self.inner.settings
    }

    pub fn price_format(&self) -> &PriceFormat {
        &self.inner.price_format
    }

    pub fn now(&self) -> OffsetDateTime {
        (self.inner.clock)()
    }

    pub(crate) fn media(&self) -> &MediaIndex {
        &self.inner.media
    }
}

impl std::fmt::Debug for AppState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AppState")
            .field("settings", &self.inner.settings)
            .finish_non_exhaustive()
    }
}
