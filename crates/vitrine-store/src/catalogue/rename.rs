//! Renaming a category or a tag. The products carrying it take the next change number, so
//! every instance's search index re-reads them (their documents hold the name).

use sqlx::AnyConnection;
use vitrine_domain::catalogue::{CategoryId, TagId};

use super::changes;
use crate::db::Database;
use crate::error::{StoreResult, db_error};

/// Products in the category or any category below it.
const CATEGORY_PRODUCTS: &str = "SELECT pc.product_id FROM product_categories pc \
    WHERE pc.category_id IN (WITH RECURSIVE below (id) AS ( \
    SELECT id FROM categories WHERE id = $2 \
    UNION SELECT k.id FROM categories k JOIN below b ON k.parent_id = b.id) \
    SELECT id FROM below)";

pub(super) async fn category(db: &Database, id: CategoryId, name: &str) -> StoreResult<bool> {
    rename(
        db,
        "UPDATE categories SET name = $2 WHERE id = $1 RETURNING id",
        CATEGORY_PRODUCTS,
        id.0,
        name,
    )
    .await
}

pub(super) async fn tag(db: &Database, id: TagId, name: &str) -> StoreResult<bool> {
    rename(
        db,
        "UPDATE tags SET name = $2 WHERE id = $1 RETURNING id",
        "SELECT product_id FROM product_tags WHERE tag_id = $2",
        id.0,
        name,
    )
    .await
}

async fn rename(
    db: &Database,
    update: &str,
    products: &str,
    id: i64,
    name: &str,
) -> StoreResult<bool> {
    let mut tx = db.begin_write().await?;
    let renamed = sqlx::query(update)
        .bind(id)
        .bind(name)
        .fetch_optional(&mut *tx)
        .await
        .map_err(db_error)?;
    if renamed.is_none() {
        tx.rollback().await.map_err(db_error)?;
        return Ok(false);
    }
    touch(&mut tx, products, id).await?;
    tx.commit().await.map_err(db_error)?;
    Ok(true)
}

/// One change number for every product the subquery (`$2` its id) names.
async fn touch(conn: &mut AnyConnection, products: &str, id: i64) -> StoreResult<()> {
    let change = changes::next(conn).await?;
    let sql = format!("UPDATE products SET change_seq = $1 WHERE id IN ({products})");
    let result = sqlx::query(&sql)
        .bind(change)
        .bind(id)
        .execute(&mut *conn)
        .await
        .map_err(db_error)?;
    tracing::debug!(
        products = result.rows_affected(),
        "renamed: products to re-index"
    );
    Ok(())
}
