//! Turning the shopper's text and filters into a tantivy query.

use std::ops::Bound;

use tantivy::query::{BooleanQuery, Occur, Query, RangeQuery};
use tantivy::schema::Field;
use tantivy::tokenizer::TokenStream;
use tantivy::{Index, Searcher, Term};
use vitrine_domain::catalogue::{CategoryId, LayeredFilter};
use vitrine_domain::search::{SearchError, SearchFilter, SearchText, attribute_value};

use crate::pairs::{self, Lead};
use crate::schema::{Fields, MAX_SKU_PREFIX, MAX_WORD_PREFIX, MIN_WORD_PREFIX, WHOLE, WORDS};
use crate::shape::Shape;
pub(crate) use crate::shape::exact_unscored;
pub(crate) use crate::walked::typo_distance;

/// Whether words may match within their typo distance, or only exactly and as prefixes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Typos {
    Forgiven,
    /// Exact and prefix matches only; a prefix then also scores what its typo clause would
    /// have added, so the matches rank as they would with typos forgiven.
    NotYet,
}

/// Whether a suggestion's second pass, forgiving typos, could find more than its first: some
/// word's typos are forgiven (`forgiven_words`, ADR 0047).
pub(crate) fn forgives_typos(
    index: &Index,
    searcher: &Searcher,
    f: &Fields,
    text: &SearchText,
) -> Result<bool, SearchError> {
    let words = analyse(index, WORDS, text.as_str());
    Ok(forgiven_words(searcher, f, &words)?.contains(&Typos::Forgiven))
}

/// Per word, whether a suggestion forgives its typos (ADR 0047). One word: whenever it has a
/// typo distance ("lamp" fills a list with "Clamp", as Algolia does). Several: only the words
/// with a typo distance that no product holds, exactly or as the beginning of a word
/// (Elasticsearch's suggesters' `missing` mode). Words some product holds were typed as the
/// shop spells them, and no product holds them together: their neighbours' products ("clothing
/// pens" → "clothing pets") seldom help, and finding them walked every product holding any
/// pair of the neighbours' beginnings — 15 ms at 1,000,000 products for nothing found.
fn forgiven_words(
    searcher: &Searcher,
    f: &Fields,
    words: &[String],
) -> Result<Vec<Typos>, SearchError> {
    let one = words.len() == 1;
    words
        .iter()
        .map(|word| {
            let forgiven = typo_distance(word) > 0 && (one || !holds_word(searcher, f, word)?);
            Ok(if forgiven {
                Typos::Forgiven
            } else {
                Typos::NotYet
            })
        })
        .collect()
}

/// Whether some product holds `word` in a field a suggestion searches (name, SKU words,
/// terms), as a word or as a word's beginning: [`word_held`] for a word whose beginnings are
/// indexed, the fields' dictionaries read from the word on for a longer one.
fn holds_word(searcher: &Searcher, f: &Fields, word: &str) -> Result<bool, SearchError> {
    if word.chars().count() <= MAX_WORD_PREFIX {
        return Ok(word_held(searcher, f, word)? > 0);
    }
    for field in [f.name, f.sku_words, f.terms] {
        if begins_a_term(searcher, field, word)? {
            return Ok(true);
        }
    }
    Ok(false)
}

/// Whether a term of `field` in some segment is `prefix` or begins with it (its dictionary read
/// from `prefix` on, one term).
fn begins_a_term(searcher: &Searcher, field: Field, prefix: &str) -> Result<bool, SearchError> {
    for segment in searcher.segment_readers() {
        let index = segment.inverted_index(field).map_err(crate::fail)?;
        let mut terms = index
            .terms()
            .range()
            .ge(prefix.as_bytes())
            .into_stream()
            .map_err(|e| SearchError(e.to_string()))?;
        if terms.advance() && terms.key().starts_with(prefix.as_bytes()) {
            return Ok(true);
        }
    }
    Ok(false)
}

/// Every word must match somewhere (name, SKU, category, tag or attribute value), exactly, as
/// a prefix or (with `typos` forgiven) within the typo distance; exact name matches score
/// highest. The whole text as a SKU, or a SKU's beginning, also matches on its own.
pub(crate) fn text_query(
    index: &Index,
    f: &Fields,
    text: &SearchText,
    typos: Typos,
) -> Box<dyn Query> {
    text_shape(index, f, text, typos).query()
}

