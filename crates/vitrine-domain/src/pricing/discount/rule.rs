//! Discount rules as configured: what they match, when they hold and what they do. Amounts are
//! in the shop's base currency until [`super::Discounts::localise`] converts them.

use std::fmt;

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use super::condition::Conditions;
use super::filter::Filter;
use crate::money::{Money, PriceFormat};

/// A rule's stable identifier (the cart's `rule_unique_id`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct RuleId(pub String);

impl fmt::Display for RuleId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rule {
    pub id: RuleId,
    /// Shown with the discount in the cart ("Bulk discount").
    pub title: String,
    /// Lower numbers are considered first; equal priorities keep their configured order.
    #[serde(default)]
    pub priority: i32,
    #[serde(default = "yes")]
    pub enabled: bool,
    /// Which items the rule applies to; empty matches every item.
    #[serde(default)]
    pub filter: Filter,
    #[serde(default)]
    pub conditions: Conditions,
    pub action: Action,
}

fn yes() -> bool {
    true
}

/// What a rule does.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Action {
    /// Adjusts every matching item's unit price.
    Product { adjustment: Adjustment },
    /// Adjusts unit prices by how many matching items are bought.
    Bulk {
        #[serde(default)]
        count: Count,
        tiers: Vec<Tier>,
    },
    /// For every `buy` matching items, the `get` cheapest items (of the same product, or
    /// matching `get_filter`) get `reward`; once, or as often as the cart allows (`repeat`).
    BuyXGetY {
        buy: u32,
        get: u32,
        #[serde(default)]
        get_filter: Option<Box<Filter>>,
        #[serde(default)]
        reward: Reward,
        #[serde(default = "yes")]
        repeat: bool,
    },
    /// `quantity` matching items for `total` together ("3 for $10"); the dearest items form
    /// the sets, once or as often as the cart allows (`repeat`).
    SetPrice {
        quantity: u32,
        total: Money,
        #[serde(default = "yes")]
        repeat: bool,
    },
    /// Off the total of the matching lines (after item discounts), at most `cap`.
    CartDiscount {
        adjustment: CartAdjustment,
        #[serde(default)]
        cap: Option<Money>,
    },
    /// The cart ships free when a matching item is in it.
    FreeShipping {},
}

impl Action {
    /// Whether the rule changes item prices (rather than the cart total or shipping).
    pub fn is_item_rule(&self) -> bool {
        !matches!(self, Self::CartDiscount { .. } | Self::FreeShipping {})
    }
}

/// How one unit's price changes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Adjustment {
    /// Percent off (0–100), rounded half-up per unit.
    Percent(#[serde(with = "crate::pricing::decimal_text")] Decimal),
    /// A fixed amount off each unit.
    AmountOff(Money),
    /// Each unit at this price (never above its own).
    FixedPrice(Money),
}

impl Adjustment {
    /// The discount column of the bulk table, as Woo Discount Rules writes it: "10%",
    /// "$2.00" (off), "$15.00" (each).
    pub fn label(&self, format: &PriceFormat) -> String {
        match self {
            Self::Percent(p) => format!("{}%", p.normalize()),
            Self::AmountOff(m) | Self::FixedPrice(m) => format.format(*m),
        }
    }
}

/// How a cart discount is worked out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum CartAdjustment {
    Percent(#[serde(with = "crate::pricing::decimal_text")] Decimal),
    AmountOff(Money),
}

/// What a buy-X-get-Y item gets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Reward {
    #[default]
    Free,
    Percent(#[serde(with = "crate::pricing::decimal_text")] Decimal),
}

/// One quantity range of a bulk rule: `min..=max`, or `min` and more without `max`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tier {
    pub min: u32,
    #[serde(default)]
    pub max: Option<u32>,
    pub adjustment: Adjustment,
    /// Shown instead of the adjustment in the bulk table.
    #[serde(default)]
    pub label: Option<String>,
}

impl Tier {
    pub fn contains(&self, quantity: u64) -> bool {
        u64::from(self.min) <= quantity && self.max.is_none_or(|max| quantity <= u64::from(max))
    }
}

/// What a bulk rule counts to pick its tier.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Count {
    /// Units of each product (its variations together).
    #[default]
    Product,
    /// Units of each variation (or simple product) on its own.
    Variation,
    /// Units of every matching item together.
    Cumulative,
}
