//! A single product's discounted price: at a quantity (the price following the quantity
//! input, "You save") and per bulk tier (the bulk table). The item is priced as if it were
//! the whole cart, so cart conditions read its own subtotal and quantity.

use time::OffsetDateTime;

use super::condition::Customer;
use super::outcome::{BulkRow, QuantityPrice, UnitPrice};
use super::rule::{Action, Tier};
use super::{CartItem, Discounts, ItemContext};
use crate::money::{Money, MoneyError};

impl Discounts {
    /// What `quantity` units of `item` cost at `unit_price` (a quantity of 0 is priced as 1).
    pub fn price_at_quantity(
        &self,
        item: &ItemContext,
        unit_price: Money,
        quantity: u32,
        customer: Customer,
        now: OffsetDateTime,
    ) -> Result<QuantityPrice, MoneyError> {
        let quantity = quantity.max(1);
        let cart = CartItem {
            item: item.clone(),
            unit_price,
            quantity,
        };
        let priced = self.price_cart(std::slice::from_ref(&cart), customer, now)?;
        let original_total = unit_price.checked_mul(i64::from(quantity))?;
        Ok(match priced.lines.into_iter().next() {
            Some(line) => QuantityPrice {
                you_save: Money::new(
                    original_total
                        .amount_minor()
                        .checked_sub(line.line_total.amount_minor())
                        .ok_or(MoneyError::Overflow)?,
                    unit_price.currency(),
                ),
                quantity,
                original_unit_price: unit_price,
                unit_price: line.discounted_unit_price,
                units: line.units,
                total: line.line_total,
                discounts: line.discounts,
            },
            None => QuantityPrice {
                quantity,
                original_unit_price: unit_price,
                unit_price,
                units: vec![UnitPrice {
                    quantity,
                    unit_price,
                }],
                total: original_total,
                you_save: Money::zero(unit_price.currency()),
                discounts: Vec::new(),
            },
        })
    }

    /// The bulk table of `item`: a row per tier of every enabled bulk rule that matches it and
    /// holds for `customer` now, in rule order and then by quantity. Each row's price is what
    /// [`Discounts::price_at_quantity`] charges at the tier's first quantity, so the table
    /// never promises a price the cart does not charge.
    pub fn bulk_table(
        &self,
        item: &ItemContext,
        unit_price: Money,
        customer: Customer,
        now: OffsetDateTime,
    ) -> Result<Vec<BulkRow>, MoneyError> {
        let mut rows = Vec::new();
        for rule in &self.rules {
            let Action::Bulk { tiers, .. } = &rule.action else {
                continue;
            };
            if !rule.enabled
                || !rule.filter.matches(item)
                || !rule.conditions.hold_for_customer(customer, now)
            {
                continue;
            }
            let mut tiers: Vec<&Tier> = tiers.iter().collect();
            tiers.sort_by_key(|t| t.min);
            for tier in tiers {
                let at_min = self.price_at_quantity(item, unit_price, tier.min, customer, now)?;
                rows.push(BulkRow {
                    rule: rule.id.clone(),
                    min: tier.min,
                    max: tier.max,
                    adjustment: tier.adjustment,
                    label: tier.label.clone(),
                    unit_price: at_min.unit_price,
                });
            }
        }
        Ok(rows)
    }
}
