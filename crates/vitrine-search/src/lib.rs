//! Vitrine's product search index: tantivy, kept on disk per instance (or in RAM for tests),
//! built and kept in step by the application (`vitrine_app::search`), implementing the
//! domain's [`SearchIndex`] port.
//!
//! Ranking: relevance (exact name words, then prefixes, then typos; SKU and category, tag and
//! attribute words weigh less; a whole-SKU match above everything), ties broken by menu order,
//! then the shorter name ("Hoodie" before "Hoodie with Logo"), then the id.

mod ahead;
mod beginnings;
mod counts;
mod fixed;
mod kept;
mod open;
mod pair_walk;
mod pairs;
mod query;
mod schema;
mod shape;
mod top;
mod union;
mod walked;

use std::collections::HashSet;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Mutex, RwLock};

use tantivy::collector::{Count, TopDocs};
use tantivy::query::{BooleanQuery, Occur, Query};
use tantivy::{DocAddress, DocId, Index, IndexReader, IndexWriter, Order, Score};
use tantivy::{Searcher, SegmentReader};
use vitrine_domain::catalogue::{CategoryId, FilterCounts, ListingSort, PageRequest, ProductId};
use vitrine_domain::search::{
    SearchDocument, SearchError, SearchFilter, SearchHits, SearchIndex, SearchText,
};

use crate::query::Typos;
use crate::schema::Fields;
use crate::shape::Shape;

/// `published` before the first complete build.
const NOT_PUBLISHED: i64 = i64::MIN;

/// A [`SearchIndex`] on disk or in memory. One writer (behind a lock); searches run in
/// parallel on the last committed state.
pub struct TantivyIndex {
    index: Index,
    fields: Fields,
    writer: Mutex<IndexWriter>,
    reader: IndexReader,
    names: RwLock<counts::Names>,
    /// The change number of the last commit, or NOT_PUBLISHED.
    published: AtomicI64,
    /// Since a clear not yet published: the products staged after it. Only those can be in
    /// the index, so only they need deleting before they are added again: a full build then
    /// queues no delete per product (each held its query until the commit, about 1 kB each:
    /// 113 MB for 100,000 products, most of it kept by the allocator afterwards).
    staged_since_clear: Mutex<Option<HashSet<i64>>>,
    /// Which segments hold their documents in rank-key order (ADR 0024), and what the top K
    /// keeps between searches (ADR 0030).
    pruning: top::Pruning,
}

