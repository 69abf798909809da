//! Storefront listings: shop, category, tag, featured and search pages, sorted and paged.

use std::collections::BTreeSet;

use sqlx::AnyPool;
use vitrine_domain::catalogue::{
    CategoryId, LayeredFilter, ListingFilter, ListingPage, ListingQuery, ListingSort, PageRequest,
    Product, ProductId, ProductStatus,
};
use vitrine_domain::money::Currency;

use super::document::{status_str, visibilities};
use super::{layered, read};
use crate::error::{StoreResult, corrupt, db_error};
use crate::sql::{Sql, contains_pattern};

/// WooCommerce ANDs the words of a search; more words than this are ignored.
const MAX_SEARCH_WORDS: usize = 8;

/// Published products matching the filter. `per_page` is clamped to 1..=MAX_PER_PAGE and the
/// page actually served is returned.
pub(super) async fn list(
    pool: &AnyPool,
    base: Currency,
    query: &ListingQuery,
) -> StoreResult<ListingPage<Product>> {
    let page = PageRequest {
        page: query.page.page.max(1),
        per_page: query.page.per_page.clamp(1, PageRequest::MAX_PER_PAGE),
    };

    let mut count = Sql::new("SELECT COUNT(*) FROM products p");
    push_where(&mut count, &query.filter);
    layered::push_layered(&mut count, &query.layered);
    let total: i64 = count
        .query()
        .fetch_one(pool)
        .await
        .map_err(db_error)
        .and_then(|row| sqlx::Row::try_get(&row, 0).map_err(db_error))?;

    // The page's ids first, sorted on the indexed columns alone: sorting whole rows would drag
    // every product's document through the sort. Then the documents of just those ids.
    let mut select = ids_in_order(&query.filter, &query.layered, query.sort);
    select
        .push(" LIMIT ")
        .bind_int(i64::from(page.per_page))
        .push(" OFFSET ")
        .bind_int(i64::try_from(page.offset()).unwrap_or(i64::MAX));
    let ids = fetch_ids(pool, select).await?;
    let items = read::by_ids(pool, base, &ids).await?;

    Ok(ListingPage {
        items,
        total: u64::try_from(total).unwrap_or(0),
        page,
    })
}

/// Every listed product's id of the filter, in the order [`list`] pages through (one index
/// walk, no documents): what the application's listing cache keeps per catalogue version.
///
/// The ids come back as one value, the ordered aggregate `string_agg(id, ',' ORDER BY …)`
/// (SQLite 3.44 and PostgreSQL alike), not one row per product: a row costs the SQLite
/// driver a hand-off between its worker thread and the caller, which at 100,000 products made
/// the first listing after a start or a catalogue write take over a second (ADR 0034).
pub(super) async fn order(
    pool: &AnyPool,
    filter: &ListingFilter,
    layered: &LayeredFilter,
    sort: ListingSort,
) -> StoreResult<Vec<ProductId>> {
    let joined: Option<String> = order_query("", filter, layered, sort)
        .query()
        .fetch_one(pool)
        .await
        .map_err(db_error)
        .and_then(|row| sqlx::Row::try_get(&row, 0).map_err(db_error))?;
    parse_ids(joined.as_deref().unwrap_or(""))
}

/// The ordered aggregate of a listing's ids, after `prefix` (`EXPLAIN QUERY PLAN ` in tests).
fn order_query(
    prefix: &str,
    filter: &ListingFilter,
    layered: &LayeredFilter,
    sort: ListingSort,
) -> Sql {
    let mut select = Sql::new(prefix);
    select
        .push("SELECT string_agg(CAST(p.id AS TEXT), ',' ORDER BY ")
        .push(order_by(sort))
        .push(") FROM products p");
    push_where(&mut select, filter);
    layered::push_layered(&mut select, layered);
    select
}

/// `"3,1,2"` → the ids in that order; `""` (no product listed) → none.
fn parse_ids(joined: &str) -> StoreResult<Vec<ProductId>> {
    if joined.is_empty() {
        return Ok(Vec::new());
    }
    joined
        .split(',')
        .map(|id| {
            id.parse::<i64>()
                .map(ProductId)
                .map_err(|e| corrupt(format_args!("listing order id {id:?}"), e))
        })
        .collect()
}

