//! A union that seeks rather than buffers (ADR 0032): one word's clauses (exact, prefix and
//! typo matches in the name, SKU and term fields) inside a conjunction of words.
//!
//! tantivy's union scorer fills a window of 4,096 documents at a time: every document of every
//! clause in the window is read and scored, even to answer one `seek`. Inside a conjunction the
//! rarest word leads and the others are sought to each of its documents; a common word ("gen"
//! in every SKU, "hoo…" in a twelfth of the names) is then read and scored window by window
//! across the whole segment, a cost that grows with the catalogue rather than with the matches
//! (at 100,000 products it was two thirds of a dashed SKU's suggestion). This union keeps each
//! clause's own position and seeks each clause to the target (a posting list's skip list), so a
//! seek costs what the clauses' seeks cost. Its score is the clauses' scores summed in clause
//! order, as the buffered union sums them.

use tantivy::query::{EnableScoring, Explanation, Query, Scorer, Weight};
use tantivy::{DocId, DocSet, Score, SegmentReader, TERMINATED, TantivyError};

/// Any of `clauses`; a document scores the sum of those it matches.
#[derive(Debug)]
pub(crate) struct SeekingUnion {
    clauses: Vec<Box<dyn Query>>,
}

impl Clone for SeekingUnion {
    fn clone(&self) -> Self {
        Self::new(self.clauses.iter().map(|c| c.box_clone()).collect())
    }
}

impl SeekingUnion {
    pub(crate) fn new(clauses: Vec<Box<dyn Query>>) -> Self {
        Self { clauses }
    }
}

impl Query for SeekingUnion {
    fn weight(&self, enable_scoring: EnableScoring<'_>) -> tantivy::Result<Box<dyn Weight>> {
        let weights = self
            .clauses
            .iter()
            .map(|c| c.weight(enable_scoring))
            .collect::<tantivy::Result<_>>()?;
        Ok(Box::new(UnionWeight(weights)))
    }

    fn query_terms<'a>(&'a self, visitor: &mut dyn FnMut(&'a tantivy::Term, bool)) {
        for clause in &self.clauses {
            clause.query_terms(visitor);
        }
    }
}

struct UnionWeight(Vec<Box<dyn Weight>>);

impl Weight for UnionWeight {
    fn scorer(&self, reader: &SegmentReader, boost: Score) -> tantivy::Result<Box<dyn Scorer>> {
        let mut clauses = Vec::with_capacity(self.0.len());
        for weight in &self.0 {
            let scorer = weight.scorer(reader, boost)?;
            if scorer.doc() != TERMINATED {
                clauses.push(scorer);
            }
        }
        Ok(Box::new(UnionScorer::new(clauses)))
    }

    fn explain(&self, reader: &SegmentReader, doc: DocId) -> tantivy::Result<Explanation> {
        let mut scorer = self.scorer(reader, 1.0)?;
        if scorer.seek(doc) != doc {
            return Err(TantivyError::InvalidArgument(format!(
                "document {doc} does not match"
            )));
        }
        Ok(Explanation::new("SeekingUnion", scorer.score()))
    }
}

/// Each clause stays on its own position; the union's document is the lowest of them. Its
/// clauses are scorers (a word's clauses, their scores summed) or plain posting lists (a typo
/// walk's terms, `walked.rs`, scored as one by its caller).
pub(crate) struct UnionScorer<T = Box<dyn Scorer>> {
    clauses: Vec<T>,
    doc: DocId,
}

impl<T: DocSet> UnionScorer<T> {
    pub(crate) fn new(clauses: Vec<T>) -> Self {
        let mut union = Self {
            clauses,
            doc: TERMINATED,
        };
        union.settle();
        union
    }

    /// The lowest position among the clauses, dropping those at the end.
    fn settle(&mut self) -> DocId {
        self.clauses.retain(|c| c.doc() != TERMINATED);
        self.doc = self
            .clauses
            .iter()
            .map(|c| c.doc())
            .min()
            .unwrap_or(TERMINATED);
        self.doc
    }
}

impl<T: DocSet> DocSet for UnionScorer<T> {
    fn advance(&mut self) -> DocId {
        if self.doc == TERMINATED {
            return TERMINATED;
        }
        let doc = self.doc;
        for clause in &mut self.clauses {
            if clause.doc() == doc {
                clause.advance();
            }
        }
        self.settle()
    }

