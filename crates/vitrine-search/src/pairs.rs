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
//! typo walks are sought to its documents rather than read whole (`WalkedQuery::sought`).
//! A product with more beginnings than [`MAX_PAIR_BEGINNINGS`] holds the wildcard instead of
//! its pairs, and every lead takes it.

use std::collections::BTreeSet;
use std::sync::Arc;

use levenshtein_automata::SINK_STATE;
use tantivy::query::{AutomatonWeight, EnableScoring, Query, Weight};
use tantivy::schema::Field;
use tantivy::{Searcher, Term};
use tantivy_fst::Automaton;
use vitrine_domain::search::SearchError;

use crate::fail;
use crate::query::typo_distance;
use crate::shape::Shape;
use crate::walked::{Walk, automaton};

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

/// The lead of the conjunction of `words` with typos forgiven: every pair term whose
/// beginnings two words' prefix automata (within their typo distances) have not ruled out,
/// either way round, and the wildcard — read into a bitset per segment. The two words are
/// those of the fewest typos (the fewest beginnings allowed).
pub(crate) fn typo_lead(field: Field, words: &[String]) -> Result<Lead, SearchError> {
    let mut led: Vec<&String> = words
        .iter()
        .filter(|w| beginning(w).is_some())
        .take(MAX_LEAD_WORDS)
        .collect();
    led.sort_by_key(|w| typo_distance(w));
    let (Some(a), Some(b)) = (led.first(), led.get(1)) else {
        return Ok(Lead::Unled);
    };
    let walk = PairWalk {
        a: automaton(a, typo_distance(a)).map_err(fail)?,
        b: automaton(b, typo_distance(b)).map_err(fail)?,
    };
    Ok(Lead::Clause(Shape::Pairs(field, Arc::new(walk))))
}

/// The pair terms "x y" where one word's automaton has not ruled out x and the other's y
/// (either way round: a pair holds its beginnings in their own order), and the wildcard.
pub(crate) struct PairWalk {
    a: Arc<Walk>,
    b: Arc<Walk>,
}

/// Where a walk of a pair term stands: after the space or not, and each order's automaton
/// state (a then b, b then a; [`SINK_STATE`] once ruled out); or the wildcard read.
#[derive(Clone, Copy)]
pub(crate) enum PairState {
    Start,
    Walking { second: bool, ab: u32, ba: u32 },
    Wildcard,
    Dead,
}

impl Automaton for PairWalk {
    type State = PairState;

    fn start(&self) -> PairState {
        PairState::Start
    }

    fn is_match(&self, state: &PairState) -> bool {
        match *state {
            PairState::Walking { second, ab, ba } => {
                second && (ab != SINK_STATE || ba != SINK_STATE)
            }
            PairState::Wildcard => true,
            PairState::Start | PairState::Dead => false,
        }
    }

    fn can_match(&self, state: &PairState) -> bool {
        match *state {
            PairState::Walking { ab, ba, .. } => ab != SINK_STATE || ba != SINK_STATE,
            PairState::Start | PairState::Wildcard => true,
            PairState::Dead => false,
        }
    }

    fn accept(&self, state: &PairState, byte: u8) -> PairState {
        let (second, ab, ba) = match *state {
            PairState::Start if byte == b'*' => return PairState::Wildcard,
            PairState::Start => (false, self.a.start(), self.b.start()),
            PairState::Walking { second, ab, ba } => (second, ab, ba),
            PairState::Wildcard | PairState::Dead => return PairState::Dead,
        };
        let step = |walk: &Walk, at: u32| {
            if at == SINK_STATE {
                SINK_STATE
            } else {
                walk.accept(&at, byte)
            }
        };
        let restart = |walk: &Walk, at: u32| {
            if at == SINK_STATE {
                SINK_STATE
            } else {
                walk.start()
            }
        };
        match byte {
            // A second space is no pair.
            b' ' if second => PairState::Dead,
            b' ' => PairState::Walking {
                second: true,
                ab: restart(&self.b, ab),
                ba: restart(&self.a, ba),
            },
            _ if second => PairState::Walking {
                second,
                ab: step(&self.b, ab),
                ba: step(&self.a, ba),
            },
            _ => PairState::Walking {
                second,
                ab: step(&self.a, ab),
                ba: step(&self.b, ba),
            },
        }
    }
}

/// The products holding a pair a [`PairWalk`] takes: a must clause scoring nothing.
#[derive(Clone)]
pub(crate) struct PairsQuery {
    field: Field,
    walk: Arc<PairWalk>,
}

impl PairsQuery {
    pub(crate) fn new(field: Field, walk: Arc<PairWalk>) -> Self {
        Self { field, walk }
    }
}

impl std::fmt::Debug for PairsQuery {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("PairsQuery")
    }
}

impl Query for PairsQuery {
    fn weight(&self, _scoring: EnableScoring<'_>) -> tantivy::Result<Box<dyn Weight>> {
        Ok(Box::new(AutomatonWeight::<PairWalk>::new(
            self.field,
            Arc::clone(&self.walk),
        )))
    }
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

    fn walks(walk: &PairWalk, term: &str) -> bool {
        let mut state = walk.start();
        for &byte in term.as_bytes() {
            state = walk.accept(&state, byte);
            if !walk.can_match(&state) {
                return false;
            }
        }
        walk.is_match(&state)
    }

    #[test]
    fn a_pair_walk_takes_the_beginnings_each_word_may_have_either_way_round() {
        let walk = PairWalk {
            a: automaton("hodie", 1).expect("automaton"),
            b: automaton("cot", 0).expect("automaton"),
        };
        assert!(walks(&walk, "cot hoo"), "b's beginning first");
        assert!(walks(&walk, "cot hod"), "a typo in the beginning");
        assert!(walks(&walk, "*"), "the wildcard");
        assert!(!walks(&walk, "cot cot"), "hodie is not cot");
        assert!(!walks(&walk, "hoo hoo"), "cot is not hoo");
        assert!(!walks(&walk, "cot"), "half a pair");
        assert!(!walks(&walk, "cot hoo hoo"), "one space only");
        let same = PairWalk {
            a: automaton("hood", 0).expect("automaton"),
            b: automaton("hoodie", 0).expect("automaton"),
        };
        assert!(walks(&same, "hoo hoo"), "two words of one beginning");
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
