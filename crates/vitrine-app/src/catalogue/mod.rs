//! Catalogue reads: published products by id or slug, listings, the taxonomy and what a
//! product page shows besides the product. Drafts and private products count as missing.

mod cache;
mod kept_listing;
mod kept_products;
mod listing_cache;
mod rename;
mod sitemap;
mod taxonomy;

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;
use std::time::Duration;

use time::OffsetDateTime;
use vitrine_domain::catalogue::{
    CategoryId, CategoryTree, FilterCounts, ImageId, LayeredFilter, ListingFilter, ListingPage,
    ListingQuery, ListingSort, PageRequest, Product, ProductId, ProductKind, Slug, Tag,
    VariationId,
};
use vitrine_domain::ports::CatalogueStore;

pub use cache::{ProductCache, TTL as PRODUCT_TTL};
pub use kept_products::DEFAULT_MAX_BYTES as KEPT_PRODUCT_BYTES;
pub use listing_cache::{
    DEFAULT_MAX_BYTES as LISTING_CACHE_BYTES, ListingCache, ListingCachePolicy,
};
pub use rename::{MAX_TERM_NAME_CHARS, check_term_name};
pub use sitemap::{PER_SITEMAP, SitemapIndex};
pub use taxonomy::{TTL as TAXONOMY_TTL, Taxonomy, TaxonomyCache};

use crate::catalogue_version::CatalogueVersion;
use crate::clock::Clock;
use crate::error::{AppError, AppResult, Missing};

/// Products shown together (a listing, a page's grids) and the grouped products' children,
/// whose prices make up their parents' price spans.
#[derive(Debug, Default)]
pub struct Products {
    pub items: Vec<Product>,
    pub children: HashMap<ProductId, Product>,
}

/// One page of a listing with the grouped products' children.
#[derive(Debug)]
pub struct Listing {
    pub page: ListingPage<Product>,
    pub children: HashMap<ProductId, Product>,
}

/// The catalogue's caches: products and the taxonomy for a while, listings per catalogue
/// version.
#[derive(Debug, Clone)]
pub struct CatalogueCaches {
    /// How long decoded products are reused (zero: never).
    pub product_ttl: Duration,
    /// How long the category tree, counts and tags are reused (zero: never).
    pub taxonomy_ttl: Duration,
    /// Listings' ids and filter counts kept (ADR 0020).
    pub listings: ListingCachePolicy,
    /// The catalogue's change counter the listings are kept by.
    pub versions: CatalogueVersion,
}

fn published(product: Option<Product>) -> AppResult<Product> {
    product
        .filter(Product::is_published)
        .ok_or(AppError::NotFound(Missing::Product))
}

/// Catalogue reads through the port, with the per-instance product, taxonomy and listing
/// caches. Cheap to clone.
#[derive(Clone)]
pub struct Catalogue {
    inner: Arc<Inner>,
}

struct Inner {
    store: Arc<dyn CatalogueStore>,
    products: ProductCache,
    taxonomy: TaxonomyCache,
    /// Listings' ids and filter counts per catalogue version (ADR 0020).
    listings: ListingCache,
    /// Decoded products of listing pages and searches per catalogue version (ADR 0035).
    kept: kept_products::KeptProducts,
    versions: CatalogueVersion,
    clock: Clock,
}

impl Catalogue {
    /// Reads from `store`, reusing decoded products for `product_ttl` and the taxonomy for
    /// `taxonomy_ttl` (zero: never), and listings per catalogue version (`versions`) within
    /// `listings`' bytes.
    pub fn new(store: Arc<dyn CatalogueStore>, clock: Clock, caches: CatalogueCaches) -> Self {
        Self {
            inner: Arc::new(Inner {
                store,
                products: ProductCache::new(caches.product_ttl),
                taxonomy: TaxonomyCache::new(caches.taxonomy_ttl),
                listings: ListingCache::new(caches.listings),
                kept: kept_products::KeptProducts::new(caches.listings.product_bytes),
                versions: caches.versions,
                clock,
            }),
        }
    }

    pub(crate) fn now(&self) -> OffsetDateTime {
        (self.inner.clock)()
    }

    pub(crate) fn store(&self) -> &dyn CatalogueStore {
        self.inner.store.as_ref()
    }

    pub(crate) fn cache(&self) -> &ProductCache {
        &self.inner.products
    }

    /// A published product by id.
    pub async fn product(&self, id: ProductId) -> AppResult<Product> {
        published(self.inner.store.product_by_id(id).await?)
    }

