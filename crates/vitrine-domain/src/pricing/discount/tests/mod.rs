//! Tests of the discount engine: each rule type, stacking, configuration, the product-level
//! API, conversion into a shopper's currency, a large cart, and properties.

mod big_cart;
mod config;
mod localise;
mod offers;
mod product;
mod properties;
mod rules;
mod stacking;
mod validation;

use rust_decimal::Decimal;
use time::OffsetDateTime;
use time::macros::datetime;

use super::*;
use crate::catalogue::{CategoryId, ProductId, VariationId};
use crate::money::{Currency, Money};

const NOW: OffsetDateTime = datetime!(2026-11-27 12:00 UTC);

fn usd(minor: i64) -> Money {
    Money::new(minor, Currency::USD)
}

fn item(product: i64) -> ItemContext {
    ItemContext {
        product: ProductId(product),
        variation: None,
        categories: Vec::new(),
        tags: Vec::new(),
        attributes: Vec::new(),
    }
}

fn variation_of(product: i64, variation: i64) -> ItemContext {
    ItemContext {
        variation: Some(VariationId(variation)),
        ..item(product)
    }
}

fn in_category(product: i64, category: i64) -> ItemContext {
    ItemContext {
        categories: vec![CategoryId(category)],
        ..item(product)
    }
}

fn line(item: ItemContext, cents: i64, quantity: u32) -> CartItem {
    CartItem {
        item,
        unit_price: usd(cents),
        quantity,
    }
}

fn percent(p: i64) -> Adjustment {
    Adjustment::Percent(Decimal::from(p))
}

/// An enabled rule for every item, without conditions.
fn rule(id: &str, action: Action) -> Rule {
    Rule {
        id: RuleId(id.into()),
        title: format!("{id} title"),
        priority: 0,
        enabled: true,
        filter: Filter::default(),
        conditions: Conditions::default(),
        action,
    }
}

fn for_products(mut rule: Rule, products: &[i64]) -> Rule {
    rule.filter.products = products.iter().copied().map(ProductId).collect();
    rule
}

fn engine(stacking: Stacking, rules: Vec<Rule>) -> Discounts {
    Discounts::new(&DiscountConfig { stacking, rules }, Currency::USD).expect("valid rules")
}

fn price(discounts: &Discounts, items: &[CartItem]) -> DiscountedCart {
    discounts
        .price_cart(items, Customer::guest(), NOW)
        .expect("prices")
}

/// A line's units as (count, cents).
fn units(line: &DiscountedLine) -> Vec<(u32, i64)> {
    line.units
        .iter()
        .map(|u| (u.quantity, u.unit_price.amount_minor()))
        .collect()
}

fn titles(discounts: &[AppliedDiscount]) -> Vec<(&str, i64)> {
    discounts
        .iter()
        .map(|d| (d.rule.0.as_str(), d.amount.amount_minor()))
        .collect()
}

/// The issue's demo rule: T-Shirt (47) 10 % off for 3–5, 20 % off for 6 or more.
const DEMO: &str = r#"
stacking = "biggest"

[[rules]]
id = "tshirt-bulk"
title = "T-Shirt bulk discount"
filter = { products = [47] }

[rules.action]
kind = "bulk"
count = "product"

[[rules.action.tiers]]
min = 3
max = 5
adjustment = { percent = "10" }

[[rules.action.tiers]]
min = 6
adjustment = { percent = 20 }
"#;

fn demo() -> Discounts {
    let config: DiscountConfig = toml::from_str(DEMO).expect("the demo reads");
    Discounts::new(&config, Currency::USD).expect("the demo is valid")
}