/// [`text_query`] as a [`Shape`] (ADR 0030).
pub(crate) fn text_shape(index: &Index, f: &Fields, text: &SearchText, typos: Typos) -> Shape {
    let words = analyse(index, WORDS, text.as_str());
    shape_of(
        index,
        f,
        text,
        &words,
        &vec![typos; words.len()],
        Lead::Unled,
    )
}

/// [`text_shape`] for a suggestion: its words' conjunction led by pairs of their beginnings
/// (ADR 0043) — without typos the pair fewest products hold (the conjunction left out when no
/// product holds it), with typos every pair the words' automata allow; one word within a
/// category, without typos, led by the category's products of its beginning when they are a
/// thin share of the word's (ADR 0046). With typos forgiven, only the words no product holds
/// are matched within their typo distance (ADR 0047); the others match as without.
pub(crate) fn suggestion_shape(
    index: &Index,
    searcher: &Searcher,
    f: &Fields,
    text: &SearchText,
    typos: Typos,
    within: Option<(CategoryId, usize)>,
) -> Result<Shape, SearchError> {
    let words = analyse(index, WORDS, text.as_str());
    let per_word = match typos {
        Typos::NotYet => vec![Typos::NotYet; words.len()],
        Typos::Forgiven => forgiven_words(searcher, f, &words)?,
    };
    let lead = match (typos, within, words.as_slice()) {
        (Typos::NotYet, Some((category, limit)), [word]) => {
            let held = word_held(searcher, f, word)?;
            pairs::category_lead(searcher, f.category_prefixes, category.0, word, held, limit)?
        }
        (Typos::Forgiven, Some((category, _)), [word]) => {
            pairs::category_typo_lead(f.category_prefixes, category.0, word)?
        }
        _ if words.len() < 2 => Lead::Unled,
        (Typos::NotYet, ..) => pairs::lead(searcher, f.pairs, &words)?,
        (Typos::Forgiven, ..) => {
            let forgiven: Vec<bool> = per_word.iter().map(|t| *t == Typos::Forgiven).collect();
            pairs::typo_lead(f.pairs, &words, &forgiven)?
        }
    };
    Ok(shape_of(index, f, text, &words, &per_word, lead))
}

/// At least as many products as match `word` exactly or as a prefix in any field: the most
/// any one of its terms holds, its prefix cut to the longest indexed one.
pub(crate) fn word_held(searcher: &Searcher, f: &Fields, word: &str) -> Result<u64, SearchError> {
    let cut: String = word.chars().take(MAX_WORD_PREFIX).collect();
    let mut held = 0;
    for (field, prefixes) in [
        (f.name, f.name_prefix),
        (f.sku_words, f.sku_words_prefix),
        (f.terms, f.terms_prefix),
    ] {
        for term in [
            Term::from_field_text(field, word),
            Term::from_field_text(prefixes, &cut),
        ] {
            held = held.max(searcher.doc_freq(&term).map_err(crate::fail)?);
        }
    }
    Ok(held)
}

fn shape_of(
    index: &Index,
    f: &Fields,
    text: &SearchText,
    words: &[String],
    typos: &[Typos],
    lead: Lead,
) -> Shape {
    let mut per_word: Vec<Vec<Shape>> = Vec::new();
    for (word, &typos) in words.iter().zip(typos) {
        let mut any: Vec<Shape> = Vec::new();
        for (field, prefixes, weight) in [
            (f.name, f.name_prefix, 4.0),
            (f.sku_words, f.sku_words_prefix, 2.0),
            (f.terms, f.terms_prefix, 1.0),
        ] {
            any.extend(word_clauses((field, prefixes), word, weight, typos));
        }
        per_word.push(any);
    }
    let mut top: Vec<Shape> = Vec::new();
    if per_word.len() == 1 {
        let word = per_word.into_iter().flatten();
        match lead {
            // One word: its clauses join the SKU's in a single union (the same matches and
            // scores, one union fewer to walk for every match).
            Lead::Unled => top.extend(word),
            Lead::Clause(lead) => top.push(Shape::All(vec![lead, Shape::Any(word.collect())])),
            Lead::Nothing => {}
        }
    } else if !per_word.is_empty() {
        let words = per_word.into_iter().map(Shape::Any);
        match lead {
            Lead::Unled => top.push(Shape::All(words.collect())),
            Lead::Clause(lead) => {
                top.push(Shape::All(std::iter::once(lead).chain(words).collect()))
            }
            Lead::Nothing => {}
        }
    }
    if let Some(sku) = analyse(index, WHOLE, text.as_str()).into_iter().next() {
        let term = Term::from_field_text(f.sku, &sku);
        top.push(Shape::Exact(term.clone(), 20.0));
        top.push(if sku.chars().count() <= MAX_SKU_PREFIX {
            indexed_prefix(f.sku_prefix, &sku, 10.0)
        } else {
            Shape::Walked(term, 0, 10.0)
        });
    }
    Shape::Any(top)
}

