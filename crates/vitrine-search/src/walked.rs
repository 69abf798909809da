//! A prefix within a typo distance, walked over a field's dictionary ([`Shape::Walked`]), with
//! its Levenshtein automaton built once per word and distance and kept.
//!
//! tantivy's `FuzzyTermQuery` builds the automaton (a table of 256 transitions per state) for
//! every weight it makes: for each field a word is looked up in, and again for the bound of
//! the suggestions' walk (ADR 0030) — about 5 % of a suggestion's CPU in a profile of the mixed
//! stream at 100,000 products, most of it filling and growing those tables. The automaton
//! depends only on the word and the distance, and shoppers type the same beginnings over and
//! over, so it is kept here, shared by every field, segment and search, and dropped whole when
//! the kept tables pass [`MAX_KEPT_BYTES`].
//!
//! Its matches are read lazily (ADR 0043): tantivy's automaton weight reads every posting of
//! every matching term into a bitset before the first document is asked for, a cost of the
//! catalogue (a one-letter typo of "hoodie" at 1,000,000 products); here each segment's
//! matching terms keep their postings open, advanced and sought as far as the walk goes.
//!
//! [`Shape::Walked`]: crate::shape::Shape::Walked

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use levenshtein_automata::{DFA, Distance, LevenshteinAutomatonBuilder, SINK_STATE};
use tantivy::query::{
    AutomatonWeight, ConstScorer, EnableScoring, Explanation, Query, Scorer, Weight,
};
use tantivy::schema::{Field, IndexRecordOption};
use tantivy::{DocId, Score, SegmentReader, TantivyError, Term};
use tantivy_fst::Automaton;

use crate::union::UnionScorer;

/// Typos forgiven per word: none below 4 characters, 1 from 4, 2 from 8; none in a number
/// (a SKU's or a name's digits: one digit off is another product, and a number's typos match
/// thousands of other numbers).
pub(crate) fn typo_distance(word: &str) -> u8 {
    if word.chars().all(|c| c.is_ascii_digit()) {
        return 0;
    }
    match word.chars().count() {
        0..=3 => 0,
        4..=7 => 1,
        _ => 2,
    }
}

/// Bytes of automaton tables kept at most (each state is 256 transitions of 4 bytes).
const MAX_KEPT_BYTES: usize = 4 * 1024 * 1024;

/// The largest typo distance a walk takes (the builders are made for 0, 1 and 2).
const MAX_DISTANCE: u8 = 2;

/// Every match of a word's beginning within `distance` typos (a transposition counting one)
/// in the term's field: a constant score of 1, as tantivy's fuzzy prefix query scores.
#[derive(Clone, Debug)]
pub(crate) struct WalkedQuery {
    term: Term,
    distance: u8,
}

impl WalkedQuery {
    /// The walk of `term`'s text (a string term) as a prefix within `distance` typos.
    pub(crate) fn new(term: Term, distance: u8) -> Self {
        Self { term, distance }
    }
}

impl Query for WalkedQuery {
    fn weight(&self, _scoring: EnableScoring<'_>) -> tantivy::Result<Box<dyn Weight>> {
        let value = self.term.value();
        let text = value.as_str().ok_or_else(|| {
            TantivyError::InvalidArgument("a walked prefix needs a text term".to_owned())
        })?;
        let walk = automaton(text, self.distance)?;
        let filled = AutomatonWeight::<Walk>::new(self.term.field(), Arc::clone(&walk));
        Ok(Box::new(SoughtWeight {
            field: self.term.field(),
            walk,
            filled,
        }))
    }
}

/// Matching terms of a segment whose postings a walk keeps open at most; with more, they are
/// read whole into a bitset (tantivy's automaton weight).
const MAX_SOUGHT_TERMS: usize = 64;

/// A walk's weight (ADR 0043): each segment's matching terms' postings are kept open and read
/// only as far as the walk asks — sought to the documents another clause leads to, or
/// advanced until the suggestions' top K is sure — rather than every posting of every
/// matching term read into a bitset before the first document is asked for.
struct SoughtWeight {
    field: Field,
    walk: Arc<Walk>,
    filled: AutomatonWeight<Walk>,
}

impl Weight for SoughtWeight {
    fn scorer(&self, reader: &SegmentReader, boost: Score) -> tantivy::Result<Box<dyn Scorer>> {
        let index = reader.inverted_index(self.field)?;
        let mut stream = index.terms().search(self.walk.as_ref()).into_stream()?;
        let mut infos = Vec::new();
        while stream.advance() {
            if infos.len() == MAX_SOUGHT_TERMS {
                return self.filled.scorer(reader, boost);
            }
            infos.push(stream.value().clone());
        }
        let postings = infos
            .iter()
            .map(|info| index.read_postings_from_terminfo(info, IndexRecordOption::Basic))
            .collect::<std::io::Result<Vec<_>>>()?;
        Ok(Box::new(ConstScorer::new(
            UnionScorer::new(postings),
            boost,
        )))
    }

