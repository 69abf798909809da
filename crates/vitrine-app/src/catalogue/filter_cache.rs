//! A short-lived, per-instance copy of listings' filter-panel counts (ADR 0009). Counting
//! every term of a 100,000-product shop reads every term row; shoppers paging through the
//! same listing would repeat it on each page. Counts are at most `ttl` old, like the
//! category menu's (the same TTL).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use vitrine_domain::catalogue::{FilterCounts, LayeredFilter, ListingFilter};

/// Above this many listings kept, expired ones are swept out (and, if that is not enough, all).
const MAX_ENTRIES: usize = 1_000;

#[derive(Debug)]
pub struct FilterCountsCache {
    ttl: Duration,
    entries: Mutex<HashMap<String, (Instant, Arc<FilterCounts>)>>,
}

/// One listing and its filters as a key (both are small and print fully).
pub(super) fn key(filter: &ListingFilter, layered: &LayeredFilter) -> String {
    format!("{filter:?}|{layered:?}")
}

impl FilterCountsCache {
    pub fn new(ttl: Duration) -> Self {
        Self {
            ttl,
            entries: Mutex::new(HashMap::new()),
        }
    }

    pub fn get(&self, key: &str) -> Option<Arc<FilterCounts>> {
        let entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        entries
            .get(key)
            .filter(|(at, _)| at.elapsed() < self.ttl)
            .map(|(_, counts)| Arc::clone(counts))
    }

    pub fn put(&self, key: String, counts: &Arc<FilterCounts>) {
        if self.ttl.is_zero() {
            return;
        }
        let now = Instant::now();
        let mut entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        if entries.len() >= MAX_ENTRIES {
            entries.retain(|_, (at, _)| now.duration_since(*at) < self.ttl);
            if entries.len() >= MAX_ENTRIES {
                entries.clear();
            }
        }
        entries.insert(key, (now, Arc::clone(counts)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_are_reused_until_the_ttl_passes_and_never_with_zero() {
        let counts = Arc::new(FilterCounts {
            attributes: Vec::new(),
            price: Some((1, 2)),
        });
        let k = key(&ListingFilter::Shop, &LayeredFilter::default());
        let kept = FilterCountsCache::new(Duration::from_secs(60));
        kept.put(k.clone(), &counts);
        assert_eq!(kept.get(&k).map(|c| c.price), Some(Some((1, 2))));
        let other = key(&ListingFilter::Featured, &LayeredFilter::default());
        assert!(kept.get(&other).is_none());
        let never = FilterCountsCache::new(Duration::ZERO);
        never.put(k.clone(), &counts);
        assert!(never.get(&k).is_none());
    }
}
