//! The catalogue's taxonomy — the category tree with listed-product counts, and the tags —
//! read at most once per `ttl` per instance. Every page shows the category menu, and counting
//! a large catalogue per request was most of a page's cost (docs/benchmarks.md). A change (an
//! import) reaches every instance within `ttl`; with a zero `ttl` every call reads afresh.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use vitrine_domain::catalogue::{CategoryId, CategoryTree, Tag};

/// How long the serving binary reuses the taxonomy.
pub const TTL: Duration = Duration::from_secs(5);

/// The category tree, the tags, and each category's count of listed products (descendants
/// included).
#[derive(Debug)]
pub struct Taxonomy {
    pub tree: CategoryTree,
    pub tags: Vec<Tag>,
    pub counts: BTreeMap<CategoryId, u64>,
}

impl Taxonomy {
    pub fn count(&self, category: CategoryId) -> u64 {
        self.counts.get(&category).copied().unwrap_or(0)
    }
}

#[derive(Debug, Default)]
pub struct TaxonomyCache {
    ttl: Duration,
    slot: Mutex<Option<(Instant, Arc<Taxonomy>)>>,
    /// One refresh at a time: concurrent misses wait for it instead of all counting.
    pub(crate) refresh: tokio::sync::Mutex<()>,
}

impl TaxonomyCache {
    pub fn new(ttl: Duration) -> Self {
        Self {
            ttl,
            ..Self::default()
        }
    }

    pub(crate) fn fresh(&self) -> Option<Arc<Taxonomy>> {
        let slot = self.slot.lock().unwrap_or_else(|e| e.into_inner());
        slot.as_ref()
            .filter(|(at, _)| at.elapsed() < self.ttl)
            .map(|(_, taxonomy)| Arc::clone(taxonomy))
    }

    /// Forgets the kept taxonomy (this instance renamed something); others wait out the TTL.
    pub(crate) fn forget(&self) {
        *self.slot.lock().unwrap_or_else(|e| e.into_inner()) = None;
    }

    pub(crate) fn keep(&self, taxonomy: &Arc<Taxonomy>) {
        if !self.ttl.is_zero() {
            let mut slot = self.slot.lock().unwrap_or_else(|e| e.into_inner());
            *slot = Some((Instant::now(), Arc::clone(taxonomy)));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn empty() -> Arc<Taxonomy> {
        Arc::new(Taxonomy {
            tree: CategoryTree::default(),
            tags: Vec::new(),
            counts: BTreeMap::new(),
        })
    }

    #[test]
    fn a_kept_taxonomy_is_reused_until_the_ttl_passes() {
        let cache = TaxonomyCache::new(Duration::from_millis(50));
        assert!(cache.fresh().is_none());
        cache.keep(&empty());
        assert!(cache.fresh().is_some());
        std::thread::sleep(Duration::from_millis(60));
        assert!(cache.fresh().is_none());
    }

    #[test]
    fn a_zero_ttl_never_keeps_anything() {
        let cache = TaxonomyCache::new(Duration::ZERO);
        cache.keep(&empty());
        assert!(cache.fresh().is_none());
    }
}
