//! Listings kept per catalogue version (issue 16 item 4, ADR 0020): each listing's ordered
//! product ids — one per filter, layered filters and sort — and its filter-panel counts, so
//! page N is a slice of the ids plus a read of that page's products, and the total is the
//! number of ids, whatever N is.
//!
//! Entries are keyed by the catalogue's change counter ([`CatalogueVersion`]), which every
//! write that changes a listing raises in its transaction (product writes, imports, renames,
//! ratings, and stock and sales from orders), on every instance alike: a key made after a
//! write never finds ids read before it. The order depends on nothing else: price order and
//! the price window use the price stored with the product at write time, in the base
//! currency's minor units (ADR 0002), not the prices in force, and listings ignore the clock.
//!
//! Memory is bounded: entries are weighed by their bytes (ids as `u32` while every id fits,
//! four bytes each) and the least recently used leave past `max_bytes` (`quick_cache`, one
//! load per key while several requests miss).
//!
//! [`CatalogueVersion`]: crate::catalogue_version::CatalogueVersion

use std::future::Future;
use std::sync::Arc;

use quick_cache::Weighter;
use quick_cache::sync::Cache;
use vitrine_domain::catalogue::{
    FilterCounts, LayeredFilter, ListingFilter, ListingSort, PageRequest, ProductId,
};

/// How many bytes of listings each instance keeps (`[listing_cache]` in the configuration).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ListingCachePolicy {
    /// Bytes kept at most (ids, counts and keys); 0 turns the cache off.
    pub max_bytes: u64,
    /// Bytes of decoded products kept per catalogue version for listing pages and searches
    /// (ADR 0035); 0 reads every page's products from the store.
    pub product_bytes: u64,
}

impl ListingCachePolicy {
    /// Off: every listing asks the store for its page and count (the application's default;
    /// the serving binary turns it on).
    pub const OFF: Self = Self {
        max_bytes: 0,
        product_bytes: 0,
    };
}

impl Default for ListingCachePolicy {
    fn default() -> Self {
        Self::OFF
    }
}

/// The serving binary's default: 32 MB holds about 80 listings of 100,000 products.
pub const DEFAULT_MAX_BYTES: u64 = 32 * 1024 * 1024;

/// A listing's ids in order, as `u32` when every id fits (half the bytes of `i64`).
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Order {
    Narrow(Box<[u32]>),
    Wide(Box<[i64]>),
}

impl Order {
    pub(super) fn new(ids: Vec<ProductId>) -> Self {
        let narrow: Option<Box<[u32]>> = ids.iter().map(|id| u32::try_from(id.0).ok()).collect();
        match narrow {
            Some(narrow) => Self::Narrow(narrow),
            None => Self::Wide(ids.into_iter().map(|id| id.0).collect()),
        }
    }

    pub(super) fn len(&self) -> usize {
        match self {
            Self::Narrow(ids) => ids.len(),
            Self::Wide(ids) => ids.len(),
        }
    }

    /// The ids of one page (none past the end).
    pub(super) fn page(&self, page: PageRequest) -> Vec<ProductId> {
        let start = usize::try_from(page.offset())
            .unwrap_or(usize::MAX)
            .min(self.len());
        let end = start.saturating_add(page.per_page as usize).min(self.len());
        match self {
            Self::Narrow(ids) => ids[start..end]
                .iter()
                .map(|&id| ProductId(i64::from(id)))
                .collect(),
            Self::Wide(ids) => ids[start..end].iter().map(|&id| ProductId(id)).collect(),
        }
    }

    fn bytes(&self) -> u64 {
        match self {
            Self::Narrow(ids) => 4 * ids.len() as u64,
            Self::Wide(ids) => 8 * ids.len() as u64,
        }
    }
}

/// What an entry is found by: the catalogue version, the listing, and the sort (`None`: the
/// listing's filter-panel counts).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct ListingKey {
    version: i64,
    filter: ListingFilter,
    layered: LayeredFilter,
    sort: Option<ListingSort>,
}

#[derive(Debug, Clone)]
enum Kept {
    Order(Arc<Order>),
    Counts(Arc<FilterCounts>),
}

#[derive(Clone)]
struct ByBytes;

/// Room for an entry's fixed parts (key, enum, `Arc`, the cache's own bookkeeping).
const OVERHEAD: u64 = 160;

impl Weighter<ListingKey, Kept> for ByBytes {
    fn weight(&self, key: &ListingKey, value: &Kept) -> u64 {
        let filter = match &key.filter {
            ListingFilter::Categories(ids) => 8 * ids.len(),
            ListingFilter::Search(text) => text.len(),
            _ => 0,
        };
        let layered: usize = key
            .layered
            .attributes
            .iter()
            .map(|a| 32 + a.attribute.len() + a.terms.iter().map(|t| 24 + t.len()).sum::<usize>())
            .sum();
        let value = match value {
            Kept::Order(order) => order.bytes(),
            Kept::Counts(counts) => counts_bytes(counts),
        };
        OVERHEAD + (filter + layered) as u64 + value
    }
}

fn counts_bytes(counts: &FilterCounts) -> u64 {
    let bytes: usize = counts
        .attributes
        .iter()
        .map(|a| {
            64 + a.attribute.len()
                + a.name.len()
                + a.terms
                    .iter()
                    .map(|t| 56 + t.term.len() + t.name.len())
                    .sum::<usize>()
        })
        .sum();
    bytes as u64
}

/// The per-version store of listings' ids and counts. Cheap to clone.
#[derive(Clone)]
pub struct ListingCache {
    kept: Option<Arc<Cache<ListingKey, Kept, ByBytes>>>,
}

