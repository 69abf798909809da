//! Three-letter word beginnings and their pairs, as a product holds them in the index's pairs
//! field (ADR 0043, `pairs.rs`).

use std::collections::BTreeSet;

/// Characters of a word's beginning in a pair.
pub(crate) const BEGINNING: usize = 3;
/// Beginnings a product holds pairs of at most (n beginnings make n(n+1)/2 pairs); a
/// product with more holds [`WILDCARD`] instead.
pub(crate) const MAX_PAIR_BEGINNINGS: usize = 32;
/// Characters at most of a beginning held with a category (ADR 0046): "12 mugs".
pub(crate) const CATEGORY_PREFIX: usize = 6;
/// What a product with too many beginnings holds: every lead matches it.
pub(crate) const WILDCARD: &str = "*";

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

/// A category's id and a beginning, as the category-prefixes field holds them ("12 mugs"):
/// the products of category 12 holding a word that begins "mugs" (ADR 0046).
pub(crate) fn in_category(category: i64, beginning: &str) -> String {
    format!("{category} {beginning}")
}

/// What `word` is looked up by with a category: its first [`CATEGORY_PREFIX`] characters
/// (None when shorter than a beginning).
pub(crate) fn category_prefix(word: &str) -> Option<&str> {
    beginning(word)?;
    Some(match word.char_indices().nth(CATEGORY_PREFIX) {
        Some((at, _)) => &word[..at],
        None => word,
    })
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
            pairs.push(pair(a, b));
        }
    }
    pairs
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

    #[test]
    fn a_category_beginning_is_the_id_then_up_to_six_letters() {
        assert_eq!(in_category(12, "mugs"), "12 mugs");
        assert_eq!(category_prefix("mugs"), Some("mugs"));
        assert_eq!(category_prefix("outerwear"), Some("outerw"));
        assert_eq!(category_prefix("mu"), None);
    }
}