fn word_clauses(
    (field, prefixes): (Field, Field),
    word: &str,
    weight: f32,
    typos: Typos,
) -> Vec<Shape> {
    let term = Term::from_field_text(field, word);
    let mut clauses = vec![Shape::Exact(term.clone(), weight)];
    let distance = typo_distance(word);
    let typo_weight = weight * 0.25;
    let chars = word.chars().count();
    // A one-letter prefix matches nearly everything and tells nothing.
    if chars >= MIN_WORD_PREFIX {
        let mut prefix_weight = weight * 0.5;
        if distance > 0 && typos == Typos::NotYet {
            prefix_weight += typo_weight;
        }
        clauses.push(if chars <= MAX_WORD_PREFIX {
            indexed_prefix(prefixes, word, prefix_weight)
        } else {
            Shape::Walked(term.clone(), 0, prefix_weight)
        });
    }
    if distance > 0 && typos == Typos::Forgiven {
        clauses.push(Shape::Walked(term, distance, typo_weight));
    }
    clauses
}

/// A prefix the index holds as a term of its own: one posting list, scored as a typo-free
/// prefix match always was (a constant), by a term scorer (ADR 0024).
fn indexed_prefix(field: Field, prefix: &str, score: f32) -> Shape {
    Shape::Fixed(Term::from_field_text(field, prefix), score)
}

/// The filters as clauses that must hold (they do not score).
pub(crate) fn filter_clauses(f: &Fields, filter: &SearchFilter) -> Vec<(Occur, Box<dyn Query>)> {
    let mut clauses: Vec<(Occur, Box<dyn Query>)> = Vec::new();
    if let Some(category) = filter.category {
        clauses.push((Occur::Must, category_query(f, category)));
    }
    clauses.extend(layered_clauses(f, &filter.layered));
    clauses
}

/// The attribute filters (any term of an `or` attribute, every term of an `and` one) and the
/// price window.
pub(crate) fn layered_clauses(f: &Fields, filter: &LayeredFilter) -> Vec<(Occur, Box<dyn Query>)> {
    let mut clauses: Vec<(Occur, Box<dyn Query>)> = Vec::new();
    for a in &filter.attributes {
        let terms = a.terms.iter().map(|t| {
            let term = Term::from_field_text(f.attribute, &attribute_value(&a.attribute, t));
            exact_unscored(term)
        });
        if a.match_all {
            clauses.extend(terms.map(|q| (Occur::Must, q)));
        } else {
            let any: Vec<(Occur, Box<dyn Query>)> = terms.map(|q| (Occur::Should, q)).collect();
            clauses.push((Occur::Must, Box::new(BooleanQuery::new(any))));
        }
    }
    if filter.min_price.is_some() || filter.max_price.is_some() {
        let bound = |v: Option<i64>| match v {
            Some(v) => Bound::Included(Term::from_field_i64(f.price, v)),
            None => Bound::Unbounded,
        };
        clauses.push((
            Occur::Must,
            Box::new(RangeQuery::new(
                bound(filter.min_price),
                bound(filter.max_price),
            )),
        ));
    }
    clauses
}

pub(crate) fn category_query(f: &Fields, category: CategoryId) -> Box<dyn Query> {
    exact_unscored(category_term(f, category))
}

pub(crate) fn category_term(f: &Fields, category: CategoryId) -> Term {
    Term::from_field_i64(f.category, category.0)
}

fn analyse(index: &Index, analyser: &str, text: &str) -> Vec<String> {
    let Some(mut analyser) = index.tokenizers().get(analyser) else {
        return Vec::new();
    };
    let mut stream = analyser.token_stream(text);
    let mut words = Vec::new();
    while stream.advance() {
        let word = stream.token().text.clone();
        if !word.is_empty() && !words.contains(&word) {
            words.push(word);
        }
    }
    words
}
