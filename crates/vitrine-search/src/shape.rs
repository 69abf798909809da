//! A text query as a tree the suggestions' top K can reason about (ADR 0030): the same
//! tantivy query as before, plus, per segment, an upper bound of any document's score.

use tantivy::query::{
    BooleanQuery, BoostQuery, ConstScoreQuery, EnableScoring, Occur, Query, Scorer, TermQuery,
};
use tantivy::schema::{Field, IndexRecordOption};
use tantivy::{DocSet, Score, Searcher, SegmentReader, TERMINATED, Term};

use vitrine_domain::search::SearchError;

use crate::ahead::{Lasts, Reach, SegmentTerm, segment_term};
use crate::fail;
use crate::fixed::{BoostedTermQuery, FixedTermQuery};
use crate::kept::Kept;
use crate::pair_walk::{LeadWalk, PairsQuery};
use crate::union::SeekingUnion;
use crate::walked::WalkedQuery;

/// One clause of a text query.
#[derive(Clone)]
pub(crate) enum Shape {
    /// Any of the clauses; a document scores the sum of those it matches.
    Any(Vec<Shape>),
    /// Every clause; a document scores their sum.
    All(Vec<Shape>),
    /// A word as it is, scored by BM25 and boosted.
    Exact(Term, Score),
    /// An indexed prefix: a fixed score (`FixedTermQuery`).
    Fixed(Term, Score),
    /// A prefix (within a typo distance) walked over the dictionary: a constant score.
    Walked(Term, u8, Score),
    /// A filter term: must match, scores nothing.
    Filter(Term),
    /// The products holding a pair of beginnings two words' automata allow (ADR 0043), or a
    /// category's beginning one word's automaton allows (ADR 0046): must match, scores
    /// nothing.
    Pairs(Field, LeadWalk),
}

impl Shape {
    pub(crate) fn query(&self) -> Box<dyn Query> {
        match self {
            Shape::Any(clauses) => union(clauses),
            // A word's clauses inside a conjunction are sought to the other words' documents,
            // not read window by window (ADR 0032).
            Shape::All(clauses) => Box::new(BooleanQuery::new(
                clauses
                    .iter()
                    .map(|c| (Occur::Must, c.walk_query()))
                    .collect(),
            )),
            Shape::Exact(term, boost) => Box::new(BoostedTermQuery::new(term.clone(), *boost)),
            Shape::Fixed(term, score) => Box::new(FixedTermQuery::new(term.clone(), *score)),
            Shape::Walked(term, distance, boost) => Box::new(BoostQuery::new(
                Box::new(WalkedQuery::new(term.clone(), *distance)),
                *boost,
            )),
            Shape::Filter(term) => exact_unscored(term.clone()),
            Shape::Pairs(field, walk) => Box::new(ConstScoreQuery::new(
                Box::new(PairsQuery::new(*field, walk.clone())),
                0.0,
            )),
        }
    }

    /// [`Shape::query`] for a walk that may stop early or be sought to other clauses'
    /// documents (a word inside a conjunction): a top union that seeks its clauses (ADR 0032)
    /// rather than reading and scoring 4,096 documents ahead of the walk.
    pub(crate) fn walk_query(&self) -> Box<dyn Query> {
        match self {
            Shape::Any(clauses) => Box::new(SeekingUnion::new(
                clauses.iter().map(Shape::query).collect(),
            )),
            _ => self.query(),
        }
    }

    /// The shape without the terms no segment of `searcher` holds (None when nothing can
    /// match): the same matches and scores, fewer scorers to walk, and a lone clause left is
    /// walked (or pruned by its own block-max) as itself (ADR 0042). A word's own term ("hoo")
    /// or its SKU-word prefix is absent for most prefixes typed.
    pub(crate) fn present(&self, searcher: &Searcher) -> Result<Option<Shape>, SearchError> {
        let held = |term: &Term| -> Result<bool, SearchError> {
            Ok(searcher.doc_freq(term).map_err(fail)? > 0)
        };
        Ok(match self {
            Shape::Any(clauses) => {
                let mut kept = Vec::with_capacity(clauses.len());
                for clause in clauses {
                    kept.extend(clause.present(searcher)?);
                }
                // One clause left is that clause: a union of one prunes as its clause does.
                match kept.len() {
                    0 => None,
                    1 => kept.pop(),
                    _ => Some(Shape::Any(kept)),
                }
            }
            Shape::All(clauses) => {
                let mut kept = Vec::with_capacity(clauses.len());
                for clause in clauses {
                    match clause.present(searcher)? {
                        Some(clause) => kept.push(clause),
                        None => return Ok(None),
                    }
                }
                Some(Shape::All(kept))
            }
            Shape::Exact(term, _) | Shape::Fixed(term, _) | Shape::Filter(term) => {
                held(term)?.then(|| self.clone())
            }
            Shape::Walked(..) | Shape::Pairs(..) => Some(self.clone()),
        })
    }