fn ids_in_order(filter: &ListingFilter, layered: &LayeredFilter, sort: ListingSort) -> Sql {
    let mut select = Sql::new("SELECT p.id FROM products p");
    push_where(&mut select, filter);
    layered::push_layered(&mut select, layered);
    select.push(" ORDER BY ").push(order_by(sort));
    select
}

async fn fetch_ids(pool: &AnyPool, select: Sql) -> StoreResult<Vec<ProductId>> {
    let rows = select.query().fetch_all(pool).await.map_err(db_error)?;
    rows.iter()
        .map(|row| {
            sqlx::Row::try_get::<i64, _>(row, 0)
                .map(ProductId)
                .map_err(db_error)
        })
        .collect()
}

/// Listed products sharing a category with `product`: per category, the next ids after it on
/// the `(category_id, product_id)` index (each query stops after `limit` rows), then from the
/// start to wrap around; merged in id order after `product`.
pub(super) async fn related(
    pool: &AnyPool,
    base: Currency,
    product: ProductId,
    categories: &[CategoryId],
    limit: u32,
) -> StoreResult<Vec<Product>> {
    let mut after = BTreeSet::new();
    let mut before = BTreeSet::new();
    for category in categories {
        for (wrapped, set) in [(false, &mut after), (true, &mut before)] {
            let mut sql = Sql::new(
                "SELECT pc.product_id FROM product_categories pc \
                 JOIN products p ON p.id = pc.product_id WHERE pc.category_id = ",
            );
            sql.bind_int(category.0)
                .push(if wrapped {
                    " AND pc.product_id < "
                } else {
                    " AND pc.product_id > "
                })
                .bind_int(product.0)
                .push(" AND p.status = ")
                .bind_text(status_str(ProductStatus::Publish))
                .push(" AND p.visibility IN (");
            for (i, visibility) in visibilities(false).enumerate() {
                sql.push(if i == 0 { "" } else { ", " })
                    .bind_text(visibility);
            }
            sql.push(") ORDER BY pc.product_id LIMIT ")
                .bind_int(i64::from(limit));
            for row in sql.query().fetch_all(pool).await.map_err(db_error)? {
                set.insert(sqlx::Row::try_get::<i64, _>(&row, 0).map_err(db_error)?);
            }
        }
    }
    let ids: Vec<ProductId> = after
        .into_iter()
        .chain(before)
        .take(limit as usize)
        .map(ProductId)
        .collect();
    read::by_ids(pool, base, &ids).await
}

pub(super) fn push_where(sql: &mut Sql, filter: &ListingFilter) {
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

/// Ties always end on the id so paging is stable. Popularity and rating are WooCommerce's:
/// most sold, best rated then most rated, ties newest id first.
fn order_by(sort: ListingSort) -> &'static str {
    match sort {
        ListingSort::MenuOrder => "p.menu_order ASC, p.sort_name ASC, p.id ASC",
        ListingSort::Popularity => "p.total_sales DESC, p.id DESC",
        ListingSort::Rating => "p.average_rating DESC, p.rating_count DESC, p.id DESC",
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_joined_ids_keep_their_order() {
        let ids = parse_ids("3,1,20000000000").expect("ids");
        assert_eq!(
            ids,
            vec![ProductId(3), ProductId(1), ProductId(20_000_000_000)]
        );
        assert_eq!(parse_ids("").expect("none"), Vec::<ProductId>::new());
        assert!(matches!(
            parse_ids("3,x"),
            Err(vitrine_domain::ports::StoreError::Corrupt(_))
        ));
    }

    /// The home page's featured block must not read every product's row (ADR 0034): its order
    /// comes from the partial index of featured products.
    #[tokio::test]
    async fn the_featured_order_reads_the_featured_index() {
        let db = crate::Database::connect("sqlite::memory:")
            .await
            .expect("database");
        db.migrate().await.expect("migrated");
        let plan = order_query(
            "EXPLAIN QUERY PLAN ",
            &ListingFilter::Featured,
            &LayeredFilter::default(),
            ListingSort::MenuOrder,
        );
        let rows = plan.query().fetch_all(db.pool()).await.expect("plan");
        let details: Vec<String> = rows
            .iter()
            .map(|row| sqlx::Row::try_get::<String, _>(row, 3).expect("detail"))
            .collect();
        assert!(
            details
                .iter()
                .any(|d| d.contains("products_featured_by_menu_order")),
            "{details:?}"
        );
        db.close().await;
    }
}
