//! Prices fixed per product (CURCY's `_regular_price_wmcp`): a currency with `fixed_prices`
//! takes them for the product page, quotes, the bulk table and the cart alike; products
//! without one, and currencies without the flag, convert by the rate.

use std::collections::HashMap;

use time::OffsetDateTime;
use time::macros::datetime;

use super::local::rules;
use super::*;
use crate::cart::{Cart, CartItemKey, CartLine};
use crate::catalogue::fixtures::{on_sale, simple_product, variable_product};
use crate::catalogue::{FixedPrices, Product, ProductId, VariationId};
use crate::money::Money;
use crate::pricing::discount::Customer;

const NOW: OffsetDateTime = datetime!(2026-11-27 12:00 UTC);

/// The demo's currencies, EUR taking fixed prices (still with its rate for the rest).
fn fixed_euros() -> Currencies {
    let config = DEMO.replace(
        "rounding = { kind = \"charm\", ending = \"0.99\" }",
        "rounding = { kind = \"charm\", ending = \"0.99\" }\nfixed_prices = true",
    );
    let config: CurrencyConfig = toml::from_str(&config).expect("reads");
    Currencies::try_from(&config).expect("valid")
}

fn local_in(currency: Currency) -> LocalPricing {
    let converter = fixed_euros().converter(currency).expect("offered");
    LocalPricing::new(converter, &rules()).expect("localises")
}

fn eur(minor: i64) -> Money {
    Money::new(minor, Currency::EUR)
}

/// The T-Shirt ($18.00) at a fixed €15.00.
fn tshirt() -> Product {
    let mut product = simple_product(47, "T-Shirt", 1800);
    product.fixed_prices = FixedPrices::new([eur(1500)], []).expect("valid");
    product
}

fn shown(local: &LocalPricing, product: &Product) -> ShownPrice {
    local
        .shown_price(product, &HashMap::new(), Customer::guest(), NOW)
        .expect("prices")
        .expect("has a price")
}

#[test]
fn a_fixed_price_replaces_the_converted_one_and_takes_no_charm_ending() {
    let euros = local_in(Currency::EUR);
    assert_eq!(shown(&euros, &tshirt()).range.min(), eur(1500));
    // Without a fixed price: $20.00 × 0.92 = €18.40 → €18.99 (charm).
    let cap = simple_product(60, "Cap", 2000);
    assert_eq!(shown(&euros, &cap).range.min(), eur(1899));
    // GBP takes no fixed prices: the T-Shirt's €15.00 is not a pound price.
    let pounds = local_in(Currency::GBP);
    let gbp = shown(&pounds, &tshirt()).range.min();
    assert_eq!((gbp.amount_minor(), gbp.currency()), (1422, Currency::GBP));
}

#[test]
fn without_the_currency_flag_the_fixed_price_is_ignored() {
    let plain = demo().converter(Currency::EUR).expect("offered");
    let euros = LocalPricing::new(plain, &rules()).expect("localises");
    assert_eq!(shown(&euros, &tshirt()).range.min(), eur(1699));
}

#[test]
fn the_bulk_rule_discounts_the_fixed_price_in_quotes_tables_and_carts() {
    let euros = local_in(Currency::EUR);
    let quote = |n| {
        euros
            .quote(&tshirt(), None, n, Customer::guest(), NOW)
            .expect("prices")
            .expect("sellable")
            .price
            .unit_price
    };
    assert_eq!(
        (quote(2), quote(3), quote(6)),
        (eur(1500), eur(1350), eur(1200))
    );
    let table = euros
        .bulk_table(&tshirt(), None, Customer::guest(), NOW)
        .expect("prices")
        .expect("sellable");
    let units: Vec<Money> = table.iter().map(|r| r.unit_price).collect();
    assert_eq!(units, vec![eur(1350), eur(1200)]);
    let line = CartLine {
        key: CartItemKey::compute(ProductId(47), None, &[]),
        product_id: ProductId(47),
        variation_id: None,
        attributes: Vec::new(),
        quantity: 3,
    };
    let cart = Cart {
        lines: vec![line],
        ..Cart::default()
    };
    let products: HashMap<ProductId, Product> = [(ProductId(47), tshirt())].into();
    let priced = euros
        .price_cart(&cart, &products, Customer::guest(), NOW)
        .expect("prices");
    assert_eq!(priced.lines[0].regular_unit_price, eur(1500));
    assert_eq!(priced.lines[0].unit_price, eur(1350));
    assert_eq!(priced.total, eur(4050));
}

#[test]
fn on_sale_the_fixed_sale_price_applies_and_the_fixed_regular_price_is_struck() {
    let euros = local_in(Currency::EUR);
    let mut hoodie = simple_product(50, "Hoodie", 0);
    hoodie.pricing = on_sale(4500, 4200);
    hoodie.fixed_prices = FixedPrices::new([eur(4000)], [eur(3500)]).expect("valid");
    let price = shown(&euros, &hoodie);
    assert_eq!((price.range.min(), price.was), (eur(3500), Some(eur(4000))));
    // A fixed regular price only: the base sale price converts, the fixed regular is struck.
    hoodie.fixed_prices = FixedPrices::new([eur(4000)], []).expect("valid");
    let price = shown(&euros, &hoodie);
    assert_eq!((price.range.min(), price.was), (eur(3899), Some(eur(4000))));
}

#[test]
fn each_variation_takes_its_own_fixed_price() {
    let euros = local_in(Currency::EUR);
    let mut hoodie = variable_product(60, "Hoodie", &[(61, 4200), (62, 4500)]);
    hoodie.variations[0].fixed_prices = FixedPrices::new([eur(3900)], []).expect("valid");
    let price = shown(&euros, &hoodie);
    // 61 fixed at €39.00; 62 converted: $45.00 × 0.92 = €41.40 → €41.99.
    assert_eq!(
        (price.range.min(), price.range.max()),
        (eur(3900), eur(4199))
    );
    let quote = euros
        .quote(&hoodie, Some(VariationId(61)), 1, Customer::guest(), NOW)
        .expect("prices")
        .expect("sellable");
    assert_eq!(quote.price.unit_price, eur(3900));
}
