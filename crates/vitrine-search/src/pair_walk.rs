//! The walk of the pairs field's dictionary with two words' prefix automata (ADR 0043): the
//! pairs a typo-forgiving lead takes, read into a bitset per segment; and the walk of the
//! category-prefixes field's with one word's, after the category (ADR 0046).

use std::sync::Arc;

use levenshtein_automata::SINK_STATE;
use tantivy::query::{AutomatonWeight, EnableScoring, Query, Weight};
use tantivy::schema::Field;
use tantivy_fst::Automaton;

use crate::walked::Walk;

/// The pair terms "x y" where one word's automaton has not ruled out x and the other's y
/// (either way round: a pair holds its beginnings in their own order), and the wildcard.
pub(crate) struct PairWalk {
    pub(crate) a: Arc<Walk>,
    pub(crate) b: Arc<Walk>,
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

/// The category-prefix terms "12 xyz" of one category whose beginning a word's prefix
/// automaton has not ruled out.
pub(crate) struct CategoryWalk {
    /// The category's id and the space ("12 ").
    pub(crate) head: Vec<u8>,
    pub(crate) word: Arc<Walk>,
}

/// Where a walk of a category-prefix term stands: within the head, or the word's automaton's
/// state after it.
#[derive(Clone, Copy)]
pub(crate) enum CategoryState {
    Head(usize),
    Word(u32),
    Dead,
}

impl Automaton for CategoryWalk {
    type State = CategoryState;

    fn start(&self) -> CategoryState {
        CategoryState::Head(0)
    }

    fn is_match(&self, state: &CategoryState) -> bool {
        matches!(*state, CategoryState::Word(at) if self.word.is_match(&at))
    }

    fn can_match(&self, state: &CategoryState) -> bool {
        match *state {
            CategoryState::Head(_) => true,
            CategoryState::Word(at) => self.word.can_match(&at),
            CategoryState::Dead => false,
        }
    }

    fn accept(&self, state: &CategoryState, byte: u8) -> CategoryState {
        match *state {
            CategoryState::Head(at) if self.head.get(at) == Some(&byte) => {
                if at + 1 == self.head.len() {
                    CategoryState::Word(self.word.start())
                } else {
                    CategoryState::Head(at + 1)
                }
            }
            CategoryState::Word(at) if self.word.can_match(&at) => {
                CategoryState::Word(self.word.accept(&at, byte))
            }
            _ => CategoryState::Dead,
        }
    }
}

/// A lead read by walking a dictionary: a pair walk or a category walk.
#[derive(Clone)]
pub(crate) enum LeadWalk {
    Pairs(Arc<PairWalk>),
    Category(Arc<CategoryWalk>),
}

/// The products holding a term a [`LeadWalk`] takes: a must clause scoring nothing.
#[derive(Clone)]
pub(crate) struct PairsQuery {
    field: Field,
    walk: LeadWalk,
}

impl PairsQuery {
    pub(crate) fn new(field: Field, walk: LeadWalk) -> Self {
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
        Ok(match &self.walk {
            LeadWalk::Pairs(walk) => Box::new(AutomatonWeight::<PairWalk>::new(
                self.field,
                Arc::clone(walk),
            )),
            LeadWalk::Category(walk) => Box::new(AutomatonWeight::<CategoryWalk>::new(
                self.field,
                Arc::clone(walk),
            )),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::walked::automaton;

    fn walks<A: Automaton>(walk: &A, term: &str) -> bool {
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
    fn a_category_walk_takes_its_categorys_beginnings_the_word_may_have() {
        let walk = CategoryWalk {
            head: b"12 ".to_vec(),
            word: automaton("hodie", 1).expect("automaton"),
        };
        assert!(walks(&walk, "12 hoodie"), "within one typo");
        assert!(walks(&walk, "12 hodie"));
        assert!(!walks(&walk, "12 cotton"), "another word");
        assert!(!walks(&walk, "1 hoodie"), "another category");
        assert!(!walks(&walk, "123 hoodie"), "another category");
        assert!(!walks(&walk, "12"), "the head alone");
    }
}
