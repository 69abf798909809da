//! The filter panel of a listing (WooCommerce's layered navigation widgets): attribute terms
//! with their product counts and the price span, in the base currency's major units (the unit
//! of `min_price` and `max_price`).

use serde::Serialize;
use utoipa::ToSchema;
use vitrine_domain::catalogue::{FilterCounts, LayeredFilter, TermCount};
use vitrine_domain::money::Currency;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct FilterPanelView {
    /// Global attributes found among the listing's products, by name.
    pub attributes: Vec<FilterAttributeView>,
    /// Absent when no listed product has a price.
    #[schema(required = true)]
    pub price: Option<PriceSpanView>,
    /// Whether any attribute or price filter is in force (a "Clear filters" link).
    pub active: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct FilterAttributeView {
    /// `color`: the query parameters are `filter_color` and `query_type_color`.
    pub attribute: String,
    /// "Color"
    pub name: String,
    /// "or" (any of the chosen terms, the default) or "and" (every one).
    pub query_type: String,
    pub terms: Vec<FilterTermView>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct FilterTermView {
    /// `blue`: the value in `filter_color=blue`.
    pub slug: String,
    pub name: String,
    /// Listed products carrying the term under the other filters.
    pub count: u64,
    pub chosen: bool,
}

/// Whole units of the base currency, the lowest price rounded down and the highest up.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct PriceSpanView {
    pub currency: String,
    pub min: i64,
    pub max: i64,
}

impl FilterPanelView {
    pub fn new(counts: FilterCounts, layered: &LayeredFilter, base: Currency) -> Self {
        let attributes = counts
            .attributes
            .into_iter()
            .map(|a| {
                let chosen = layered.chosen(&a.attribute);
                let mut terms: Vec<FilterTermView> = a
                    .terms
                    .into_iter()
                    .map(|t| {
                        let is_chosen = chosen.is_some_and(|c| c.terms.contains(&t.term));
                        term(t, is_chosen)
                    })
                    .collect();
                // A chosen term nothing carries any more still shows, so it can be unticked.
                for slug in chosen.map(|c| c.terms.as_slice()).unwrap_or_default() {
                    if !terms.iter().any(|t| &t.slug == slug) {
                        terms.push(FilterTermView {
                            slug: slug.clone(),
                            name: slug.clone(),
                            count: 0,
                            chosen: true,
                        });
                    }
                }
                FilterAttributeView {
                    query_type: if chosen.is_some_and(|c| c.match_all) {
                        "and"
                    } else {
                        "or"
                    }
                    .to_owned(),
                    attribute: a.attribute,
                    name: a.name,
                    terms,
                }
            })
            .collect();
        let scale = 10i64.pow(base.exponent());
        let price = counts.price.map(|(low, high)| PriceSpanView {
            currency: base.code().to_owned(),
            min: low.div_euclid(scale),
            max: high.div_euclid(scale) + i64::from(high.rem_euclid(scale) != 0),
        });
        Self {
            attributes,
            price,
            active: !layered.is_empty(),
        }
    }
}

fn term(t: TermCount, chosen: bool) -> FilterTermView {
    FilterTermView {
        slug: t.term,
        name: t.name,
        count: t.count,
        chosen,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use vitrine_domain::catalogue::{AttributeCounts, AttributeFilter};

    #[test]
    fn prices_round_outwards_and_chosen_terms_stay_listed() {
        let counts = FilterCounts {
            attributes: vec![AttributeCounts {
                attribute: "color".into(),
                name: "Color".into(),
                terms: vec![TermCount {
                    term: "blue".into(),
                    name: "Blue".into(),
                    count: 3,
                }],
            }],
            price: Some((1801, 4500)),
        };
        let layered = LayeredFilter {
            attributes: vec![AttributeFilter {
                attribute: "color".into(),
                terms: vec!["blue".into(), "plaid".into()],
                match_all: true,
            }],
            ..LayeredFilter::default()
        };
        let view = FilterPanelView::new(counts, &layered, Currency::USD);
        let price = view.price.expect("a span");
        assert_eq!((price.min, price.max), (18, 45));
        let a = &view.attributes[0];
        assert_eq!(a.query_type, "and");
        let shown: Vec<(&str, u64, bool)> = a
            .terms
            .iter()
            .map(|t| (t.slug.as_str(), t.count, t.chosen))
            .collect();
        assert_eq!(shown, [("blue", 3, true), ("plaid", 0, true)]);
        assert!(view.active);
    }
}
