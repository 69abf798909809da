//! Product lookups by id, slug, id list and variation.

use std::collections::HashMap;

use sqlx::AnyPool;
use vitrine_domain::catalogue::{ImageId, Product, ProductId, ProductStatus, Slug, VariationId};
use vitrine_domain::money::Currency;

use super::document::{decode_row, decode_sqlite_row, status_str};
use crate::db::{prepared, sqlite_error};
use crate::error::{StoreResult, backend, db_error};
use crate::sql::Sql;

/// Keeps `IN (…)` lists well below every backend's bind-parameter limit.
const IDS_PER_QUERY: usize = 500;

pub(super) async fn by_id(
    pool: &AnyPool,
    base: Currency,
    id: ProductId,
) -> StoreResult<Option<Product>> {
    let row = sqlx::query("SELECT id, document FROM products WHERE id = $1")
        .bind(id.0)
        .fetch_optional(pool)
        .await
        .map_err(db_error)?;
    row.as_ref().map(|r| decode_row(r, base)).transpose()
}

pub(super) async fn by_slug(
    pool: &AnyPool,
    base: Currency,
    slug: &Slug,
) -> StoreResult<Option<Product>> {
    let row = sqlx::query("SELECT id, document FROM products WHERE slug = $1")
        .bind(slug.as_str())
        .fetch_optional(pool)
        .await
        .map_err(db_error)?;
    row.as_ref().map(|r| decode_row(r, base)).transpose()
}

/// In the order asked (duplicates repeated); unknown ids are skipped.
pub(super) async fn by_ids(
    pool: &AnyPool,
    base: Currency,
    ids: &[ProductId],
) -> StoreResult<Vec<Product>> {
    let mut found = HashMap::with_capacity(ids.len());
    for chunk in ids.chunks(IDS_PER_QUERY) {
        let mut sql = Sql::new("SELECT id, document FROM products WHERE id IN (");
        sql.bind_ints(chunk.iter().map(|id| id.0)).push(")");
        let rows = sql.query().fetch_all(pool).await.map_err(db_error)?;
        for row in &rows {
            let product = decode_row(row, base)?;
            found.insert(product.id, product);
        }
    }
    Ok(ids.iter().filter_map(|id| found.get(id).cloned()).collect())
}

/// [`by_ids`] read in place (ADR 0041): one statement, the ids as a JSON array (one prepared
/// statement whatever the list's length).
pub(super) fn by_ids_in_place(
    conn: &rusqlite::Connection,
    base: Currency,
    ids: &[ProductId],
) -> StoreResult<Vec<Product>> {
    let list = serde_json::to_string(&ids.iter().map(|id| id.0).collect::<Vec<i64>>())
        .map_err(|e| backend(e.to_string()))?;
    let mut statement = prepared(
        conn,
        "SELECT id, document FROM products WHERE id IN (SELECT value FROM json_each(?1))",
    )?;
    let mut rows = statement.query([list]).map_err(sqlite_error)?;
    let mut found = HashMap::with_capacity(ids.len());
    while let Some(row) = rows.next().map_err(sqlite_error)? {
        let product = decode_sqlite_row(row, base)?;
        found.insert(product.id, product);
    }
    Ok(ids.iter().filter_map(|id| found.get(id).cloned()).collect())
}

/// The products showing `image`, in id order, at most `limit` (ADR 0044).
pub(super) async fn with_image(
    pool: &AnyPool,
    image: ImageId,
    limit: u32,
) -> StoreResult<Vec<ProductId>> {
    let ids: Vec<i64> = sqlx::query_scalar(
        "SELECT i.product_id FROM product_images i JOIN products p ON p.id = i.product_id \
         WHERE i.image_id = $1 AND p.status = $2 ORDER BY i.product_id LIMIT $3",
    )
    .bind(image.0)
    .bind(status_str(ProductStatus::Publish))
    .bind(i64::from(limit))
    .fetch_all(pool)
    .await
    .map_err(db_error)?;
    Ok(ids.into_iter().map(ProductId).collect())
}

pub(super) async fn of_variation(
    pool: &AnyPool,
    base: Currency,
    id: VariationId,
) -> StoreResult<Option<Product>> {
    let row = sqlx::query(
        "SELECT p.id, p.document FROM products p \
         JOIN variations v ON v.product_id = p.id WHERE v.id = $1",
    )
    .bind(id.0)
    .fetch_optional(pool)
    .await
    .map_err(db_error)?;
    row.as_ref().map(|r| decode_row(r, base)).transpose()
}

/// Every stored product, whatever its status.
pub(super) async fn count(pool: &AnyPool) -> StoreResult<u64> {
    let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM products")
        .fetch_one(pool)
        .await
        .map_err(db_error)?;
    Ok(u64::try_from(n).unwrap_or(0))
}