    fn explain(&self, reader: &SegmentReader, doc: DocId) -> tantivy::Result<Explanation> {
        self.filled.explain(reader, doc)
    }
}

/// A prefix Levenshtein automaton, as the dictionary walk reads it.
pub(crate) struct Walk(DFA);

impl Automaton for Walk {
    type State = u32;

    fn start(&self) -> u32 {
        self.0.initial_state()
    }

    fn is_match(&self, state: &u32) -> bool {
        matches!(self.0.distance(*state), Distance::Exact(_))
    }

    fn can_match(&self, state: &u32) -> bool {
        *state != SINK_STATE
    }

    fn accept(&self, state: &u32, byte: u8) -> u32 {
        self.0.transition(*state, byte)
    }
}

/// The kept automata by word and distance, and the bytes of their tables.
#[derive(Default)]
struct Kept {
    walks: HashMap<(String, u8), Arc<Walk>>,
    bytes: usize,
}

static KEPT: OnceLock<Mutex<Kept>> = OnceLock::new();

/// The automaton for `text` within `distance`: kept, or built (outside the lock) and kept.
pub(crate) fn automaton(text: &str, distance: u8) -> tantivy::Result<Arc<Walk>> {
    if distance > MAX_DISTANCE {
        return Err(TantivyError::InvalidArgument(format!(
            "a walked prefix allows at most {MAX_DISTANCE} typos, not {distance}"
        )));
    }
    let kept = KEPT.get_or_init(Mutex::default);
    let key = (text.to_owned(), distance);
    if let Some(walk) = kept.lock().ok().and_then(|k| k.walks.get(&key).cloned()) {
        return Ok(walk);
    }
    let walk = Arc::new(Walk(builder(distance).build_prefix_dfa(text)));
    let bytes = table_bytes(&walk);
    if let Ok(mut kept) = kept.lock() {
        if kept.bytes + bytes > MAX_KEPT_BYTES {
            kept.walks.clear();
            kept.bytes = 0;
        }
        if bytes <= MAX_KEPT_BYTES && kept.walks.insert(key, Arc::clone(&walk)).is_none() {
            kept.bytes += bytes;
        }
    }
    Ok(walk)
}

fn table_bytes(walk: &Walk) -> usize {
    walk.0.num_states() * 256 * std::mem::size_of::<u32>()
}

/// The automaton builder for `distance` (a transposition costs one typo), made once.
fn builder(distance: u8) -> &'static LevenshteinAutomatonBuilder {
    static BUILDERS: [OnceLock<LevenshteinAutomatonBuilder>; MAX_DISTANCE as usize + 1] =
        [OnceLock::new(), OnceLock::new(), OnceLock::new()];
    BUILDERS[usize::from(distance)].get_or_init(|| LevenshteinAutomatonBuilder::new(distance, true))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn matches(walk: &Walk, word: &str) -> bool {
        let mut state = walk.start();
        for &b in word.as_bytes() {
            state = walk.accept(&state, b);
        }
        walk.is_match(&state)
    }

    #[test]
    fn a_walk_matches_beginnings_within_its_typos() {
        let exact = automaton("hood", 0).expect("automaton");
        assert!(matches(&exact, "hoodie"));
        assert!(!matches(&exact, "hodie"));
        let one = automaton("hodie", 1).expect("automaton");
        assert!(matches(&one, "hoodie"), "one letter left out");
        assert!(matches(&one, "hoideis"), "a transposition is one typo");
        assert!(!matches(&one, "hat"));
        assert!(automaton("hoodie", 3).is_err(), "at most two typos");
    }

    #[test]
    fn a_word_and_distance_is_built_once_and_shared() {
        let first = automaton("blanket", 1).expect("automaton");
        let again = automaton("blanket", 1).expect("automaton");
        assert!(Arc::ptr_eq(&first, &again));
        let other = automaton("blanket", 2).expect("automaton");
        assert!(
            !Arc::ptr_eq(&first, &other),
            "another distance, another automaton"
        );
    }

    #[test]
    fn typo_distance_grows_at_four_and_eight_characters() {
        assert_eq!(typo_distance("hoo"), 0);
        assert_eq!(typo_distance("hodi"), 1);
        assert_eq!(typo_distance("sweatsh"), 1);
        assert_eq!(typo_distance("sweatshi"), 2);
    }

    #[test]
    fn numbers_forgive_no_typo() {
        assert_eq!(typo_distance("000042"), 0);
        assert_eq!(typo_distance("12345678"), 0);
        assert_eq!(typo_distance("t2000"), 1);
    }
}
