//! What a product page shows besides the product: its grouped children and bundled items,
//! upsells, cross-sells, related products and reviews, read in as few rounds as the ports
//! allow.

use std::collections::HashMap;

use vitrine_domain::catalogue::{Product, ProductId};

use crate::catalogue::Catalogue;
use crate::error::AppResult;
use crate::reviews::{PAGE_REVIEWS, ProductReviews, Reviews};

/// The parts of a product page, each list published products only, in the product's order.
#[derive(Debug, Default)]
pub struct ProductPage {
    pub grouped_children: Vec<Product>,
    pub bundle_items: Vec<Product>,
    pub upsells: Vec<Product>,
    pub cross_sells: Vec<Product>,
    /// WooCommerce's related products, made deterministic (ADR 0009).
    pub related: Vec<Product>,
    /// Children of every grouped product above (and of the product itself), for price spans.
    pub children: HashMap<ProductId, Product>,
    pub reviews: ProductReviews,
}

/// Everything a product page shows besides the product itself; `related` products fill one
/// grid row.
pub async fn product_page(
    catalogue: &Catalogue,
    reviews: &Reviews,
    product: &Product,
    related: u32,
) -> AppResult<ProductPage> {
    let bundle_ids: Vec<ProductId> = product
        .bundle
        .iter()
        .flat_map(|b| b.items.iter().map(|i| i.product_id))
        .collect();
    let lists = [
        &product.grouped_children,
        &bundle_ids,
        &product.upsells,
        &product.cross_sells,
    ];
    // One read for all four lists, then each list picks its own, in its own order.
    let mut wanted: Vec<ProductId> = lists.iter().flat_map(|l| l.iter().copied()).collect();
    wanted.sort_unstable();
    wanted.dedup();
    let found = catalogue.published_products(&wanted).await?;
    let by_id: HashMap<ProductId, &Product> = found.items.iter().map(|p| (p.id, p)).collect();
    let pick = |ids: &[ProductId]| -> Vec<Product> {
        ids.iter()
            .filter_map(|id| by_id.get(id).map(|p| (*p).clone()))
            .collect()
    };
    let related = catalogue.related(product, related).await?;
    let mut children = found.children.clone();
    let own = std::slice::from_ref(product);
    children.extend(catalogue.grouped_children(own).await?);
    children.extend(catalogue.grouped_children(&related).await?);
    Ok(ProductPage {
        grouped_children: pick(&product.grouped_children),
        bundle_items: pick(&bundle_ids),
        upsells: pick(&product.upsells),
        cross_sells: pick(&product.cross_sells),
        related,
        children,
        reviews: reviews.of_product(product, PAGE_REVIEWS).await?,
    })
}
