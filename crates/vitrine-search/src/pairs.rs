//! Pairs of word beginnings (ADR 0043): what leads a suggestion's conjunction of words.
//!
//! A query of two words ("cot kit") matches the products holding both somewhere (name, SKU,
//! terms). Each word alone is a union of its clauses, and a conjunction of two unions walks
//! the rarer one and seeks the other to each of its documents: when few products hold both,
//! it walks every product holding the rarer word, a cost growing with the catalogue (ADR 0042,
//! "What still grows"). So each product also holds, in its own field, every pair of its
//! words' three-letter beginnings ("cot kit" for "Cotton … Kitchen"); every product matching
//! both words holds their beginnings' pair, so the pair's postings (the products holding
//! both beginnings) lead the conjunction and its walk costs what the pair's matches cost.
//!
//! With typos forgiven a word may begin otherwise: the lead is then every pair whose
//! beginnings the two words' prefix automata have not ruled out after three letters, read into
//! a bitset (the pairs' dictionary walked with both automata, [`PairWalk`]), and the words'
//! typo walks are sought to its documents (a walk reads its terms' postings lazily,
//! `walked.rs`). A product with too many beginnings holds the wildcard instead of its pairs
//! (`beginnings.rs`), and every lead takes it.

use std::sync::Arc;

use tantivy::schema::Field;
use tantivy::{Searcher, Term};
use vitrine_domain::search::SearchError;

use crate::beginnings::{
    BEGINNING, CATEGORY_PREFIX, WILDCARD, beginning, category_prefix, in_category, pair,
};
use crate::fail;
use crate::pair_walk::{CategoryWalk, LeadWalk, PairWalk};
use crate::shape::Shape;
use crate::walked::{automaton, typo_distance};

/// Words of a query whose pairs are weighed for the lead.
const MAX_LEAD_WORDS: usize = 4;

/// What leads a conjunction of words.
pub(crate) enum Lead {
    /// Every product matching the words holds one of these (a must clause scoring nothing).
    Clause(Shape),
    /// No product holds the words' beginnings together: the conjunction matches nothing.
    Nothing,
    /// No pair can lead (fewer than two words of three letters, or a number among them with
    /// typos forgiven).
    Unled,
}

/// The lead of the conjunction of `words` matched exactly or as prefixes: of their
/// beginnings' pairs, the one fewest products hold (and the wildcard, when held).
pub(crate) fn lead(
    searcher: &Searcher,
    field: Field,
    words: &[String],
) -> Result<Lead, SearchError> {
    let beginnings: Vec<&str> = words
        .iter()
        .filter_map(|w| beginning(w))
        .take(MAX_LEAD_WORDS)
        .collect();
    let mut best: Option<(u64, Term)> = None;
    for (i, a) in beginnings.iter().enumerate() {
        for b in &beginnings[i + 1..] {
            let term = Term::from_field_text(field, &pair(a, b));
            let held = searcher.doc_freq(&term).map_err(fail)?;
            if best.as_ref().is_none_or(|(fewest, _)| held < *fewest) {
                best = Some((held, term));
            }
        }
    }
    let Some((held, term)) = best else {
        return Ok(Lead::Unled);
    };
    let wildcard = Term::from_field_text(field, WILDCARD);
    let wild = searcher.doc_freq(&wildcard).map_err(fail)? > 0;
    Ok(match (held > 0, wild) {
        (false, false) => Lead::Nothing,
        (true, false) => Lead::Clause(Shape::Filter(term)),
        (false, true) => Lead::Clause(Shape::Filter(wildcard)),
        (true, true) => Lead::Clause(Shape::Any(vec![
            Shape::Filter(term),
            Shape::Filter(wildcard),
        ])),
    })
}