    /// A published product by id, reused from the per-instance product cache while fresh (the
    /// variation calls: one product, asked many times while a shopper clicks).
    pub async fn cached_product(&self, id: ProductId) -> AppResult<Arc<Product>> {
        let cache = &self.inner.products;
        let (found, _) = cache.get(&[id]);
        if let Some(product) = found.into_iter().next().filter(|p| p.is_published()) {
            return Ok(product);
        }
        let product = Arc::new(self.product(id).await?);
        cache.put(std::slice::from_ref(&product));
        Ok(product)
    }

    /// A published product by slug; a malformed slug is simply not found.
    pub async fn product_by_slug(&self, slug: &str) -> AppResult<Product> {
        let slug = Slug::parse(slug).map_err(|_| AppError::NotFound(Missing::Product))?;
        published(self.inner.store.product_by_slug(&slug).await?)
    }

    /// The variable product owning a variation, published or not (the cart decides).
    pub(crate) async fn product_of_variation(&self, id: VariationId) -> AppResult<Option<Product>> {
        Ok(self.inner.store.product_of_variation(id).await?)
    }

    /// The published products among `ids`, in that order, with grouped children.
    pub async fn published_products(&self, ids: &[ProductId]) -> AppResult<Products> {
        self.published_via(ids, Reach::Pool).await
    }

    /// [`Self::published_products`] for the browsing reads (suggestions, search results):
    /// products not kept are read in place on this thread where the store can (ADR 0041), so
    /// the request does not wait for a pooled connection. Not for the order path.
    pub async fn published_products_in_place(&self, ids: &[ProductId]) -> AppResult<Products> {
        self.published_via(ids, Reach::InPlace).await
    }

    async fn published_via(&self, ids: &[ProductId], reach: Reach) -> AppResult<Products> {
        if ids.is_empty() {
            return Ok(Products::default());
        }
        let mut items = self.products_via(ids, reach).await?;
        items.retain(Product::is_published);
        let children = self.children_via(&items, reach).await?;
        Ok(Products { items, children })
    }

    /// The children of the grouped products among `products`, for their price spans.
    pub async fn grouped_children(
        &self,
        products: &[Product],
    ) -> AppResult<HashMap<ProductId, Product>> {
        self.children_via(products, Reach::Pool).await
    }

    async fn children_via(
        &self,
        products: &[Product],
        reach: Reach,
    ) -> AppResult<HashMap<ProductId, Product>> {
        let ids: Vec<ProductId> = products
            .iter()
            .filter(|p| p.kind == ProductKind::Grouped)
            .flat_map(|p| p.grouped_children.iter().copied())
            .collect();
        if ids.is_empty() {
            return Ok(HashMap::new());
        }
        let loaded = self.products_via(&ids, reach).await?;
        Ok(loaded.into_iter().map(|p| (p.id, p)).collect())
    }

    /// `ids`' products in that order (any status; an unknown id is skipped): copies kept at
    /// the catalogue's current version, the rest read from the store in one call and kept
    /// (ADR 0035). The version is read before the store: a copy is never older than its key.
    async fn products_via(&self, ids: &[ProductId], reach: Reach) -> AppResult<Vec<Product>> {
        let kept = &self.inner.kept;
        if !kept.enabled() {
            return self.load(ids, reach).await;
        }
        let version = self.inner.versions.current().await?;
        let (mut found, missing) = kept.get(version, ids);
        if !missing.is_empty() {
            let loaded: Vec<Arc<Product>> = self
                .load(&missing, reach)
                .await?
                .into_iter()
                .map(Arc::new)
                .collect();
            kept.keep(version, &loaded);
            found.extend(loaded.into_iter().map(|p| (p.id, p)));
        }
        Ok(ids
            .iter()
            .filter_map(|id| found.get(id).map(|p| Product::clone(p)))
            .collect())
    }

    /// `ids`' products from the store, in place when asked and the store can.
    async fn load(&self, ids: &[ProductId], reach: Reach) -> AppResult<Vec<Product>> {
        if reach == Reach::InPlace
            && let Some(found) = self.inner.store.products_by_ids_in_place(ids)
        {
            return Ok(found?);
        }
        Ok(self.inner.store.products_by_ids(ids).await?)
    }

    /// One page of published products matching the query (catalogue visibility honoured):
    /// a slice of the listing's kept order when the listing cache is on, else the store's page.
    pub async fn listing(&self, query: &ListingQuery) -> AppResult<Listing> {
        let page = match self.kept_page(query).await? {
            Some(page) => page,
            None => self.inner.store.list_products(query, self.now()).await?,
        };
        let children = self.children_via(&page.items, Reach::InPlace).await?;
        Ok(Listing { page, children })
    }

