//! Keeping one instance's index in step with the database: the catalogue's change counter
//! (a cheap read) says whether anything was written since the number the index last
//! published (which an index kept on disk remembers across restarts); then only the products
//! written since are read and re-indexed. An index with no build reads them all.

use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::sync::Mutex;
use tokio::task::JoinHandle;
use vitrine_domain::catalogue::{Product, ProductId};
use vitrine_domain::search::{INDEX_THREADS_NICE, SearchDocument, SearchError, SearchIndex};

use super::Search;
use crate::catalogue::Catalogue;
use crate::catalogue_version::CatalogueVersion;
use crate::error::{AppError, AppResult};

/// Products read per database round while catching up.
const BATCH: u32 = 1_000;

/// What one refresh did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Refreshed {
    /// The change number the index now reflects.
    pub version: i64,
    /// Products read (indexed or removed); 0 when nothing changed.
    pub products: u64,
    /// Whether every product was read (a new or emptied index, or one ahead of the database).
    pub full: bool,
}

pub(super) struct IndexSync {
    versions: CatalogueVersion,
    /// One refresh at a time; `true` once the index's recorded number was checked against the
    /// database (an index ahead of it belongs to another database or a restored backup).
    state: Mutex<bool>,
}

impl IndexSync {
    pub(super) fn new(versions: CatalogueVersion) -> Self {
        Self {
            versions,
            state: Mutex::new(false),
        }
    }

    /// Whether the index already reflects the counter as this instance last read it (no lock).
    pub(super) async fn current(&self, index: &dyn SearchIndex) -> AppResult<bool> {
        let latest = self.versions.current().await?;
        Ok(index.published().is_some_and(|seen| seen >= latest))
    }

    /// One caller at a time; the others wait for its answer rather than poll again. `force`:
    /// the counter read from the database now, not the instance's shared reading.
    pub(super) async fn refresh(
        &self,
        index: &Arc<dyn SearchIndex>,
        catalogue: &Catalogue,
        force: bool,
    ) -> AppResult<Refreshed> {
        let mut checked = self.state.lock().await;
        // Read before the products: a write after this number is read now or next time,
        // never skipped (re-indexing a product twice is harmless).
        let latest = if force || !*checked {
            self.versions.fresh().await?
        } else {
            self.versions.current().await?
        };
        let since = match index.published() {
            Some(seen) if seen > latest && !*checked => {
                tracing::warn!(
                    index = seen,
                    database = latest,
                    "the search index is ahead of the database: building it again"
                );
                None
            }
            Some(seen) if seen >= latest => {
                *checked = true;
                return Ok(Refreshed {
                    version: seen,
                    products: 0,
                    full: false,
                });
            }
            seen => seen,
        };
        let started = Instant::now();
        let read = catch_up(index, catalogue, since).await?;
        let publishing = index.clone();
        off_runtime(move || publishing.publish(latest)).await?;
        *checked = true;
        tracing::debug!(
            version = latest,
            products = read,
            full = since.is_none(),
            elapsed_ms = started.elapsed().as_millis() as u64,
            "search index caught up"
        );
        Ok(Refreshed {
            version: latest,
            products: read,
            full: since.is_none(),
        })
    }
}

/// Stages every product changed after `since` (all of them, clearing the index first, when
/// None); returns how many were read. The CPU work (documents, staging) runs off the runtime's
/// workers, so pages keep answering while a new index is built (issue 16 item 5).
async fn catch_up(
    index: &Arc<dyn SearchIndex>,
    catalogue: &Catalogue,
    since: Option<i64>,
) -> AppResult<u64> {
    let store = catalogue.store();
    // Read fresh, not from the taxonomy cache: a renamed category or tag raised the counter,
    // and its products must be indexed with the new name.
    let taxonomy = Arc::new((store.categories().await?, store.tags().await?));
    let now = catalogue.now();
    let mut read = 0u64;
    let mut first = true;
    // Batch by batch into the index's staging area: a full build never holds the whole
    // catalogue (documents or products) in memory; searches see it once published.
    let mut batches = Batches::new(since);
    while let Some(batch) = batches.next(catalogue).await? {
        read += batch.len() as u64;
        let ids: Vec<ProductId> = batch.iter().map(|p| p.id).collect();
        let stats = store.product_stats(&ids).await?;
        let (index, taxonomy, clear) = (index.clone(), taxonomy.clone(), since.is_none() && first);
        off_runtime(move || {
            let mut documents = Vec::with_capacity(batch.len());
            let mut removed = Vec::new();
            for product in &batch {
                let stats = stats.get(&product.id).copied().unwrap_or_default();
                match SearchDocument::of(product, &taxonomy.0, &taxonomy.1, stats, now) {
                    Some(document) => documents.push(document),
                    None => removed.push(product.id),
                }
            }
            index.stage(&documents, &removed, clear)
        })
        .await?;
        first = false;
    }
    if since.is_none() && first {
        // An empty catalogue: still drop whatever the index held.
        let index = index.clone();
        off_runtime(move || index.stage(&[], &[], true)).await?;
    }
    Ok(read)
}

/// The products to stage, a batch at a time. A catch-up reads the changed ones in id order; a
/// full build reads every product's rank key first (lower menu order, shorter name, lower id:
/// 24 bytes a product) and then the products in that order, so the index's segments hold
/// their documents in the order suggestions break ties in, and answer without scoring every
/// match (ADR 0024).
enum Batches {
    Changed {
        since: i64,
        after: ProductId,
        done: bool,
    },
    Ranked {
        order: Option<std::vec::IntoIter<ProductId>>,
    },
}