    fn seek(&mut self, target: DocId) -> DocId {
        if self.doc >= target {
            return self.doc;
        }
        for clause in &mut self.clauses {
            if clause.doc() < target {
                clause.seek(target);
            }
        }
        self.settle()
    }

    fn doc(&self) -> DocId {
        self.doc
    }

    fn size_hint(&self) -> u32 {
        self.clauses
            .iter()
            .map(|c| c.size_hint())
            .max()
            .unwrap_or(0)
    }
}

impl<T: Scorer> Scorer for UnionScorer<T> {
    fn score(&mut self) -> Score {
        let doc = self.doc;
        let mut sum: Score = 0.0;
        for clause in &mut self.clauses {
            if clause.doc() == doc {
                sum += clause.score();
            }
        }
        sum
    }
}

#[cfg(test)]
mod tests {
    use tantivy::collector::TopDocs;
    use tantivy::query::{BooleanQuery, Occur, TermQuery};
    use tantivy::schema::{IndexRecordOption, STRING, Schema, TEXT};
    use tantivy::{Index, Term, doc};

    use super::*;

    /// Every document, with its score, of `query` (in document order).
    fn matches(index: &Index, query: &dyn Query) -> Vec<(DocId, Score)> {
        let searcher = index.reader().expect("reader").searcher();
        let mut found: Vec<(DocId, Score)> = searcher
            .search(query, &TopDocs::with_limit(10_000))
            .expect("search")
            .into_iter()
            .map(|(score, address)| (address.doc_id, score))
            .collect();
        found.sort_by_key(|(doc, _)| *doc);
        found
    }

    /// The same documents and scores as tantivy's buffered union, alone and under a
    /// conjunction with a rare word (where it is sought rather than walked).
    #[test]
    fn matches_and_scores_as_the_buffered_union() {
        let mut schema = Schema::builder();
        let text = schema.add_text_field("text", TEXT);
        let id = schema.add_text_field("id", STRING);
        let index = Index::create_in_ram(schema.build());
        let mut writer = index.writer(15_000_000).expect("writer");
        for n in 0..10_000u32 {
            let words = match n % 7 {
                0 => "gen cotton hoodie",
                1 => "gen cotton",
                2 => "hoodie gen gen",
                3 => "cap",
                _ => "gen",
            };
            let rare = if n % 997 == 0 { "rare" } else { "common" };
            writer
                .add_document(doc!(text => format!("{words} {rare}"), id => n.to_string()))
                .expect("add");
        }
        writer.commit().expect("commit");
        let term = |w: &str| -> Box<dyn Query> {
            Box::new(TermQuery::new(
                Term::from_field_text(text, w),
                IndexRecordOption::WithFreqs,
            ))
        };
        let words = || vec![term("gen"), term("cotton"), term("hoodie")];
        let buffered = BooleanQuery::new(words().into_iter().map(|q| (Occur::Should, q)).collect());
        let seeking = SeekingUnion::new(words());
        let (a, b) = (matches(&index, &buffered), matches(&index, &seeking));
        assert_eq!(a.len(), b.len());
        for ((doc_a, score_a), (doc_b, score_b)) in a.iter().zip(&b) {
            assert_eq!(doc_a, doc_b);
            assert!(
                (score_a - score_b).abs() <= score_a.abs() * 1e-6,
                "{score_a} {score_b}"
            );
        }
        let under = |union: Box<dyn Query>| {
            BooleanQuery::new(vec![(Occur::Must, union), (Occur::Must, term("rare"))])
        };
        let a = matches(&index, &under(Box::new(buffered.clone())));
        let b = matches(&index, &under(Box::new(seeking.clone())));
        // 0, 997, … 9970 hold "rare"; those that are only "cap" (n % 7 == 3) do not match.
        assert_eq!(a.len(), 9);
        assert_eq!(
            a.iter().map(|(d, _)| *d).collect::<Vec<_>>(),
            b.iter().map(|(d, _)| *d).collect::<Vec<_>>()
        );
        for ((_, score_a), (_, score_b)) in a.iter().zip(&b) {
            assert!(
                (score_a - score_b).abs() <= score_a.abs() * 1e-6,
                "{score_a} {score_b}"
            );
        }
    }
}
