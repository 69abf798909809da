//! WooCommerce's layered navigation on listings and search results: attribute filters
//! (`filter_color=blue,red` with `query_type_color=or|and`) and a price window
//! (`min_price=10&max_price=50`, major units of the shop's base currency), and the counts a
//! filter panel shows per attribute term. Values that cannot be read are ignored, as
//! WooCommerce's widgets ignore them.

use std::str::FromStr;

use rust_decimal::Decimal;
use rust_decimal::prelude::ToPrimitive;

use super::{Attribute, slugify};
use crate::money::Currency;

/// At most this many attribute filters and terms each: more is not a shopper's request.
pub const MAX_FILTER_ATTRIBUTES: usize = 8;
pub const MAX_FILTER_TERMS: usize = 16;

/// One attribute's filter: products carrying any (`or`, WooCommerce's default) or every
/// (`and`) of the terms. Attribute and terms are slugs (`color`, `navy-blue`).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct AttributeFilter {
    pub attribute: String,
    pub terms: Vec<String>,
    pub match_all: bool,
}

/// Attribute filters (all must hold) and a price window in minor units of the base currency,
/// both ends inclusive, on the product's lowest price.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct LayeredFilter {
    pub attributes: Vec<AttributeFilter>,
    pub min_price: Option<i64>,
    pub max_price: Option<i64>,
}

impl LayeredFilter {
    pub fn from_query<'a>(
        pairs: impl IntoIterator<Item = (&'a str, &'a str)>,
        base: Currency,
    ) -> Self {
        let mut filter = Self::default();
        let mut all = Vec::new();
        for (key, value) in pairs {
            if key == "min_price" {
                filter.min_price = major_to_minor(value, base);
            } else if key == "max_price" {
                filter.max_price = major_to_minor(value, base);
            } else if let Some(attribute) = key.strip_prefix("query_type_") {
                if value.eq_ignore_ascii_case("and") {
                    all.push(attribute_slug(attribute));
                }
            } else if let Some(attribute) = key.strip_prefix("filter_") {
                let attribute = attribute_slug(attribute);
                let mut terms: Vec<String> = value
                    .split(',')
                    .filter_map(term_slug)
                    .take(MAX_FILTER_TERMS)
                    .collect();
                terms.dedup();
                let known = filter.attributes.iter().any(|a| a.attribute == attribute);
                if !attribute.is_empty()
                    && !terms.is_empty()
                    && !known
                    && filter.attributes.len() < MAX_FILTER_ATTRIBUTES
                {
                    filter.attributes.push(AttributeFilter {
                        attribute,
                        terms,
                        match_all: false,
                    });
                }
            }
        }
        for a in &mut filter.attributes {
            a.match_all = all.contains(&a.attribute);
        }
        filter
    }

    pub fn is_empty(&self) -> bool {
        *self == Self::default()
    }

    /// The filter without `attribute`'s own terms when they are ORed: WooCommerce counts an
    /// `or` attribute's terms as if none of them were chosen, so each count says what ticking
    /// that term adds.
    pub fn for_counting(&self, attribute: &str) -> Self {
        let mut other = self.clone();
        other
            .attributes
            .retain(|a| a.attribute != attribute || a.match_all);
        other
    }

    /// The filter without the price window (the panel's price range spans the other filters).
    pub fn without_price(&self) -> Self {
        Self {
            min_price: None,
            max_price: None,
            ..self.clone()
        }
    }

    pub fn chosen(&self, attribute: &str) -> Option<&AttributeFilter> {
        self.attributes.iter().find(|a| a.attribute == attribute)
    }
}

/// An attribute's filter key: `pa_color`, `Color` and `color` are one attribute (the
/// `filter_color` parameter names it without WooCommerce's `pa_` prefix).
pub fn attribute_slug(attribute: &str) -> String {
    let bare = attribute
        .trim()
        .strip_prefix("pa_")
        .unwrap_or(attribute.trim());
    slugify(bare).map_or_else(String::new, |s| s.as_str().to_owned())
}

/// A term's filter key: "Navy Blue" is `navy-blue`; None for text without letters or digits.
pub fn term_slug(value: &str) -> Option<String> {
    slugify(value.trim()).map(|s| s.as_str().to_owned())
}

/// What a product offers the filters: (attribute slug, term slug, attribute name, term name,
/// global) for every option of every attribute.
pub fn filter_terms(attributes: &[Attribute]) -> Vec<FilterTerm> {
    let mut terms: Vec<FilterTerm> = Vec::new();
    for a in attributes {
        let attribute = attribute_slug(&a.slug);
        if attribute.is_empty() {
            continue;
        }
        for option in &a.options {
            let Some(term) = term_slug(option) else {
                continue;
            };
            if terms
                .iter()
                .any(|t| t.attribute == attribute && t.term == term)
            {
                continue;
            }
            terms.push(FilterTerm {
                attribute: attribute.clone(),
                term,
                attribute_name: a.name.clone(),
                term_name: option.trim().to_owned(),
                global: a.global,
            });
        }
    }
    terms
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FilterTerm {
    pub attribute: String,
    pub term: String,
    pub attribute_name: String,
    pub term_name: String,
    /// A global (taxonomy) attribute: WooCommerce's filter widgets offer only these.
    pub global: bool,
}

/// How many of the listing's products carry one term, under the other filters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TermCount {
    pub term: String,
    pub name: String,
    pub count: u64,
}

