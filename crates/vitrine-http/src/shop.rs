//! Glue between the application's catalogue reads and the wire views, shared by the JSON
//! handlers and the storefront page resolver, so both answer from the same code. Prices are in
//! the currency of the `Pricer` each call is given (the request's).

use std::collections::HashMap;

use vitrine_app::catalogue::Products;
use vitrine_app::pricing::Pricer;
use vitrine_domain::catalogue::{
    FilterCounts, ListingFilter, ListingQuery, Product, ProductId, result_count_text,
};
use vitrine_domain::search::SearchFilter;

use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use crate::views::{
    FilterPanelView, ListingMeta, ProductListView, ProductParts, ProductSummaryView, ProductView,
    ReviewsPart, SiteView, card_swatches, price_of,
};

/// Summaries of products; grouped products take their price span from `children`.
fn summaries_with(
    state: &AppState,
    pricer: &Pricer,
    products: &[Product],
    children: &HashMap<ProductId, Product>,
) -> ApiResult<Vec<ProductSummaryView>> {
    let cx = state.view_context(pricer);
    products
        .iter()
        .map(|p| {
            // Prices that cannot be added up come from stored data: a logged 500.
            let price = price_of(p, children, &cx)?;
            let mut summary = ProductSummaryView::new(p, price, &cx);
            summary.swatches = card_swatches(p, &cx)?;
            Ok(summary)
        })
        .collect()
}

/// Summaries of products read together with their grouped children.
pub fn summaries(
    state: &AppState,
    pricer: &Pricer,
    products: &Products,
) -> ApiResult<Vec<ProductSummaryView>> {
    summaries_with(state, pricer, &products.items, &products.children)
}

/// A published product by id.
pub async fn product_by_id(state: &AppState, id: i64) -> ApiResult<Product> {
    Ok(state.shop().catalogue().product(ProductId(id)).await?)
}

/// A published product by slug.
pub async fn product_by_slug(state: &AppState, slug: &str) -> ApiResult<Product> {
    Ok(state.shop().catalogue().product_by_slug(slug).await?)
}

/// Everything a product page shows.
pub async fn product_view(
    state: &AppState,
    pricer: &Pricer,
    product: &Product,
) -> ApiResult<ProductView> {
    let shop = state.shop();
    let taxonomy = shop.catalogue().taxonomy().await?;
    let page = shop.product_page(product).await?;
    let tags = taxonomy
        .tags
        .iter()
        .filter(|t| product.tags.contains(&t.id))
        .collect();
    let list = |items: &[Product]| summaries_with(state, pricer, items, &page.children);
    let own = list(std::slice::from_ref(product))?;
    let parts = ProductParts {
        summary: own
            .into_iter()
            .next()
            .ok_or_else(ApiError::product_not_found)?,
        categories: &taxonomy.tree,
        tags,
        grouped_children: list(&page.grouped_children)?,
        bundle_items: list(&page.bundle_items)?,
        upsells: list(&page.upsells)?,
        cross_sells: list(&page.cross_sells)?,
        related: list(&page.related)?,
        reviews: ReviewsPart::new(&page.reviews.summary, &page.reviews.reviews),
    };
    Ok(ProductView::new(
        product,
        parts,
        &state.view_context(pricer),
    )?)
}

/// One page of a listing with WooCommerce's result count, narrowed by the query's attribute
/// and price filters.
pub async fn listing(
    state: &AppState,
    pricer: &Pricer,
    query: &ListingQuery,
) -> ApiResult<ProductListView> {
    // Search results come from the in-process index (issue 13), other listings from the
    // database.
    let listing = match &query.filter {
        ListingFilter::Search(text) => {
            let search = state.shop().search();
            let filter = search_filter(query);
            search
                .results(text, &filter, query.sort, query.page)
                .await?
        }
        _ => state.shop().catalogue().listing(query).await?,
    };
    let page = &listing.page;
    Ok(ProductListView {
        products: summaries_with(state, pricer, &page.items, &listing.children)?,
        meta: ListingMeta {
            total: page.total,
            page: page.page.page,
            per_page: page.page.per_page,
            total_pages: page.total_pages(),
            result_count: result_count_text(page.total, page.page),
        },
    })
}

/// The filter panel of a listing: the search index's counts for search results, the
/// database's for the other listings.
pub async fn filter_panel(state: &AppState, query: &ListingQuery) -> ApiResult<FilterPanelView> {
    let shop = state.shop();
    let counts = match &query.filter {
        ListingFilter::Search(text) => {
            shop.search()
                .filter_counts(text, &search_filter(query))
                .await?
        }
        filter => FilterCounts::clone(
            &*shop
                .catalogue()
                .filter_counts(filter, &query.layered)
                .await?,
        ),
    };
    Ok(FilterPanelView::new(
        counts,
        &query.layered,
        state.settings().base_currency,
    ))
}

fn search_filter(query: &ListingQuery) -> SearchFilter {
    SearchFilter {
        category: None,
        layered: query.layered.clone(),
    }
}

/// The shop's identity, currencies and menu (every category with its count of listed
/// products).
pub async fn site_view(state: &AppState, pricer: &Pricer) -> ApiResult<SiteView> {
    let taxonomy = state.shop().catalogue().taxonomy().await?;
    let categories = state.category_views(&taxonomy).to_vec();
    Ok(SiteView::new(categories, &state.view_context(pricer)))
}
