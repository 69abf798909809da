//! A suggestion's top K without scoring every match (ADR 0024).
//!
//! The order is (score, lower menu order, shorter name, lower id): the rank key breaks ties,
//! and most matches tie (every "hoo…" name scores the same prefix amount). A segment whose
//! documents lie in rank-key order (a full build stages them so, a catch-up sorts each batch)
//! meets equal scores best first, so its top K is the first K met at each score: tantivy's
//! block-max WAND then skips every block of postings that cannot beat the K-th score (a union
//! of term scorers; anything else is walked, but still not keyed per match). Any other segment
//! (merged catch-ups, a product renamed between the build's two reads) is ranked by scoring
//! and keying every match, as before. The segments' bests are then merged on the full key.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use tantivy::columnar::ColumnValues;
use tantivy::index::SegmentId;
use tantivy::query::{EnableScoring, Query};
use tantivy::{DocId, Score, Searcher, SegmentReader};
use vitrine_domain::catalogue::ProductId;
use vitrine_domain::search::{SearchDocument, SearchError};

use crate::fail;

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
/// deletions, so the answer is kept while the segment is searched).
#[derive(Default)]
pub(crate) struct Orders(Mutex<HashMap<SegmentId, bool>>);

impl Orders {
    fn in_order(&self, segment: &SegmentReader, keys: &Keys) -> bool {
        let id = segment.segment_id();
        if let Some(&known) = self.0.lock().ok().as_ref().and_then(|m| m.get(&id)) {
            return known;
        }
        let sorted = keys.in_order(segment.max_doc());
        if let Ok(mut known) = self.0.lock() {
            known.insert(id, sorted);
        }
        sorted
    }

    /// Whether `segment` was found in rank-key order (false when not checked yet).
    #[cfg(test)]
    pub(crate) fn knows_in_order(&self, segment: SegmentId) -> bool {
        self.0
            .lock()
            .is_ok_and(|m| m.get(&segment).copied().unwrap_or(false))
    }

    /// Checks the searcher's segments now (after a publish) and forgets the others.
    pub(crate) fn learn(&self, searcher: &Searcher) -> Result<(), SearchError> {
        let live: Vec<SegmentId> = searcher
            .segment_readers()
            .iter()
            .map(|s| s.segment_id())
            .collect();
        if let Ok(mut known) = self.0.lock() {
            known.retain(|id, _| live.contains(id));
        }
        for segment in searcher.segment_readers() {
            self.in_order(segment, &Keys::of(segment)?);
        }
        Ok(())
    }
}

/// The best `limit` documents for `query`: (score, rank key), best first.
pub(crate) fn best(
    searcher: &Searcher,
    orders: &Orders,
    query: &dyn Query,
    limit: usize,
) -> Result<Vec<ProductId>, SearchError> {
    let weight = query
        .weight(EnableScoring::enabled_from_searcher(searcher))
        .map_err(fail)?;
    let mut hits: Vec<(u32, RankKey)> = Vec::new();
    for segment in searcher.segment_readers() {
        let keys = Keys::of(segment)?;
        let alive = |doc| segment.alive_bitset().is_none_or(|a| a.is_alive(doc));
        if orders.in_order(segment, &keys) {
            // Documents come in rank-key order: a later one joins only on a higher score.
            let mut top: Vec<(u32, DocId)> = Vec::with_capacity(limit + 1);
            weight
                .for_each_pruning(Score::MIN, segment, &mut |doc, score| {
                    let level = level(score);
                    if alive(doc) && (top.len() < limit || top.last().is_some_and(|t| level > t.0))
                    {
                        let at = top.partition_point(|t| t.0 >= level);
                        top.insert(at, (level, doc));
                        top.truncate(limit);
                    }
                    match top.last() {
                        Some(&(kth, _)) if top.len() == limit => f32::from_bits(kth),
                        _ => Score::MIN,
                    }
                })
                .map_err(fail)?;
            hits.extend(top.into_iter().map(|(level, doc)| (level, keys.get(doc))));
        } else {
            let mut top: Vec<(u32, RankKey)> = Vec::with_capacity(limit + 1);
            weight
                .for_each(segment, &mut |doc, score| {
                    if alive(doc) {
                        keep(&mut top, (level(score), keys.get(doc)), limit);
                    }
                })
                .map_err(fail)?;
            hits.extend(top);
        }
    }
    hits.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    Ok(hits
        .into_iter()
        .take(limit)
        .map(|(_, (_, _, id))| ProductId(id))
        .collect())
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
