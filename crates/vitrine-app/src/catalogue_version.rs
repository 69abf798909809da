//! The catalogue's change counter as this instance knows it: every catalogue write raises the
//! counter in its transaction (in the database, so on every instance alike), and whatever
//! keeps something per catalogue version — the read cache, the search index, listing orders —
//! asks this one reader instead of the database.
//!
//! How fresh: the counter is read at most once every `poll`, one read at a time (the others
//! wait for its answer); a write through this instance ([`CatalogueVersion::written`]) marks
//! it unread so this instance's own next read sees it at once. A write through another
//! instance shows here within `poll`.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use vitrine_domain::ports::CatalogueStore;

use crate::error::AppResult;

/// The shared reader of the catalogue's change counter. Cheap to clone.
#[derive(Clone)]
pub struct CatalogueVersion {
    inner: Arc<Inner>,
}

struct Inner {
    store: Arc<dyn CatalogueStore>,
    poll: Duration,
    /// The counter as last read, and when.
    seen: Mutex<Option<(i64, Instant)>>,
    /// A write went through this instance since the counter was last read.
    dirty: AtomicBool,
    /// One counter read at a time.
    reading: tokio::sync::Mutex<()>,
}

impl CatalogueVersion {
    /// `poll`: how long the last read is trusted; zero reads the database every time.
    pub fn new(store: Arc<dyn CatalogueStore>, poll: Duration) -> Self {
        Self {
            inner: Arc::new(Inner {
                store,
                poll,
                seen: Mutex::new(None),
                dirty: AtomicBool::new(false),
                reading: tokio::sync::Mutex::new(()),
            }),
        }
    }

    /// A write went through this instance: the next [`current`](Self::current) asks the
    /// database (the write raised the counter) instead of trusting the last answer.
    pub fn written(&self) {
        self.inner.dirty.store(true, Ordering::Release);
    }

    /// The counter, read at most once per `poll` unless this instance wrote since.
    pub async fn current(&self) -> AppResult<i64> {
        if let Some(version) = self.trusted() {
            return Ok(version);
        }
        let _one = self.inner.reading.lock().await;
        // Another request may have read it while this one waited.
        if let Some(version) = self.trusted() {
            return Ok(version);
        }
        self.read().await
    }

    /// The counter read from the database now (and kept for the next `current`).
    pub async fn fresh(&self) -> AppResult<i64> {
        let _one = self.inner.reading.lock().await;
        self.read().await
    }

    async fn read(&self) -> AppResult<i64> {
        // Cleared before the read: a write that lands during it marks the counter unread again.
        self.inner.dirty.store(false, Ordering::Release);
        let version = self.inner.store.catalogue_version().await?;
        *self
            .inner
            .seen
            .lock()
            .unwrap_or_else(PoisonError::into_inner) = Some((version, Instant::now()));
        Ok(version)
    }

    fn trusted(&self) -> Option<i64> {
        if self.inner.poll.is_zero() || self.inner.dirty.load(Ordering::Acquire) {
            return None;
        }
        let seen = *self
            .inner
            .seen
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        seen.filter(|(_, at)| at.elapsed() < self.inner.poll)
            .map(|(v, _)| v)
    }
}

impl std::fmt::Debug for CatalogueVersion {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CatalogueVersion")
            .field("poll", &self.inner.poll)
            .finish_non_exhaustive()
    }
}
