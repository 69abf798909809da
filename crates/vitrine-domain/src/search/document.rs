//! What the index holds for one product: the words a shopper may type and the values results
//! are filtered and ordered by.

use time::OffsetDateTime;

use crate::catalogue::{CategoryId, CategoryTree, Product, ProductKind, Tag};

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
    /// `attribute slug=value` pairs, lowercased, for `filter_<attribute>=<value>`.
    pub attribute_values: Vec<String>,
    pub menu_order: i64,
    /// The lowest price shown, minor units of the base currency (price order and filter).
    pub price: Option<i64>,
    pub created_at: i64,
}

impl SearchDocument {
    /// None when shoppers must never find the product: not published, or hidden or shown in
    /// the catalogue only (WooCommerce's catalogue visibility).
    pub fn of(
        product: &Product,
        tree: &CategoryTree,
        tags: &[Tag],
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
        let mut attribute_values = Vec::new();
        for attribute in &product.attributes {
            for option in &attribute.options {
                terms.push(option.clone());
                attribute_values.push(attribute_value(&attribute.slug, option));
            }
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
            attribute_values,
            menu_order: product.menu_order,
            price,
            created_at: product.created_at.unix_timestamp(),
        })
    }
}

/// The filter key of one attribute value: `pa_color` and `color` are one attribute (the
/// `filter_color` query parameter names it without WooCommerce's `pa_` prefix).
pub fn attribute_value(attribute: &str, value: &str) -> String {
    let attribute = attribute.strip_prefix("pa_").unwrap_or(attribute);
    format!(
        "{}={}",
        attribute.to_lowercase(),
        value.trim().to_lowercase()
    )
}
