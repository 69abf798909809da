//! Reads through the catalogue port and assembles views: the glue shared by the JSON handlers
//! and the storefront page resolver, so both answer from the same code.

use std::collections::HashMap;

use vitrine_domain::catalogue::{
    CategoryTree, ListingFilter, ListingPage, ListingQuery, ListingSort, PageRequest, Product,
    ProductId, ProductKind, Slug, result_count_text,
};

use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use crate::views::{
    CategoryView, ListingMeta, ProductListView, ProductParts, ProductSummaryView, ProductView,
    SiteView, price_of,
};

/// A published product by id; drafts and private products count as missing.
pub async fn product_by_id(state: &AppState, id: i64) -> ApiResult<Product> {
    let product = state.store().product_by_id(ProductId(id)).await?;
    published(state, product)
}

/// A published product by id, reused from the per-instance product cache while fresh (the
/// variation calls: one product, asked many times while a shopper clicks).
pub async fn cached_product_by_id(state: &AppState, id: i64) -> ApiResult<std::sync::Arc<Product>> {
    let (found, _) = state.products.get(&[ProductId(id)]);
    if let Some(product) = found.into_iter().next() {
        return Ok(product);
    }
    let product = std::sync::Arc::new(product_by_id(state, id).await?);
    state.products.put(std::slice::from_ref(&product));
    Ok(product)
}

/// A published product by slug; a malformed slug is simply not found.
pub async fn product_by_slug(state: &AppState, slug: &str) -> ApiResult<Product> {
    let Ok(slug) = Slug::parse(slug) else {
        return Err(ApiError::product_not_found());
    };
    let product = state.store().product_by_slug(&slug).await?;
    published(state, product)
}

fn published(state: &AppState, product: Option<Product>) -> ApiResult<Product> {
    let product = product
        .filter(Product::is_published)
        .ok_or_else(ApiError::product_not_found)?;
    state.media().remember(&product);
    Ok(product)
}

/// Summaries of products, loading grouped products' children for their price span.
pub async fn summaries(
    state: &AppState,
    products: &[Product],
) -> ApiResult<Vec<ProductSummaryView>> {
    let child_ids: Vec<ProductId> = products
        .iter()
        .filter(|p| p.kind == ProductKind::Grouped)
        .flat_map(|p| p.grouped_children.iter().copied())
        .collect();
    let children: HashMap<ProductId, Product> = if child_ids.is_empty() {
        HashMap::new()
    } else {
        let loaded = state.store().products_by_ids(&child_ids).await?;
        loaded.into_iter().map(|p| (p.id, p)).collect()
    };
    let cx = state.view_context();
    products
        .iter()
        .map(|p| {
            state.media().remember(p);
            let price = price_of(p, &children, &cx).map_err(ApiError::internal)?;
            Ok(ProductSummaryView::new(p, price, &cx))
        })
        .collect()
}

/// Summaries of the published products among `ids`, in that order.
async fn summaries_of(state: &AppState, ids: &[ProductId]) -> ApiResult<Vec<ProductSummaryView>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let mut products = state.store().products_by_ids(ids).await?;
    products.retain(Product::is_published);
    summaries(state, &products).await
}

/// Everything a product page shows.
pub async fn product_view(state: &AppState, product: &Product) -> ApiResult<ProductView> {
    let taxonomy = crate::taxonomy::taxonomy(state).await?;
    let tree = &taxonomy.tree;
    let tags = taxonomy
        .tags
        .iter()
        .filter(|t| product.tags.contains(&t.id))
        .collect();
    let bundle_ids: Vec<ProductId> = product
        .bundle
        .iter()
        .flat_map(|b| b.items.iter().map(|i| i.product_id))
        .collect();
    let summary = summaries(state, std::slice::from_ref(product)).await?;
    let parts = ProductParts {
        summary: summary
            .into_iter()
            .next()
            .ok_or_else(ApiError::product_not_found)?,
        categories: tree,
        tags,
        grouped_children: summaries_of(state, &product.grouped_children).await?,
        bundle_items: summaries_of(state, &bundle_ids).await?,
        upsells: summaries_of(state, &product.upsells).await?,
        cross_sells: summaries_of(state, &product.cross_sells).await?,
        related: related(state, product).await?,
        reviews: crate::reviews::reviews_part(state, product, crate::reviews::PAGE_REVIEWS).await?,
    };
    ProductView::new(product, parts, &state.view_context()).map_err(ApiError::internal)
}

/// WooCommerce's related products, made deterministic: one grid row of listed products
/// sharing a category (the store picks the ones after this product, wrapping around).
async fn related(state: &AppState, product: &Product) -> ApiResult<Vec<ProductSummaryView>> {
    if product.categories.is_empty() {
        return Ok(Vec::new());
    }
    let columns = state.settings().columns.max(1);
    let items = state
        .store()
        .related_products(product.id, &product.categories, columns)
        .await?;
    summaries(state, &items).await
}

/// One page of a listing with WooCommerce's result count.
pub async fn listing(state: &AppState, query: &ListingQuery) -> ApiResult<ProductListView> {
    let page: ListingPage<Product> = state.store().list_products(query, state.now()).await?;
    Ok(ProductListView {
        products: summaries(state, &page.items).await?,
        meta: ListingMeta {
            total: page.total,
            page: page.page.page,
            per_page: page.page.per_page,
            total_pages: page.total_pages(),
            result_count: result_count_text(page.total, page.page),
        },
    })
}

/// Every category with its count of listed products (descendants included).
pub async fn category_views(state: &AppState, tree: &CategoryTree) -> ApiResult<Vec<CategoryView>> {
    let mut views = Vec::with_capacity(tree.all().len());
    if let Some(counts) = state.store().category_product_counts().await? {
        for category in tree.all() {
            let count = counts.get(&category.id).copied().unwrap_or(0);
            views.push(CategoryView::new(tree, category, count));
        }
        return Ok(views);
    }
    for category in tree.all() {
        let query = ListingQuery {
            filter: ListingFilter::Categories(tree.with_descendants(category.id)),
            sort: ListingSort::MenuOrder,
            page: PageRequest {
                page: 1,
                per_page: 1,
            },
        };
        let count = state
            .store()
            .list_products(&query, state.now())
            .await?
            .total;
        views.push(CategoryView::new(tree, category, count));
    }
    Ok(views)
}

/// The shop's identity and menu.
pub async fn site_view(state: &AppState) -> ApiResult<SiteView> {
    let taxonomy = crate::taxonomy::taxonomy(state).await?;
    Ok(SiteView::new(
        taxonomy.categories.clone(),
        &state.view_context(),
    ))
}
