//! Catalogue reads at the server's floor (issue 16 item 3, ADR 0018): rendered responses —
//! product and listing JSON, storefront pages — kept as bytes per *catalogue version*, so a
//! repeated read is one map lookup instead of store reads, pricing and rendering.
//!
//! A kept response is found by a [`ReadKey`]: the catalogue's change counter (the one the
//! search index follows, [`CatalogueStore::catalogue_version`]), the generation of the prices
//! in force ([`Pricing::generation`]: settings saved through the API, refreshed exchange
//! rates), a time slice (scheduled sales and publishing follow the clock), the display
//! currency, and the request's own address (path and query, plus whatever else changes the
//! bytes, chosen by the caller). Every catalogue write raises the counter in its transaction,
//! so a key made after the write never finds bytes rendered before it — on every instance,
//! SQLite or PostgreSQL alike, since the counter lives in the database.
//!
//! How fresh: the counter comes from the instance's shared [`CatalogueVersion`] (read at most
//! once every `poll`; a write through this instance marks it unread so its own next read sees
//! it at once). A write through another instance shows here within `poll` (and prices saved
//! elsewhere within the pricing follower's poll). Time-dependent changes with no write (a
//! sale's start date) show within `slice`.
//!
//! Memory is bounded: entries are weighed by their bytes and the least recently used leave
//! past `max_bytes` (`quick_cache`, with one render per key while several requests miss).

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use bytes::Bytes;
use quick_cache::Weighter;
use quick_cache::sync::Cache;
use sha2::{Digest, Sha256};
use vitrine_domain::money::Currency;

use crate::catalogue_version::CatalogueVersion;
use crate::clock::Clock;
use crate::pricing::Pricing;

/// How the cache is sized and how fresh it stays (`[read_cache]` in the configuration).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReadCachePolicy {
    /// Bytes kept at most (bodies, headers and keys); 0 turns the cache off.
    pub max_bytes: u64,
    /// How long the last read of the catalogue's change counter is trusted; zero: read it on
    /// every request.
    pub poll: Duration,
    /// The time slice in the key: pages that depend on the clock alone are rendered again at
    /// least this often.
    pub slice: Duration,
}

impl ReadCachePolicy {
    /// Off: every read renders (the application's default; the serving binary turns it on).
    pub const OFF: Self = Self {
        max_bytes: 0,
        poll: Duration::ZERO,
        slice: DEFAULT_SLICE,
    };

    /// On with `max_bytes`, reading the counter on every request (tests: no staleness).
    pub fn exact(max_bytes: u64) -> Self {
        Self {
            max_bytes,
            poll: Duration::ZERO,
            slice: DEFAULT_SLICE,
        }
    }
}

impl Default for ReadCachePolicy {
    fn default() -> Self {
        Self::OFF
    }
}

/// The serving binary's defaults. 32 MB: with the listing cache's 32 MB, the kept products'
/// 8 MB and mimalloc's per-thread pages (ADR 0039), a 100,000-product shop stays under 300 MB
/// of resident memory under load (bench/memory.sh, ADR 0035).
pub const DEFAULT_MAX_BYTES: u64 = 32 * 1024 * 1024;
pub const DEFAULT_POLL: Duration = Duration::from_millis(250);
pub const DEFAULT_SLICE: Duration = Duration::from_secs(60);

/// What a kept response is found by.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ReadKey {
    catalogue: i64,
    pricing: u64,
    slice: i64,
    currency: Currency,
    /// The caller's part: what is read and how (`"html /shop/?orderby=price"`).
    address: String,
}

/// The version, prices, slice and currency that [`ReadCache::stamp`] read: a [`ReadKey`]
/// without its address.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stamp {
    catalogue: i64,
    pricing: u64,
    slice: i64,
    currency: Currency,
}

impl Stamp {
    fn key(&self, address: &str) -> ReadKey {
        ReadKey {
            catalogue: self.catalogue,
            pricing: self.pricing,
            slice: self.slice,
            currency: self.currency,
            address: address.to_owned(),
        }
    }
}

/// A rendered response: status, headers and body, with its strong entity tag.
#[derive(Debug, Clone)]
pub struct Rendered {
    pub status: u16,
    /// Header names and values as sent (content type, paging headers, a redirect's target).
    pub headers: Vec<(String, String)>,
    pub body: Bytes,
    /// `"…"`: a digest of the status, headers and body (the same bytes, the same tag, on
    /// every instance).
    pub etag: String,
}

impl Rendered {
    pub fn new(status: u16, headers: Vec<(String, String)>, body: Bytes) -> Self {
        let mut digest = Sha256::new();
        digest.update(status.to_be_bytes());
        for (name, value) in &headers {
            digest.update(name.as_bytes());
            digest.update([0]);
            digest.update(value.as_bytes());
            digest.update([0]);
        }
        digest.update(&body);
        let etag = format!("\"{}\"", hex::encode(&digest.finalize()[..16]));
        Self {
            status,
            headers,
            body,
            etag,
        }
    }

    /// Whether an `If-None-Match` value names this response (weak comparison, RFC 9110
    /// §13.1.2: `W/` ignored; `*` matches).
    pub fn matches(&self, if_none_match: &str) -> bool {
        if_none_match
            .split(',')
            .map(str::trim)
            .any(|tag| tag == "*" || tag.strip_prefix("W/").unwrap_or(tag) == self.etag.as_str())
    }