impl TantivyIndex {
    fn writer(&self) -> Result<std::sync::MutexGuard<'_, IndexWriter>, SearchError> {
        self.writer
            .lock()
            .map_err(|_| SearchError("the index writer panicked".into()))
    }

    /// Most sold first (WooCommerce's popularity), or best rated then most rated; ties go to
    /// the newer id, as in database listings.
    fn by_stats(
        &self,
        searcher: &Searcher,
        query: &dyn Query,
        sort: ListingSort,
        limit: usize,
        offset: usize,
    ) -> Result<Vec<ProductId>, SearchError> {
        let (first, second) = match sort {
            ListingSort::Rating => ("rating", "rating_count"),
            _ => ("total_sales", "total_sales"),
        };
        let collector = TopDocs::with_limit(limit.max(1))
            .and_offset(offset)
            .custom_score(move |segment: &SegmentReader| {
                let column = |name: &str| {
                    segment
                        .fast_fields()
                        .i64(name)
                        .ok()
                        .map(|c| c.first_or_default_col(0))
                };
                let (a, b, id) = (column(first), column(second), column("id"));
                move |doc: DocId| {
                    let value = |c: &Option<
                        std::sync::Arc<dyn tantivy::columnar::ColumnValues<i64>>,
                    >| { c.as_ref().map_or(0, |c| c.get_val(doc)) };
                    (value(&a), value(&b), value(&id))
                }
            });
        let top = searcher.search(query, &collector).map_err(fail)?;
        self.ids(searcher, top.into_iter().map(|(_, address)| address))
    }

    /// Best first: (score, lower menu order, shorter name, lower id).
    fn ranked(
        &self,
        searcher: &Searcher,
        query: &dyn Query,
        limit: usize,
        offset: usize,
    ) -> Result<Vec<ProductId>, SearchError> {
        let collector = TopDocs::with_limit(limit.max(1))
            .and_offset(offset)
            .tweak_score(move |segment: &SegmentReader| {
                let column = |name: &str| {
                    segment
                        .fast_fields()
                        .i64(name)
                        .ok()
                        .map(|c| c.first_or_default_col(0))
                };
                let (menu, len, id) = (column("menu_order"), column("name_len"), column("id"));
                move |doc: DocId, score: Score| {
                    let value = |c: &Option<
                        std::sync::Arc<dyn tantivy::columnar::ColumnValues<i64>>,
                    >| { c.as_ref().map_or(0, |c| c.get_val(doc)) };
                    (score, -value(&menu), -value(&len), -value(&id))
                }
            });
        let top = searcher.search(query, &collector).map_err(fail)?;
        self.ids(searcher, top.into_iter().map(|(_, address)| address))
    }

    fn ordered(
        &self,
        searcher: &Searcher,
        query: &dyn Query,
        field: &str,
        order: Order,
        limit: usize,
        offset: usize,
    ) -> Result<Vec<ProductId>, SearchError> {
        let collector = TopDocs::with_limit(limit.max(1))
            .and_offset(offset)
            .order_by_fast_field::<i64>(field, order);
        let top = searcher.search(query, &collector).map_err(fail)?;
        self.ids(searcher, top.into_iter().map(|(_, address)| address))
    }

    fn ids(
        &self,
        searcher: &Searcher,
        addresses: impl Iterator<Item = DocAddress>,
    ) -> Result<Vec<ProductId>, SearchError> {
        addresses
            .map(|address| {
                let column = searcher
                    .segment_reader(address.segment_ord)
                    .fast_fields()
                    .i64("id")
                    .map_err(fail)?;
                column
                    .first(address.doc_id)
                    .map(ProductId)
                    .ok_or_else(|| SearchError("a document without an id".into()))
            })
            .collect()
    }
}

impl SearchIndex for TantivyIndex {
    fn stage(
        &self,
        upserts: &[SearchDocument],
        removed: &[ProductId],
        clear: bool,
    ) -> Result<(), SearchError> {
        let writer = self.writer()?;
        let mut names = self
            .names
            .write()
            .map_err(|_| SearchError("the term names panicked".into()))?;
        let mut since_clear = self
            .staged_since_clear
            .lock()
            .map_err(|_| SearchError("the staging set panicked".into()))?;
        if clear {
            writer.delete_all_documents().map_err(fail)?;
            names.clear();
            *since_clear = Some(HashSet::new());
        }
        for id in removed.iter().chain(upserts.iter().map(|d| &d.id)) {
            if since_clear
                .as_ref()
                .is_none_or(|staged| staged.contains(&id.0))
            {
                writer.delete_term(schema::id_term(&self.fields, *id));
            }
        }
        if let Some(staged) = since_clear.as_mut() {
            staged.extend(upserts.iter().map(|d| d.id.0));
        }
        let mut analysers = schema::Analysers::new();
        // In rank-key order: a segment so ordered answers suggestions without scoring every
        // match (ADR 0024).
        let mut upserts: Vec<&SearchDocument> = upserts.iter().collect();
        upserts.sort_by_key(|d| top::rank_key(d));
        for doc in upserts {
            for t in doc.filter_terms.iter().filter(|t| t.global) {
                names
                    .entry(vitrine_domain::search::attribute_value(
                        &t.attribute,
                        &t.term,
                    ))
                    .or_insert_with(|| (t.attribute_name.clone(), t.term_name.clone()));
            }
            writer
                .add_document(schema::document(&self.fields, &mut analysers, doc))
                .map_err(fail)?;
        }
        Ok(())
    }

