//! Keeping one instance's index in step with the database: the catalogue's change counter
//! (a cheap read) says whether anything was written since the number this index last saw;
//! then only the products written since are read and re-indexed. The first refresh reads
//! them all.

use std::time::{Duration, Instant};

use tokio::sync::Mutex;
use tokio::task::JoinHandle;
use vitrine_domain::catalogue::ProductId;
use vitrine_domain::search::{SearchDocument, SearchIndex};

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
}

pub(super) struct IndexSync {
    versions: CatalogueVersion,
    ttl: Duration,
    state: Mutex<State>,
}

#[derive(Default)]
struct State {
    /// None until the first full build.
    version: Option<i64>,
    checked: Option<Instant>,
}

impl IndexSync {
    pub(super) fn new(versions: CatalogueVersion, ttl: Duration) -> Self {
        Self {
            versions,
            ttl,
            state: Mutex::new(State::default()),
        }
    }

    /// One caller at a time; the others wait for its answer rather than poll again.
    pub(super) async fn refresh(
        &self,
        index: &dyn SearchIndex,
        catalogue: &Catalogue,
        force: bool,
    ) -> AppResult<Refreshed> {
        let mut state = self.state.lock().await;
        let fresh = state.checked.is_some_and(|at| at.elapsed() < self.ttl);
        if let (Some(version), true, false) = (state.version, fresh, force) {
            return Ok(Refreshed {
                version,
                products: 0,
            });
        }
        let store = catalogue.store();
        // Read before the products: a write after this number is read now or next time,
        // never skipped (re-indexing a product twice is harmless). Forced: from the database
        // now; otherwise the instance's shared reading (at most its poll old).
        let latest = if force {
            self.versions.fresh().await?
        } else {
            self.versions.current().await?
        };
        state.checked = Some(Instant::now());
        let since = match state.version {
            Some(seen) if seen >= latest => {
                return Ok(Refreshed {
                    version: seen,
                    products: 0,
                });
            }
            Some(seen) => seen,
            // Products stored before the counter existed carry change number 0.
            None => -1,
        };
        // Read fresh, not from the taxonomy cache: a renamed category or tag raised the
        // counter, and its products must be indexed with the new name.
        let tree = store.categories().await?;
        let tags = store.tags().await?;
        let now = catalogue.now();
        let full = state.version.is_none();
        let mut after = ProductId(0);
        let mut read = 0u64;
        let mut first = true;
        // Batch by batch into the index's staging area: a full build never holds the whole
        // catalogue (documents or products) in memory; searches see it once published.
        loop {
            let batch = store.products_changed_since(since, after, BATCH).await?;
            let Some(last) = batch.last() else { break };
            after = last.id;
            read += batch.len() as u64;
            let ids: Vec<ProductId> = batch.iter().map(|p| p.id).collect();
            let stats = store.product_stats(&ids).await?;
            let mut documents = Vec::with_capacity(batch.len());
            let mut removed = Vec::new();
            for product in &batch {
                let stats = stats.get(&product.id).copied().unwrap_or_default();
                match SearchDocument::of(product, &tree, &tags, stats, now) {
                    Some(document) => documents.push(document),
                    None => removed.push(product.id),
                }
            }
            index
                .stage(&documents, &removed, full && first)
                .map_err(|e| AppError::Internal(e.into()))?;
            first = false;
            if batch.len() < BATCH as usize {
                break;
            }
        }
        if full && first {
            // An empty catalogue: still drop whatever the index held.
            index
                .stage(&[], &[], true)
                .map_err(|e| AppError::Internal(e.into()))?;
        }
        index.publish().map_err(|e| AppError::Internal(e.into()))?;
        state.version = Some(latest);
        tracing::debug!(
            version = latest,
            products = read,
            full,
            "search index caught up"
        );
        Ok(Refreshed {
            version: latest,
            products: read,
        })
    }
}

/// The background poll of one serving instance; aborts its task when dropped.
pub struct Follower(JoinHandle<()>);

impl Follower {
    pub(super) fn spawn(search: Search, every: Duration) -> Self {
        Self(tokio::spawn(async move {
            let mut ticks = tokio::time::interval(every);
            ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
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
