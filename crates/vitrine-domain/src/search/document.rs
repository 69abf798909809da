//! What the index holds for one product: the words a shopper may type and the values results
//! are filtered and ordered by.

use time::OffsetDateTime;

use crate::catalogue::{
    CategoryId, CategoryTree, FilterTerm, Product, ProductKind, ProductStats, Tag, filter_terms,
};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchDocument {
    pub id: crate::catalogue::ProductId,
    pub name: String,
    /// The product's SKU and its variations'.
    pub skus: Vec<String>,
    /// Its categories and every ancestor of them, so a category filter finds descendants.
    pub categories: Vec<CategoryId>,
    /// Category and tag names and attribute values: matched, but weigh less than the name.
    pub terms: Vec<String>,
    /// What the product offers the layered filters (`filter_color=blue`): attribute and term
    /// slugs with their names; the global ones are counted for the filter panel.
    pub filter_terms: Vec<FilterTerm>,
    pub menu_order: i64,
    /// The lowest price shown, minor units of the base currency (price order and filter).
    pub price: Option<i64>,
    pub created_at: i64,
    /// Sales and ratings, for the popularity and rating orders.
    pub stats: ProductStats,
}

impl SearchDocument {
    /// None when shoppers must never find the product: not published, or hidden or shown in
    /// the catalogue only (WooCommerce's catalogue visibility).
    pub fn of(
        product: &Product,
        tree: &CategoryTree,
        tags: &[Tag],
        stats: ProductStats,
        now: OffsetDateTime,
    ) -> Option<Self> {
        if !product.is_published() || !product.visibility.in_search() {
            return None;
        }
        let mut categories: Vec<CategoryId> = product
            .categories
            .iter()
            .flat_map(|&c| std::iter::once(c).chain(tree.ancestry(c).into_iter().map(|k| k.id)))
            .collect();
        categories.sort_unstable();
        categories.dedup();

        let mut terms: Vec<String> = categories
            .iter()
            .filter_map(|&c| tree.get(c).map(|k| k.name.clone()))
            .collect();
        terms.extend(
            tags.iter()
                .filter(|t| product.tags.contains(&t.id))
                .map(|t| t.name.clone()),
        );
        for attribute in &product.attributes {
            terms.extend(attribute.options.iter().cloned());
        }
        let skus = product
            .sku
            .iter()
            .chain(product.variations.iter().filter_map(|v| v.sku.as_ref()))
            .filter(|s| !s.is_empty())
            .cloned()
            .collect();
        // Grouped products take their price from children the document does not hold.
        let price = match product.kind {
            ProductKind::Grouped => None,
            _ => product
                .price_range(now)
                .ok()
                .flatten()
                .map(|r| r.min().amount_minor()),
        };
        Some(Self {
            id: product.id,
            name: product.name.clone(),
            skus,
            categories,
            terms,
            filter_terms: filter_terms(&product.attributes),
            menu_order: product.menu_order,
            price,
            created_at: product.created_at.unix_timestamp(),
            stats,
        })
    }
}

/// The index term of one attribute term: `color=navy-blue`.
pub fn attribute_value(attribute: &str, term: &str) -> String {
    format!("{attribute}={term}")
}