    fn weight(&self) -> u64 {
        let headers: usize = self.headers.iter().map(|(n, v)| n.len() + v.len()).sum();
        (self.body.len() + headers + self.etag.len() + 128) as u64
    }
}

#[derive(Clone)]
struct ByBytes;

impl Weighter<ReadKey, Arc<Rendered>> for ByBytes {
    fn weight(&self, key: &ReadKey, value: &Arc<Rendered>) -> u64 {
        (key.address.len() as u64 + value.weight()).max(1)
    }
}

/// The per-version store of rendered reads. Cheap to clone.
#[derive(Clone)]
pub struct ReadCache {
    inner: Arc<Inner>,
}

struct Inner {
    kept: Option<Cache<ReadKey, Arc<Rendered>, ByBytes>>,
    versions: CatalogueVersion,
    pricing: Pricing,
    clock: Clock,
    policy: ReadCachePolicy,
}

impl ReadCache {
    /// `versions` reads the counter (its poll is the policy's `poll`, built by the shop).
    pub fn new(
        versions: CatalogueVersion,
        pricing: Pricing,
        clock: Clock,
        policy: ReadCachePolicy,
    ) -> Self {
        // Entries of a few KB each.
        let kept = crate::bounded::by_bytes(policy.max_bytes, 4096, 16, ByBytes);
        Self {
            inner: Arc::new(Inner {
                kept,
                versions,
                pricing,
                clock,
                policy,
            }),
        }
    }

    pub fn enabled(&self) -> bool {
        self.inner.kept.is_some()
    }

    /// The bytes of `address` in `currency` at the catalogue's current version: kept ones,
    /// or `render`'s (kept for the next reader). An error is returned, never kept. With the
    /// cache off, `render` runs every time.
    pub async fn read<E, F, Fut>(
        &self,
        currency: Currency,
        address: String,
        render: F,
    ) -> Result<Arc<Rendered>, E>
    where
        E: From<crate::AppError>,
        F: FnOnce() -> Fut,
        Fut: Future<Output = Result<Rendered, E>>,
    {
        let Some(kept) = &self.inner.kept else {
            return render().await.map(Arc::new);
        };
        let key = ReadKey {
            catalogue: self.inner.versions.current().await?,
            pricing: self.inner.pricing.generation(),
            slice: self.slice(),
            currency,
            address,
        };
        kept.get_or_insert_async(&key, async { render().await.map(Arc::new) })
            .await
    }

    /// What bytes are kept under now for `currency` (the catalogue's change counter, the
    /// prices' generation and the time slice, read at once), to look up and keep several
    /// addresses with one read of the counter — the parts of a response, such as each product
    /// of a suggestion list. Taken *before* what is kept under it is rendered (and before the
    /// pricer that renders it is made), so kept bytes are never older than their stamp. `None`
    /// when the cache is off.
    pub async fn stamp(&self, currency: Currency) -> crate::AppResult<Option<Stamp>> {
        if self.inner.kept.is_none() {
            return Ok(None);
        }
        Ok(Some(Stamp {
            catalogue: self.inner.versions.current().await?,
            pricing: self.inner.pricing.generation(),
            slice: self.slice(),
            currency,
        }))
    }

    /// The bytes kept for `address` under `stamp`, if any.
    pub fn peek(&self, stamp: &Stamp, address: &str) -> Option<Arc<Rendered>> {
        self.inner.kept.as_ref()?.get(&stamp.key(address))
    }

    /// Keeps `rendered` for `address` under `stamp` (rendered after the stamp was taken).
    pub fn keep(&self, stamp: &Stamp, address: &str, rendered: Rendered) -> Arc<Rendered> {
        let rendered = Arc::new(rendered);
        if let Some(kept) = &self.inner.kept {
            kept.insert(stamp.key(address), Arc::clone(&rendered));
        }
        rendered
    }

    /// Entries and bytes kept now (for tests and logs).
    pub fn usage(&self) -> (usize, u64) {
        self.inner
            .kept
            .as_ref()
            .map_or((0, 0), |kept| (kept.len(), kept.weight()))
    }

    fn slice(&self) -> i64 {
        let seconds = self.inner.policy.slice.as_secs().max(1) as i64;
        (self.inner.clock)().unix_timestamp().div_euclid(seconds)
    }
}

impl std::fmt::Debug for ReadCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ReadCache")
            .field("policy", &self.inner.policy)
            .finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tag_follows_the_bytes_and_if_none_match_compares_weakly() {
        let a = Rendered::new(200, vec![("content-type".into(), "a".into())], "x".into());
        let b = Rendered::new(200, vec![("content-type".into(), "a".into())], "x".into());
        let c = Rendered::new(200, vec![("content-type".into(), "a".into())], "y".into());
        assert_eq!(a.etag, b.etag);
        assert_ne!(a.etag, c.etag);
        assert!(a.etag.starts_with('"') && a.etag.ends_with('"'));
        assert!(a.matches(&a.etag));
        assert!(a.matches(&format!("\"other\", W/{}", a.etag)));
        assert!(a.matches("*"));
        assert!(!a.matches(&c.etag));
    }
}
