//! The discount rule engine (pure, deterministic: `now` is passed in). Rules come from the
//! configuration or the API, are validated once ([`Discounts::new`]), converted into a
//! shopper's currency ([`Discounts::localise`]) and then price carts
//! ([`Discounts::price_cart`]), a product at a quantity ([`Discounts::price_at_quantity`]) and
//! the bulk table ([`Discounts::bulk_table`]) — all in one currency, in integer minor units
//! (ADR 0012).

mod adjust;
mod bogo;
mod cart_rules;
mod condition;
mod engine;
mod filter;
mod item_rules;
mod localise;
mod offers;
mod outcome;
mod product;
mod rule;
mod validate;
mod work;

#[cfg(any(test, feature = "fixtures"))]
pub mod fixtures;
#[cfg(test)]
mod tests;

pub use condition::{CartFacts, Conditions, Customer};
pub use filter::{AttributeValue, Exclusions, Filter, ItemContext};
pub use offers::PickError;
pub use outcome::{
    AppliedDiscount, BulkRow, DiscountedCart, DiscountedLine, QuantityPrice, UnitPrice,
};
pub use rule::{Action, Adjustment, CartAdjustment, Count, Reward, Rule, RuleId, Tier};
pub use validate::{RuleError, RuleProblem};

use serde::{Deserialize, Serialize};

use crate::money::{Currency, Money};

/// `[discounts]`: how rules combine and the rules themselves.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DiscountConfig {
    #[serde(default)]
    pub stacking: Stacking,
    #[serde(default)]
    pub rules: Vec<Rule>,
}

/// How item rules that match the same line combine (cart discounts combine the same way
/// among themselves; free shipping is a flag any rule can raise).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stacking {
    /// A line takes the first rule (by priority) that discounts it; later rules ignore it.
    FirstMatch,
    /// A line takes the one rule that discounts it most (ties to the earlier rule).
    #[default]
    Biggest,
    /// Every rule applies, in priority order, to the prices the earlier ones left.
    All,
}

/// A cart line as the engine sees it: what it is, its unit price (in the engine's currency)
/// and how many.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CartItem {
    pub item: ItemContext,
    pub unit_price: Money,
    pub quantity: u32,
}

/// A validated rule set in one currency: the base (from [`Discounts::new`]) or a shopper's
/// (from [`Discounts::localise`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Discounts {
    stacking: Stacking,
    /// Sorted by priority; equal priorities keep their configured order.
    rules: Vec<Rule>,
    currency: Currency,
    /// The smallest amount the currency shows, in minor units: the rounding unit.
    quantum: i64,
}

impl Discounts {
    /// Validates `config` (amounts in `base`, the shop's base currency).
    pub fn new(config: &DiscountConfig, base: Currency) -> Result<Self, RuleError> {
        validate::validate(&config.rules, base)?;
        let mut rules = config.rules.clone();
        rules.sort_by_key(|r| r.priority);
        Ok(Self {
            stacking: config.stacking,
            rules,
            currency: base,
            quantum: 1,
        })
    }

    /// No rules: prices stay as they are.
    pub fn none(currency: Currency) -> Self {
        Self {
            stacking: Stacking::default(),
            rules: Vec::new(),
            currency,
            quantum: 1,
        }
    }

    pub fn currency(&self) -> Currency {
        self.currency
    }

    pub fn stacking(&self) -> Stacking {
        self.stacking
    }

    /// The smallest amount the currency shows, in minor units; every discounted amount is a
    /// multiple of it (given prices that are).
    pub fn quantum(&self) -> i64 {
        self.quantum
    }

    /// The rules in the order they are considered.
    pub fn rules(&self) -> &[Rule] {
        &self.rules
    }
}
