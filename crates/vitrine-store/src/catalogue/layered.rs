//! Layered navigation in SQL (migration 0011): the attribute terms each product offers
//! (`product_terms`), the filter clauses a listing query appends, and the filter panel's
//! counts. Every clause narrows `products p` with `p.id IN (…)` on the
//! `(attribute, term, product_id)` index, so it composes with any listing query and order.

use sqlx::{AnyConnection, AnyPool, Row};
use vitrine_domain::catalogue::{
    Attribute, AttributeCounts, FilterCounts, LayeredFilter, ListingFilter, Product, TermCount,
    filter_terms,
};

use super::fill::Documents;
use super::listing::push_where;
use crate::error::{StoreResult, db_error};
use crate::sql::Sql;

/// Appends the attribute and price filters to a query over `products p` that already has its
/// `WHERE`.
pub(super) fn push_layered(sql: &mut Sql, layered: &LayeredFilter) {
    for a in &layered.attributes {
        // `or`: one subquery for any of the terms; `and`: one per term.
        let groups: Vec<&[String]> = if a.match_all {
            a.terms.chunks(1).collect()
        } else {
            vec![a.terms.as_slice()]
        };
        for terms in groups {
            sql.push(" AND p.id IN (SELECT product_id FROM product_terms WHERE attribute = ")
                .bind_text(a.attribute.as_str())
                .push(" AND term IN (");
            for (i, term) in terms.iter().enumerate() {
                sql.push(if i == 0 { "" } else { ", " })
                    .bind_text(term.as_str());
            }
            sql.push("))");
        }
    }
    if let Some(min) = layered.min_price {
        sql.push(" AND p.sort_price >= ").bind_int(min);
    }
    if let Some(max) = layered.max_price {
        sql.push(" AND p.sort_price <= ").bind_int(max);
    }
}

/// Rewrites a product's term rows from its attributes (inside its upsert's transaction).
pub(super) async fn write_terms(conn: &mut AnyConnection, product: &Product) -> StoreResult<()> {
    sqlx::query("DELETE FROM product_terms WHERE product_id = $1")
        .bind(product.id.0)
        .execute(&mut *conn)
        .await
        .map_err(db_error)?;
    insert_terms(conn, product.id.0, &product.attributes).await
}

async fn insert_terms(
    conn: &mut AnyConnection,
    product: i64,
    attributes: &[Attribute],
) -> StoreResult<()> {
    let terms = filter_terms(attributes);
    if terms.is_empty() {
        return Ok(());
    }
    let mut insert = Sql::new(
        "INSERT INTO product_terms (product_id, attribute, term, attribute_name, term_name, \
         is_global) VALUES ",
    );
    for (i, t) in terms.iter().enumerate() {
        insert
            .push(if i == 0 { "(" } else { ", (" })
            .bind_int(product)
            .push(", ")
            .bind_text(t.attribute.as_str())
            .push(", ")
            .bind_text(t.term.as_str())
            .push(", ")
            .bind_text(t.attribute_name.as_str())
            .push(", ")
            .bind_text(t.term_name.as_str())
            .push(", ")
            .bind_int(i64::from(t.global))
            .push(")");
    }
    insert.push(" ON CONFLICT DO NOTHING");
    insert.query().execute(&mut *conn).await.map_err(db_error)?;
    Ok(())
}

/// The filter panel of a listing: global attributes present among the listing's products
/// (before any filter), each term counted under the other filters, and the price span
/// without the price window.
pub(super) async fn counts(
    pool: &AnyPool,
    filter: &ListingFilter,
    layered: &LayeredFilter,
) -> StoreResult<FilterCounts> {
    let attributes = if layered.is_empty() {
        unfiltered_terms(pool, filter).await?
    } else {
        terms_per_attribute(pool, filter, layered).await?
    };
    let mut span = Sql::new("SELECT MIN(p.sort_price), MAX(p.sort_price) FROM products p");
    push_where(&mut span, filter);
    push_layered(&mut span, &layered.without_price());
    let row = span.query().fetch_one(pool).await.map_err(db_error)?;
    let low: Option<i64> = row.try_get(0).map_err(db_error)?;
    let high: Option<i64> = row.try_get(1).map_err(db_error)?;
    Ok(FilterCounts {
        attributes,
        price: low.zip(high),
    }
    .sorted())
}

