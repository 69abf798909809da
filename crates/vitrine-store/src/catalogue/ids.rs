//! Product identity: the id space products and variations share, SKU lookups and free slugs.

use std::collections::HashSet;

use sqlx::AnyConnection;
use vitrine_domain::catalogue::{Product, ProductId, Slug};
use vitrine_domain::ports::StoreError;

use crate::error::{StoreResult, backend, db_error};
use crate::sql::Sql;

/// The next id above every stored or handed-out product and variation id. The counter row is
/// written first so a concurrent PostgreSQL import waits here instead of taking the same id.
pub(super) async fn allocate(conn: &mut AnyConnection) -> StoreResult<i64> {
    sqlx::query("UPDATE id_counters SET last_id = last_id WHERE name = 'catalogue'")
        .execute(&mut *conn)
        .await
        .map_err(db_error)?;
    let highest: Option<i64> = sqlx::query_scalar(
        "SELECT MAX(m) FROM ( \
             SELECT last_id AS m FROM id_counters WHERE name = 'catalogue' \
             UNION ALL SELECT MAX(id) FROM products \
             UNION ALL SELECT MAX(id) FROM variations) AS ids",
    )
    .fetch_one(&mut *conn)
    .await
    .map_err(db_error)?;
    let next = highest.unwrap_or(0).saturating_add(1);
    sqlx::query("UPDATE id_counters SET last_id = $1 WHERE name = 'catalogue'")
        .bind(next)
        .execute(&mut *conn)
        .await
        .map_err(db_error)?;
    Ok(next)
}

/// Raises the counter past the ids a written product uses.
pub(super) async fn note_used(conn: &mut AnyConnection, product: &Product) -> StoreResult<()> {
    let highest = product
        .variations
        .iter()
        .map(|v| v.id.0)
        .fold(product.id.0, i64::max);
    sqlx::query("UPDATE id_counters SET last_id = $1 WHERE name = 'catalogue' AND last_id < $1")
        .bind(highest)
        .execute(&mut *conn)
        .await
        .map_err(db_error)?;
    Ok(())
}

/// A product id must not be another product's variation id, and a variation id must be
/// neither a product id nor another product's variation id.
pub(super) async fn check_id_space(conn: &mut AnyConnection, product: &Product) -> StoreResult<()> {
    let id = product.id.0;
    let taken = |what: &str, clash: i64| {
        StoreError::Conflict(format!(
            "id {clash} of product {id} is already used by {what}"
        ))
    };
    let owner: Option<i64> = sqlx::query_scalar("SELECT product_id FROM variations WHERE id = $1")
        .bind(id)
        .fetch_optional(&mut *conn)
        .await
        .map_err(db_error)?;
    if let Some(owner) = owner {
        return Err(taken(&format!("a variation of product {owner}"), id));
    }
    if product.variations.iter().any(|v| v.id.0 == id) {
        return Err(taken("its own variation", id));
    }

    let variation_ids = || product.variations.iter().map(|v| v.id.0);
    let mut products = Sql::new("SELECT id FROM products WHERE id IN (");
    products.bind_ints(variation_ids()).push(")");
    if let Some(row) = products
        .query()
        .fetch_optional(&mut *conn)
        .await
        .map_err(db_error)?
    {
        let clash: i64 = sqlx::Row::try_get(&row, 0).map_err(db_error)?;
        return Err(taken("a product", clash));
    }
    let mut others = Sql::new("SELECT id FROM variations WHERE product_id <> ");
    others
        .bind_int(id)
        .push(" AND id IN (")
        .bind_ints(variation_ids())
        .push(")");
    if let Some(row) = others
        .query()
        .fetch_optional(&mut *conn)
        .await
        .map_err(db_error)?
    {
        let clash: i64 = sqlx::Row::try_get(&row, 0).map_err(db_error)?;
        return Err(taken("another product's variation", clash));
    }
    Ok(())
}

/// The product, or failing that the variation, carrying this SKU (one id space).
pub(super) async fn by_sku(conn: &mut AnyConnection, sku: &str) -> StoreResult<Option<ProductId>> {
    let Some(sku) = super::document::clean_sku(Some(sku)) else {
        return Ok(None);
    };
    let id: Option<i64> = sqlx::query_scalar(
        "SELECT id FROM products WHERE sku = $1 \
         UNION ALL SELECT id FROM variations WHERE sku = $1",
    )
    .bind(sku.as_str())
    .fetch_optional(&mut *conn)
    .await
    .map_err(db_error)?;
    Ok(id.map(ProductId))
}

/// `wanted` if no other product has it, else the first free `wanted-2`, `wanted-3`, ….
///
/// The free case is one lookup on the slug's unique index. Only a taken slug reads the
/// numbered ones: a `LIKE` prefix cannot use that index (SQLite's `LIKE` ignores case, and
/// PostgreSQL's collation is not bytewise), so asking it for every product made an import
/// walk the whole table once per row.
pub(super) async fn unique_slug(
    conn: &mut AnyConnection,
    wanted: &Slug,
    for_id: ProductId,
) -> StoreResult<Slug> {
    let taken: Option<i64> =
        sqlx::query_scalar("SELECT id FROM products WHERE slug = $1 AND id <> $2")
            .bind(wanted.as_str())
            .bind(for_id.0)
            .fetch_optional(&mut *conn)
            .await
            .map_err(db_error)?;
    if taken.is_none() {
        return Ok(wanted.clone());
    }
    let used: Vec<String> = sqlx::query_scalar(
        "SELECT slug FROM products WHERE (slug = $1 OR slug LIKE $2) AND id <> $3",
    )
    .bind(wanted.as_str())
    .bind(format!("{}-%", wanted.as_str()))
    .bind(for_id.0)
    .fetch_all(&mut *conn)
    .await
    .map_err(db_error)?;
    let used: HashSet<String> = used.into_iter().collect();
    if !used.contains(wanted.as_str()) {
        return Ok(wanted.clone());
    }
    (2..=used.len() + 2)
        .map(|n| numbered(wanted, n))
        .find(|candidate| !used.contains(candidate))
        .and_then(|candidate| Slug::parse(&candidate).ok())
        .ok_or_else(|| backend(format!("no free slug for {wanted}")))
}

/// `hoodie-2`, shortening the base so the result stays a valid slug.
fn numbered(base: &Slug, n: usize) -> String {
    let suffix = format!("-{n}");
    let room = 200 - suffix.len();
    let base = base.as_str();
    let base = base
        .get(..room.min(base.len()))
        .unwrap_or(base)
        .trim_end_matches('-');
    format!("{base}{suffix}")
}
