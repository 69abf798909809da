//! Sales and ratings kept beside each product (migration 0011) for the popularity and rating
//! orders. Each update raises the product's change number so every instance's search index
//! re-sorts it.

use std::collections::HashMap;

use sqlx::{AnyConnection, AnyPool, Row};
use vitrine_domain::catalogue::{ProductId, ProductStats};

use super::changes;
use crate::error::{StoreResult, db_error};
use crate::sql::Sql;

/// Adds a paid order's quantities to its products' total sales (inside the transaction that
/// marks it paid, which happens once per order).
pub(crate) async fn record_sales(conn: &mut AnyConnection, order: i64) -> StoreResult<()> {
    let change = changes::next(conn).await?;
    sqlx::query(RECORD_SALES)
        .bind(order)
        .bind(change)
        .execute(&mut *conn)
        .await
        .map_err(db_error)?;
    Ok(())
}

const RECORD_SALES: &str = "UPDATE products SET total_sales = total_sales + \
    COALESCE((SELECT CAST(SUM(l.quantity) AS BIGINT) \
    FROM order_lines l WHERE l.order_id = $1 AND l.product_id = products.id), 0), \
    change_seq = $2 WHERE id IN (SELECT product_id FROM order_lines WHERE order_id = $1)";

/// [`record_sales`] inside a write transaction run whole (ADR 0036).
pub(crate) fn record_sales_whole(tx: &crate::db::WholeTx<'_>, order: i64) -> StoreResult<()> {
    let change = changes::next_whole(tx)?;
    tx.execute(
        RECORD_SALES,
        rusqlite::named_params! { "$1": order, "$2": change },
    )?;
    Ok(())
}

/// Recomputes a product's average rating and rating count from its approved reviews.
pub(crate) async fn refresh_rating(
    conn: &mut AnyConnection,
    product: ProductId,
) -> StoreResult<()> {
    let row = sqlx::query(
        "SELECT COUNT(*), CAST(COALESCE(SUM(rating), 0) AS BIGINT) FROM reviews \
         WHERE product_id = $1 AND status = 'approved' AND rating IS NOT NULL",
    )
    .bind(product.0)
    .fetch_one(&mut *conn)
    .await
    .map_err(db_error)?;
    let count: i64 = row.try_get(0).map_err(db_error)?;
    let stars: i64 = row.try_get(1).map_err(db_error)?;
    // Hundredths, rounded half up: 4 and 5 stars average 450.
    let average = if count == 0 {
        0
    } else {
        (stars * 100 * 2 + count) / (2 * count)
    };
    let change = changes::next(conn).await?;
    sqlx::query(
        "UPDATE products SET average_rating = $2, rating_count = $3, change_seq = $4 \
         WHERE id = $1",
    )
    .bind(product.0)
    .bind(average)
    .bind(count)
    .bind(change)
    .execute(&mut *conn)
    .await
    .map_err(db_error)?;
    Ok(())
}

pub(super) async fn of(
    pool: &AnyPool,
    ids: &[ProductId],
) -> StoreResult<HashMap<ProductId, ProductStats>> {
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    let mut sql = Sql::new(
        "SELECT id, total_sales, average_rating, rating_count FROM products WHERE id IN (",
    );
    sql.bind_ints(ids.iter().map(|id| id.0)).push(")");
    let rows = sql.query().fetch_all(pool).await.map_err(db_error)?;
    rows.iter()
        .map(|row| {
            Ok((
                ProductId(row.try_get(0).map_err(db_error)?),
                ProductStats {
                    total_sales: row.try_get(1).map_err(db_error)?,
                    average_rating: row.try_get(2).map_err(db_error)?,
                    rating_count: row.try_get(3).map_err(db_error)?,
                },
            ))
        })
        .collect()
}