/// The panel of a listing with no filter chosen (every listing's first render, and the one a
/// catalogue write invalidates most): every attribute's terms counted over the same products,
/// so one pass over the listed products' terms instead of one per attribute plus one for the
/// names (ADR 0034). Attributes without a global row among them are left out, as
/// [`terms_per_attribute`] does; names are the least of their global rows'.
async fn unfiltered_terms(
    pool: &AnyPool,
    filter: &ListingFilter,
) -> StoreResult<Vec<AttributeCounts>> {
    let mut sql = Sql::new(
        "SELECT t.attribute, MIN(CASE WHEN t.is_global = 1 THEN t.attribute_name END), \
         t.term, MIN(t.term_name), COUNT(*) FROM product_terms t \
         WHERE t.product_id IN (SELECT p.id FROM products p",
    );
    push_where(&mut sql, filter);
    sql.push(") GROUP BY t.attribute, t.term ORDER BY t.attribute");
    // Each attribute with the least name among its global rows (None: no global row).
    let mut attributes: Vec<(AttributeCounts, Option<String>)> = Vec::new();
    for row in sql.query().fetch_all(pool).await.map_err(db_error)? {
        let attribute: String = row.try_get(0).map_err(db_error)?;
        let global_name: Option<String> = row.try_get(1).map_err(db_error)?;
        let count: i64 = row.try_get(4).map_err(db_error)?;
        let term = TermCount {
            term: row.try_get(2).map_err(db_error)?,
            name: row.try_get(3).map_err(db_error)?,
            count: u64::try_from(count).unwrap_or(0),
        };
        match attributes.last_mut() {
            Some((last, name)) if last.attribute == attribute => {
                last.terms.push(term);
                *name = name.take().into_iter().chain(global_name).min();
            }
            _ => attributes.push((
                AttributeCounts {
                    attribute,
                    name: String::new(),
                    terms: vec![term],
                },
                global_name,
            )),
        }
    }
    Ok(attributes
        .into_iter()
        .filter_map(|(counts, name)| {
            Some(AttributeCounts {
                name: name?,
                ..counts
            })
        })
        .collect())
}

/// The panel's attribute terms under chosen filters: each attribute counted under the others
/// (its own `or` terms left out, [`LayeredFilter::for_counting`]).
async fn terms_per_attribute(
    pool: &AnyPool,
    filter: &ListingFilter,
    layered: &LayeredFilter,
) -> StoreResult<Vec<AttributeCounts>> {
    let mut names = Sql::new(
        "SELECT t.attribute, MIN(t.attribute_name) FROM product_terms t \
         JOIN products p ON p.id = t.product_id",
    );
    push_where(&mut names, filter);
    names.push(" AND t.is_global = 1 GROUP BY t.attribute");
    let mut attributes = Vec::new();
    for row in names.query().fetch_all(pool).await.map_err(db_error)? {
        let attribute: String = row.try_get(0).map_err(db_error)?;
        let name: String = row.try_get(1).map_err(db_error)?;
        let mut sql = Sql::new(
            "SELECT t.term, MIN(t.term_name), COUNT(*) FROM product_terms t \
             JOIN products p ON p.id = t.product_id",
        );
        push_where(&mut sql, filter);
        sql.push(" AND t.attribute = ")
            .bind_text(attribute.as_str());
        push_layered(&mut sql, &layered.for_counting(&attribute));
        sql.push(" GROUP BY t.term");
        let terms = sql
            .query()
            .fetch_all(pool)
            .await
            .map_err(db_error)?
            .iter()
            .map(|r| {
                let count: i64 = r.try_get(2).map_err(db_error)?;
                Ok(TermCount {
                    term: r.try_get(0).map_err(db_error)?,
                    name: r.try_get(1).map_err(db_error)?,
                    count: u64::try_from(count).unwrap_or(0),
                })
            })
            .collect::<StoreResult<Vec<_>>>()?;
        attributes.push(AttributeCounts {
            attribute,
            name,
            terms,
        });
    }
    Ok(attributes)
}

/// Fills `product_terms` for products stored before the table existed, once (the counter row
/// 'product_terms_filled' turns 1 after). Safe to run from several instances at once: rows
/// already there are left alone.
pub(crate) async fn fill_terms(pool: &AnyPool) -> StoreResult<()> {
    let Some(mut documents) = Documents::unless_done(pool, "product_terms_filled").await? else {
        return Ok(());
    };
    while let Some(batch) = documents.next().await? {
        let mut conn = pool.acquire().await.map_err(db_error)?;
        for (id, document) in &batch {
            // Only the attributes are needed: prices and their currency are not read.
            let Ok(parsed) = serde_json::from_str::<AttributesOnly>(document) else {
                tracing::warn!(product = id, "no attributes read for the filters");
                continue;
            };
            insert_terms(&mut conn, *id, &parsed.attributes).await?;
        }
    }
    documents.done().await
}

#[derive(serde::Deserialize)]
struct AttributesOnly {
    #[serde(default)]
    attributes: Vec<Attribute>,
}
