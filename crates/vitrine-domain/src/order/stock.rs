//! Which stock an order takes: the variation's when it manages its own, else the product's
//! when it does (WooCommerce's "stock at parent level"); nothing for unmanaged items.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::OrderLine;
use crate::catalogue::{Backorders, Inventory, Product, ProductId};

/// Units of one stock item (a product's or a variation's id) an order takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct StockChange {
    pub item_id: i64,
    pub quantity: i64,
    /// Backorders are allowed: the level may go below zero.
    pub allow_backorder: bool,
}

fn managed(inventory: &Inventory) -> bool {
    inventory.manages_stock()
}

/// The stock changes for `lines`, one per item (lines of one item added up), in item order
/// so concurrent orders take row locks in the same order. Lines whose product is not in
/// `products` take nothing (it was deleted: nothing left to count).
pub fn stock_changes(
    lines: &[OrderLine],
    products: &impl Fn(ProductId) -> Option<Product>,
) -> Vec<StockChange> {
    let mut changes: BTreeMap<i64, StockChange> = BTreeMap::new();
    for line in lines {
        let Some(product) = products(line.product_id) else {
            continue;
        };
        let variation = line.variation_id.and_then(|id| product.variation(id));
        let (item_id, inventory) = match variation {
            Some(v) if managed(&v.inventory) => (v.id.0, &v.inventory),
            _ if managed(&product.inventory) => (product.id.0, &product.inventory),
            _ => continue,
        };
        let change = changes.entry(item_id).or_insert(StockChange {
            item_id,
            quantity: 0,
            allow_backorder: inventory.backorders != Backorders::No,
        });
        change.quantity = change.quantity.saturating_add(i64::from(line.quantity));
    }
    changes.into_values().collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::fixtures;
    use crate::catalogue::VariationId;
    use crate::money::{Currency, Money};

    fn line(product: i64, variation: Option<i64>, quantity: u32) -> OrderLine {
        let m = Money::zero(Currency::USD);
        OrderLine {
            product_id: ProductId(product),
            variation_id: variation.map(VariationId),
            name: String::new(),
            quantity,
            unit_price: m,
            subtotal: m,
            total: m,
            tax: m,
        }
    }

    #[test]
    fn a_variation_takes_its_own_stock_else_its_parents() {
        let mut parent = fixtures::variable_product(10, "v", &[(11, 100), (12, 100)]);
        parent.inventory.stock_quantity = Some(9);
        parent.variations[0].inventory.stock_quantity = Some(3);
        let find = |id: ProductId| (id == parent.id).then(|| parent.clone());
        let lines = [line(10, Some(11), 2), line(10, Some(12), 1)];
        assert_eq!(
            stock_changes(&lines, &find),
            vec![
                StockChange { item_id: 10, quantity: 1, allow_backorder: false },
                StockChange { item_id: 11, quantity: 2, allow_backorder: false },
            ]
        );
    }

    #[test]
    fn managed_items_are_taken_once_per_item_and_unmanaged_ones_not_at_all() {
        let mut managed = fixtures::simple_product(1, "a", 100);
        managed.inventory.stock_quantity = Some(5);
        let mut backordered = fixtures::simple_product(2, "b", 100);
        backordered.inventory.stock_quantity = Some(0);
        backordered.inventory.backorders = Backorders::Notify;
        let unmanaged = fixtures::simple_product(3, "c", 100);
        let products = [managed, backordered, unmanaged];
        let find = |id: ProductId| products.iter().find(|p| p.id == id).cloned();
        let lines = [line(2, None, 1), line(1, None, 2), line(3, None, 4), line(1, None, 3), line(9, None, 1)];
        assert_eq!(
            stock_changes(&lines, &find),
            vec![
                StockChange { item_id: 1, quantity: 5, allow_backorder: false },
                StockChange { item_id: 2, quantity: 1, allow_backorder: true },
            ]
        );
    }
}
