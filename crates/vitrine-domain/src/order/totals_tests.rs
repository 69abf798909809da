use proptest::prelude::*;

use super::*;
use crate::cart::{CartItemKey, CartLine};
use crate::catalogue::ProductId;
use crate::pricing::ShopperLine;
use crate::pricing::discount::{AppliedDiscount, RuleId, UnitPrice};

const USD: Currency = Currency::USD;

fn usd(minor: i64) -> Money {
    Money::new(minor, USD)
}

fn cart(lines: &[(u32, i64)], cart_discounts: &[i64]) -> ShopperCart {
    let lines: Vec<ShopperLine> = lines
        .iter()
        .enumerate()
        .map(|(i, &(quantity, unit))| {
            let product = ProductId(i64::try_from(i).unwrap_or(0) + 1);
            ShopperLine {
                line: CartLine {
                    key: CartItemKey::compute(product, None, &[]),
                    product_id: product,
                    variation_id: None,
                    attributes: Vec::new(),
                    quantity,
                },
                name: format!("Item {i}"),
                regular_unit_price: usd(unit),
                unit_price: usd(unit),
                units: vec![UnitPrice {
                    quantity,
                    unit_price: usd(unit),
                }],
                line_total: usd(unit * i64::from(quantity)),
                discounts: Vec::new(),
            }
        })
        .collect();
    let subtotal: i64 = lines.iter().map(|l| l.line_total.amount_minor()).sum();
    let discounts: Vec<AppliedDiscount> = cart_discounts
        .iter()
        .enumerate()
        .map(|(i, &amount)| AppliedDiscount {
            rule: RuleId(format!("r{i}")),
            title: format!("Rule {i}"),
            amount: usd(amount),
        })
        .collect();
    let off: i64 = cart_discounts.iter().sum();
    ShopperCart {
        currency: USD,
        item_count: lines.iter().map(|l| u64::from(l.line.quantity)).sum(),
        lines,
        unavailable: Vec::new(),
        subtotal: usd(subtotal),
        cart_discounts: discounts,
        discount_total: usd(off),
        total: usd(subtotal - off),
        free_shipping: None,
        hash: "h".into(),
    }
}

fn flat_tax(lines: &[Money], shipping: Money, percent: i64) -> TaxBreakdown {
    let lines: Vec<Money> = lines
        .iter()
        .map(|m| usd(m.amount_minor() * percent / 100))
        .collect();
    let shipping = usd(shipping.amount_minor() * percent / 100);
    let total = usd(lines.iter().map(|m| m.amount_minor()).sum::<i64>() + shipping.amount_minor());
    TaxBreakdown {
        lines,
        shipping,
        by_rate: vec![TaxLine {
            label: "Tax".into(),
            amount: total,
        }],
        total,
    }
}

fn shipping(cost: i64) -> ChosenShipping {
    ChosenShipping {
        method_id: "flat_rate:1".into(),
        label: "Flat rate".into(),
        cost: usd(cost),
    }
}

#[test]
fn a_cart_discount_is_shared_by_the_lines_in_proportion_to_the_cent() {
    // 1000 and 2000 share 100: 33.33… and 66.66… → 33 and 67 (largest remainder).
    let c = cart(&[(1, 1000), (2, 1000)], &[100]);
    assert_eq!(line_totals(&c), Ok(vec![usd(967), usd(1933)]));
    // Equal remainders go to the earlier line.
    let c = cart(&[(1, 1000), (1, 1000)], &[1]);
    assert_eq!(line_totals(&c), Ok(vec![usd(999), usd(1000)]));
}

#[test]
fn totals_add_shipping_and_tax_when_prices_exclude_tax() {
    let c = cart(&[(2, 1800), (1, 4500)], &[500]);
    let lines = line_totals(&c).expect("shares");
    let tax = flat_tax(&lines, usd(500), 10);
    let amounts = order_amounts(&c, Some(&shipping(500)), &tax, false).expect("totals");
    assert_eq!(amounts.totals.subtotal, usd(8100));
    assert_eq!(amounts.totals.discount_total, usd(500));
    assert_eq!(amounts.totals.shipping_total, usd(500));
    // (7600 + 500) × 10 %, as the flat tax rounds each part down: 331 + 428 + 50.
    assert_eq!(amounts.totals.tax_total, usd(809));
    assert_eq!(amounts.totals.total, usd(7600 + 500 + 809));
    assert_eq!(amounts.lines[0].subtotal, usd(3600));
    assert_eq!(amounts.lines[0].unit_price, usd(1800));
    assert_eq!(amounts.discounts[0].label, "Rule 0");
    assert_eq!(amounts.shipping.as_ref().map(|s| s.tax), Some(usd(50)));
}

#[test]
fn included_tax_is_shown_but_not_added() {
    let c = cart(&[(1, 1100)], &[]);
    let tax = flat_tax(&[usd(1100)], usd(0), 10);
    let amounts = order_amounts(&c, None, &tax, true).expect("totals");
    assert_eq!(amounts.totals.tax_total, usd(110));
    assert_eq!(amounts.totals.total, usd(1100));
    assert_eq!(amounts.shipping, None);
}

#[test]
fn a_tax_breakdown_for_other_lines_and_excess_discounts_are_refused() {
    let c = cart(&[(1, 1000), (1, 500)], &[]);
    let tax = flat_tax(&[usd(1000)], usd(0), 0);
    assert_eq!(
        order_amounts(&c, None, &tax, false),
        Err(TotalsError::TaxLines { lines: 2, tax: 1 })
    );
    let c = cart(&[(1, 1000)], &[1001]);
    assert_eq!(line_totals(&c), Err(TotalsError::DiscountsExceedLines));
}

#[test]
fn a_shipping_cost_in_another_currency_is_refused() {
    let c = cart(&[(1, 1000)], &[]);
    let tax = flat_tax(&[usd(1000)], usd(0), 0);
    let euro = ChosenShipping {
        cost: Money::new(500, Currency::EUR),
        ..shipping(0)
    };
    assert!(matches!(
        order_amounts(&c, Some(&euro), &tax, false),
        Err(TotalsError::Money(MoneyError::CurrencyMismatch(..)))
    ));
}

proptest! {
    #[test]
    fn lines_shipping_and_added_tax_always_make_the_total(
        lines in prop::collection::vec((1u32..20, 0i64..100_000), 1..8),
        discount_percent in 0i64..=100,
        ship in 0i64..5_000,
        tax_percent in 0i64..30,
        included in any::<bool>(),
    ) {
        let subtotal: i64 = lines.iter().map(|(q, u)| i64::from(*q) * u).sum();
        let c = cart(&lines, &[subtotal * discount_percent / 100]);
        let after = line_totals(&c).expect("shares");
        let tax = flat_tax(&after, usd(ship), tax_percent);
        let a = order_amounts(&c, Some(&shipping(ship)), &tax, included).expect("totals");
        let goods: i64 = a.lines.iter().map(|l| l.total.amount_minor()).sum();
        prop_assert_eq!(goods, c.total.amount_minor());
        for l in &a.lines {
            prop_assert!(l.total.amount_minor() >= 0 && l.total <= l.subtotal);
        }
        let added = if included { 0 } else { a.totals.tax_total.amount_minor() };
        prop_assert_eq!(a.totals.total.amount_minor(), goods + ship + added);
        prop_assert_eq!(
            a.totals.subtotal.amount_minor() - a.totals.discount_total.amount_minor(),
            goods
        );
    }
}
