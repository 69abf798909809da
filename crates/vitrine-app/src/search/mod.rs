//! Product search (issue 13): suggestions for the search box and the search results page,
//! answered by the in-process [`SearchIndex`] and kept in step with the database by
//! [`follow`](Search::follow) (every instance polls the catalogue's change counter, so one
//! that missed a write catches up on the next poll), and by each search: one that finds the
//! counter ahead of the index brings the index up to it first, so an answer (and the read
//! cache's copy of it, kept under that counter) never predates the counter.
//!
//! Until the index has a build (a new or emptied index, built in the background while the
//! server already answers), a search waits for it up to `wait`, then answers
//! `search_unavailable` rather than an incomplete list (ADR 0021).

mod sync;

use std::sync::Arc;
use std::time::Duration;

use vitrine_domain::catalogue::{
    CategoryId, FilterCounts, ListingPage, ListingSort, PageRequest, ProductId,
};
use vitrine_domain::search::{SearchFilter, SearchIndex, SearchText, SearchTextError};

use crate::catalogue::{Catalogue, Listing};
use crate::catalogue_version::CatalogueVersion;
use crate::error::{AppError, AppResult};

pub use sync::{Follower, Refreshed};

/// Suggestions a search box shows at most.
pub const SUGGESTIONS: usize = 8;
/// How often a serving instance asks the database whether the catalogue changed.
pub const POLL: Duration = Duration::from_secs(1);
/// How long a search waits for the index to catch up (the first build of a new index) before
/// answering `search_unavailable`.
pub const WAIT: Duration = Duration::from_secs(10);

/// Search over the index, through the catalogue for the products themselves. Cheap to clone.
#[derive(Clone)]
pub struct Search {
    inner: Arc<Inner>,
}

struct Inner {
    index: Arc<dyn SearchIndex>,
    catalogue: Catalogue,
    sync: sync::IndexSync,
    wait: Duration,
}

/// What a search box asked for, checked: too-short text answers nothing.
pub enum SuggestionQuery {
    TooShort,
    Text(SearchText),
}

impl Search {
    /// `versions`: the instance's shared reader of the catalogue's change counter (its poll
    /// is how stale a search may be after a write through another instance). `wait`: how long
    /// a search waits for the index to catch up before answering `search_unavailable`.
    pub fn new(
        index: Arc<dyn SearchIndex>,
        catalogue: Catalogue,
        versions: CatalogueVersion,
        wait: Duration,
    ) -> Self {
        Self {
            inner: Arc::new(Inner {
                index,
                catalogue,
                sync: sync::IndexSync::new(versions),
                wait,
            }),
        }
    }

    /// Whether the index holds a complete build (searches then answer at once, from it).
    pub fn ready(&self) -> bool {
        self.inner.index.published().is_some()
    }

    /// Checks the shopper's text: an empty, over-long or control-character query is
    /// `invalid_search`; fewer than 3 characters is no suggestion at all.
    pub fn suggestion_query(raw: &str) -> AppResult<SuggestionQuery> {
        let text = SearchText::parse(raw).map_err(invalid)?;
        Ok(if text.too_short_to_suggest() {
            SuggestionQuery::TooShort
        } else {
            SuggestionQuery::Text(text)
        })
    }

    /// The best products for a search box, in order, as ids from the index alone (the caller
    /// keeps each product's rendered suggestion and reads only the ones it lacks, ADR 0035);
    /// an unknown category is not found.
    pub async fn suggestion_ids(
        &self,
        query: &SuggestionQuery,
        category: Option<CategoryId>,
    ) -> AppResult<Vec<ProductId>> {
        if let Some(category) = category {
            let taxonomy = self.inner.catalogue.taxonomy().await?;
            if taxonomy.tree.get(category).is_none() {
                return Err(AppError::Invalid {
                    field: "category",
                    message: format!("there is no category {}", category.0),
                });
            }
        }
        let SuggestionQuery::Text(text) = query else {
            return Ok(Vec::new());
        };
        self.catch_up().await?;
        self.inner
            .index
            .suggest(text, category, SUGGESTIONS)
            .map_err(|e| AppError::Internal(e.into()))
    }

    /// A page of search results in the order asked (relevance by default), with the total.
    /// Text that cannot be searched (empty, too long, control characters) finds nothing.
    pub async fn results(
        &self,
        raw: &str,
        filter: &SearchFilter,
        sort: ListingSort,
        page: PageRequest,
    ) -> AppResult<Listing> {
        let page = PageRequest {
            page: page.page.max(1),
            per_page: page.per_page.clamp(1, PageRequest::MAX_PER_PAGE),
        };
        let Ok(text) = SearchText::parse(raw) else {
            return Ok(Listing {
                page: ListingPage {
                    items: Vec::new(),
                    total: 0,
                    page,
                },
                children: Default::default(),
            });
        };
        self.catch_up().await?;
        let hits = self
            .inner
            .index
            .search(&text, filter, sort, page)
            .map_err(|e| AppError::Internal(e.into()))?;
        let products = self
            .inner
            .catalogue
            .published_products_in_place(&hits.ids)
            .await?;
        Ok(Listing {
            page: ListingPage {
                items: products.items,
                total: hits.total,
                page,
            },
            children: products.children,
        })
    }

    /// The filter panel of a search: attribute terms among the matches with counts, and the
    /// span of their prices. Text that cannot be searched has none.
    pub async fn filter_counts(&self, raw: &str, filter: &SearchFilter) -> AppResult<FilterCounts> {
        let Ok(text) = SearchText::parse(raw) else {
            return Ok(FilterCounts::default());
        };
        self.catch_up().await?;
        self.inner
            .index
            .filter_counts(&text, filter)
            .map_err(|e| AppError::Internal(e.into()))
    }

    /// Brings the index up to the database's last change now (the first call builds it).
    pub async fn refresh(&self) -> AppResult<Refreshed> {
        self.inner
            .sync
            .refresh(&self.inner.index, &self.inner.catalogue, true)
            .await
    }

    /// Polls the change counter every `every` on a background task until the handle is
    /// dropped or aborted.
    pub fn follow(&self, every: Duration) -> Follower {
        Follower::spawn(self.clone(), every)
    }

    /// A request's check: the index brought up to the change counter as this instance last
    /// read it. The refresh runs on a task of its own, so a request that stops waiting (after
    /// `wait`: `search_unavailable`) does not cancel the build others wait for. A failed
    /// refresh is logged, and an index with a build answers with what it has (search must not
    /// fail because the poll did).
    async fn catch_up(&self) -> AppResult<()> {
        let inner = &self.inner;
        let failed = |e: AppError| {
            tracing::warn!(error = %e, "search index could not catch up");
            if self.ready() { Ok(()) } else { Err(e) }
        };
        match inner.sync.current(inner.index.as_ref()).await {
            Ok(true) => return Ok(()),
            Ok(false) => {}
            Err(e) => return failed(e),
        }
        let search = self.clone();
        let refresh = tokio::spawn(async move {
            let inner = &search.inner;
            inner
                .sync
                .refresh(&inner.index, &inner.catalogue, false)
                .await
        });
        match tokio::time::timeout(inner.wait, refresh).await {
            Ok(Ok(Ok(_))) => Ok(()),
            Ok(Ok(Err(e))) => failed(e),
            Ok(Err(e)) => failed(AppError::Internal(e.into())),
            Err(_) => Err(AppError::SearchUnavailable),
        }
    }
}

fn invalid(e: SearchTextError) -> AppError {
    AppError::Invalid {
        field: "q",
        message: e.to_string(),
    }
}
