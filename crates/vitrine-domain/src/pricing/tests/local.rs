//! One currency's shown prices, quotes and bulk tables: converted first, then discounted, and
//! in agreement with each other.

use std::collections::HashMap;

use time::OffsetDateTime;
use time::macros::datetime;

use super::*;
use crate::catalogue::fixtures::{on_sale, simple_product, variable_product};
use crate::catalogue::{ExternalLink, ProductId, ProductKind, VariationId};
use crate::money::Money;
use crate::pricing::discount::{Customer, DiscountConfig, Discounts};

const NOW: OffsetDateTime = datetime!(2026-11-27 12:00 UTC);

/// The issue's bulk rule on the T-Shirt (47), plus 10 % off the Beanie (48) for any quantity.
pub(super) const RULES: &str = r#"
[[rules]]
id = "tshirt-bulk"
title = "Bulk discount"
filter = { products = [47] }
action = { kind = "bulk", tiers = [
  { min = 3, max = 5, adjustment = { percent = "10" } },
  { min = 6, adjustment = { percent = "20" } } ] }

[[rules]]
id = "beanie"
title = "Beanie week"
filter = { products = [48] }
action = { kind = "product", adjustment = { percent = "10" } }
"#;

pub(super) fn rules() -> Discounts {
    let config: DiscountConfig = toml::from_str(RULES).expect("the rules read");
    Discounts::new(&config, Currency::USD).expect("valid rules")
}

pub(super) fn local(currency: Currency) -> LocalPricing {
    let converter = demo().converter(currency).expect("offered");
    LocalPricing::new(converter, &rules()).expect("localises")
}

fn usd(minor: i64) -> Money {
    Money::new(minor, Currency::USD)
}

fn eur(minor: i64) -> Money {
    Money::new(minor, Currency::EUR)
}

fn tshirt() -> crate::catalogue::Product {
    simple_product(47, "T-Shirt", 1800)
}

fn shown(pricing: &LocalPricing, product: &crate::catalogue::Product) -> ShownPrice {
    pricing
        .shown_price(product, &HashMap::new(), Customer::guest(), NOW)
        .expect("prices")
        .expect("has a price")
}

fn quote_unit(pricing: &LocalPricing, quantity: u32) -> (i64, i64) {
    let quote = pricing
        .quote(&tshirt(), None, quantity, Customer::guest(), NOW)
        .expect("prices")
        .expect("sellable");
    (
        quote.price.unit_price.amount_minor(),
        quote.price.total.amount_minor(),
    )
}

#[test]
fn the_bulk_rule_prices_the_demo_t_shirt_at_each_boundary() {
    let dollars = local(Currency::USD);
    assert_eq!(quote_unit(&dollars, 2), (1800, 3600));
    assert_eq!(quote_unit(&dollars, 3), (1620, 4860));
    assert_eq!(quote_unit(&dollars, 5), (1620, 8100));
    assert_eq!(quote_unit(&dollars, 6), (1440, 8640));
}

#[test]
fn euros_discount_the_converted_charm_price() {
    let euros = local(Currency::EUR);
    // $18.00 × 0.92 = 16.56 → €16.99; 10 % of 16.99 is 1.699 → 1.70 off.
    assert_eq!(shown(&euros, &tshirt()).range.min(), eur(1699));
    assert_eq!(quote_unit(&euros, 3), (1529, 4587));
    // 20 % of 16.99 is 3.398 → 3.40 off.
    assert_eq!(quote_unit(&euros, 6), (1359, 8154));
    let quote = euros
        .quote(&tshirt(), None, 3, Customer::guest(), NOW)
        .expect("prices")
        .expect("sellable");
    assert_eq!(
        quote.was,
        Some(eur(1699)),
        "the undiscounted price is struck"
    );
    assert_eq!(quote.price.you_save, eur(510));
}

#[test]
fn the_bulk_table_promises_what_the_quote_charges() {
    let euros = local(Currency::EUR);
    let rows = euros
        .bulk_table(&tshirt(), None, Customer::guest(), NOW)
        .expect("prices")
        .expect("sellable");
    let table: Vec<_> = rows
        .iter()
        .map(|r| (r.range_label(), r.unit_price.amount_minor()))
        .collect();
    assert_eq!(table, vec![("3 - 5".into(), 1529), ("6 +".into(), 1359)]);
    let plain = simple_product(46, "Hoodie with Logo", 4500);
    let none = euros.bulk_table(&plain, None, Customer::guest(), NOW);
    assert_eq!(none.expect("prices"), Some(Vec::new()));
}

