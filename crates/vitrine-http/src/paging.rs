//! The paging headers of a list endpoint, as WordPress's REST API sends them (spec §7 "REST
//! client behaviour", §9 fetch-all page size 100): `X-WP-Total`, `X-WP-TotalPages`, and a
//! `Link` header with `rel="next"` / `rel="prev"` so a client can fetch every page by following
//! it. The links are the request's own path and query with only `page` changed.

use axum::http::{HeaderMap, HeaderValue, Uri};
use axum::response::{IntoResponse, Response};

pub const TOTAL_HEADER: &str = "x-wp-total";
pub const TOTAL_PAGES_HEADER: &str = "x-wp-totalpages";

/// Where a list stands: the page answered, how many pages and items there are in all.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Paging {
    pub page: u32,
    pub total_pages: u64,
    pub total: u64,
}

/// `body` with the paging headers added.
pub fn paged(uri: &Uri, paging: Paging, body: impl IntoResponse) -> Response {
    let mut response = body.into_response();
    add_headers(response.headers_mut(), uri, paging);
    response
}

fn add_headers(headers: &mut HeaderMap, uri: &Uri, paging: Paging) {
    headers.insert(TOTAL_HEADER, HeaderValue::from(paging.total));
    headers.insert(TOTAL_PAGES_HEADER, HeaderValue::from(paging.total_pages));
    if let Some(link) =
        link_header(uri, paging).and_then(|value| HeaderValue::from_str(&value).ok())
    {
        headers.insert(axum::http::header::LINK, link);
    }
}

/// `<…page=2>; rel="prev", <…page=4>; rel="next"`, or None on a list of one page. A page
/// past the end links back to the last one (WordPress does the same).
pub fn link_header(uri: &Uri, paging: Paging) -> Option<String> {
    let page = u64::from(paging.page.max(1));
    let mut links = Vec::with_capacity(2);
    if page > 1 && paging.total_pages > 0 {
        let prev = (page - 1).min(paging.total_pages);
        links.push(format!("<{}>; rel=\"prev\"", with_page(uri, prev)));
    }
    if page < paging.total_pages {
        links.push(format!("<{}>; rel=\"next\"", with_page(uri, page + 1)));
    }
    (!links.is_empty()).then(|| links.join(", "))
}

/// The request's path and query, `page` set to `page` (other parameters kept as sent).
fn with_page(uri: &Uri, page: u64) -> String {
    let mut pairs: Vec<String> = uri
        .query()
        .unwrap_or_default()
        .split('&')
        .filter(|pair| !pair.is_empty() && pair.split('=').next() != Some("page"))
        .map(str::to_owned)
        .collect();
    pairs.push(format!("page={page}"));
    format!("{}?{}", uri.path(), pairs.join("&"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn uri(s: &str) -> Uri {
        s.parse().expect("uri")
    }

    const THREE: Paging = Paging {
        page: 2,
        total_pages: 3,
        total: 250,
    };

    #[test]
    fn a_middle_page_links_to_both_neighbours_keeping_the_other_parameters() {
        let link = link_header(
            &uri("/api/v1/products?per_page=100&page=2&orderby=price"),
            THREE,
        );
        assert_eq!(
            link.as_deref(),
            Some(
                "</api/v1/products?per_page=100&orderby=price&page=1>; rel=\"prev\", \
                 </api/v1/products?per_page=100&orderby=price&page=3>; rel=\"next\""
            )
        );
    }

    #[test]
    fn the_first_page_has_only_next_and_the_last_only_prev() {
        let first = Paging { page: 1, ..THREE };
        assert_eq!(
            link_header(&uri("/api/v1/products?per_page=100"), first).as_deref(),
            Some("</api/v1/products?per_page=100&page=2>; rel=\"next\"")
        );
        let last = Paging { page: 3, ..THREE };
        assert_eq!(
            link_header(&uri("/api/v1/products"), last).as_deref(),
            Some("</api/v1/products?page=2>; rel=\"prev\"")
        );
    }

    #[test]
    fn one_page_has_no_link_and_a_page_past_the_end_points_back_to_the_last() {
        let one = Paging {
            page: 1,
            total_pages: 1,
            total: 5,
        };
        assert_eq!(link_header(&uri("/api/v1/products"), one), None);
        let past = Paging { page: 9, ..THREE };
        assert_eq!(
            link_header(&uri("/api/v1/products?page=9"), past).as_deref(),
            Some("</api/v1/products?page=3>; rel=\"prev\"")
        );
    }

    #[test]
    fn a_parameter_that_only_starts_with_page_is_kept() {
        let link = link_header(&uri("/x?pages=a&page=1"), Paging { page: 1, ..THREE });
        assert_eq!(link.as_deref(), Some("</x?pages=a&page=2>; rel=\"next\""));
    }

    #[test]
    fn the_totals_are_headers() {
        let response = paged(&uri("/x"), THREE, "body");
        assert_eq!(response.headers()[TOTAL_HEADER], "250");
        assert_eq!(response.headers()[TOTAL_PAGES_HEADER], "3");
    }
}
