//! Discounted prices on the wire: a product at a quantity (spec §7 wdr_ajax get_price_html,
//! awdr_get_product_discount), its bulk table (get_variable_product_bulk_table), and the
//! discounts a cart shows.

use serde::Serialize;
use utoipa::ToSchema;
use vitrine_domain::catalogue::PriceRange;
use vitrine_domain::pricing::Quote;
use vitrine_domain::pricing::discount::{AppliedDiscount, BulkRow};

use super::price::{MoneyView, Prices};

/// An item discount: which rule, its title, how much it took off.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct AppliedDiscountView {
    /// The rule's id (WooCommerce Discount Rules' `rule_unique_id`).
    pub rule_id: String,
    /// "Bulk discount"
    pub title: String,
    pub amount: MoneyView,
}

/// A discount off the cart as a whole.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct CartDiscountView {
    pub rule_id: String,
    pub title: String,
    pub amount: MoneyView,
}

/// What a quantity of a product costs (the price following the quantity input).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct QuantityPriceView {
    pub quantity: u32,
    /// One unit after discounts (a half-up average when the units differ, e.g. one free).
    pub unit: MoneyView,
    /// What that many cost.
    pub total: MoneyView,
    /// One unit before discounts.
    pub regular_unit: MoneyView,
    /// What the discounts take off the total; zero when none applies.
    pub you_save: MoneyView,
    /// WooCommerce's price markup for the unit price: the regular price (on sale) or the
    /// price before discounts struck through when it is higher.
    pub price_html: String,
    pub discounts: Vec<AppliedDiscountView>,
}

/// `{ "rows": [...] }`: one row per tier of every bulk rule for the product; empty when none.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct BulkTableView {
    pub rows: Vec<BulkRowView>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct BulkRowView {
    /// "3 - 5", "6 +"
    pub range: String,
    pub min: u32,
    /// Null: and more.
    #[schema(required = true)]
    pub max: Option<u32>,
    /// "10%", "$2.00" (off), or the tier's own label.
    pub discount: String,
    /// One unit when buying `min` (what the cart charges for that many).
    pub unit: MoneyView,
}

impl AppliedDiscountView {
    pub fn new(discount: &AppliedDiscount, prices: &Prices<'_>) -> Self {
        Self {
            rule_id: discount.rule.0.clone(),
            title: discount.title.clone(),
            amount: prices.money(discount.amount),
        }
    }
}

impl CartDiscountView {
    pub fn new(discount: &AppliedDiscount, prices: &Prices<'_>) -> Self {
        Self {
            rule_id: discount.rule.0.clone(),
            title: discount.title.clone(),
            amount: prices.money(discount.amount),
        }
    }
}

impl QuantityPriceView {
    pub fn new(quote: &Quote, prices: &Prices<'_>) -> Self {
        let price = &quote.price;
        let html = prices
            .view(PriceRange::single(price.unit_price), quote.was)
            .html;
        Self {
            quantity: price.quantity,
            unit: prices.money(price.unit_price),
            total: prices.money(price.total),
            regular_unit: prices.money(price.original_unit_price),
            you_save: prices.money(price.you_save),
            price_html: format!("<span class=\"price\">{html}</span>"),
            discounts: price
                .discounts
                .iter()
                .map(|d| AppliedDiscountView::new(d, prices))
                .collect(),
        }
    }
}

impl BulkTableView {
    pub fn new(rows: &[BulkRow], prices: &Prices<'_>) -> Self {
        Self {
            rows: rows
                .iter()
                .map(|row| BulkRowView {
                    range: row.range_label(),
                    min: row.min,
                    max: row.max,
                    discount: row
                        .label
                        .clone()
                        .unwrap_or_else(|| row.adjustment.label(prices.format)),
                    unit: prices.money(row.unit_price),
                })
                .collect(),
        }
    }
}