#[test]
fn a_quantity_one_discount_shows_in_the_catalogue_with_the_price_struck() {
    let beanie = simple_product(48, "Beanie", 2000);
    let dollars = shown(&local(Currency::USD), &beanie);
    assert_eq!(dollars.range.min(), usd(1800));
    assert_eq!(dollars.was, Some(usd(2000)));
    let bulk_only = shown(&local(Currency::USD), &tshirt());
    assert_eq!((bulk_only.range.min(), bulk_only.was), (usd(1800), None));
}

#[test]
fn a_sale_strikes_the_converted_regular_price() {
    let mut hoodie = simple_product(64, "Hoodie with Pocket", 4500);
    hoodie.pricing = on_sale(4500, 3500);
    let euros = shown(&local(Currency::EUR), &hoodie);
    // 35.00 × 0.92 = 32.20 → 32.99; 45.00 × 0.92 = 41.40 → 41.99.
    assert_eq!((euros.range.min(), euros.was), (eur(3299), Some(eur(4199))));
}

#[test]
fn external_products_convert_but_take_no_discount() {
    let mut pennant = simple_product(48, "Pennant", 2000);
    pennant.kind = ProductKind::External;
    pennant.external = Some(ExternalLink {
        url: "https://example.com/".into(),
        button_text: "Buy".into(),
    });
    let dollars = shown(&local(Currency::USD), &pennant);
    assert_eq!((dollars.range.min(), dollars.was), (usd(2000), None));
}

#[test]
fn variations_strike_a_price_only_when_it_is_true_of_each() {
    let mut tee = variable_product(47, "Tee", &[(1, 2000), (2, 2000)]);
    tee.variations[1].pricing = on_sale(2000, 1800);
    let dollars = local(Currency::USD);
    let split = shown(&dollars, &tee);
    assert_eq!(
        (split.range.min(), split.range.max()),
        (usd(1800), usd(2000))
    );
    assert_eq!(split.was, None);
    tee.variations[0].pricing = on_sale(2000, 1800);
    let both = shown(&dollars, &tee);
    assert_eq!((both.range.min(), both.range.max()), (usd(1800), usd(1800)));
    assert_eq!(both.was, Some(usd(2000)));
}

#[test]
fn a_variation_is_quoted_by_its_id_and_a_foreign_one_is_none() {
    let tee = variable_product(47, "Tee", &[(1, 2000), (2, 1500)]);
    let dollars = local(Currency::USD);
    let quote = dollars
        .quote(&tee, Some(VariationId(2)), 3, Customer::guest(), NOW)
        .expect("prices")
        .expect("a variation of the tee");
    assert_eq!(quote.price.unit_price, usd(1350));
    let foreign = dollars.quote(&tee, Some(VariationId(9)), 1, Customer::guest(), NOW);
    assert_eq!(foreign.expect("prices"), None);
    let unchosen = dollars.quote(&tee, None, 1, Customer::guest(), NOW);
    assert_eq!(
        unchosen.expect("prices"),
        None,
        "a variable product needs a variation"
    );
    let mut disabled = tee.clone();
    disabled.variations[1].enabled = false;
    let quote = dollars.quote(&disabled, Some(VariationId(2)), 1, Customer::guest(), NOW);
    assert_eq!(quote.expect("prices"), None, "no cart can hold it");
    let shown = dollars.shown_variation(&disabled, &disabled.variations[1], Customer::guest(), NOW);
    let shown = shown
        .expect("prices")
        .expect("its form still shows a price");
    assert_eq!(shown.price, usd(1500));
}

#[test]
fn a_group_spans_its_published_childrens_shown_prices() {
    let mut group = simple_product(87, "Logo Collection", 0);
    group.kind = ProductKind::Grouped;
    group.grouped_children = vec![ProductId(47), ProductId(48)];
    let children: HashMap<ProductId, _> = [tshirt(), simple_product(48, "Beanie", 2000)]
        .into_iter()
        .map(|p| (p.id, p))
        .collect();
    let dollars = local(Currency::USD);
    let span = dollars
        .shown_price(&group, &children, Customer::guest(), NOW)
        .expect("prices")
        .expect("children have prices");
    assert_eq!((span.range.min(), span.range.max()), (usd(1800), usd(1800)));
    assert_eq!(span.was, None);
}