impl Batches {
    fn new(since: Option<i64>) -> Self {
        match since {
            Some(since) => Self::Changed {
                since,
                after: ProductId(0),
                done: false,
            },
            None => Self::Ranked { order: None },
        }
    }

    async fn next(&mut self, catalogue: &Catalogue) -> AppResult<Option<Vec<Product>>> {
        let store = catalogue.store();
        match self {
            Self::Changed { since, after, done } => {
                if *done {
                    return Ok(None);
                }
                let batch = store.products_changed_since(*since, *after, BATCH).await?;
                *done = batch.len() < BATCH as usize;
                match batch.last() {
                    Some(last) => *after = last.id,
                    None => return Ok(None),
                }
                Ok(Some(batch))
            }
            Self::Ranked { order } => {
                if order.is_none() {
                    *order = Some(rank_order(catalogue).await?.into_iter());
                }
                let Some(order) = order else {
                    return Ok(None);
                };
                let ids: Vec<ProductId> = order.by_ref().take(BATCH as usize).collect();
                if ids.is_empty() {
                    return Ok(None);
                }
                Ok(Some(store.products_by_ids(&ids).await?))
            }
        }
    }
}

/// Every product's id in rank-key order (products of any status: the ones not searchable are
/// left out when their documents are made).
async fn rank_order(catalogue: &Catalogue) -> AppResult<Vec<ProductId>> {
    // Products stored before the counter existed carry change number 0.
    let store = catalogue.store();
    let mut after = ProductId(0);
    let mut keys: Vec<(i64, usize, ProductId)> = Vec::new();
    loop {
        let batch = store.products_changed_since(-1, after, BATCH).await?;
        let Some(last) = batch.last() else { break };
        after = last.id;
        keys.extend(
            batch
                .iter()
                .map(|p| (p.menu_order, p.name.chars().count(), p.id)),
        );
        if batch.len() < BATCH as usize {
            break;
        }
    }
    keys.sort_unstable();
    Ok(keys.into_iter().map(|(_, _, id)| id).collect())
}

/// Runs the index's CPU-heavy work (documents, staging, commits, merges) off the runtime's
/// workers, on a thread of its own at a lowered OS priority ([`INDEX_THREADS_NICE`]): a full
/// build or a large catch-up then takes the CPU only when requests leave it (ADR 0034).
/// tantivy starts its indexing threads from the thread that commits, so they inherit it.
async fn off_runtime<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, SearchError> + Send + 'static,
) -> AppResult<T> {
    let (done, result) = tokio::sync::oneshot::channel();
    std::thread::Builder::new()
        .name("search-index".to_owned())
        .spawn(move || {
            lower_this_threads_priority();
            // The receiver is gone only when the refresh was dropped: nothing waits.
            let _ = done.send(work());
        })
        .map_err(|e| AppError::Internal(e.into()))?;
    result
        .await
        .map_err(|_| AppError::Internal(anyhow::anyhow!("the search index's thread panicked")))?
        .map_err(|e| AppError::Internal(e.into()))
}

/// Lowers the calling thread's priority by [`INDEX_THREADS_NICE`] (Linux keeps it per thread;
/// an unprivileged process cannot raise it back); a refusal only logs.
fn lower_this_threads_priority() {
    if let Err(e) = rustix::process::nice(INDEX_THREADS_NICE) {
        tracing::debug!(error = %e, "the search index's thread keeps its priority");
    }
}

/// The background poll of one serving instance; aborts its task when dropped.
pub struct Follower(JoinHandle<()>);

impl Follower {
    /// The first refresh at once (the build, or the catch-up of an index kept on disk), logged
    /// with its time; then one every `every`.
    pub(super) fn spawn(search: Search, every: Duration) -> Self {
        Self(tokio::spawn(async move {
            let started = Instant::now();
            match search.refresh().await {
                Ok(done) => tracing::info!(
                    products = done.products,
                    version = done.version,
                    full = done.full,
                    elapsed_ms = started.elapsed().as_millis() as u64,
                    "search index built"
                ),
                Err(e) => tracing::error!(error = %e, "search index could not be built"),
            }
            // What an earlier process left undone (a merge stopped by a restart).
            let index = Arc::clone(&search.inner.index);
            match off_runtime(move || index.tidy()).await {
                Ok(true) => tracing::info!(
                    elapsed_ms = started.elapsed().as_millis() as u64,
                    "search index merged what an earlier process left"
                ),
                Ok(false) => {}
                Err(e) => tracing::warn!(error = %e, "search index could not be merged"),
            }
            let mut ticks = tokio::time::interval(every);
            ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            ticks.tick().await;
            loop {
                ticks.tick().await;
                if let Err(e) = search.refresh().await {
                    tracing::warn!(error = %e, "search index could not catch up");
                }
            }
        }))
    }
}

impl Drop for Follower {
    fn drop(&mut self) {
        self.0.abort();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn this_threads_nice() -> i32 {
        rustix::process::getpriority_process(None).expect("getpriority")
    }

    #[tokio::test]
    async fn index_work_runs_at_a_lower_priority_than_requests() {
        let caller = this_threads_nice();
        let worker = off_runtime(|| Ok(this_threads_nice())).await.expect("ran");
        assert_eq!(worker, (caller + INDEX_THREADS_NICE).min(19));
        // The caller's own priority is untouched.
        assert_eq!(this_threads_nice(), caller);
    }

    #[tokio::test]
    async fn a_panic_in_index_work_is_an_error_not_a_hang() {
        let failed = off_runtime::<()>(|| panic!("index work failed")).await;
        assert!(matches!(failed, Err(AppError::Internal(_))));
    }
}