/// The lead of one word matched exactly or as a prefix within `category` (ADR 0046): the
/// products of the category holding a word that begins with its first six letters (all of
/// them when it is shorter). Taken when walking them costs less than the word's own walk would
/// before its top K fills — `held` products hold the word (an estimate from above), of which
/// the category's may be a thin share: the walk in rank order then reads about
/// `limit × held ÷ led` of them, the lead `led`. Nothing when the category holds no such word;
/// unled when the word is shorter than a beginning or the share is wide.
pub(crate) fn category_lead(
    searcher: &Searcher,
    field: Field,
    category: i64,
    word: &str,
    held: u64,
    limit: usize,
) -> Result<Lead, SearchError> {
    let Some(begins) = category_prefix(word) else {
        return Ok(Lead::Unled);
    };
    if begins.chars().all(|c| c.is_ascii_digit()) {
        // Numbers' beginnings are not held with a category (nor a word's six first digits).
        return Ok(Lead::Unled);
    }
    let term = Term::from_field_text(field, &in_category(category, begins));
    let led = searcher.doc_freq(&term).map_err(fail)?;
    if led == 0 {
        return Ok(Lead::Nothing);
    }
    let limit = u64::try_from(limit).unwrap_or(u64::MAX);
    Ok(if led.saturating_mul(led) <= limit.saturating_mul(held) {
        Lead::Clause(Shape::Filter(term))
    } else {
        Lead::Unled
    })
}

/// The lead of one word with typos forgiven within `category` (ADR 0046): the category's
/// beginnings (of up to six letters) that the automaton of the word's first `6 − distance`
/// letters, within the word's typo distance, has not ruled out — a word matching the typed one
/// has such a beginning. Unled for a word with a digit (numbers' beginnings are not held with
/// a category).
pub(crate) fn category_typo_lead(
    field: Field,
    category: i64,
    word: &str,
) -> Result<Lead, SearchError> {
    let distance = typo_distance(word);
    if beginning(word).is_none() || word.chars().any(|c| c.is_ascii_digit()) {
        return Ok(Lead::Unled);
    }
    let cut: String = word
        .chars()
        .take(CATEGORY_PREFIX - usize::from(distance))
        .collect();
    let walk = CategoryWalk {
        head: in_category(category, "").into_bytes(),
        word: automaton(&cut, distance).map_err(fail)?,
    };
    Ok(Lead::Clause(Shape::Pairs(
        field,
        LeadWalk::Category(Arc::new(walk)),
    )))
}

/// The lead of the conjunction of `words` with typos forgiven for those `forgiven` marks: every
/// pair term whose beginnings two words' prefix automata (within their typo distances, none for
/// a word not forgiven) have not ruled out, either way round, and the wildcard — read into a
/// bitset per segment. The two words are those of the fewest typos (the fewest beginnings
/// allowed); none when a word is a number.
pub(crate) fn typo_lead(
    field: Field,
    words: &[String],
    forgiven: &[bool],
) -> Result<Lead, SearchError> {
    let mut led: Vec<(&String, u8)> = words
        .iter()
        .zip(forgiven)
        .filter(|(w, _)| beginning(w).is_some())
        .map(|(w, &forgiven)| (w, if forgiven { typo_distance(w) } else { 0 }))
        .take(MAX_LEAD_WORDS)
        .collect();
    led.sort_by_key(|&(_, distance)| distance);
    let (Some(&(a, a_distance)), Some(&(b, b_distance))) = (led.first(), led.get(1)) else {
        return Ok(Lead::Unled);
    };
    // A number forgives no typo at any length: an exact word few products hold, whose own
    // postings lead better than a walk of the pairs' dictionary.
    if led
        .iter()
        .any(|(w, _)| typo_distance(w) == 0 && w.chars().count() > BEGINNING)
    {
        return Ok(Lead::Unled);
    }
    let walk = PairWalk {
        a: automaton(a, a_distance).map_err(fail)?,
        b: automaton(b, b_distance).map_err(fail)?,
    };
    Ok(Lead::Clause(Shape::Pairs(
        field,
        LeadWalk::Pairs(Arc::new(walk)),
    )))
}
