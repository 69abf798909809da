//! The products one cart operation needs (its lines, the product being added, grouped
//! children, bundled items), each read once, through the shop's short-lived product cache
//! and the catalogue port.

use std::collections::HashMap;
use std::sync::Arc;

use vitrine_domain::cart::Cart;
use vitrine_domain::catalogue::{Product, ProductId, ProductKind};

use crate::catalogue::Catalogue;
use crate::error::AppResult;

/// Products read so far, by id: published ones (what a cart may sell and price), drafts and
/// private ones, and the ids known to be missing.
#[derive(Debug, Default, Clone)]
pub struct CartProducts {
    published: HashMap<ProductId, Arc<Product>>,
    hidden: HashMap<ProductId, Arc<Product>>,
    missing: Vec<ProductId>,
}

impl CartProducts {
    /// Reads whichever of `ids` are not known yet: from the cache, the rest in one query.
    pub(crate) async fn load(
        &mut self,
        catalogue: &Catalogue,
        ids: impl IntoIterator<Item = ProductId>,
    ) -> AppResult<()> {
        let mut wanted: Vec<ProductId> = ids
            .into_iter()
            .filter(|id| self.get(*id).is_none() && !self.missing.contains(id))
            .collect();
        wanted.sort_unstable();
        wanted.dedup();
        if wanted.is_empty() {
            return Ok(());
        }
        let cache = catalogue.cache();
        let (cached, wanted) = cache.get(&wanted);
        cached.into_iter().for_each(|p| self.insert(p));
        if wanted.is_empty() {
            return Ok(());
        }
        let read: Vec<Arc<Product>> = catalogue
            .store()
            .products_by_ids(&wanted)
            .await?
            .into_iter()
            .map(Arc::new)
            .collect();
        cache.put(&read);
        read.into_iter().for_each(|p| self.insert(p));
        let missing: Vec<ProductId> = wanted
            .into_iter()
            .filter(|id| self.get(*id).is_none())
            .collect();
        self.missing.extend(missing);
        Ok(())
    }

    /// Reads the products of every line of `cart` and what they are made of, in two rounds.
    pub(crate) async fn load_cart(&mut self, catalogue: &Catalogue, cart: &Cart) -> AppResult<()> {
        self.load(catalogue, cart.lines.iter().map(|l| l.product_id))
            .await?;
        let parts: Vec<ProductId> = cart
            .lines
            .iter()
            .filter_map(|l| self.get(l.product_id))
            .flat_map(related_ids)
            .collect();
        self.load(catalogue, parts).await
    }

    pub(crate) fn insert(&mut self, product: Arc<Product>) {
        if product.is_published() {
            self.published.insert(product.id, product);
        } else {
            self.hidden.insert(product.id, product);
        }
    }

    /// A product read, published or not.
    pub fn get(&self, id: ProductId) -> Option<&Product> {
        self.shared_ref(id).map(Arc::as_ref)
    }

    fn shared_ref(&self, id: ProductId) -> Option<&Arc<Product>> {
        self.published.get(&id).or_else(|| self.hidden.get(&id))
    }

    /// A shared handle on a product read.
    pub(crate) fn shared(&self, id: ProductId) -> Option<Arc<Product>> {
        self.shared_ref(id).cloned()
    }

    /// Published products only: what the cart may still sell and price.
    pub fn published(&self) -> &HashMap<ProductId, Arc<Product>> {
        &self.published
    }

    /// The products `product` is made of: grouped children or bundled items, as read.
    pub(crate) fn related(&self, product: &Product) -> Vec<Product> {
        related_ids(product)
            .into_iter()
            .filter_map(|id| self.get(id).cloned())
            .collect()
    }
}

/// Ids of the grouped children or bundled items of `product`.
pub(crate) fn related_ids(product: &Product) -> Vec<ProductId> {
    match (product.kind, &product.bundle) {
        (ProductKind::Grouped, _) => product.grouped_children.clone(),
        (ProductKind::Bundle, Some(bundle)) => bundle.items.iter().map(|i| i.product_id).collect(),
        _ => Vec::new(),
    }
}
