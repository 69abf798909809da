//! Cart maths with checked money: totals are exact sums of their lines or an error.

use std::collections::HashMap;

use proptest::prelude::*;
use time::macros::datetime;

use super::*;
use crate::cart::{AddTarget, plan_add};
use crate::catalogue::fixtures::{CURRENCY, bundle_product, simple_product, usd};
use crate::catalogue::{Bundle, BundleItem};

const NOW: OffsetDateTime = datetime!(2026-11-22 0:00 UTC);

/// A cart of simple products, one line each: `(price, quantity)`.
fn shop(lines: &[(i64, u32)]) -> (Cart, HashMap<ProductId, Product>) {
    let mut cart = Cart::default();
    let mut products = HashMap::new();
    for (i, (price, quantity)) in lines.iter().enumerate() {
        let product = simple_product(100 + i as i64, "Item", *price);
        cart.lines.push(CartLine {
            key: CartItemKey::compute(product.id, None, &[]),
            product_id: product.id,
            variation_id: None,
            attributes: Vec::new(),
            quantity: *quantity,
        });
        products.insert(product.id, product);
    }
    (cart, products)
}

fn big_bundle() -> Product {
    bundle_product(200, "Vault Bundle", 1, &[(46, 2, i64::MAX / 2 + 1)])
}

proptest! {
    #[test]
    fn line_totals_add_up_to_the_subtotal_exactly_or_pricing_fails(
        lines in prop::collection::vec(
            (
                prop_oneof![0..=100_000_i64, 0..=i64::MAX],
                prop_oneof![1..=10_u32, 1..=u32::MAX],
            ),
            0..6,
        ),
    ) {
        let (cart, products) = shop(&lines);
        let exact: Vec<i128> = lines.iter().map(|(p, q)| i128::from(*p) * i128::from(*q)).collect();
        let fits = |n: i128| i64::try_from(n).is_ok();
        let representable = exact.iter().all(|t| fits(*t)) && fits(exact.iter().sum());
        match price_cart(&cart, &products, CURRENCY, NOW) {
            Ok(priced) => {
                prop_assert!(representable);
                let sum: i128 = priced.lines.iter().map(|l| i128::from(l.line_total.amount_minor())).sum();
                prop_assert_eq!(i128::from(priced.subtotal.amount_minor()), sum);
                prop_assert_eq!(sum, exact.iter().sum::<i128>());
                prop_assert!(!priced.subtotal.amount_minor().is_negative());
                for (line, (price, quantity)) in priced.lines.iter().zip(&lines) {
                    prop_assert_eq!(line.unit_price, usd(*price));
                    prop_assert_eq!(i128::from(line.line_total.amount_minor()), i128::from(*price) * i128::from(*quantity));
                }
            }
            Err(err) => {
                prop_assert!(!representable);
                prop_assert_eq!(err, CartError::Pricing(MoneyError::Overflow));
            }
        }
    }

    #[test]
    fn a_bundle_total_is_exact_or_an_overflow(
        base in 0..=i64::MAX,
        items in prop::collection::vec((0..=i64::MAX / 4, 1..=4_u32), 0..4),
    ) {
        let bundle = Bundle {
            base_price: usd(base),
            items: items
                .iter()
                .map(|(price, quantity)| BundleItem { product_id: ProductId(1), quantity: *quantity, price: usd(*price) })
                .collect(),
        };
        let exact = i128::from(base)
            + items.iter().map(|(p, q)| i128::from(*p) * i128::from(*q)).sum::<i128>();
        match i64::try_from(exact) {
            Ok(total) => prop_assert_eq!(bundle.total(), Ok(usd(total))),
            Err(_) => prop_assert_eq!(bundle.total(), Err(MoneyError::Overflow)),
        }
    }
}

#[test]
fn a_quantity_too_large_to_price_is_refused_as_an_invalid_quantity() {
    let vault = simple_product(48, "Vault", i64::MAX / 2);
    let cart = Cart::default();
    let fine = plan_add(&cart, &vault, &AddTarget::Single { quantity: 2 }, &[]);
    assert!(fine.is_ok());
    let err = plan_add(&cart, &vault, &AddTarget::Single { quantity: 3 }, &[])
        .expect_err("3 × half of i64::MAX cannot be priced");
    assert!(matches!(err, CartError::InvalidQuantity(_)), "{err:?}");
    assert!(err.to_string().contains("too large"), "{err}");
}

#[test]
fn a_bundle_whose_total_overflows_is_a_pricing_error_not_a_clamped_price() {
    let bundle = big_bundle();
    assert_eq!(bundle.price_range(NOW), Err(MoneyError::Overflow));
    let err = plan_add(
        &Cart::default(),
        &bundle,
        &AddTarget::Single { quantity: 1 },
        &[],
    )
    .expect_err("the bundle has no representable price");
    assert_eq!(err, CartError::Pricing(MoneyError::Overflow));
}

#[test]
fn a_price_in_another_currency_than_the_shops_is_a_pricing_error() {
    let (cart, mut products) = shop(&[(1800, 1)]);
    for product in products.values_mut() {
        product.pricing.regular = Some(Money::new(1800, Currency::EUR));
    }
    assert_eq!(
        price_cart(&cart, &products, CURRENCY, NOW),
        Err(CartError::Pricing(MoneyError::CurrencyMismatch(
            CURRENCY,
            Currency::EUR
        )))
    );
}

#[test]
fn an_empty_cart_costs_zero_in_the_shop_currency() {
    let priced = price_cart(
        &Cart::default(),
        &HashMap::<ProductId, Product>::new(),
        Currency::EUR,
        NOW,
    )
    .expect("nothing to add up");
    assert_eq!(priced.subtotal, Money::zero(Currency::EUR));
}

#[test]
fn unavailable_lines_are_those_without_a_product_or_a_price() {
    let (cart, mut products) = shop(&[(1800, 1), (900, 2)]);
    let unpriced = cart.lines[1].product_id;
    if let Some(p) = products.get_mut(&unpriced) {
        p.pricing = crate::catalogue::Pricing::default();
    }
    assert_eq!(
        unavailable_lines(&cart, &products, NOW),
        vec![cart.lines[1].key.clone()]
    );
    let none = HashMap::<ProductId, Product>::new();
    assert_eq!(unavailable_lines(&cart, &none, NOW).len(), 2);
}
