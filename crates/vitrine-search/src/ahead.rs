//! What a shape's documents could still score as a walk in rank-key order goes on (ADR 0048).
//!
//! A term scores nothing after its last document. The walk's bound (ADR 0047) sums every
//! clause's best, so one rare clause no match shares with the others keeps it out of reach:
//! "gen-123" holds the name word "123" (one product, a high BM25 score) beside the SKU
//! beginning every "gen-123…" product holds, no product holds both, and the walk read to its
//! patience. Each term's last document in the segment is found once (its skip list), and the
//! bound is kept as steps: from each last document on, the sum of the clauses still able to
//! match, none for a conjunction that lost a required clause. Once the rare term is passed
//! the bound falls to what the SKU's products reach, and the walk ends there.

use tantivy::index::SegmentId;
use tantivy::schema::IndexRecordOption;
use tantivy::{DocId, Score, SegmentReader, TERMINATED, Term};
use vitrine_domain::search::SearchError;

use crate::fail;
use crate::kept::Kept;

/// A shape's clauses with their best scores and last documents in one segment.
pub(crate) enum Reach {
    /// A clause scoring at most `best`, matching no document after `last` (None: none at all).
    Leaf { best: Score, last: Option<DocId> },
    /// Any of the clauses: their sum.
    Any(Vec<Reach>),
    /// Every clause: their sum, and nothing once one of them has no document left.
    All(Vec<Reach>),
}

impl Reach {
    /// A clause whose last document is not known: it may match up to the segment's end.
    pub(crate) fn open(best: Score) -> Self {
        Reach::Leaf {
            best,
            last: Some(TERMINATED - 1),
        }
    }

    /// What a document at or after `doc` could score (None: no such document matches).
    fn from(&self, doc: DocId) -> Option<Score> {
        match self {
            Reach::Leaf { best, last } => last.is_some_and(|last| last >= doc).then_some(*best),
            Reach::Any(clauses) => clauses
                .iter()
                .filter_map(|c| c.from(doc))
                .fold(None, |sum, s| Some(sum.unwrap_or(0.0) + s)),
            Reach::All(clauses) => clauses
                .iter()
                .try_fold(0.0, |sum, c| c.from(doc).map(|s| sum + s)),
        }
    }

    fn lasts(&self, out: &mut Vec<DocId>) {
        match self {
            Reach::Leaf { last, .. } => out.extend(*last),
            Reach::Any(clauses) | Reach::All(clauses) => {
                clauses.iter().for_each(|c| c.lasts(out));
            }
        }
    }
}

/// A walk's bound as it goes: `(until, bound)` steps, each the bound of the documents after
/// the previous step's `until` up to its own; nothing matches after the last.
pub(crate) struct Ahead {
    steps: Vec<(DocId, Option<Score>)>,
    at: usize,
}

impl Ahead {
    pub(crate) fn of(reach: &Reach) -> Self {
        let mut lasts = Vec::new();
        reach.lasts(&mut lasts);
        lasts.sort_unstable();
        lasts.dedup();
        let steps = lasts.into_iter().map(|l| (l, reach.from(l))).collect();
        Self { steps, at: 0 }
    }

    /// One bound for the whole segment.
    #[cfg(test)]
    pub(crate) fn flat(bound: Score) -> Self {
        Self::of(&Reach::open(bound))
    }

    /// What any document after `doc` could score (None: none matches). `doc` never goes back.
    pub(crate) fn after(&mut self, doc: DocId) -> Option<Score> {
        while self
            .steps
            .get(self.at)
            .is_some_and(|&(until, _)| until <= doc)
        {
            self.at += 1;
        }
        self.steps.get(self.at).and_then(|&(_, bound)| bound)
    }
}

/// A segment and a term's bytes.
pub(crate) type SegmentTerm = (SegmentId, Vec<u8>);

/// The key of what is kept of `term` in `segment`.
pub(crate) fn segment_term(segment: &SegmentReader, term: &Term) -> SegmentTerm {
    (segment.segment_id(), term.serialized_term().to_vec())
}

/// Per segment and term, the term's last document there (a segment never changes but for
/// deletions, which can only lower it), kept when the term has many postings (`kept.rs`).
#[derive(Default)]
pub(crate) struct Lasts(Kept<SegmentTerm, Option<DocId>>);

impl Lasts {
    pub(crate) fn clear(&self) {
        self.0.clear();
    }

    /// `term`'s last document in `segment` (None when the segment does not hold it).
    pub(crate) fn of(
        &self,
        segment: &SegmentReader,
        term: &Term,
    ) -> Result<Option<DocId>, SearchError> {
        let key = segment_term(segment, term);
        if let Some(known) = self.0.get(&key) {
            return Ok(known);
        }
        let (last, postings) = last_doc(segment, term)?;
        self.0.keep(key, last, postings);
        Ok(last)
    }

    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.0.len()
    }
}

/// The term's last document and its count of postings: the skip list is followed to the last
/// block, whose documents are decoded. A last block left empty (a multiple of 128 documents)
/// has the blocks read in turn.
fn last_doc(segment: &SegmentReader, term: &Term) -> Result<(Option<DocId>, u32), SearchError> {
    let inverted = segment.inverted_index(term.field()).map_err(fail)?;
    let Some(info) = inverted.get_term_info(term).map_err(fail)? else {
        return Ok((None, 0));
    };
    let open = || {
        inverted
            .read_block_postings_from_terminfo(&info, IndexRecordOption::Basic)
            .map_err(fail)
    };
    let mut blocks = open()?;
    blocks.seek(TERMINATED - 1);
    if let Some(&last) = blocks.docs().last() {
        return Ok((Some(last), info.doc_freq));
    }
    let mut blocks = open()?;
    let mut last = None;
    while let Some(&doc) = blocks.docs().last() {
        last = Some(doc);
        blocks.advance();
    }
    Ok((last, info.doc_freq))
}
