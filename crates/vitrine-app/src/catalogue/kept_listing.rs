//! Listing pages and filter-panel counts through the listing cache (ADR 0020): the ids of a
//! listing in order, kept per catalogue version, make page N a slice and a read of that
//! page's products, and the total their number — the same page, order and total as the
//! store's `LIMIT … OFFSET` query, at a cost that does not grow with N.

use std::sync::Arc;

use vitrine_domain::catalogue::{
    FilterCounts, LayeredFilter, ListingFilter, ListingPage, ListingQuery, PageRequest, Product,
};

use super::Catalogue;
use super::listing_cache::Order;
use crate::error::{AppError, AppResult};

/// Why a listing's order was not kept.
enum Miss {
    /// The adapter cannot list every id (then the store pages).
    Unsupported,
    Failed(AppError),
}

impl Catalogue {
    /// The page from the listing's kept order; `None` when the cache is off, for search
    /// listings (they come from the search index) and for adapters without
    /// `listing_order`.
    pub(super) async fn kept_page(
        &self,
        query: &ListingQuery,
    ) -> AppResult<Option<ListingPage<Product>>> {
        let listings = &self.inner.listings;
        if !listings.enabled() || matches!(query.filter, ListingFilter::Search(_)) {
            return Ok(None);
        }
        let version = self.inner.versions.current().await?;
        let store = &self.inner.store;
        let load = async {
            match store
                .listing_order(&query.filter, &query.layered, query.sort)
                .await
            {
                Ok(Some(ids)) => Ok(Order::new(ids)),
                Ok(None) => Err(Miss::Unsupported),
                Err(e) => Err(Miss::Failed(e.into())),
            }
        };
        let order = match listings
            .order(version, &query.filter, &query.layered, query.sort, load)
            .await
        {
            Some(Ok(order)) => order,
            None | Some(Err(Miss::Unsupported)) => return Ok(None),
            Some(Err(Miss::Failed(e))) => return Err(e),
        };
        // As the store clamps it: the page actually served is returned.
        let page = PageRequest {
            page: query.page.page.max(1),
            per_page: query.page.per_page.clamp(1, PageRequest::MAX_PER_PAGE),
        };
        let items = self
            .products_via(&order.page(page), super::Reach::InPlace)
            .await?;
        Ok(Some(ListingPage {
            items,
            total: order.len() as u64,
            page,
        }))
    }

    /// The listing's filter-panel counts kept at the current catalogue version; `None` when
    /// the cache is off.
    pub(super) async fn kept_counts(
        &self,
        filter: &ListingFilter,
        layered: &LayeredFilter,
    ) -> AppResult<Option<Arc<FilterCounts>>> {
        let listings = &self.inner.listings;
        if !listings.enabled() {
            return Ok(None);
        }
        let version = self.inner.versions.current().await?;
        let store = &self.inner.store;
        let load = async { store.filter_counts(filter, layered).await };
        listings
            .counts(version, filter, layered, load)
            .await
            .transpose()
            .map_err(AppError::from)
    }
}
