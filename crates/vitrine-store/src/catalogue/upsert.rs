//! Writing one product: its document, index columns, link rows and variation rows.

use std::collections::BTreeSet;

use sqlx::AnyConnection;
use time::OffsetDateTime;
use vitrine_domain::catalogue::{Product, ProductKind};
use vitrine_domain::money::Currency;
use vitrine_domain::ports::{StoreError, UpsertOutcome};

use super::document::{ProductRow, clean_sku, encode, unix_now};
use super::{changes, ids, layered};
use crate::error::{StoreResult, backend, db_error};
use crate::sql::Sql;

const INSERT: &str = "INSERT INTO products (id, slug, sku, kind, status, visibility, featured, \
    name, sort_name, menu_order, sort_price, created_at, search_text, document, updated_at, \
    change_seq) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)";
const UPDATE: &str = "UPDATE products SET slug = $2, sku = $3, kind = $4, status = $5, \
    visibility = $6, featured = $7, name = $8, sort_name = $9, menu_order = $10, \
    sort_price = $11, created_at = $12, search_text = $13, document = $14, updated_at = $15, \
    change_seq = $16 WHERE id = $1";

/// Compares the stored document first: an identical product writes nothing at all.
pub(super) async fn upsert(
    conn: &mut AnyConnection,
    product: &Product,
    base: Currency,
) -> StoreResult<UpsertOutcome> {
    let document = encode(product, base)?;
    let stored: Option<String> = sqlx::query_scalar("SELECT document FROM products WHERE id = $1")
        .bind(product.id.0)
        .fetch_optional(&mut *conn)
        .await
        .map_err(db_error)?;
    if stored.as_deref() == Some(document.as_str()) {
        return Ok(UpsertOutcome::Unchanged);
    }
    ids::check_id_space(conn, product).await?;
    check_skus(conn, product).await?;

    let sort_price = match product.kind {
        ProductKind::Grouped => cheapest_child(conn, product).await?,
        _ => product
            .price_range(OffsetDateTime::now_utc())
            .map_err(|e| backend(format!("cannot price product {}: {e}", product.id)))?
            .map(|r| r.min().amount_minor()),
    };
    let row = ProductRow::new(product, document, sort_price);
    let change = changes::next(conn).await?;
    let statement = if stored.is_some() { UPDATE } else { INSERT };
    sqlx::query(statement)
        .bind(row.id)
        .bind(row.slug)
        .bind(row.sku)
        .bind(row.kind)
        .bind(row.status)
        .bind(row.visibility)
        .bind(row.featured)
        .bind(row.name)
        .bind(row.sort_name)
        .bind(row.menu_order)
        .bind(row.sort_price)
        .bind(row.created_at)
        .bind(row.search_text)
        .bind(row.document)
        .bind(unix_now())
        .bind(change)
        .execute(&mut *conn)
        .await
        .map_err(db_error)?;
    replace_rows(conn, product).await?;
    layered::write_terms(conn, product).await?;
    ids::note_used(conn, product).await?;
    crate::stock::sync(conn, product).await?;

    Ok(if stored.is_some() {
        UpsertOutcome::Updated
    } else {
        UpsertOutcome::Created
    })
}

/// Rewrites the category, tag, image and variation rows from the document. The image rows
/// hold the product's own images and its variations' (ADR 0044: the media route finds an
/// image's product by them).
async fn replace_rows(conn: &mut AnyConnection, product: &Product) -> StoreResult<()> {
    let id = product.id.0;
    let links = [
        (
            "product_categories",
            "category_id",
            product.categories.iter().map(|c| c.0).collect(),
        ),
        (
            "product_tags",
            "tag_id",
            product.tags.iter().map(|t| t.0).collect::<BTreeSet<_>>(),
        ),
        (
            "product_images",
            "image_id",
            product.shown_images().map(|i| i.id.0).collect(),
        ),
    ];
    for (table, column, targets) in links {
        sqlx::query(&format!("DELETE FROM {table} WHERE product_id = $1"))
            .bind(id)
            .execute(&mut *conn)
            .await
            .map_err(db_error)?;
        if targets.is_empty() {
            continue;
        }
        let mut insert = Sql::new(&format!(
            "INSERT INTO {table} (product_id, {column}) VALUES "
        ));
        for (i, target) in targets.into_iter().enumerate() {
            insert.push(if i == 0 { "(" } else { ", (" });
            insert.bind_int(id).push(", ").bind_int(target).push(")");
        }
        insert.query().execute(&mut *conn).await.map_err(db_error)?;
    }

    sqlx::query("DELETE FROM variations WHERE product_id = $1")
        .bind(id)
        .execute(&mut *conn)
        .await
        .map_err(db_error)?;
    for variation in &product.variations {
        sqlx::query("INSERT INTO variations (id, product_id, sku) VALUES ($1, $2, $3)")
            .bind(variation.id.0)
            .bind(id)
            .bind(clean_sku(variation.sku.as_deref()))
            .execute(&mut *conn)
            .await
            .map_err(db_error)?;
    }
    Ok(())
}

/// SKUs are unique across products and variations together, as in WooCommerce. Clashes within
/// one table are caught by its unique constraint; this checks across the two.
async fn check_skus(conn: &mut AnyConnection, product: &Product) -> StoreResult<()> {
    let own = clean_sku(product.sku.as_deref());
    let variation_skus: Vec<String> = product
        .variations
        .iter()
        .filter_map(|v| clean_sku(v.sku.as_deref()))
        .collect();
    if let Some(sku) = own.as_ref().filter(|s| variation_skus.contains(s)) {
        return Err(sku_taken(sku));
    }
    if let Some(sku) = &own {
        let clash: Option<i64> =
            sqlx::query_scalar("SELECT id FROM variations WHERE sku = $1 AND product_id <> $2")
                .bind(sku.as_str())
                .bind(product.id.0)
                .fetch_optional(&mut *conn)
                .await
                .map_err(db_error)?;
        if clash.is_some() {
            return Err(sku_taken(sku));
        }
    }
    for sku in &variation_skus {
        let clash: Option<i64> =
            sqlx::query_scalar("SELECT id FROM products WHERE sku = $1 AND id <> $2")
                .bind(sku.as_str())
                .bind(product.id.0)
                .fetch_optional(&mut *conn)
                .await
                .map_err(db_error)?;
        if clash.is_some() {
            return Err(sku_taken(sku));
        }
    }
    Ok(())
}

fn sku_taken(sku: &str) -> StoreError {
    StoreError::Conflict(format!("SKU {sku:?} is already used by another product"))
}

/// A grouped product sorts by its cheapest child as stored when it is written.
async fn cheapest_child(conn: &mut AnyConnection, product: &Product) -> StoreResult<Option<i64>> {
    let mut sql = Sql::new("SELECT MIN(sort_price) FROM products WHERE id IN (");
    sql.bind_ints(product.grouped_children.iter().map(|c| c.0))
        .push(")");
    let row = sql.query().fetch_one(&mut *conn).await.map_err(db_error)?;
    sqlx::Row::try_get(&row, 0).map_err(db_error)
}
