//! Storefront listings: shop, category, tag, featured and search pages, sorted and paged.

use sqlx::AnyPool;
use vitrine_domain::catalogue::{
    ListingFilter, ListingPage, ListingQuery, ListingSort, PageRequest, Product, ProductStatus,
};

use super::document::{decode_row, status_str, visibilities};
use crate::error::{StoreResult, db_error};
use crate::sql::{Sql, contains_pattern};

/// WooCommerce ANDs the words of a search; more words than this are ignored.
const MAX_SEARCH_WORDS: usize = 8;

/// Published products matching the filter. `per_page` is clamped to 1..=MAX_PER_PAGE and the
/// page actually served is returned.
pub(super) async fn list(
    pool: &AnyPool,
    query: &ListingQuery,
) -> StoreResult<ListingPage<Product>> {
    let page = PageRequest {
        page: query.page.page.max(1),
        per_page: query.page.per_page.clamp(1, PageRequest::MAX_PER_PAGE),
    };

    let mut count = Sql::new("SELECT COUNT(*) FROM products p");
    push_where(&mut count, &query.filter);
    let total: i64 = count
        .query()
        .fetch_one(pool)
        .await
        .map_err(db_error)
        .and_then(|row| sqlx::Row::try_get(&row, 0).map_err(db_error))?;

    let mut select = Sql::new("SELECT p.id, p.document FROM products p");
    push_where(&mut select, &query.filter);
    select.push(" ORDER BY ").push(order_by(query.sort));
    select
        .push(" LIMIT ")
        .bind_int(i64::from(page.per_page))
        .push(" OFFSET ")
        .bind_int(i64::try_from(page.offset()).unwrap_or(i64::MAX));
    let rows = select.query().fetch_all(pool).await.map_err(db_error)?;
    let items = rows.iter().map(decode_row).collect::<StoreResult<_>>()?;

    Ok(ListingPage {
        items,
        total: u64::try_from(total).unwrap_or(0),
        page,
    })
}

fn push_where(sql: &mut Sql, filter: &ListingFilter) {
    let search = matches!(filter, ListingFilter::Search(_));
    sql.push(" WHERE p.status = ")
        .bind_text(status_str(ProductStatus::Publish))
        .push(" AND p.visibility IN (");
    for (i, visibility) in visibilities(search).enumerate() {
        sql.push(if i == 0 { "" } else { ", " })
            .bind_text(visibility);
    }
    sql.push(")");
    match filter {
        ListingFilter::Shop => {}
        ListingFilter::Featured => {
            sql.push(" AND p.featured = 1");
        }
        ListingFilter::Tag(tag) => {
            sql.push(" AND p.id IN (SELECT product_id FROM product_tags WHERE tag_id = ")
                .bind_int(tag.0)
                .push(")");
        }
        ListingFilter::Categories(ids) => {
            // The categories asked for and every category below them.
            sql.push(
                " AND p.id IN (SELECT pc.product_id FROM product_categories pc \
                 WHERE pc.category_id IN (WITH RECURSIVE wanted (id) AS ( \
                 SELECT id FROM categories WHERE id IN (",
            )
            .bind_ints(ids.iter().map(|c| c.0))
            .push(
                ") UNION SELECT k.id FROM categories k JOIN wanted w ON k.parent_id = w.id) \
                 SELECT id FROM wanted))",
            );
        }
        ListingFilter::Search(text) => {
            let lowered = text.to_lowercase();
            for word in lowered.split_whitespace().take(MAX_SEARCH_WORDS) {
                sql.push(" AND p.search_text LIKE ")
                    .bind_text(contains_pattern(word))
                    .push(" ESCAPE '\\'");
            }
        }
    }
}

/// Ties always end on the id so paging is stable. Popularity and rating fall back to the
/// default order until sales and reviews are recorded.
fn order_by(sort: ListingSort) -> &'static str {
    match sort {
        ListingSort::MenuOrder | ListingSort::Popularity | ListingSort::Rating => {
            "p.menu_order ASC, p.sort_name ASC, p.id ASC"
        }
        ListingSort::Date => "p.created_at DESC, p.id DESC",
        // Products without a price go last either way (the backends disagree on NULLs).
        ListingSort::Price => {
            "CASE WHEN p.sort_price IS NULL THEN 1 ELSE 0 END, p.sort_price ASC, \
             p.menu_order ASC, p.sort_name ASC, p.id ASC"
        }
        ListingSort::PriceDesc => {
            "CASE WHEN p.sort_price IS NULL THEN 1 ELSE 0 END, p.sort_price DESC, \
             p.menu_order ASC, p.sort_name ASC, p.id ASC"
        }
    }
}
