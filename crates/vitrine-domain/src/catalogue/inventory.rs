//! Stock and quantity rules shared by products and variations.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StockStatus {
    InStock,
    OutOfStock,
    OnBackorder,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Backorders {
    #[default]
    No,
    Notify,
    Yes,
}

/// Min / max / step for the quantity input (spec §5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct QuantityRules {
    pub min: u32,
    pub max: Option<u32>,
    pub step: u32,
}

impl Default for QuantityRules {
    fn default() -> Self {
        Self {
            min: 1,
            max: None,
            step: 1,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Inventory {
    pub stock_status: StockStatus,
    /// Units on hand when stock is managed; `None` when it is not.
    pub stock_quantity: Option<i64>,
    pub backorders: Backorders,
    pub sold_individually: bool,
    pub quantity: QuantityRules,
}

impl Default for Inventory {
    fn default() -> Self {
        Self {
            stock_status: StockStatus::InStock,
            stock_quantity: None,
            backorders: Backorders::No,
            sold_individually: false,
            quantity: QuantityRules::default(),
        }
    }
}

impl Inventory {
    pub fn manages_stock(&self) -> bool {
        self.stock_quantity.is_some()
    }

    /// Whether a shopper can buy at least one unit now.
    pub fn is_in_stock(&self) -> bool {
        match (self.stock_quantity, self.backorders) {
            (_, Backorders::Yes | Backorders::Notify) => {
                self.stock_status != StockStatus::OutOfStock
            }
            (Some(q), Backorders::No) => q > 0 && self.stock_status != StockStatus::OutOfStock,
            (None, Backorders::No) => self.stock_status != StockStatus::OutOfStock,
        }
    }

    /// Largest quantity one order line may hold: sold-individually, stock and max rule together.
    pub fn max_purchase_quantity(&self) -> Option<u32> {
        if self.sold_individually {
            return Some(1);
        }
        let by_stock = match (self.stock_quantity, self.backorders) {
            (Some(q), Backorders::No) => Some(u32::try_from(q.max(0)).unwrap_or(u32::MAX)),
            _ => None,
        };
        match (by_stock, self.quantity.max) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// "In stock", "3 in stock", "Out of stock", "Available on backorder" (WooCommerce wording).
    pub fn availability_text(&self) -> String {
        if !self.is_in_stock() {
            return "Out of stock".into();
        }
        match self.stock_quantity {
            Some(q) if q > 0 => format!("{q} in stock"),
            Some(_) => "Available on backorder".into(),
            None if self.stock_status == StockStatus::OnBackorder => {
                "Available on backorder".into()
            }
            None => "In stock".into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn managed_stock_of_zero_without_backorders_is_out_of_stock() {
        let inv = Inventory {
            stock_quantity: Some(0),
            ..Inventory::default()
        };
        assert!(!inv.is_in_stock());
        assert_eq!(inv.availability_text(), "Out of stock");
    }

    #[test]
    fn backorders_keep_a_product_buyable_at_zero_stock() {
        let inv = Inventory {
            stock_quantity: Some(0),
            backorders: Backorders::Notify,
            ..Inventory::default()
        };
        assert!(inv.is_in_stock());
        assert_eq!(inv.availability_text(), "Available on backorder");
        assert_eq!(inv.max_purchase_quantity(), None);
    }

    #[test]
    fn sold_individually_caps_the_quantity_at_one() {
        let inv = Inventory {
            sold_individually: true,
            ..Inventory::default()
        };
        assert_eq!(inv.max_purchase_quantity(), Some(1));
    }

    #[test]
    fn the_purchase_cap_is_the_smaller_of_stock_and_max_rule() {
        let inv = Inventory {
            stock_quantity: Some(5),
            quantity: QuantityRules {
                min: 1,
                max: Some(3),
                step: 1,
            },
            ..Inventory::default()
        };
        assert_eq!(inv.max_purchase_quantity(), Some(3));
        assert_eq!(inv.availability_text(), "5 in stock");
    }
}
