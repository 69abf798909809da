//! A term that scores a fixed amount in every document holding it (an indexed prefix: ADR
//! 0023), as a plain term scorer rather than tantivy's `ConstScoreQuery`: a union of term
//! scorers is what tantivy's block-max WAND prunes, so a suggestion's top K no longer scores
//! every match (ADR 0024).
//!
//! The trick: the term is scored by BM25 over statistics made for it (an average field length
//! so large that every document's length weighs the same, and a document frequency of 1), and
//! boosted by what turns that into the fixed amount. The prefix fields hold each term once per
//! document (term frequency 1) and keep no field lengths, so every document scores the same.

use tantivy::query::{
    Bm25StatisticsProvider, Bm25Weight, BoostQuery, EnableScoring, Query, TermQuery, Weight,
};
use tantivy::schema::{Field, IndexRecordOption};
use tantivy::{Score, Term};

#[derive(Debug, Clone)]
pub(crate) struct FixedTermQuery {
    term: Term,
    score: Score,
}

impl FixedTermQuery {
    pub(crate) fn new(term: Term, score: Score) -> Self {
        Self { term, score }
    }
}

/// Statistics under which a term's BM25 score is the same in every document.
struct Flat {
    docs: u64,
}

impl Flat {
    fn tokens() -> u64 {
        u64::MAX
    }

    /// What the term scores, boost 1, in a document holding it once.
    fn unit(&self) -> Score {
        let average = Self::tokens() as Score / self.docs as Score;
        Bm25Weight::for_one_term(1, self.docs, average).score(0, 1)
    }
}

impl Bm25StatisticsProvider for Flat {
    fn total_num_tokens(&self, _: Field) -> tantivy::Result<u64> {
        Ok(Self::tokens())
    }

    fn total_num_docs(&self) -> tantivy::Result<u64> {
        Ok(self.docs)
    }

    fn doc_freq(&self, _: &Term) -> tantivy::Result<u64> {
        Ok(1)
    }
}

impl Query for FixedTermQuery {
    fn weight(&self, enable_scoring: EnableScoring<'_>) -> tantivy::Result<Box<dyn Weight>> {
        match enable_scoring {
            EnableScoring::Enabled {
                searcher,
                statistics_provider,
            } => {
                let flat = Flat {
                    docs: statistics_provider.total_num_docs()?.max(1),
                };
                let boost = self.score / flat.unit();
                let term = TermQuery::new(self.term.clone(), IndexRecordOption::WithFreqs);
                BoostQuery::new(Box::new(term), boost).weight(
                    EnableScoring::enabled_from_statistics_provider(&flat, searcher),
                )
            }
            disabled @ EnableScoring::Disabled { .. } => {
                TermQuery::new(self.term.clone(), IndexRecordOption::Basic).weight(disabled)
            }
        }
    }

    fn query_terms<'a>(&'a self, visitor: &mut dyn FnMut(&'a Term, bool)) {
        visitor(&self.term, false);
    }
}
