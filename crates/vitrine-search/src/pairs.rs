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
//! Only words matched exactly or as prefixes lead so: a word within its typo distance may
//! begin otherwise (ADR 0043 measured a lead of every pair its automaton allows: slower than
//! none). A product with more beginnings than [`MAX_PAIR_BEGINNINGS`] holds the wildcard
//! instead of its pairs, and every lead takes it.

use std::collections::BTreeSet;

use tantivy::schema::Field;
use tantivy::{Searcher, Term};
use vitrine_domain::search::SearchError;

use crate::fail;
use crate::shape::Shape;

/// Characters of a word's beginning in a pair.
pub(crate) const BEGINNING: usize = 3;
/// Beginnings a product holds pairs of at most (n beginnings make n(n+1)/2 pairs); a
/// product with more holds [`WILDCARD`] instead.
pub(crate) const MAX_PAIR_BEGINNINGS: usize = 32;
/// What a product with too many beginnings holds: every lead matches it.
pub(crate) const WILDCARD: &str = "*";
/// Words of a query whose pairs are weighed for the lead.
const MAX_LEAD_WORDS: usize = 4;

/// A word's beginning in a pair: its first [`BEGINNING`] characters (None when shorter).
pub(crate) fn beginning(word: &str) -> Option<&str> {
    let (at, c) = word.char_indices().nth(BEGINNING - 1)?;
    Some(&word[..at + c.len_utf8()])
}

/// Two beginnings as the pair field holds them: the smaller first, a space between (the
/// words' analyser never leaves a space in a word).
pub(crate) fn pair(a: &str, b: &str) -> String {
    let (first, second) = if a <= b { (a, b) } else { (b, a) };
    format!("{first} {second}")
}

/// Every pair (itself included) of `beginnings`, or the wildcard when there are too many.
pub(crate) fn pairs_of(beginnings: &BTreeSet<String>) -> Vec<String> {
    if beginnings.len() > MAX_PAIR_BEGINNINGS {
        return vec![WILDCARD.to_owned()];
    }
    let all: Vec<&String> = beginnings.iter().collect();
    let mut pairs = Vec::with_capacity(all.len() * (all.len() + 1) / 2);
    for (i, a) in all.iter().enumerate() {
        for b in &all[i..] {
            pairs.push(format!("{a} {b}"));
        }
    }
    pairs
}

/// What leads a conjunction of words.
pub(crate) enum Lead {
    /// Every product matching the words holds one of these (a must clause scoring nothing).
    Clause(Shape),
    /// No product holds the words' beginnings together: the conjunction matches nothing.
    Nothing,
    /// No pair can lead (fewer than two words of three letters, or too many pairs).
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_beginning_is_three_characters() {
        assert_eq!(beginning("hoodie"), Some("hoo"));
        assert_eq!(beginning("çafé"), Some("çaf"));
        assert_eq!(beginning("42"), None);
        assert_eq!(beginning("mug"), Some("mug"));
    }

    #[test]
    fn a_pair_holds_its_beginnings_in_order_and_a_product_holds_each_pair_once() {
        assert_eq!(pair("hoo", "cot"), "cot hoo");
        assert_eq!(pair("cot", "hoo"), "cot hoo");
        let beginnings: BTreeSet<String> = ["hoo", "cot", "blu"].map(String::from).into();
        assert_eq!(
            pairs_of(&beginnings),
            [
                "blu blu", "blu cot", "blu hoo", "cot cot", "cot hoo", "hoo hoo"
            ]
        );
        let many: BTreeSet<String> = (0..=MAX_PAIR_BEGINNINGS)
            .map(|n| format!("{n:03}"))
            .collect();
        assert_eq!(pairs_of(&many), [WILDCARD]);
    }
}
