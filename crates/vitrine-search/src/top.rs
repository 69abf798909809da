//! A suggestion's top K without scoring every match (ADR 0024, ADR 0047).
//!
//! The order is (score, lower menu order, shorter name, lower id): the rank key breaks ties,
//! and most matches tie (every "hoo…" name scores the same prefix amount). A segment whose
//! documents lie in rank-key order (a full build stages them so, a catch-up sorts each batch)
//! meets equal scores best first, so its top K is the first K met at each score: its matches
//! are walked in order until the K-th score reaches what any later document could score (the
//! shape's bound, falling as the walk passes its terms' last documents, ADR 0048), or has
//! stood for `PATIENCE` matches. tantivy's block-max WAND is not used:
//! a boolean union of should clauses reaches it in tantivy 0.24 only when no clause is
//! required, and fields without field lengths (the prefixes', the terms') store no block
//! maxima, so WAND would skip the blocks holding the best matches (ADR 0047). Any other
//! segment (merged catch-ups, a product renamed between the build's two reads) is ranked by
//! scoring and keying every match. The segments' bests are then merged on the full key.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use tantivy::columnar::ColumnValues;
use tantivy::index::SegmentId;
use tantivy::query::{EnableScoring, Scorer};
use tantivy::{DocId, Score, Searcher, SegmentReader, TERMINATED};
use vitrine_domain::catalogue::ProductId;
use vitrine_domain::search::{SearchDocument, SearchError};

use crate::ahead::{Ahead, Lasts};
use crate::fail;
use crate::shape::{Maxima, Shape};

/// Ties: lower menu order, then shorter name, then lower id.
pub(crate) type RankKey = (i64, i64, i64);

pub(crate) fn rank_key(doc: &SearchDocument) -> RankKey {
    let len = i64::try_from(doc.name.chars().count()).unwrap_or(i64::MAX);
    (doc.menu_order, len, doc.id.0)
}

/// Scores equal but for the order of their additions are equal: the low mantissa bits go (a
/// union and block-max WAND add the same clauses in different orders).
fn level(score: Score) -> u32 {
    (score.max(0.0).to_bits() + 0x80) & !0xFF
}

/// One segment's rank-key columns.
struct Keys {
    menu: Arc<dyn ColumnValues<i64>>,
    len: Arc<dyn ColumnValues<i64>>,
    id: Arc<dyn ColumnValues<i64>>,
}

impl Keys {
    fn of(segment: &SegmentReader) -> Result<Self, SearchError> {
        let column = |name: &str| -> Result<Arc<dyn ColumnValues<i64>>, SearchError> {
            Ok(segment
                .fast_fields()
                .i64(name)
                .map_err(fail)?
                .first_or_default_col(0))
        };
        Ok(Self {
            menu: column("menu_order")?,
            len: column("name_len")?,
            id: column("id")?,
        })
    }

    fn get(&self, doc: DocId) -> RankKey {
        (
            self.menu.get_val(doc),
            self.len.get_val(doc),
            self.id.get_val(doc),
        )
    }

    fn in_order(&self, max_doc: DocId) -> bool {
        (1..max_doc).all(|doc| self.get(doc - 1) <= self.get(doc))
    }
}

/// The rank key of a segment's first document (None when it holds none).
pub(crate) fn first_key(segment: &SegmentReader) -> Option<RankKey> {
    (segment.max_doc() > 0)
        .then(|| Keys::of(segment).ok().map(|k| k.get(0)))
        .flatten()
}

/// Which segments hold their documents in rank-key order (a segment never changes but for
/// deletions, so the answer is kept while the segment is searched), and their rank-key
/// columns: opening a column reads its block headers, a cost that grows with the segment
/// (ADR 0030).
#[derive(Default)]
pub(crate) struct Orders(Mutex<HashMap<SegmentId, (bool, Arc<Keys>)>>);

impl Orders {
    /// The segment's rank-key columns, and whether its documents lie in rank-key order.
    fn of(&self, segment: &SegmentReader) -> Result<(Arc<Keys>, bool), SearchError> {
        let id = segment.segment_id();
        if let Some((sorted, keys)) = self.0.lock().ok().and_then(|m| m.get(&id).cloned()) {
            return Ok((keys, sorted));
        }
        let keys = Arc::new(Keys::of(segment)?);
        let sorted = keys.in_order(segment.max_doc());
        if let Ok(mut known) = self.0.lock() {
            known.insert(id, (sorted, keys.clone()));
        }
        Ok((keys, sorted))
    }

    /// Whether `segment` was found in rank-key order (false when not checked yet).
    #[cfg(test)]
    pub(crate) fn knows_in_order(&self, segment: SegmentId) -> bool {
        self.0
            .lock()
            .is_ok_and(|m| m.get(&segment).is_some_and(|(sorted, _)| *sorted))
    }

    /// Checks the searcher's segments now (after a publish) and forgets the others.
    fn learn(&self, searcher: &Searcher) -> Result<(), SearchError> {
        let live: Vec<SegmentId> = searcher
            .segment_readers()
            .iter()
            .map(|s| s.segment_id())
            .collect();
        if let Ok(mut known) = self.0.lock() {
            known.retain(|id, _| live.contains(id));
        }
        for segment in searcher.segment_readers() {
            self.of(segment)?;
        }
        Ok(())
    }
}

/// What the top K keeps between searches: which segments are in rank-key order, the words'
/// best scores (ADR 0030). Forgotten at each publish.
#[derive(Default)]
pub(crate) struct Pruning {
    pub(crate) orders: Orders,
    maxima: Maxima,
    lasts: Lasts,
}

