//! The application: every port the use cases need, the shop's policies and the per-instance
//! caches and brakes. Cheap to clone.

use std::sync::Arc;
use std::time::Duration;

use time::OffsetDateTime;
use vitrine_domain::ports::{
    AccountStore, CartStore, CatalogueStore, ContentStore, ReviewStore, SocialFeed,
};

use crate::brake::{Brake, BrakeKind};
use crate::cart::SessionLocks;
use crate::catalogue::{ProductCache, TaxonomyCache};
use crate::reviews::ReviewPolicy;
use crate::tracking::TrackingState;

/// A source of "now", replaceable in tests (sale dates and sessions depend on it).
pub type Clock = Arc<dyn Fn() -> OffsetDateTime + Send + Sync>;

/// The system's UTC clock.
pub fn system_clock() -> Clock {
    Arc::new(OffsetDateTime::now_utc)
}

/// Every adapter the use cases talk to. All are required: the binary passes the database's
/// adapters, tests pass a temporary database's.
pub struct Ports {
    pub catalogue: Arc<dyn CatalogueStore>,
    pub carts: Arc<dyn CartStore>,
    pub reviews: Arc<dyn ReviewStore>,
    pub accounts: Arc<dyn AccountStore>,
    pub content: Arc<dyn ContentStore>,
    /// The shop's social feed; `None` when the shop has not configured one.
    pub feed: Option<Arc<dyn SocialFeed>>,
    /// Server-side tracking over its store and settings; `None` when the shop turns it off.
    pub tracking: Option<TrackingState>,
    pub clock: Clock,
}

/// The shop owner's choices the use cases apply.
#[derive(Debug, Clone)]
pub struct Policies {
    pub reviews: ReviewPolicy,
    /// Related products on a product page (one grid row: the shop's columns).
    pub related_products: u32,
    /// How long the category tree, counts and tags are reused (ADR 0009); zero: never.
    pub taxonomy_ttl: Duration,
    /// How long decoded products are reused by carts and variation lookups; zero: never.
    pub product_ttl: Duration,
}

impl Default for Policies {
    fn default() -> Self {
        Self {
            reviews: ReviewPolicy::default(),
            related_products: 3,
            taxonomy_ttl: Duration::ZERO,
            product_ttl: Duration::ZERO,
        }
    }
}

/// Failed logins per client address: 10 at once, then 5 a minute.
pub const LOGIN_BURST: u32 = 10;
pub const LOGINS_PER_MINUTE: u32 = 5;
/// Reviews one client address may store at once, then per minute (spam brake).
pub const REVIEWS_BURST: u32 = 5;
pub const REVIEWS_PER_MINUTE: u32 = 2;

#[derive(Clone)]
pub struct Shop {
    inner: Arc<Inner>,
}

pub(crate) struct Inner {
    pub(crate) ports: Ports,
    pub(crate) policies: Policies,
    pub(crate) products: ProductCache,
    pub(crate) taxonomy: TaxonomyCache,
    pub(crate) cart_locks: SessionLocks,
    pub(crate) login_brake: Brake,
    pub(crate) review_brake: Brake,
}

impl Shop {
    pub fn new(ports: Ports, policies: Policies) -> Self {
        Self {
            inner: Arc::new(Inner {
                products: ProductCache::new(policies.product_ttl),
                taxonomy: TaxonomyCache::new(policies.taxonomy_ttl),
                cart_locks: SessionLocks::default(),
                login_brake: Brake::new(BrakeKind::Login, LOGIN_BURST, LOGINS_PER_MINUTE),
                review_brake: Brake::new(BrakeKind::Review, REVIEWS_BURST, REVIEWS_PER_MINUTE),
                ports,
                policies,
            }),
        }
    }

    pub fn now(&self) -> OffsetDateTime {
        (self.inner.ports.clock)()
    }

    pub fn policies(&self) -> &Policies {
        &self.inner.policies
    }

    pub(crate) fn ports(&self) -> &Ports {
        &self.inner.ports
    }

    pub(crate) fn inner(&self) -> &Inner {
        &self.inner
    }

    /// Server-side tracking, when the shop has it on.
    pub fn tracking(&self) -> Option<&TrackingState> {
        self.inner.ports.tracking.as_ref()
    }
}

impl std::fmt::Debug for Shop {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Shop")
            .field("policies", &self.inner.policies)
            .finish_non_exhaustive()
    }
}
