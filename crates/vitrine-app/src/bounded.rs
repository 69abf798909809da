//! The byte-bounded caches the instance keeps (rendered reads, listings, kept products): one
//! place that sizes `quick_cache` for a byte bound.

use quick_cache::Weighter;
use quick_cache::sync::Cache;

/// A cache of at most `max_bytes` by `weighter`, or none when `max_bytes` is 0. quick_cache
/// sizes its shards by an estimate of the entries (`max_bytes / typical_bytes`, at least
/// `min_entries`) and keeps nothing heavier than a shard: a cache of large entries wants a
/// large `typical_bytes` (few, large shards).
pub(crate) fn by_bytes<K, V, W>(
    max_bytes: u64,
    typical_bytes: u64,
    min_entries: usize,
    weighter: W,
) -> Option<Cache<K, V, W>>
where
    K: Eq + std::hash::Hash,
    V: Clone,
    W: Weighter<K, V> + Clone,
{
    (max_bytes > 0).then(|| {
        let estimated = usize::try_from(max_bytes / typical_bytes.max(1))
            .unwrap_or(usize::MAX)
            .max(min_entries);
        Cache::with_weighter(estimated, max_bytes, weighter)
    })
}