    fn publish(&self, version: i64) -> Result<(), SearchError> {
        let mut writer = self.writer()?;
        let payload = {
            let names = self
                .names
                .read()
                .map_err(|_| SearchError("the term names panicked".into()))?;
            serde_json::to_string(&open::Payload {
                schema: open::SCHEMA_VERSION,
                catalogue: version,
                names: names.clone(),
            })
            .map_err(|e| SearchError(e.to_string()))?
        };
        let mut commit = writer.prepare_commit().map_err(fail)?;
        commit.set_payload(&payload);
        commit.commit().map_err(fail)?;
        if let Ok(mut since_clear) = self.staged_since_clear.lock() {
            *since_clear = None;
        }
        self.reader.reload().map_err(fail)?;
        self.published.store(version, Ordering::Release);
        // The commit stands whatever the merge does: a failed one only leaves more segments.
        match compact(&self.index, &self.reader.searcher(), &mut writer) {
            Ok(true) => self.reader.reload().map_err(fail)?,
            Ok(false) => {}
            Err(e) => tracing::warn!(error = %e.0, "the search index could not merge segments"),
        }
        if let Err(e) = self.pruning.learn(&self.reader.searcher()) {
            tracing::warn!(error = %e.0, "the search index's segments could not be checked");
        }
        Ok(())
    }

    fn published(&self) -> Option<i64> {
        Some(self.published.load(Ordering::Acquire)).filter(|&v| v != NOT_PUBLISHED)
    }

    /// A process stopped while a publish merged (a full build's merge takes a minute at
    /// 1,000,000 products) leaves every segment of the build on disk, and a restart with
    /// nothing new to publish kept them all: 46 segments at 1,000,000, each walked by every
    /// search (suggestions 5–10× slower). Merged here as a publish would.
    fn tidy(&self) -> Result<bool, SearchError> {
        let mut writer = self.writer()?;
        let merged = compact(&self.index, &self.reader.searcher(), &mut writer)?;
        if merged {
            self.reader.reload().map_err(fail)?;
            if let Err(e) = self.pruning.learn(&self.reader.searcher()) {
                tracing::warn!(error = %e.0, "the search index's segments could not be checked");
            }
        }
        Ok(merged)
    }

    fn filter_counts(
        &self,
        text: &SearchText,
        filter: &SearchFilter,
    ) -> Result<FilterCounts, SearchError> {
        let query = query::text_query(&self.index, &self.fields, text, Typos::Forgiven);
        let searcher = self.reader.searcher();
        let names = self
            .names
            .read()
            .map_err(|_| SearchError("the term names panicked".into()))?;
        counts::filter_counts(&searcher, &self.fields, query.as_ref(), filter, &names)
    }

    fn suggest(
        &self,
        text: &SearchText,
        category: Option<CategoryId>,
        limit: usize,
    ) -> Result<Vec<ProductId>, SearchError> {
        let searcher = self.reader.searcher();
        let ranked = |typos| {
            let within = category.map(|c| (c, limit));
            let text =
                query::suggestion_shape(&self.index, &searcher, &self.fields, text, typos, within)?;
            // A category is a clause the text's matches must hold (ADR 0030), walked with them.
            let shape = match category {
                None => text,
                Some(category) => Shape::All(vec![
                    text,
                    Shape::Filter(query::category_term(&self.fields, category)),
                ]),
            };
            top::best(&searcher, &self.pruning, &shape, limit)
        };
        // Typos are forgiven only when exact and prefix matches do not fill the list (fewer
        // typos rank first, as Algolia does; ADR 0023): a typo-tolerant prefix of a common
        // word walks thousands of terms.
        let found = ranked(Typos::NotYet)?;
        if found.len() >= limit
            || !query::forgives_typos(&self.index, &searcher, &self.fields, text)?
        {
            return Ok(found);
        }
        ranked(Typos::Forgiven)
    }

