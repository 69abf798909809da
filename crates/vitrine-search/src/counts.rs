//! The filter panel's counts for a search: per global attribute term, how many matches carry
//! it under the other filters (an `or` attribute's own terms left out, as WooCommerce counts),
//! and the span of the matches' prices without the price window.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use tantivy::collector::{Count, TopDocs};
use tantivy::query::{BooleanQuery, Occur, Query, QueryClone};
use tantivy::{Order, Searcher, Term};
use vitrine_domain::catalogue::{AttributeCounts, FilterCounts, LayeredFilter, TermCount};
use vitrine_domain::search::SearchFilter;

use crate::query::{category_query, exact_unscored, layered_clauses};
use crate::schema::Fields;
use vitrine_domain::search::SearchError;

use crate::fail;

/// Names of the facet terms (`color=blue` → ("Color", "Blue")), kept as documents are staged.
pub(crate) type Names = HashMap<String, (String, String)>;

/// Facet terms counted at most: a filter panel lists a handful per attribute.
const MAX_TERMS: usize = 500;

pub(crate) fn filter_counts(
    searcher: &Searcher,
    f: &Fields,
    text: &dyn Query,
    filter: &SearchFilter,
    names: &Names,
) -> Result<FilterCounts, SearchError> {
    let base = |layered: &LayeredFilter| -> BooleanQuery {
        let mut clauses: Vec<(Occur, Box<dyn Query>)> = vec![(Occur::Must, text.box_clone())];
        if let Some(category) = filter.category {
            clauses.push((Occur::Must, category_query(f, category)));
        }
        clauses.extend(layered_clauses(f, layered));
        BooleanQuery::new(clauses)
    };
    let mut by_attribute: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for value in facet_terms(searcher, f)? {
        if let Some((attribute, term)) = value.split_once('=') {
            by_attribute
                .entry(attribute.to_owned())
                .or_default()
                .push(term.to_owned());
        }
    }
    let mut attributes = Vec::new();
    for (attribute, terms) in by_attribute {
        let others = base(&filter.layered.for_counting(&attribute));
        let mut counted = Vec::new();
        let mut name = attribute.clone();
        for term in terms {
            let key = format!("{attribute}={term}");
            let with_term = BooleanQuery::new(vec![
                (Occur::Must, others.box_clone()),
                (
                    Occur::Must,
                    exact_unscored(Term::from_field_text(f.facet, &key)),
                ),
            ]);
            let count = searcher.search(&with_term, &Count).map_err(fail)?;
            if count == 0 {
                continue;
            }
            let (attribute_name, term_name) = names
                .get(&key)
                .cloned()
                .unwrap_or_else(|| (attribute.clone(), term.clone()));
            name = attribute_name;
            counted.push(TermCount {
                term,
                name: term_name,
                count: count as u64,
            });
        }
        if !counted.is_empty() {
            attributes.push(AttributeCounts {
                attribute,
                name,
                terms: counted,
            });
        }
    }
    let span = base(&filter.layered.without_price());
    let low = searcher
        .search(
            &span,
            &TopDocs::with_limit(1).order_by_fast_field::<i64>("price_asc", Order::Asc),
        )
        .map_err(fail)?;
    let high = searcher
        .search(
            &span,
            &TopDocs::with_limit(1).order_by_fast_field::<i64>("price_desc", Order::Desc),
        )
        .map_err(fail)?;
    let price = match (low.first(), high.first()) {
        (Some(&(low, _)), Some(&(high, _))) if low != i64::MAX && high != i64::MIN => {
            Some((low, high))
        }
        _ => None,
    };
    Ok(FilterCounts { attributes, price }.sorted())
}

/// Every facet term in the index (each segment's term dictionary), at most MAX_TERMS.
fn facet_terms(searcher: &Searcher, f: &Fields) -> Result<BTreeSet<String>, SearchError> {
    let mut all = BTreeSet::new();
    for segment in searcher.segment_readers() {
        let inverted = segment.inverted_index(f.facet).map_err(fail)?;
        let mut stream = inverted
            .terms()
            .stream()
            .map_err(|e| SearchError(e.to_string()))?;
        while stream.advance() {
            if all.len() >= MAX_TERMS {
                return Ok(all);
            }
            all.insert(String::from_utf8_lossy(stream.key()).into_owned());
        }
    }
    Ok(all)
}
