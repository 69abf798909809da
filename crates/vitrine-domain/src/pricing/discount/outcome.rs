//! What the engine answers: priced lines with the discounts they took, cart discounts and
//! totals, a product's price at a quantity, and the bulk table's rows.

use super::rule::{Adjustment, RuleId};
use crate::money::Money;

/// A discount as shown: which rule, its title and how much it took off.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AppliedDiscount {
    pub rule: RuleId,
    pub title: String,
    pub amount: Money,
}

/// `quantity` units of a line at one price.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UnitPrice {
    pub quantity: u32,
    pub unit_price: Money,
}

/// One cart line after item discounts, in the order the items were given.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiscountedLine {
    pub quantity: u32,
    pub original_unit_price: Money,
    /// The line total over the quantity, half-up: the unit price when every unit costs the
    /// same (`units` has one entry), otherwise an average for display only.
    pub discounted_unit_price: Money,
    /// What the units cost, dearest first (two or more entries when, say, one of two is free).
    pub units: Vec<UnitPrice>,
    /// What the line costs: the sum of `units`.
    pub line_total: Money,
    /// The original unit price times the quantity.
    pub original_total: Money,
    /// Item rules that lowered this line, in the order applied; they add up to
    /// `original_total - line_total`.
    pub discounts: Vec<AppliedDiscount>,
}

/// A cart after discounts. `subtotal - Σ cart_discounts = total`, exactly.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiscountedCart {
    pub lines: Vec<DiscountedLine>,
    /// Discounts off the cart as a whole (after the lines' own).
    pub cart_discounts: Vec<AppliedDiscount>,
    /// The first rule (by priority) that grants free shipping, if any.
    pub free_shipping: Option<RuleId>,
    /// The sum of the line totals.
    pub subtotal: Money,
    /// Everything taken off: the lines' discounts and the cart discounts.
    pub discount_total: Money,
    pub total: Money,
}

/// A product's price at a quantity (the product page's price following the quantity input).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QuantityPrice {
    pub quantity: u32,
    pub original_unit_price: Money,
    /// Per unit, half-up; exact when `units` has one entry.
    pub unit_price: Money,
    pub units: Vec<UnitPrice>,
    /// What that many cost.
    pub total: Money,
    /// "You save": the original total minus `total`.
    pub you_save: Money,
    pub discounts: Vec<AppliedDiscount>,
}

/// One row of a product's bulk-discount table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BulkRow {
    pub rule: RuleId,
    pub min: u32,
    /// `None`: and more.
    pub max: Option<u32>,
    pub adjustment: Adjustment,
    /// The tier's own label, if configured (else show [`Adjustment::label`]).
    pub label: Option<String>,
    /// The unit price when buying `min` (what the cart will charge for that many).
    pub unit_price: Money,
}

impl BulkRow {
    /// The range column as Woo Discount Rules writes it: "3 - 5", "6 +".
    pub fn range_label(&self) -> String {
        match self.max {
            Some(max) if max == self.min => self.min.to_string(),
            Some(max) => format!("{} - {}", self.min, max),
            None => format!("{} +", self.min),
        }
    }
}