    fn search(
        &self,
        text: &SearchText,
        filter: &SearchFilter,
        sort: ListingSort,
        page: PageRequest,
    ) -> Result<SearchHits, SearchError> {
        let mut clauses = vec![(
            Occur::Must,
            query::text_query(&self.index, &self.fields, text, Typos::Forgiven),
        )];
        clauses.extend(query::filter_clauses(&self.fields, filter));
        let query = BooleanQuery::new(clauses);
        let searcher = self.reader.searcher();
        let total = searcher.search(&query, &Count).map_err(fail)?;
        let limit = page.per_page as usize;
        let offset = usize::try_from(page.offset()).unwrap_or(usize::MAX);
        if offset >= total {
            return Ok(SearchHits {
                ids: Vec::new(),
                total: total as u64,
            });
        }
        let ids = match sort {
            // WooCommerce orders search results by relevance by default.
            ListingSort::MenuOrder => self.ranked(&searcher, &query, limit, offset)?,
            ListingSort::Popularity | ListingSort::Rating => {
                self.by_stats(&searcher, &query, sort, limit, offset)?
            }
            ListingSort::Date => {
                self.ordered(&searcher, &query, "created_at", Order::Desc, limit, offset)?
            }
            ListingSort::Price => {
                self.ordered(&searcher, &query, "price_asc", Order::Asc, limit, offset)?
            }
            ListingSort::PriceDesc => {
                self.ordered(&searcher, &query, "price_desc", Order::Desc, limit, offset)?
            }
        };
        Ok(SearchHits {
            ids,
            total: total as u64,
        })
    }

    fn len(&self) -> Result<u64, SearchError> {
        Ok(self.reader.searcher().num_docs())
    }
}

/// Segments searched at most: every query pays for each segment (its dictionaries, postings
/// and columns are opened per search), about 15 µs apiece, whatever it matches.
const MAX_SEGMENTS: usize = 3;

/// Merges the committed segments when there are more than MAX_SEGMENTS (a full build writes
/// one per writer heap's worth, a catch-up one per publish): the small ones into one, or all
/// of them when none holds half the documents. Waits for the merge, which commits with the
/// last payload, so the reader can be reloaded on it (ADR 0023). True when it merged.
fn compact(
    index: &Index,
    searcher: &Searcher,
    writer: &mut IndexWriter,
) -> Result<bool, SearchError> {
    let mut segments = index.searchable_segment_metas().map_err(fail)?;
    if segments.len() <= MAX_SEGMENTS {
        return Ok(false);
    }
    segments.sort_by_key(|s| std::cmp::Reverse(s.num_docs()));
    let total: u32 = segments.iter().map(|s| s.num_docs()).sum();
    let skip = usize::from(segments[0].num_docs() * 2 >= total);
    let mut ids: Vec<_> = segments[skip..].iter().map(|s| s.id()).collect();
    // Merged in the order of their first documents' rank keys: the segments of a full build
    // (staged in rank-key order) make one in that order too (ADR 0024).
    let first = |id: &tantivy::index::SegmentId| {
        searcher
            .segment_readers()
            .iter()
            .find(|s| s.segment_id() == *id)
            .and_then(top::first_key)
    };
    ids.sort_by_cached_key(first);
    writer.merge(&ids).wait().map_err(fail)?;
    // The merged segments' files go now rather than at the next commit.
    if let Err(e) = writer.garbage_collect_files().wait() {
        tracing::warn!(error = %e, "the search index could not remove merged files");
    }
    Ok(true)
}

/// An index error (tantivy's, or an I/O error reading the index's files) as the port's.
fn fail(e: impl Into<tantivy::TantivyError>) -> SearchError {
    SearchError(e.into().to_string())
}

#[cfg(test)]
mod ahead_tests;
#[cfg(test)]
mod pairs_tests;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod top_tests;
