//! Product search (issue 13): what a shopper may type, what the index holds per product, and
//! the `SearchIndex` port an in-process engine implements (`vitrine-search`).

mod document;
mod text;

pub use document::{SearchDocument, attribute_value};
pub use text::{MAX_QUERY_CHARS, MIN_SUGGEST_CHARS, SearchText, SearchTextError};

/// How much lower than requests the index's work runs (added to its threads' nice value: the
/// writer's threads in the adapter, the application's index jobs), so a build or a large
/// catch-up takes the CPU only when requests leave it (ADR 0034). Not 19: under a sustained
/// load of requests the index must still keep up with the catalogue's writes.
pub const INDEX_THREADS_NICE: i32 = 10;

use super::catalogue::{
    CategoryId, FilterCounts, LayeredFilter, ListingSort, PageRequest, ProductId,
};

/// Narrowing a search: a category (and its descendants) and the listings' layered filters
/// (attribute terms, price window).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SearchFilter {
    pub category: Option<CategoryId>,
    pub layered: LayeredFilter,
}

/// One page of matching ids, best first (or in the asked order), and how many match in all.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchHits {
    pub ids: Vec<ProductId>,
    pub total: u64,
}

#[derive(Debug, thiserror::Error)]
#[error("search index: {0}")]
pub struct SearchError(pub String);

/// An in-process index of the products shoppers may find. Calls are synchronous and fast
/// (CPU only); the application keeps it in step with the database.
pub trait SearchIndex: Send + Sync + 'static {
    /// Stages adding or replacing these products and removing `removed` (products no longer
    /// findable); `clear` first drops everything staged or published. Searches see nothing
    /// of it until [`publish`](Self::publish), so a build can stream batches.
    fn stage(
        &self,
        upserts: &[SearchDocument],
        removed: &[ProductId],
        clear: bool,
    ) -> Result<(), SearchError>;
    /// Makes everything staged visible to searches at once, recording `version`: the
    /// catalogue's change number the index now reflects (kept with the index, so an index
    /// kept on disk knows where to catch up from after a restart).
    fn publish(&self, version: i64) -> Result<(), SearchError>;
    /// Stages and publishes in one step.
    fn apply(
        &self,
        upserts: &[SearchDocument],
        removed: &[ProductId],
        version: i64,
    ) -> Result<(), SearchError> {
        self.stage(upserts, removed, false)?;
        self.publish(version)
    }
    /// The change number the last publish recorded; `None` for an index that holds no
    /// complete build (new, or found unusable and emptied).
    fn published(&self) -> Option<i64>;
    /// Finishes the upkeep a publish does after it is visible (merging segments) when an
    /// earlier process stopped before it was done, as after a restart over an index kept on
    /// disk; true when it did something. The default has none to do.
    fn tidy(&self) -> Result<bool, SearchError> {
        Ok(false)
    }
    /// The best `limit` products for a search-as-you-type box: the last word may be a prefix.
    fn suggest(
        &self,
        text: &SearchText,
        category: Option<CategoryId>,
        limit: usize,
    ) -> Result<Vec<ProductId>, SearchError>;
    /// A results page: relevance first for the default order, else the listing order asked.
    fn search(
        &self,
        text: &SearchText,
        filter: &SearchFilter,
        sort: ListingSort,
        page: PageRequest,
    ) -> Result<SearchHits, SearchError>;
    /// The filter panel's counts for this search: each attribute's terms among the matches
    /// (under the other filters, WooCommerce's way) and the span of their prices.
    fn filter_counts(
        &self,
        text: &SearchText,
        filter: &SearchFilter,
    ) -> Result<FilterCounts, SearchError>;
    /// Products in the index.
    fn len(&self) -> Result<u64, SearchError>;
    fn is_empty(&self) -> Result<bool, SearchError> {
        self.len().map(|n| n == 0)
    }
}
