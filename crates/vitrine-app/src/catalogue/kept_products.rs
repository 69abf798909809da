//! Decoded products kept per catalogue version (ADR 0035). A listing's page, a search's
//! results and the search box's suggestions read their products by id: two statements (the
//! documents, then their stock) through the pool, then a JSON decode per product. Under load
//! those reads were where a suggestion request waited — for the pool and its worker threads,
//! behind every other request's reads — so kept copies answer instead, under the catalogue's
//! change counter read *before* the store is asked: a copy is never older than its key, and
//! every write that raises the counter (edits, imports, stock and sales from orders) makes the
//! next read ask the store again, on every instance.

use std::collections::HashMap;
use std::sync::Arc;

use quick_cache::Weighter;
use quick_cache::sync::Cache;
use vitrine_domain::catalogue::{Product, ProductId};

/// The serving binary's default: 8 MB holds a few thousand ordinary products (the server
/// stays under 300 MB at 100,000 products: bench/memory.sh).
pub const DEFAULT_MAX_BYTES: u64 = 8 * 1024 * 1024;

type Key = (i64, ProductId);

#[derive(Clone)]
struct ByBytes;

impl Weighter<Key, Arc<Product>> for ByBytes {
    fn weight(&self, _key: &Key, product: &Arc<Product>) -> u64 {
        approximate_bytes(product)
    }
}

/// What a decoded product holds on the heap, roughly: its text and a share per variation,
/// image, attribute and download (a product with 2,000 variations weighs as much as it is).
fn approximate_bytes(p: &Product) -> u64 {
    const PER_PART: usize = 192;
    let text = p.name.len()
        + p.slug.as_str().len()
        + p.sku.as_ref().map_or(0, String::len)
        + p.short_description.len()
        + p.description.len()
        + p.purchase_note.len();
    let parts = p.variations.len()
        + p.images.len()
        + p.attributes.len()
        + p.downloads.len()
        + p.default_attributes.len();
    let ids = p.categories.len()
        + p.tags.len()
        + p.grouped_children.len()
        + p.upsells.len()
        + p.cross_sells.len();
    // Twice the payload: each string, vector and variation is an allocation of its own, and
    // the server's resident memory grew by about twice the payload when this was measured
    // (bench/memory.sh at 100,000 products, ADR 0035).
    2 * (std::mem::size_of::<Product>() + text + parts * PER_PART + ids * 8) as u64
}

/// Products by id per catalogue version, within a byte bound. Off (`max_bytes` 0): nothing is
/// kept and every read goes to the store.
pub(super) struct KeptProducts {
    kept: Option<Cache<Key, Arc<Product>, ByBytes>>,
}

impl KeptProducts {
    pub fn new(max_bytes: u64) -> Self {
        // Entries of a few KB each.
        Self {
            kept: crate::bounded::by_bytes(max_bytes, 4096, 16, ByBytes),
        }
    }

    pub fn enabled(&self) -> bool {
        self.kept.is_some()
    }

    /// The copies kept at `version` among `ids`, by id, and the ids still to be read (each
    /// once, in `ids`' order).
    pub fn get(
        &self,
        version: i64,
        ids: &[ProductId],
    ) -> (HashMap<ProductId, Arc<Product>>, Vec<ProductId>) {
        let mut found = HashMap::with_capacity(ids.len());
        let mut missing = Vec::new();
        for &id in ids {
            if found.contains_key(&id) || missing.contains(&id) {
                continue;
            }
            match self.kept.as_ref().and_then(|kept| kept.get(&(version, id))) {
                Some(product) => {
                    found.insert(id, product);
                }
                None => missing.push(id),
            }
        }
        (found, missing)
    }

    /// Keeps products read from the store after `version` was read.
    pub fn keep(&self, version: i64, products: &[Arc<Product>]) {
        if let Some(kept) = &self.kept {
            for product in products {
                kept.insert((version, product.id), Arc::clone(product));
            }
        }
    }

    /// Entries and bytes kept now (for tests).
    #[cfg(test)]
    pub fn usage(&self) -> (usize, u64) {
        self.kept
            .as_ref()
            .map_or((0, 0), |kept| (kept.len(), kept.weight()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use vitrine_domain::catalogue::fixtures::simple_product as simple;

    fn ids(found: &HashMap<ProductId, Arc<Product>>) -> Vec<i64> {
        let mut ids: Vec<i64> = found.keys().map(|id| id.0).collect();
        ids.sort_unstable();
        ids
    }

    #[test]
    fn a_copy_answers_only_at_the_version_it_was_read_under() {
        let kept = KeptProducts::new(1024 * 1024);
        kept.keep(7, &[Arc::new(simple(48, "Beanie", 1800))]);
        let (found, missing) = kept.get(7, &[ProductId(48), ProductId(47), ProductId(48)]);
        assert_eq!(ids(&found), [48]);
        assert_eq!(missing, [ProductId(47)]);
        // The counter moved: the copy is not used, the product is read again.
        let (found, missing) = kept.get(8, &[ProductId(48)]);
        assert!(found.is_empty());
        assert_eq!(missing, [ProductId(48)]);
    }

    #[test]
    fn off_keeps_nothing_and_asks_for_every_id_once() {
        let kept = KeptProducts::new(0);
        assert!(!kept.enabled());
        kept.keep(1, &[Arc::new(simple(48, "Beanie", 1800))]);
        let (found, missing) = kept.get(1, &[ProductId(48), ProductId(48)]);
        assert!(found.is_empty());
        assert_eq!(missing, [ProductId(48)]);
        assert_eq!(kept.usage(), (0, 0));
    }

    #[test]
    fn the_bound_counts_what_a_product_holds() {
        let mut long = simple(1, "Long", 100);
        long.description = "x".repeat(200_000);
        assert!(approximate_bytes(&long) > 200_000);
        // 64 KB: the long product cannot stay, small ones do.
        let kept = KeptProducts::new(64 * 1024);
        kept.keep(1, &[Arc::new(long)]);
        let small: Vec<_> = (2..12)
            .map(|id| Arc::new(simple(id, "Small", 100)))
            .collect();
        kept.keep(1, &small);
        let (_, weight) = kept.usage();
        assert!(weight <= 64 * 1024, "{weight}");
        let (found, _) = kept.get(1, &[ProductId(1)]);
        assert!(found.is_empty());
    }
}