    /// The filter panel of a listing: attribute terms with counts and the price span, kept
    /// per catalogue version when the listing cache is on.
    pub async fn filter_counts(
        &self,
        filter: &ListingFilter,
        layered: &LayeredFilter,
    ) -> AppResult<Arc<FilterCounts>> {
        match self.kept_counts(filter, layered).await? {
            Some(counts) => Ok(counts),
            None => Ok(Arc::new(
                self.inner.store.filter_counts(filter, layered).await?,
            )),
        }
    }

    /// The listing cache (its usage, for tests and logs).
    pub fn listings(&self) -> &ListingCache {
        &self.inner.listings
    }

    /// The published products showing `image` (their own image or a variation's), at most
    /// `limit`, in id order: what the media route draws the image as (ADR 0044).
    pub async fn products_with_image(&self, image: ImageId, limit: u32) -> AppResult<Vec<Product>> {
        let ids = self.inner.store.products_with_image(image, limit).await?;
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let mut items = self.products_via(&ids, Reach::Pool).await?;
        items.retain(Product::is_published);
        Ok(items)
    }

    /// Listed products in a category (by slug path, `clothing/hoodies`) and its descendants.
    pub async fn category_filter(&self, path: &str) -> AppResult<ListingFilter> {
        let taxonomy = self.taxonomy().await?;
        let segments: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
        let category = taxonomy
            .tree
            .by_path(&segments)
            .ok_or_else(|| AppError::NotFound(Missing::Category(path.to_owned())))?;
        Ok(ListingFilter::Categories(
            taxonomy.tree.with_descendants(category.id),
        ))
    }

    /// Listed products with a tag (by slug).
    pub async fn tag_filter(&self, slug: &str) -> AppResult<ListingFilter> {
        let tag = match Slug::parse(slug) {
            Ok(s) => self.tag_by_slug(&s).await?,
            Err(_) => None,
        };
        let tag = tag.ok_or_else(|| AppError::NotFound(Missing::Tag(slug.to_owned())))?;
        Ok(ListingFilter::Tag(tag.id))
    }

    pub async fn tag_by_slug(&self, slug: &Slug) -> AppResult<Option<Tag>> {
        Ok(self.inner.store.tag_by_slug(slug).await?)
    }

    /// How many products the catalogue holds (the health check).
    pub async fn count_products(&self) -> AppResult<u64> {
        Ok(self.inner.store.count_products().await?)
    }

    /// The category tree with counts, and the tags, reused while fresh.
    pub async fn taxonomy(&self) -> AppResult<Arc<Taxonomy>> {
        let cache = &self.inner.taxonomy;
        if let Some(taxonomy) = cache.fresh() {
            return Ok(taxonomy);
        }
        let _turn = cache.refresh.lock().await;
        if let Some(taxonomy) = cache.fresh() {
            return Ok(taxonomy);
        }
        let store = &self.inner.store;
        let tree = store.categories().await?;
        let tags = store.tags().await?;
        let counts = match store.category_product_counts().await? {
            Some(counts) => counts,
            None => self.count_each_category(&tree).await?,
        };
        let taxonomy = Arc::new(Taxonomy { tree, tags, counts });
        cache.keep(&taxonomy);
        Ok(taxonomy)
    }

    /// Counts per category for adapters without a bulk count: one listing query each.
    async fn count_each_category(
        &self,
        tree: &CategoryTree,
    ) -> AppResult<BTreeMap<CategoryId, u64>> {
        let mut counts = BTreeMap::new();
        for category in tree.all() {
            let query = ListingQuery {
                layered: Default::default(),
                filter: ListingFilter::Categories(tree.with_descendants(category.id)),
                sort: ListingSort::MenuOrder,
                page: PageRequest {
                    page: 1,
                    per_page: 1,
                },
            };
            let total = self
                .inner
                .store
                .list_products(&query, self.now())
                .await?
                .total;
            counts.insert(category.id, total);
        }
        Ok(counts)
    }

    /// Up to `limit` listed products sharing a category with `product` (the store picks the
    /// ones after it, wrapping around: WooCommerce's related products, made deterministic).
    pub async fn related(&self, product: &Product, limit: u32) -> AppResult<Vec<Product>> {
        if product.categories.is_empty() {
            return Ok(Vec::new());
        }
        Ok(self
            .inner
            .store
            .related_products(product.id, &product.categories, limit.max(1))
            .await?)
    }
}

/// How a read of products by id reaches the store: through the pool, or in place on the
/// calling thread where the store can (ADR 0041).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Reach {
    Pool,
    InPlace,
}
