//! Which items a rule applies to: products, variations, categories, tags and attribute values,
//! with exclusions.

use serde::{Deserialize, Serialize};

use crate::catalogue::{CategoryId, Product, ProductId, TagId, VariationId};

/// An attribute value an item must have ("color" = "Blue"; compared case-insensitively).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AttributeValue {
    pub attribute: String,
    pub value: String,
}

/// The items a rule applies to. Each list given must match (a product of the list AND a
/// category of the list); an item matching anything in `exclude` never matches. Nothing
/// given matches every item.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Filter {
    /// Products (a variable product's variations included).
    #[serde(default)]
    pub products: Vec<ProductId>,
    #[serde(default)]
    pub variations: Vec<VariationId>,
    #[serde(default)]
    pub categories: Vec<CategoryId>,
    #[serde(default)]
    pub tags: Vec<TagId>,
    #[serde(default)]
    pub attributes: Vec<AttributeValue>,
    #[serde(default)]
    pub exclude: Exclusions,
}

/// Items left out: any product, variation, category, tag or attribute value listed.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Exclusions {
    #[serde(default)]
    pub products: Vec<ProductId>,
    #[serde(default)]
    pub variations: Vec<VariationId>,
    #[serde(default)]
    pub categories: Vec<CategoryId>,
    #[serde(default)]
    pub tags: Vec<TagId>,
    #[serde(default)]
    pub attributes: Vec<AttributeValue>,
}

/// What a rule can know about an item: its product, variation, categories (with their
/// ancestors if the caller wants parent categories to match), tags and attribute values.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ItemContext {
    pub product: ProductId,
    pub variation: Option<VariationId>,
    pub categories: Vec<CategoryId>,
    pub tags: Vec<TagId>,
    /// (attribute slug, value) pairs.
    pub attributes: Vec<(String, String)>,
}

impl ItemContext {
    /// The context of `product`, or of its variation `variation` with the shopper's `chosen`
    /// values (slug → value) for attributes the variation leaves open. Attributes that are not
    /// used for variations contribute each of their options.
    pub fn of(
        product: &Product,
        variation: Option<VariationId>,
        chosen: &[(String, String)],
    ) -> Self {
        let variation_row = variation.and_then(|id| product.variation(id));
        let mut attributes = Vec::new();
        for attribute in &product.attributes {
            let fixed = variation_row.and_then(|v| v.value_of(&attribute.slug));
            let picked = chosen
                .iter()
                .find(|(slug, _)| *slug == attribute.slug)
                .map(|(_, value)| value.as_str());
            match (attribute.variation, fixed, picked) {
                (true, Some(value), _) | (true, None, Some(value)) => {
                    attributes.push((attribute.slug.clone(), value.to_string()));
                }
                (true, None, None) => {}
                (false, ..) => attributes.extend(
                    attribute
                        .options
                        .iter()
                        .map(|o| (attribute.slug.clone(), o.clone())),
                ),
            }
        }
        Self {
            product: product.id,
            variation,
            categories: product.categories.clone(),
            tags: product.tags.clone(),
            attributes,
        }
    }
}

impl Filter {
    /// Whether nothing is listed (the rule applies to every item).
    pub fn is_empty(&self) -> bool {
        self.products.is_empty()
            && self.variations.is_empty()
            && self.categories.is_empty()
            && self.tags.is_empty()
            && self.attributes.is_empty()
            && self.exclude == Exclusions::default()
    }

    pub fn matches(&self, item: &ItemContext) -> bool {
        let listed = |empty: bool, hit: bool| empty || hit;
        listed(
            self.products.is_empty(),
            self.products.contains(&item.product),
        ) && listed(
            self.variations.is_empty(),
            item.variation.is_some_and(|v| self.variations.contains(&v)),
        ) && listed(
            self.categories.is_empty(),
            item.categories.iter().any(|c| self.categories.contains(c)),
        ) && listed(
            self.tags.is_empty(),
            item.tags.iter().any(|t| self.tags.contains(t)),
        ) && listed(
            self.attributes.is_empty(),
            has_attribute(item, &self.attributes),
        ) && !self.exclude.excludes(item)
    }
}

impl Exclusions {
    fn excludes(&self, item: &ItemContext) -> bool {
        self.products.contains(&item.product)
            || item.variation.is_some_and(|v| self.variations.contains(&v))
            || item.categories.iter().any(|c| self.categories.contains(c))
            || item.tags.iter().any(|t| self.tags.contains(t))
            || has_attribute(item, &self.attributes)
    }
}

fn has_attribute(item: &ItemContext, wanted: &[AttributeValue]) -> bool {
    wanted.iter().any(|w| {
        item.attributes.iter().any(|(slug, value)| {
            slug.eq_ignore_ascii_case(&w.attribute) && value.eq_ignore_ascii_case(&w.value)
        })
    })
}

#[cfg(test)]
#[path = "filter_tests.rs"]
mod tests;
