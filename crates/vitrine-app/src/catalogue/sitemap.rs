//! What crawlers are told exists: WordPress's core sitemaps (`/wp-sitemap.xml`), so a shop
//! moved from WooCommerce keeps the addresses search engines already know. Only what the
//! catalogue lists (visibility visible or catalog) is in them: hidden products never are.

use vitrine_domain::catalogue::{ListingFilter, ListingQuery, ListingSort, PageRequest};

use super::Catalogue;
use crate::error::AppResult;

/// Addresses per sitemap page: a listing page's maximum, so one page is one store query
/// (WordPress allows up to 2,000; crawlers follow the index either way).
pub const PER_SITEMAP: u32 = PageRequest::MAX_PER_PAGE;

/// The sitemaps the index names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SitemapIndex {
    /// `wp-sitemap-posts-product-1.xml` … `-{product_pages}.xml`.
    pub product_pages: u32,
    /// Whether `wp-sitemap-taxonomies-product_cat-1.xml` lists anything.
    pub categories: bool,
    /// Whether `wp-sitemap-taxonomies-product_tag-1.xml` lists anything.
    pub tags: bool,
}

impl Catalogue {
    pub async fn sitemap_index(&self) -> AppResult<SitemapIndex> {
        let total = self.products_page(1, 1).await?.total;
        let product_pages =
            u32::try_from(total.div_ceil(u64::from(PER_SITEMAP))).unwrap_or(u32::MAX);
        Ok(SitemapIndex {
            product_pages,
            categories: !self.category_paths().await?.is_empty(),
            tags: !self.tag_paths().await?.is_empty(),
        })
    }

    /// The product pages of sitemap `page` (1-based); `None` past the last one.
    pub async fn sitemap_products(&self, page: u32) -> AppResult<Option<Vec<String>>> {
        if page == 0 {
            return Ok(None);
        }
        let found = self.products_page(page, PER_SITEMAP).await?;
        if found.items.is_empty() {
            return Ok(None);
        }
        Ok(Some(found.items.iter().map(|p| p.path()).collect()))
    }

    /// Category pages with listed products (WordPress leaves empty terms out), parents first.
    pub async fn category_paths(&self) -> AppResult<Vec<String>> {
        let taxonomy = self.taxonomy().await?;
        Ok(taxonomy
            .tree
            .all()
            .iter()
            .filter(|c| taxonomy.count(c.id) > 0)
            .map(|c| format!("/product-category/{}/", taxonomy.tree.path(c.id).join("/")))
            .collect())
    }

    /// Tag pages with listed products.
    pub async fn tag_paths(&self) -> AppResult<Vec<String>> {
        let taxonomy = self.taxonomy().await?;
        let mut paths = Vec::new();
        for tag in &taxonomy.tags {
            let query = ListingQuery {
                layered: Default::default(),
                filter: ListingFilter::Tag(tag.id),
                sort: ListingSort::MenuOrder,
                page: PageRequest {
                    page: 1,
                    per_page: 1,
                },
            };
            if self
                .inner
                .store
                .list_products(&query, self.now())
                .await?
                .total
                > 0
            {
                paths.push(format!("/product-tag/{}/", tag.slug));
            }
        }
        Ok(paths)
    }

    async fn products_page(
        &self,
        page: u32,
        per_page: u32,
    ) -> AppResult<vitrine_domain::catalogue::ListingPage<vitrine_domain::catalogue::Product>> {
        let query = ListingQuery {
            layered: Default::default(),
            filter: ListingFilter::Shop,
            sort: ListingSort::MenuOrder,
            page: PageRequest { page, per_page },
        };
        Ok(self.inner.store.list_products(&query, self.now()).await?)
    }
}
