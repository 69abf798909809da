//! Stock levels (ADR 0014): the `stock` table is the truth for managed-stock products and
//! variations. Orders change it with one conditional update each (see `order`); product reads
//! lay it over the documents' `stock_quantity` (and the status that follows from it); imports
//! write it with the document.

use std::collections::HashMap;

use sqlx::{AnyConnection, AnyPool, Row};
use vitrine_domain::catalogue::{Backorders, Inventory, Product, StockStatus};

use crate::db::{prepared, sqlite_error};
use crate::error::{StoreResult, backend, db_error};
use crate::sql::Sql;

/// Keeps `IN (…)` lists well below every backend's bind-parameter limit.
const IDS_PER_QUERY: usize = 500;

/// Sets the stock level (and the status it implies) of `products` and their variations from
/// the `stock` table.
pub(crate) async fn overlay(pool: &AnyPool, products: &mut [Product]) -> StoreResult<()> {
    let managed = managed(products);
    let mut levels = HashMap::new();
    for chunk in managed.chunks(IDS_PER_QUERY) {
        let mut sql = Sql::new("SELECT item_id, quantity FROM stock WHERE product_id IN (");
        sql.bind_ints(chunk.iter().copied()).push(")");
        for row in sql.query().fetch_all(pool).await.map_err(db_error)? {
            let item: i64 = row.try_get("item_id").map_err(db_error)?;
            let quantity: i64 = row.try_get("quantity").map_err(db_error)?;
            levels.insert(item, quantity);
        }
    }
    apply_levels(products, &levels);
    Ok(())
}

/// [`overlay`] read in place (ADR 0041): one statement, the ids as a JSON array.
pub(crate) fn overlay_in_place(
    conn: &rusqlite::Connection,
    products: &mut [Product],
) -> StoreResult<()> {
    let managed = managed(products);
    if managed.is_empty() {
        return Ok(());
    }
    let ids = serde_json::to_string(&managed).map_err(|e| backend(e.to_string()))?;
    let mut statement = prepared(
        conn,
        "SELECT item_id, quantity FROM stock WHERE product_id IN (SELECT value FROM json_each(?1))",
    )?;
    let levels = statement
        .query_map([ids], |row| {
            Ok((row.get::<_, i64>(0)?, row.get::<_, i64>(1)?))
        })
        .map_err(sqlite_error)?
        .collect::<Result<HashMap<i64, i64>, _>>()
        .map_err(sqlite_error)?;
    apply_levels(products, &levels);
    Ok(())
}

/// The products among `products` with a managed stock level of their own or a variation's.
fn managed(products: &[Product]) -> Vec<i64> {
    products
        .iter()
        .filter(|p| {
            p.inventory.manages_stock() || p.variations.iter().any(|v| v.inventory.manages_stock())
        })
        .map(|p| p.id.0)
        .collect()
}

/// Sets each item's level (the product's or a variation's, by id) found in `levels`.
fn apply_levels(products: &mut [Product], levels: &HashMap<i64, i64>) {
    for product in products {
        if let Some(level) = levels.get(&product.id.0) {
            apply(&mut product.inventory, *level);
        }
        for variation in &mut product.variations {
            if let Some(level) = levels.get(&variation.id.0) {
                apply(&mut variation.inventory, *level);
            }
        }
    }
}

/// WooCommerce's rule for managed stock: none left is out of stock, or on backorder when
/// backorders are allowed.
fn apply(inventory: &mut Inventory, level: i64) {
    if !inventory.manages_stock() {
        return;
    }
    inventory.stock_quantity = Some(level);
    inventory.stock_status = match (level > 0, inventory.backorders) {
        (true, _) => StockStatus::InStock,
        (false, Backorders::No) => StockStatus::OutOfStock,
        (false, _) => StockStatus::OnBackorder,
    };
}

/// Writes the stock rows of an imported product: its managed items at the document's level,
/// and no row for items that no longer manage stock.
pub(crate) async fn sync(conn: &mut AnyConnection, product: &Product) -> StoreResult<()> {
    let mut items = Vec::new();
    if let Some(level) = product.inventory.stock_quantity {
        items.push((product.id.0, level));
    }
    for variation in &product.variations {
        if let Some(level) = variation.inventory.stock_quantity {
            items.push((variation.id.0, level));
        }
    }
    let mut remove = Sql::new("DELETE FROM stock WHERE product_id = ");
    remove.bind_int(product.id.0).push(" AND item_id NOT IN (");
    remove.bind_ints(items.iter().map(|(id, _)| *id)).push(")");
    remove.query().execute(&mut *conn).await.map_err(db_error)?;
    for (item, level) in items {
        sqlx::query(
            "INSERT INTO stock (item_id, product_id, quantity) VALUES ($1, $2, $3) \
             ON CONFLICT (item_id) DO UPDATE SET product_id = $2, quantity = $3",
        )
        .bind(item)
        .bind(product.id.0)
        .bind(level)
        .execute(&mut *conn)
        .await
        .map_err(db_error)?;
    }
    Ok(())
}
