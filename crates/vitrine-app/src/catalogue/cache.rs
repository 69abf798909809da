//! A short-lived, per-instance copy of decoded products. Every cart answer needs the products
//! of its lines, and every variation lookup its product; reading (and decoding: a product with
//! 2,000 variations is 1.7 MB of JSON) them from the database for each request was most of
//! the cost of both. A product read here is at most `ttl` old: a price or stock change reaches
//! carts and lookups within that time (checkout re-reads everything; ADR 0008).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use vitrine_domain::catalogue::{Product, ProductId};

/// How long a product read from the catalogue is reused.
/// How long the serving binary reuses a decoded product.
pub const TTL: Duration = Duration::from_secs(1);
/// Above this many entries, expired ones are swept out (and, if that is not enough, all).
const MAX_ENTRIES: usize = 10_000;

#[derive(Debug)]
pub struct ProductCache {
    ttl: Duration,
    entries: Mutex<HashMap<ProductId, (Instant, Arc<Product>)>>,
}

impl ProductCache {
    pub fn new(ttl: Duration) -> Self {
        Self {
            ttl,
            entries: Mutex::new(HashMap::new()),
        }
    }

    /// The fresh copies among `ids`, and the ids still to be read.
    pub fn get(&self, ids: &[ProductId]) -> (Vec<Arc<Product>>, Vec<ProductId>) {
        let now = Instant::now();
        let entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        let mut found = Vec::with_capacity(ids.len());
        let mut missing = Vec::new();
        for id in ids {
            match entries.get(id) {
                Some((at, product)) if now.duration_since(*at) < self.ttl => {
                    found.push(Arc::clone(product));
                }
                _ => missing.push(*id),
            }
        }
        (found, missing)
    }

    /// Drops a product's copy (it was written through this instance).
    pub fn forget(&self, id: ProductId) {
        let mut entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        entries.remove(&id);
    }

    pub fn put(&self, products: &[Arc<Product>]) {
        if self.ttl.is_zero() || products.is_empty() {
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
        for product in products {
            entries.insert(product.id, (now, Arc::clone(product)));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use vitrine_domain::catalogue::fixtures::simple_product as simple;

    #[test]
    fn a_product_is_reused_until_it_is_older_than_the_ttl() {
        let cache = ProductCache::new(Duration::from_millis(50));
        cache.put(&[Arc::new(simple(48, "Beanie", 1800))]);
        let (found, missing) = cache.get(&[ProductId(48), ProductId(47)]);
        assert_eq!(found.len(), 1);
        assert_eq!(missing, [ProductId(47)]);
        std::thread::sleep(Duration::from_millis(60));
        assert_eq!(cache.get(&[ProductId(48)]).1, [ProductId(48)]);
    }

    #[test]
    fn a_zero_ttl_keeps_nothing() {
        let cache = ProductCache::new(Duration::ZERO);
        cache.put(&[Arc::new(simple(48, "Beanie", 1800))]);
        assert_eq!(cache.get(&[ProductId(48)]).1, [ProductId(48)]);
    }
}