impl Pruning {
    /// Checks the searcher's segments now (after a publish) and forgets the rest.
    pub(crate) fn learn(&self, searcher: &Searcher) -> Result<(), SearchError> {
        self.maxima.clear();
        self.lasts.clear();
        self.orders.learn(searcher)
    }
}

/// The best `limit` documents for `shape`: (score, rank key), best first.
pub(crate) fn best(
    searcher: &Searcher,
    pruning: &Pruning,
    shape: &Shape,
    limit: usize,
) -> Result<Vec<ProductId>, SearchError> {
    if limit == 0 {
        return Ok(Vec::new());
    }
    let Some(shape) = shape.present(searcher)? else {
        return Ok(Vec::new());
    };
    let shape = &shape;
    let scoring = || EnableScoring::enabled_from_searcher(searcher);
    // Walked a document at a time and stopped early, so a union seeks rather than fills
    // windows (ADR 0032).
    let weight = shape.walk_query().weight(scoring()).map_err(fail)?;
    let mut hits: Vec<(u32, RankKey)> = Vec::new();
    for segment in searcher.segment_readers() {
        let (keys, in_order) = pruning.orders.of(segment)?;
        let alive = |doc| segment.alive_bitset().is_none_or(|a| a.is_alive(doc));
        if !in_order {
            let mut top: Vec<(u32, RankKey)> = Vec::with_capacity(limit + 1);
            weight
                .for_each(segment, &mut |doc, score| {
                    if alive(doc) {
                        keep(&mut top, (level(score), keys.get(doc)), limit);
                    }
                })
                .map_err(fail)?;
            hits.extend(top);
            continue;
        }
        let reach = shape.reach(searcher, segment, &pruning.maxima, &pruning.lasts)?;
        let mut ahead = Ahead::of(&reach);
        let mut scorer = weight.scorer(segment, 1.0).map_err(fail)?;
        let top = walk_in_order(scorer.as_mut(), &alive, &mut ahead, limit);
        hits.extend(top.0.into_iter().map(|(level, doc)| (level, keys.get(doc))));
    }
    hits.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    Ok(hits
        .into_iter()
        .take(limit)
        .map(|(_, (_, _, id))| ProductId(id))
        .collect())
}

/// How far below a walk's bound (relatively) its K-th score may stay and end the walk: the
/// bound sums the clauses' best scores in another order than a document's score is summed,
/// and the maxima are scored apart, so the best document's score can fall a level below it
/// (7.6068115 against 7.6068687 for "navy be"). Scores that close are the same clauses' (fields,
/// boosts and lengths differ by far more).
const SLACK: f32 = 1e-5;

/// Matches a walk reads after its K-th last changed before it stops (ADR 0047): the bound is
/// the sum of every clause's best, which the words' documents seldom reach together ("clothing
/// ba": no product in Clothing holds a term beginning "ba", 0.5 short), and without an end the
/// walk read every match — 24,743 at 1,000,000 products. Documents come best ranked first, so
/// what the walk leaves are later ones that did not beat the K-th for this many in a row.
pub(crate) const PATIENCE: u32 = 2048;

/// The best `limit` of a segment's matches met in rank-key order, where a later one joins only
/// on a higher score: walked until the K-th score reaches what any later document could score
/// (`ahead`: ADR 0047, falling as the walk passes its terms' last documents, ADR 0048), or has
/// stood for `PATIENCE` matches.
pub(crate) fn walk_in_order(
    scorer: &mut dyn Scorer,
    alive: &dyn Fn(DocId) -> bool,
    ahead: &mut Ahead,
    limit: usize,
) -> InOrder {
    let mut top = InOrder::new(limit);
    let mut stood = 0;
    let mut doc = scorer.doc();
    while doc != TERMINATED {
        if alive(doc) {
            if top.offer(doc, scorer.score()) {
                stood = 0;
            } else {
                stood += 1;
            }
            let Some(bound) = ahead.after(doc) else {
                break;
            };
            if top.reached(level(bound * (1.0 - SLACK))) || stood >= PATIENCE {
                break;
            }
        }
        doc = scorer.advance();
    }
    top
}

/// A segment's best (score level, document), best first, for documents met in rank-key order.
pub(crate) struct InOrder(Vec<(u32, DocId)>, usize);

impl InOrder {
    fn new(limit: usize) -> Self {
        Self(Vec::with_capacity(limit + 1), limit)
    }

    /// The documents kept, best first.
    #[cfg(test)]
    pub(crate) fn docs(&self) -> Vec<DocId> {
        self.0.iter().map(|&(_, doc)| doc).collect()
    }

    /// Keeps `doc` if it is among the best so far (K at most): whether it was.
    fn offer(&mut self, doc: DocId, score: Score) -> bool {
        let level = level(score);
        if self.0.len() < self.1 || self.0.last().is_some_and(|t| level > t.0) {
            let at = self.0.partition_point(|t| t.0 >= level);
            self.0.insert(at, (level, doc));
            self.0.truncate(self.1);
            return true;
        }
        false
    }

    /// Whether no later document can join: K kept, the K-th at `ceiling` or above.
    fn reached(&self, ceiling: u32) -> bool {
        self.0.len() == self.1 && self.0.last().is_some_and(|t| t.0 >= ceiling)
    }
}

/// Keeps `hit` among the best `limit` of `top` (best first).
fn keep(top: &mut Vec<(u32, RankKey)>, hit: (u32, RankKey), limit: usize) {
    let better = |a: &(u32, RankKey), b: &(u32, RankKey)| a.0 > b.0 || (a.0 == b.0 && a.1 < b.1);
    if top.len() == limit && top.last().is_some_and(|last| !better(&hit, last)) {
        return;
    }
    let at = top.partition_point(|t| better(t, &hit));
    top.insert(at, hit);
    top.truncate(limit);
}
