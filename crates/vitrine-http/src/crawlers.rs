//! `/robots.txt` and WordPress's core sitemaps (`/wp-sitemap.xml`, its product, category and
//! tag pages) at the addresses a WooCommerce shop had. While the shop is "coming soon" robots
//! are asked to stay out and the sitemaps list nothing.

use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};

use crate::error::ApiResult;
use crate::html::escape;
use crate::state::AppState;

const XML: &str = "application/xml; charset=utf-8";
/// Crawlers come back daily at most; a changed catalogue shows within the hour.
const CACHE: &str = "public, max-age=3600";

pub async fn robots_txt(State(state): State<AppState>) -> Response {
    let base = state.settings().base_url();
    let body = if state.settings().coming_soon {
        "User-agent: *\nDisallow: /\n".to_owned()
    } else {
        // The shopper's own pages are no use to a search engine (WooCommerce marks them
        // noindex too); everything else, the API included, may be fetched to render pages.
        // The cart page is the same for everyone and may be fetched (ADR 0025).
        format!(
            "User-agent: *\nDisallow: /checkout/\nDisallow: /my-account/\n\
             \nSitemap: {base}/wp-sitemap.xml\n"
        )
    };
    text(body, "text/plain; charset=utf-8")
}

pub async fn sitemap_index(State(state): State<AppState>) -> ApiResult<Response> {
    let base = state.settings().base_url();
    let mut names = Vec::new();
    if !state.settings().coming_soon {
        let index = state.shop().catalogue().sitemap_index().await?;
        names
            .extend((1..=index.product_pages).map(|n| format!("wp-sitemap-posts-product-{n}.xml")));
        if index.categories {
            names.push(CATEGORIES.to_owned());
        }
        if index.tags {
            names.push(TAGS.to_owned());
        }
    }
    let entries: String = names
        .iter()
        .map(|name| {
            format!(
                "<sitemap><loc>{}</loc></sitemap>",
                escape(&format!("{base}/{name}"))
            )
        })
        .collect();
    Ok(text(
        format!(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<sitemapindex \
             xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">{entries}</sitemapindex>\n"
        ),
        XML,
    ))
}

/// `wp-sitemap-posts-product-{n}.xml` (routed with the number and `.xml` as `rest`).
pub async fn product_sitemap(
    state: State<AppState>,
    Path(rest): Path<String>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
) -> ApiResult<Response> {
    let file = format!("wp-sitemap-posts-product-{rest}");
    sitemap_page(state, &file, method, uri, headers).await
}

pub async fn category_sitemap(
    state: State<AppState>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
) -> ApiResult<Response> {
    sitemap_page(state, CATEGORIES, method, uri, headers).await
}

pub async fn tag_sitemap(
    state: State<AppState>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
) -> ApiResult<Response> {
    sitemap_page(state, TAGS, method, uri, headers).await
}

const CATEGORIES: &str = "wp-sitemap-taxonomies-product_cat-1.xml";
const TAGS: &str = "wp-sitemap-taxonomies-product_tag-1.xml";

/// One sitemap page; an empty or unknown one is the shop's 404 page, as any unknown address.
async fn sitemap_page(
    State(state): State<AppState>,
    file: &str,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
) -> ApiResult<Response> {
    let catalogue = state.shop().catalogue();
    let paths = match SitemapFile::parse(file) {
        _ if state.settings().coming_soon => None,
        Some(SitemapFile::Products(page)) => catalogue.sitemap_products(page).await?,
        Some(SitemapFile::Categories) => Some(catalogue.category_paths().await?),
        Some(SitemapFile::Tags) => Some(catalogue.tag_paths().await?),
        None => None,
    };
    let Some(paths) = paths.filter(|p| !p.is_empty()) else {
        return Ok(crate::storefront::serve_storefront(State(state), method, uri, headers).await);
    };
    let base = state.settings().base_url();
    let entries: String = paths
        .iter()
        .map(|path| format!("<url><loc>{}</loc></url>", escape(&format!("{base}{path}"))))
        .collect();
    Ok(text(
        format!(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset \
             xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">{entries}</urlset>\n"
        ),
        XML,
    ))
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum SitemapFile {
    Products(u32),
    Categories,
    Tags,
}

impl SitemapFile {
    fn parse(file: &str) -> Option<Self> {
        match file {
            CATEGORIES => Some(Self::Categories),
            TAGS => Some(Self::Tags),
            _ => {
                let number = file
                    .strip_prefix("wp-sitemap-posts-product-")?
                    .strip_suffix(".xml")?;
                // Digits only, no sign or leading zero: one address per page.
                if number.starts_with('0') || !number.bytes().all(|b| b.is_ascii_digit()) {
                    return None;
                }
                number.parse().ok().map(Self::Products)
            }
        }
    }
}

fn text(body: String, content_type: &'static str) -> Response {
    (
        StatusCode::OK,
        [
            (header::CONTENT_TYPE, HeaderValue::from_static(content_type)),
            (header::CACHE_CONTROL, HeaderValue::from_static(CACHE)),
        ],
        body,
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::SitemapFile;

    #[test]
    fn sitemap_files_are_wordpress_names() {
        assert_eq!(
            SitemapFile::parse("wp-sitemap-posts-product-1.xml"),
            Some(SitemapFile::Products(1))
        );
        assert_eq!(
            SitemapFile::parse("wp-sitemap-posts-product-12.xml"),
            Some(SitemapFile::Products(12))
        );
        assert_eq!(
            SitemapFile::parse("wp-sitemap-taxonomies-product_cat-1.xml"),
            Some(SitemapFile::Categories)
        );
        assert_eq!(
            SitemapFile::parse("wp-sitemap-taxonomies-product_tag-1.xml"),
            Some(SitemapFile::Tags)
        );
        for other in [
            "wp-sitemap-posts-product-0.xml",
            "wp-sitemap-posts-product-01.xml",
            "wp-sitemap-posts-product-+1.xml",
            "wp-sitemap-posts-product-.xml",
            "wp-sitemap-posts-page-1.xml",
            "wp-sitemap-taxonomies-product_cat-2.xml",
            "favicon.svg",
        ] {
            assert_eq!(SitemapFile::parse(other), None, "{other}");
        }
    }
}