    /// What documents of `segment` could score, clause by clause, with each term's last
    /// document there (under `searcher`'s statistics; ADR 0048).
    pub(crate) fn reach(
        &self,
        searcher: &Searcher,
        segment: &SegmentReader,
        maxima: &Maxima,
        lasts: &Lasts,
    ) -> Result<Reach, SearchError> {
        let each = |clauses: &[Shape]| -> Result<Vec<Reach>, SearchError> {
            clauses
                .iter()
                .map(|c| c.reach(searcher, segment, maxima, lasts))
                .collect()
        };
        let leaf = |term: &Term, best: Score| -> Result<Reach, SearchError> {
            Ok(Reach::Leaf {
                best,
                last: lasts.of(segment, term)?,
            })
        };
        Ok(match self {
            Shape::Any(clauses) => Reach::Any(each(clauses)?),
            Shape::All(clauses) => Reach::All(each(clauses)?),
            Shape::Exact(term, boost) => {
                leaf(term, maxima.exact(searcher, segment, term)? * boost)?
            }
            Shape::Fixed(term, score) => leaf(term, *score)?,
            Shape::Filter(term) => leaf(term, 0.0)?,
            Shape::Walked(..) => {
                // Its matches in this segment (the dictionary walked once more).
                let weight = self
                    .query()
                    .weight(EnableScoring::enabled_from_searcher(searcher))
                    .map_err(fail)?;
                let mut scorer = weight.scorer(segment, 1.0).map_err(fail)?;
                if scorer.doc() == TERMINATED {
                    Reach::Leaf {
                        best: 0.0,
                        last: None,
                    }
                } else {
                    Reach::open(scorer.score())
                }
            }
            Shape::Pairs(..) => Reach::open(0.0),
        })
    }
}

fn union(clauses: &[Shape]) -> Box<dyn Query> {
    Box::new(BooleanQuery::new(
        clauses.iter().map(|c| (Occur::Should, c.query())).collect(),
    ))
}

/// Filters must not reorder results: a product with more attribute values would otherwise
/// score lower on its colour than one with a single value.
pub(crate) fn exact_unscored(term: Term) -> Box<dyn Query> {
    Box::new(ConstScoreQuery::new(
        Box::new(TermQuery::new(term, IndexRecordOption::Basic)),
        0.0,
    ))
}

/// Per searcher generation, segment and word, the best BM25 score (boost 1) any document gets
/// for it: found by scoring the word's postings, kept until the next publish (the statistics
/// change with it) when it has many (`kept.rs`).
#[derive(Default)]
pub(crate) struct Maxima(Kept<(u64, SegmentTerm), Score>);

impl Maxima {
    pub(crate) fn clear(&self) {
        self.0.clear();
    }

    fn exact(
        &self,
        searcher: &Searcher,
        segment: &SegmentReader,
        term: &Term,
    ) -> Result<Score, SearchError> {
        // The searcher's generation too: a search still holding the last one computes under
        // its statistics.
        let generation = searcher.generation().generation_id();
        let key = (generation, segment_term(segment, term));
        if let Some(known) = self.0.get(&key) {
            return Ok(known);
        }
        let weight = TermQuery::new(term.clone(), IndexRecordOption::WithFreqs)
            .weight(EnableScoring::enabled_from_searcher(searcher))
            .map_err(fail)?;
        let mut scorer = weight.scorer(segment, 1.0).map_err(fail)?;
        let mut best: Score = 0.0;
        let mut postings: u32 = 0;
        while scorer.doc() != TERMINATED {
            best = best.max(scorer.score());
            postings += 1;
            scorer.advance();
        }
        self.0.keep(key, best, postings);
        Ok(best)
    }
}
