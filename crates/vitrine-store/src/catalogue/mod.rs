//! The catalogue adapter: products as indexed JSON documents, taxonomy, listings and imports.

mod changes;
mod document;
mod fill;
mod ids;
mod images;
mod import;
mod layered;
mod listing;
mod read;
mod rename;
mod stats;
mod taxonomy;
mod upsert;

use std::collections::{BTreeMap, HashMap};

use async_trait::async_trait;
use time::OffsetDateTime;
use vitrine_domain::catalogue::{
    CategoryId, CategoryTree, FilterCounts, ImageId, LayeredFilter, ListingFilter, ListingPage,
    ListingQuery, ListingSort, Product, ProductId, ProductStats, Slug, Tag, TagId, VariationId,
};
use vitrine_domain::money::Currency;
use vitrine_domain::ports::{CatalogueImport, CatalogueStore};

pub(crate) use changes::{next as next_change, next_whole as next_change_whole};
pub(crate) use images::fill_images;
pub use import::SqlCatalogueImport;
pub(crate) use layered::fill_terms;
pub(crate) use stats::{record_sales, record_sales_whole, refresh_rating};

use crate::db::Database;
use crate::error::StoreResult;
use crate::stock;

/// [`CatalogueStore`] over SQLite or PostgreSQL. Cheap to clone.
#[derive(Debug, Clone)]
pub struct SqlCatalogueStore {
    db: Database,
    base_currency: Currency,
}

impl SqlCatalogueStore {
    /// `base_currency` is the shop's: the currency of products stored before documents
    /// recorded theirs, and of products without prices.
    pub fn new(db: Database, base_currency: Currency) -> Self {
        Self { db, base_currency }
    }

    pub fn database(&self) -> &Database {
        &self.db
    }

    /// Products listed in the catalogue per category, descendants included (the category
    /// menu's counts). A category without products is absent from the map.
    pub async fn category_product_counts(&self) -> StoreResult<BTreeMap<CategoryId, u64>> {
        taxonomy::product_counts(self.db.pool()).await
    }

    /// A product read with its stock level from the `stock` table.
    async fn with_stock(&self, product: Option<Product>) -> StoreResult<Option<Product>> {
        let Some(product) = product else {
            return Ok(None);
        };
        let mut one = [product];
        stock::overlay(self.db.pool(), &mut one).await?;
        let [product] = one;
        Ok(Some(product))
    }

    /// [`CatalogueStore::begin_import`] without the box, for callers that want the type.
    pub async fn begin(&self) -> StoreResult<SqlCatalogueImport> {
        SqlCatalogueImport::begin(&self.db, self.base_currency).await
    }
}

#[async_trait]
impl CatalogueStore for SqlCatalogueStore {
    async fn product_by_id(&self, id: ProductId) -> StoreResult<Option<Product>> {
        let found = read::by_id(self.db.pool(), self.base_currency, id).await?;
        self.with_stock(found).await
    }

    async fn category_product_counts(&self) -> StoreResult<Option<BTreeMap<CategoryId, u64>>> {
        taxonomy::product_counts(self.db.pool()).await.map(Some)
    }

    async fn product_by_slug(&self, slug: &Slug) -> StoreResult<Option<Product>> {
        let found = read::by_slug(self.db.pool(), self.base_currency, slug).await?;
        self.with_stock(found).await
    }

    async fn products_by_ids(&self, ids: &[ProductId]) -> StoreResult<Vec<Product>> {
        let mut found = read::by_ids(self.db.pool(), self.base_currency, ids).await?;
        stock::overlay(self.db.pool(), &mut found).await?;
        Ok(found)
    }

    fn products_by_ids_in_place(&self, ids: &[ProductId]) -> Option<StoreResult<Vec<Product>>> {
        let base = self.base_currency;
        let answer = self.db.in_place()?.run(|conn| {
            let mut found = read::by_ids_in_place(conn, base, ids)?;
            stock::overlay_in_place(conn, &mut found)?;
            Ok(found)
        });
        answer.ok()
    }

    async fn products_with_image(&self, image: ImageId, limit: u32) -> StoreResult<Vec<ProductId>> {
        read::with_image(self.db.pool(), image, limit).await
    }

    async fn product_of_variation(&self, id: VariationId) -> StoreResult<Option<Product>> {
        let found = read::of_variation(self.db.pool(), self.base_currency, id).await?;
        self.with_stock(found).await
    }

    /// `now` is unused: price order uses the price stored at write time (see ADR 0002).
    async fn list_products(
        &self,
        query: &ListingQuery,
        _now: OffsetDateTime,
    ) -> StoreResult<ListingPage<Product>> {
        let mut page = listing::list(self.db.pool(), self.base_currency, query).await?;
        stock::overlay(self.db.pool(), &mut page.items).await?;
        Ok(page)
    }

    async fn categories(&self) -> StoreResult<CategoryTree> {
        taxonomy::categories(self.db.pool()).await
    }

    async fn tags(&self) -> StoreResult<Vec<Tag>> {
        taxonomy::tags(self.db.pool()).await
    }

    async fn tag_by_slug(&self, slug: &Slug) -> StoreResult<Option<Tag>> {
        taxonomy::tag_by_slug(self.db.pool(), slug).await
    }

    async fn count_products(&self) -> StoreResult<u64> {
        read::count(self.db.pool()).await
    }

    async fn related_products(
        &self,
        product: ProductId,
        categories: &[CategoryId],
        limit: u32,
    ) -> StoreResult<Vec<Product>> {
        let mut found = listing::related(
            self.db.pool(),
            self.base_currency,
            product,
            categories,
            limit,
        )
        .await?;
        stock::overlay(self.db.pool(), &mut found).await?;
        Ok(found)
    }

    async fn catalogue_version(&self) -> StoreResult<i64> {
        changes::version(self.db.pool()).await
    }

    async fn products_changed_since(
        &self,
        version: i64,
        after: ProductId,
        limit: u32,
    ) -> StoreResult<Vec<Product>> {
        changes::since(self.db.pool(), self.base_currency, version, after, limit).await
    }

    async fn listing_order(
        &self,
        filter: &ListingFilter,
        layered: &LayeredFilter,
        sort: ListingSort,
    ) -> StoreResult<Option<Vec<ProductId>>> {
        listing::order(self.db.pool(), filter, layered, sort)
            .await
            .map(Some)
    }

    async fn filter_counts(
        &self,
        filter: &ListingFilter,
        layered: &LayeredFilter,
    ) -> StoreResult<FilterCounts> {
        layered::counts(self.db.pool(), filter, layered).await
    }

    async fn product_stats(
        &self,
        ids: &[ProductId],
    ) -> StoreResult<HashMap<ProductId, ProductStats>> {
        stats::of(self.db.pool(), ids).await
    }

    async fn rename_category(&self, id: CategoryId, name: &str) -> StoreResult<bool> {
        rename::category(&self.db, id, name).await
    }

    async fn rename_tag(&self, id: TagId, name: &str) -> StoreResult<bool> {
        rename::tag(&self.db, id, name).await
    }

    async fn begin_import(&self) -> StoreResult<Box<dyn CatalogueImport>> {
        Ok(Box::new(self.begin().await?))
    }
}
