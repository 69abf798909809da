//! Product search (issue 13): what a shopper may type, what the index holds per product, and
//! the `SearchIndex` port an in-process engine implements (`vitrine-search`).

mod document;
mod filter;
mod text;

pub use document::{SearchDocument, attribute_value};
pub use text::{MAX_QUERY_CHARS, MIN_SUGGEST_CHARS, SearchText, SearchTextError};

use super::catalogue::{CategoryId, ListingSort, PageRequest, ProductId};

/// Narrowing a search: a category (and its descendants), attribute values (`filter_color=blue`:
/// every attribute given must match one of its values) and a price window in minor units of
/// the shop's base currency, both ends inclusive.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SearchFilter {
    pub category: Option<CategoryId>,
    pub attributes: Vec<(String, Vec<String>)>,
    pub min_price: Option<i64>,
    pub max_price: Option<i64>,
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
    /// Adds or replaces these products and removes `removed` (products no longer findable),
    /// visible to searches once this returns.
    fn apply(&self, upserts: &[SearchDocument], removed: &[ProductId]) -> Result<(), SearchError>;
    /// Replaces the whole index with `documents`.
    fn rebuild(&self, documents: &[SearchDocument]) -> Result<(), SearchError>;
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
    /// Products in the index.
    fn len(&self) -> Result<u64, SearchError>;
    fn is_empty(&self) -> Result<bool, SearchError> {
        self.len().map(|n| n == 0)
    }
}
