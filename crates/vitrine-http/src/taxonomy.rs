//! The catalogue's taxonomy — the category tree with listed-product counts, and the tags —
//! read at most once per `ttl` per instance. Every page shows the category menu, and counting
//! a large catalogue per request was most of a page's cost (docs/benchmarks.md). A change (an
//! import) reaches every instance within `ttl`; with a zero `ttl` every call reads afresh.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use vitrine_domain::catalogue::{CategoryTree, Tag};

use crate::error::ApiResult;
use crate::state::AppState;
use crate::views::CategoryView;

/// How long the serving binary reuses the taxonomy.
pub const TTL: Duration = Duration::from_secs(5);

/// One consistent read of the taxonomy.
#[derive(Debug)]
pub struct Taxonomy {
    pub tree: CategoryTree,
    pub tags: Vec<Tag>,
    /// Every category with its count of listed products, in the tree's order.
    pub categories: Vec<CategoryView>,
}

#[derive(Debug, Default)]
pub(crate) struct TaxonomyCache {
    ttl: Duration,
    slot: Mutex<Option<(Instant, Arc<Taxonomy>)>>,
    /// One reader at a time when it expires: the others wait for its answer instead of all
    /// counting the catalogue at once.
    refresh: tokio::sync::Mutex<()>,
}

impl TaxonomyCache {
    pub(crate) fn new(ttl: Duration) -> Self {
        Self {
            ttl,
            ..Self::default()
        }
    }

    fn fresh(&self) -> Option<Arc<Taxonomy>> {
        let slot = self.slot.lock().unwrap_or_else(|e| e.into_inner());
        slot.as_ref()
            .filter(|(at, _)| at.elapsed() < self.ttl)
            .map(|(_, taxonomy)| Arc::clone(taxonomy))
    }

    fn keep(&self, taxonomy: &Arc<Taxonomy>) {
        if !self.ttl.is_zero() {
            let mut slot = self.slot.lock().unwrap_or_else(|e| e.into_inner());
            *slot = Some((Instant::now(), Arc::clone(taxonomy)));
        }
    }
}

impl AppState {
    /// This state reusing the taxonomy for `ttl` ([`TTL`] in the serving binary).
    #[must_use]
    pub fn with_taxonomy_ttl(mut self, ttl: Duration) -> Self {
        self.taxonomy = Arc::new(TaxonomyCache::new(ttl));
        self
    }
}

/// The taxonomy, from the cache while fresh, otherwise read once for every waiting caller.
pub async fn taxonomy(state: &AppState) -> ApiResult<Arc<Taxonomy>> {
    if let Some(taxonomy) = state.taxonomy.fresh() {
        return Ok(taxonomy);
    }
    let _turn = state.taxonomy.refresh.lock().await;
    if let Some(taxonomy) = state.taxonomy.fresh() {
        return Ok(taxonomy);
    }
    let store = state.store();
    let tree = store.categories().await?;
    let tags = store.tags().await?;
    let categories = crate::shop::category_views(state, &tree).await?;
    let taxonomy = Arc::new(Taxonomy {
        tree,
        tags,
        categories,
    });
    state.taxonomy.keep(&taxonomy);
    Ok(taxonomy)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn empty() -> Arc<Taxonomy> {
        Arc::new(Taxonomy {
            tree: CategoryTree::default(),
            tags: Vec::new(),
            categories: Vec::new(),
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