impl ListingCache {
    pub fn new(policy: ListingCachePolicy) -> Self {
        // Few, large shards: one listing of 100,000 ids weighs 400 KB.
        let kept =
            crate::bounded::by_bytes(policy.max_bytes, 256 * 1024, 32, ByBytes).map(Arc::new);
        Self { kept }
    }

    pub fn enabled(&self) -> bool {
        self.kept.is_some()
    }

    /// The listing's ids at `version`: kept ones, or `load`'s (kept for the next reader).
    /// `None` when the cache is off.
    pub(super) async fn order<E>(
        &self,
        version: i64,
        filter: &ListingFilter,
        layered: &LayeredFilter,
        sort: ListingSort,
        load: impl Future<Output = Result<Order, E>>,
    ) -> Option<Result<Arc<Order>, E>> {
        let kept = self.kept.as_ref()?;
        let key = ListingKey {
            version,
            filter: filter.clone(),
            layered: layered.clone(),
            sort: Some(sort),
        };
        let found = kept
            .get_or_insert_async(&key, async { load.await.map(|o| Kept::Order(Arc::new(o))) })
            .await;
        match found {
            Ok(Kept::Order(order)) => Some(Ok(order)),
            // A sorted key holds an order; were it ever otherwise, the listing is read uncached.
            Ok(Kept::Counts(_)) => None,
            Err(e) => Some(Err(e)),
        }
    }

    /// The listing's filter-panel counts at `version`: kept ones, or `load`'s. `None` when
    /// the cache is off.
    pub(super) async fn counts<E>(
        &self,
        version: i64,
        filter: &ListingFilter,
        layered: &LayeredFilter,
        load: impl Future<Output = Result<FilterCounts, E>>,
    ) -> Option<Result<Arc<FilterCounts>, E>> {
        let kept = self.kept.as_ref()?;
        let key = ListingKey {
            version,
            filter: filter.clone(),
            layered: layered.clone(),
            sort: None,
        };
        let found = kept
            .get_or_insert_async(&key, async {
                load.await.map(|c| Kept::Counts(Arc::new(c)))
            })
            .await;
        match found {
            Ok(Kept::Counts(counts)) => Some(Ok(counts)),
            // An unsorted key holds counts; were it ever otherwise, they are counted uncached.
            Ok(Kept::Order(_)) => None,
            Err(e) => Some(Err(e)),
        }
    }

    /// Entries and bytes kept now (for tests and logs).
    pub fn usage(&self) -> (usize, u64) {
        self.kept
            .as_ref()
            .map_or((0, 0), |kept| (kept.len(), kept.weight()))
    }
}

impl std::fmt::Debug for ListingCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ListingCache")
            .field("usage", &self.usage())
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(raw: &[i64]) -> Vec<ProductId> {
        raw.iter().copied().map(ProductId).collect()
    }

    fn page(page: u32, per_page: u32) -> PageRequest {
        PageRequest { page, per_page }
    }

    #[test]
    fn a_page_is_a_slice_and_past_the_end_is_empty() {
        let order = Order::new(ids(&[5, 3, 9, 1, 7]));
        assert!(matches!(order, Order::Narrow(_)));
        assert_eq!(order.len(), 5);
        assert_eq!(order.page(page(1, 2)), ids(&[5, 3]));
        assert_eq!(order.page(page(3, 2)), ids(&[7]));
        assert_eq!(order.page(page(4, 2)), ids(&[]));
        assert_eq!(order.page(page(u32::MAX, 100)), ids(&[]));
    }

    #[test]
    fn ids_beyond_u32_keep_their_width_and_order() {
        let big = i64::from(u32::MAX) + 1;
        let order = Order::new(ids(&[big, 2, -1]));
        assert!(matches!(order, Order::Wide(_)));
        assert_eq!(order.page(page(1, 10)), ids(&[big, 2, -1]));
        assert_eq!(order.bytes(), 24);
    }

    #[tokio::test]
    async fn kept_per_version_and_within_the_bytes() {
        let cache = ListingCache::new(ListingCachePolicy {
            product_bytes: 0,
            max_bytes: 64 * 1024,
        });
        let layered = LayeredFilter::default();
        let load = |n: usize| async move {
            Ok::<_, ()>(Order::new((0..n as i64).map(ProductId).collect()))
        };
        let shop = ListingFilter::Shop;
        let first = cache
            .order(1, &shop, &layered, ListingSort::Price, load(3))
            .await;
        assert_eq!(first.map(|o| o.map(|o| o.len())), Some(Ok(3)));
        // Kept: the same version does not load again.
        let again = cache
            .order(1, &shop, &layered, ListingSort::Price, load(5))
            .await;
        assert_eq!(again.map(|o| o.map(|o| o.len())), Some(Ok(3)));
        // A new version does.
        let next = cache
            .order(2, &shop, &layered, ListingSort::Price, load(5))
            .await;
        assert_eq!(next.map(|o| o.map(|o| o.len())), Some(Ok(5)));
        // Many listings of 4,000 ids (16 KB each) stay within 64 KB.
        for version in 3..40 {
            let _ = cache
                .order(version, &shop, &layered, ListingSort::Date, load(4_000))
                .await;
            assert!(cache.usage().1 <= 64 * 1024, "{:?}", cache.usage());
        }
        assert!(cache.usage().0 >= 1);
        let off = ListingCache::new(ListingCachePolicy::OFF);
        assert!(
            off.order(1, &shop, &layered, ListingSort::Price, load(1))
                .await
                .is_none()
        );
    }
}
