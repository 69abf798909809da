//! An in-memory catalogue store for exercising the import flow without a database: a
//! transaction is a copy of the data that replaces the original on commit.

#![allow(dead_code)]

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use async_trait::async_trait;
use time::OffsetDateTime;
use vitrine_domain::catalogue::{
    CategoryId, CategoryTree, ImageId, ListingPage, ListingQuery, Product, ProductId, Slug, Tag,
    TagId, VariationId,
};
use vitrine_domain::ports::{CatalogueImport, CatalogueStore, StoreError, UpsertOutcome};

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Data {
    pub products: BTreeMap<i64, Product>,
    pub categories: Vec<(Option<CategoryId>, String)>,
    pub tags: Vec<String>,
    pub images: Vec<String>,
    pub last_id: i64,
}

#[derive(Clone, Default)]
pub struct MemoryStore {
    pub data: Arc<Mutex<Data>>,
}

impl MemoryStore {
    pub fn snapshot(&self) -> Data {
        self.data.lock().expect("store lock").clone()
    }

    pub fn product_named(&self, name: &str) -> Product {
        let data = self.snapshot();
        let found = data.products.values().find(|p| p.name == name);
        found
            .unwrap_or_else(|| panic!("no product {name:?}"))
            .clone()
    }
}

fn unsupported() -> StoreError {
    StoreError::Backend("not supported by the in-memory test store".into())
}

#[async_trait]
impl CatalogueStore for MemoryStore {
    async fn product_by_id(&self, id: ProductId) -> Result<Option<Product>, StoreError> {
        Ok(self.snapshot().products.get(&id.0).cloned())
    }
    async fn product_by_slug(&self, slug: &Slug) -> Result<Option<Product>, StoreError> {
        Ok(self
            .snapshot()
            .products
            .values()
            .find(|p| &p.slug == slug)
            .cloned())
    }
    async fn products_by_ids(&self, ids: &[ProductId]) -> Result<Vec<Product>, StoreError> {
        let data = self.snapshot();
        Ok(ids
            .iter()
            .filter_map(|id| data.products.get(&id.0).cloned())
            .collect())
    }
    async fn products_with_image(
        &self,
        image: ImageId,
        limit: u32,
    ) -> Result<Vec<ProductId>, StoreError> {
        let data = self.snapshot();
        let mut ids: Vec<ProductId> = data
            .products
            .values()
            .filter(|p| p.is_published() && p.shown_images().any(|i| i.id == image))
            .map(|p| p.id)
            .collect();
        ids.sort();
        ids.truncate(usize::try_from(limit).unwrap_or(usize::MAX));
        Ok(ids)
    }
    async fn product_of_variation(&self, id: VariationId) -> Result<Option<Product>, StoreError> {
        let data = self.snapshot();
        Ok(data
            .products
            .values()
            .find(|p| p.variation(id).is_some())
            .cloned())
    }
    async fn list_products(
        &self,
        _query: &ListingQuery,
        _now: OffsetDateTime,
    ) -> Result<ListingPage<Product>, StoreError> {
        Err(unsupported())
    }
    async fn categories(&self) -> Result<CategoryTree, StoreError> {
        Err(unsupported())
    }
    async fn tags(&self) -> Result<Vec<Tag>, StoreError> {
        Err(unsupported())
    }
    async fn tag_by_slug(&self, _slug: &Slug) -> Result<Option<Tag>, StoreError> {
        Err(unsupported())
    }
    async fn count_products(&self) -> Result<u64, StoreError> {
        Ok(self.snapshot().products.len() as u64)
    }
    async fn related_products(
        &self,
        _product: ProductId,
        _categories: &[vitrine_domain::catalogue::CategoryId],
        _limit: u32,
    ) -> Result<Vec<Product>, StoreError> {
        Err(unsupported())
    }
    async fn begin_import(&self) -> Result<Box<dyn CatalogueImport>, StoreError> {
        Ok(Box::new(MemoryImport {
            working: self.snapshot(),
            target: Arc::clone(&self.data),
        }))
    }
}

pub struct MemoryImport {
    working: Data,
    target: Arc<Mutex<Data>>,
}

fn position<T: PartialEq>(items: &mut Vec<T>, item: T) -> i64 {
    let at = items.iter().position(|i| *i == item).unwrap_or_else(|| {
        items.push(item);
        items.len() - 1
    });
    at as i64 + 1
}

#[async_trait]
impl CatalogueImport for MemoryImport {
    async fn ensure_category(
        &mut self,
        parent: Option<CategoryId>,
        name: &str,
    ) -> Result<CategoryId, StoreError> {
        Ok(CategoryId(position(
            &mut self.working.categories,
            (parent, name.to_owned()),
        )))
    }
    async fn ensure_tag(&mut self, name: &str) -> Result<TagId, StoreError> {
        Ok(TagId(position(&mut self.working.tags, name.to_owned())))
    }
    async fn ensure_image(&mut self, source_url: &str) -> Result<ImageId, StoreError> {
        Ok(ImageId(position(
            &mut self.working.images,
            source_url.to_owned(),
        )))
    }
    async fn product_id_by_sku(&mut self, sku: &str) -> Result<Option<ProductId>, StoreError> {
        for p in self.working.products.values() {
            if p.sku.as_deref() == Some(sku) {
                return Ok(Some(p.id));
            }
            if let Some(v) = p.variations.iter().find(|v| v.sku.as_deref() == Some(sku)) {
                return Ok(Some(ProductId(v.id.0)));
            }
        }
        Ok(None)
    }
    async fn existing_product(&mut self, id: ProductId) -> Result<Option<Product>, StoreError> {
        Ok(self.working.products.get(&id.0).cloned())
    }
    async fn allocate_id(&mut self) -> Result<i64, StoreError> {
        let used = self
            .working
            .products
            .values()
            .flat_map(|p| std::iter::once(p.id.0).chain(p.variations.iter().map(|v| v.id.0)));
        self.working.last_id = used.fold(self.working.last_id, i64::max) + 1;
        Ok(self.working.last_id)
    }
    async fn unique_slug(&mut self, wanted: &Slug, for_id: ProductId) -> Result<Slug, StoreError> {
        let taken = |s: &str| {
            self.working
                .products
                .values()
                .any(|p| p.id != for_id && p.slug.as_str() == s)
        };
        let mut candidate = wanted.as_str().to_owned();
        let mut n = 1;
        while taken(&candidate) {
            n += 1;
            candidate = format!("{wanted}-{n}");
        }
        Slug::parse(&candidate).map_err(|e| StoreError::Conflict(e.to_string()))
    }
    async fn upsert_product(&mut self, product: &Product) -> Result<UpsertOutcome, StoreError> {
        let outcome = match self.working.products.get(&product.id.0) {
            Some(stored) if stored == product => UpsertOutcome::Unchanged,
            Some(_) => UpsertOutcome::Updated,
            None => UpsertOutcome::Created,
        };
        self.working.products.insert(product.id.0, product.clone());
        Ok(outcome)
    }
    async fn commit(self: Box<Self>) -> Result<(), StoreError> {
        *self.target.lock().expect("store lock") = self.working;
        Ok(())
    }
}
