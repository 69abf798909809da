//! A term that scores a fixed amount in every document holding it (an indexed prefix: ADR
//! 0023), as a plain term scorer rather than tantivy's `ConstScoreQuery`: alone, its top K is
//! pruned by the term's block-max (ADR 0042; a fixed amount, so no later match beats an equal
//! K-th), and a suggestion's walk in rank order ends as soon as its K-th reaches the amount
//! (ADR 0024, ADR 0047).
//!
//! The trick: the term is scored by BM25 over statistics made for it (an average field length
//! so large that every document's length weighs the same, and a document frequency of 1), and
//! boosted by what turns that into the fixed amount. The prefix fields hold each term once per
//! document (term frequency 1) and keep no field lengths, so every document scores the same.

use tantivy::query::{
    Bm25StatisticsProvider, Bm25Weight, EnableScoring, Explanation, Query, Scorer, TermQuery,
    Weight,
};
use tantivy::schema::{Field, IndexRecordOption};
use tantivy::{DocId, Score, SegmentReader, Term};

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
                let weight = term.weight(EnableScoring::enabled_from_statistics_provider(
                    &flat, searcher,
                ))?;
                Ok(Box::new(Boosted { weight, boost }))
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

/// A word as it is (`Shape::Exact`): its BM25 score times `boost`, pruned alone as in a union
/// (`Boosted`).
#[derive(Debug, Clone)]
pub(crate) struct BoostedTermQuery {
    term: Term,
    boost: Score,
}

impl BoostedTermQuery {
    pub(crate) fn new(term: Term, boost: Score) -> Self {
        Self { term, boost }
    }
}

impl Query for BoostedTermQuery {
    fn weight(&self, enable_scoring: EnableScoring<'_>) -> tantivy::Result<Box<dyn Weight>> {
        let weight = TermQuery::new(self.term.clone(), IndexRecordOption::WithFreqs)
            .weight(enable_scoring)?;
        Ok(Box::new(Boosted {
            weight,
            boost: self.boost,
        }))
    }

    fn query_terms<'a>(&'a self, visitor: &mut dyn FnMut(&'a Term, bool)) {
        visitor(&self.term, false);
    }
}

/// A term's weight scaled by `boost`, as tantivy's `BoostWeight`, but pruning as the term does
/// when it is a query's only clause. tantivy's boost weight scores every match to find a top K
/// (the default `for_each_pruning`), and a boolean union of one clause hands that clause's
/// scorer the same way; a one-word suggestion whose other clauses hold no term (most
/// prefixes: ADR 0042) then scored every product holding the prefix, a cost growing with the
/// catalogue. Here the term's own block-max pruning runs on the unscaled scores (the threshold
/// divided, each score multiplied back). In a union the scorer is the term's own, the boost
/// folded into it.
struct Boosted {
    weight: Box<dyn Weight>,
    boost: Score,
}

impl Weight for Boosted {
    fn scorer(&self, reader: &SegmentReader, boost: Score) -> tantivy::Result<Box<dyn Scorer>> {
        self.weight.scorer(reader, boost * self.boost)
    }

    fn explain(&self, reader: &SegmentReader, doc: DocId) -> tantivy::Result<Explanation> {
        let inner = self.weight.explain(reader, doc)?;
        let mut explanation = Explanation::new("Boosted", inner.value() * self.boost);
        explanation.add_detail(inner);
        Ok(explanation)
    }

    fn count(&self, reader: &SegmentReader) -> tantivy::Result<u32> {
        self.weight.count(reader)
    }

    fn for_each_pruning(
        &self,
        threshold: Score,
        reader: &SegmentReader,
        callback: &mut dyn FnMut(DocId, Score) -> Score,
    ) -> tantivy::Result<()> {
        let boost = self.boost;
        if boost <= 0.0 {
            // No scaling to undo: every match scored, as tantivy's boost weight does.
            let mut scorer = self.scorer(reader, 1.0)?;
            let mut threshold = threshold;
            let mut doc = scorer.doc();
            while doc != tantivy::TERMINATED {
                let score = scorer.score();
                if score > threshold {
                    threshold = callback(doc, score);
                }
                doc = scorer.advance();
            }
            return Ok(());
        }
        self.weight
            .for_each_pruning(threshold / boost, reader, &mut |doc, score| {
                callback(doc, score * boost) / boost
            })
    }
}