/// One attribute's terms with counts, by name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AttributeCounts {
    pub attribute: String,
    pub name: String,
    pub terms: Vec<TermCount>,
}

/// What a filter panel shows: the global attributes' terms with counts, and the span of the
/// lowest prices (minor units of the base currency) of the products the other filters leave.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FilterCounts {
    pub attributes: Vec<AttributeCounts>,
    pub price: Option<(i64, i64)>,
}

impl FilterCounts {
    /// Terms by name (case-insensitive, then slug), attributes by name: both stores agree.
    pub fn sorted(mut self) -> Self {
        self.attributes
            .sort_by_cached_key(|a| (a.name.to_lowercase(), a.attribute.clone()));
        for a in &mut self.attributes {
            a.terms
                .sort_by_cached_key(|t| (t.name.to_lowercase(), t.term.clone()));
        }
        self
    }
}

fn major_to_minor(value: &str, base: Currency) -> Option<i64> {
    let amount = Decimal::from_str(value.trim()).ok()?;
    if amount.is_sign_negative() {
        return None;
    }
    let scale = Decimal::from(10i64.checked_pow(base.exponent())?);
    amount.checked_mul(scale)?.trunc().to_i64()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn blue_red(match_all: bool) -> AttributeFilter {
        AttributeFilter {
            attribute: "color".into(),
            terms: vec!["blue".into(), "red".into()],
            match_all,
        }
    }

    #[test]
    fn reads_woocommerce_filters() {
        let f = LayeredFilter::from_query(
            [
                ("filter_color", "Blue,red"),
                ("min_price", "10"),
                ("max_price", "45.50"),
                ("s", "hoo"),
            ],
            Currency::USD,
        );
        assert_eq!(f.attributes, [blue_red(false)]);
        assert_eq!((f.min_price, f.max_price), (Some(1000), Some(4550)));
    }

    #[test]
    fn query_type_and_asks_for_every_term_in_any_order() {
        let and = LayeredFilter::from_query(
            [("query_type_color", "and"), ("filter_pa_color", "blue,red")],
            Currency::USD,
        );
        assert_eq!(and.attributes, [blue_red(true)]);
        let or = LayeredFilter::from_query(
            [("filter_color", "blue,red"), ("query_type_color", "or")],
            Currency::USD,
        );
        assert_eq!(or.attributes, [blue_red(false)]);
    }

    #[test]
    fn ignores_what_it_cannot_read() {
        let f = LayeredFilter::from_query(
            [
                ("min_price", "ten"),
                ("max_price", "-5"),
                ("filter_", "x"),
                ("filter_size", " , "),
                ("max_price", "99999999999999999999999"),
            ],
            Currency::USD,
        );
        assert!(f.is_empty(), "{f:?}");
    }

    #[test]
    fn caps_attributes_and_terms_at_eight_and_sixteen() {
        assert_eq!((MAX_FILTER_ATTRIBUTES, MAX_FILTER_TERMS), (8, 16));
        let terms: Vec<String> = (0..17).map(|i| format!("t{i}")).collect();
        let joined = terms.join(",");
        let keys: Vec<String> = (0..9).map(|i| format!("filter_a{i}")).collect();
        let pairs: Vec<(&str, &str)> = keys.iter().map(|k| (k.as_str(), joined.as_str())).collect();
        let f = LayeredFilter::from_query(pairs, Currency::USD);
        assert_eq!(f.attributes.len(), 8);
        assert_eq!(f.attributes[0].terms.len(), 16);
    }

    #[test]
    fn counting_an_or_attribute_leaves_its_own_terms_out() {
        let f = LayeredFilter {
            attributes: vec![blue_red(false)],
            min_price: Some(1),
            max_price: None,
        };
        assert!(f.for_counting("color").attributes.is_empty());
        assert_eq!(f.for_counting("size").attributes.len(), 1);
        let and = LayeredFilter {
            attributes: vec![blue_red(true)],
            ..LayeredFilter::default()
        };
        assert_eq!(and.for_counting("color"), and);
        assert_eq!(f.without_price().min_price, None);
    }

    #[test]
    fn terms_are_slugs_of_the_options() {
        let a = Attribute {
            name: "Color".into(),
            slug: "pa_color".into(),
            options: vec!["Navy Blue".into(), "navy blue".into(), "!!".into()],
            visible: true,
            variation: true,
            global: true,
        };
        let t = filter_terms(&[a]);
        assert_eq!(t.len(), 1);
        assert_eq!(
            (t[0].attribute.as_str(), t[0].term.as_str()),
            ("color", "navy-blue")
        );
        assert_eq!(t[0].term_name, "Navy Blue");
    }
}
