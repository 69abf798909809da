//! Carts in a shopper's currency: converted line prices, discounts, totals that add up, and a
//! hash that follows what is shown.

use std::collections::HashMap;

use time::OffsetDateTime;
use time::macros::datetime;

use super::local::local;
use super::*;
use crate::cart::{Cart, CartItemKey, CartLine};
use crate::catalogue::fixtures::simple_product;
use crate::catalogue::{Product, ProductId};
use crate::money::Money;
use crate::pricing::discount::Customer;

const NOW: OffsetDateTime = datetime!(2026-11-27 12:00 UTC);

fn line(product: i64, quantity: u32) -> CartLine {
    CartLine {
        key: CartItemKey::compute(ProductId(product), None, &[]),
        product_id: ProductId(product),
        variation_id: None,
        attributes: Vec::new(),
        quantity,
    }
}

fn catalogue() -> HashMap<ProductId, Product> {
    [
        simple_product(47, "T-Shirt", 1800),
        simple_product(48, "Beanie", 2000),
    ]
    .into_iter()
    .map(|p| (p.id, p))
    .collect()
}

fn priced(currency: Currency, cart: &Cart) -> ShopperCart {
    local(currency)
        .price_cart(cart, &catalogue(), Customer::guest(), NOW)
        .expect("prices")
}

#[test]
fn three_t_shirts_in_euros_take_the_bulk_discount_on_the_converted_price() {
    let cart = Cart {
        lines: vec![line(47, 3), line(48, 1)],
        ..Cart::default()
    };
    let euros = priced(Currency::EUR, &cart);
    let eur = |minor| Money::new(minor, Currency::EUR);
    let tee = &euros.lines[0];
    assert_eq!(tee.regular_unit_price, eur(1699));
    assert_eq!(tee.unit_price, eur(1529));
    assert_eq!(tee.line_total, eur(4587));
    assert_eq!(tee.discounts[0].rule.0, "tshirt-bulk");
    assert_eq!(tee.discounts[0].amount, eur(510));
    // $20.00 × 0.92 = 18.40 → 18.99; 10 % is 1.899 → 1.90 off: 17.09.
    assert_eq!(euros.lines[1].line_total, eur(1709));
    assert_eq!(euros.subtotal, eur(4587 + 1709));
    assert_eq!(euros.total, euros.subtotal);
    assert_eq!(euros.discount_total, eur(510 + 190));
    assert_eq!(euros.item_count, 4);
    assert_eq!(euros.currency, Currency::EUR);
}

#[test]
fn the_hash_follows_the_currency_and_the_quantities() {
    let three = Cart {
        lines: vec![line(47, 3)],
        ..Cart::default()
    };
    let two = Cart {
        lines: vec![line(47, 2)],
        ..Cart::default()
    };
    let dollars = priced(Currency::USD, &three).hash;
    assert_eq!(dollars.len(), 32);
    assert_ne!(dollars, priced(Currency::EUR, &three).hash);
    assert_ne!(dollars, priced(Currency::USD, &two).hash);
    assert_eq!(dollars, priced(Currency::USD, &three).hash);
    assert_eq!(priced(Currency::USD, &Cart::default()).hash, "");
}

#[test]
fn a_line_whose_product_is_gone_is_left_out_of_the_totals() {
    let cart = Cart {
        lines: vec![line(47, 1), line(99, 2)],
        ..Cart::default()
    };
    let dollars = priced(Currency::USD, &cart);
    assert_eq!(dollars.lines.len(), 1);
    assert_eq!(dollars.unavailable, vec![line(99, 2).key]);
    assert_eq!(dollars.total, Money::new(1800, Currency::USD));
    assert_eq!(dollars.item_count, 1);
}
