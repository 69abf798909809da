//! Conversion properties over random rates, rounding rules and currencies: monotone, positive
//! stays positive, zero stays zero, within one rounding step of the exact amount, a multiple
//! of the shown unit, and the base converts to itself.

use proptest::prelude::*;

use super::*;
use crate::money::{Money, MoneyError};

/// A rule, with the width of its rounding step in major units (the allowed error).
fn rounding() -> impl Strategy<Value = (Rounding, &'static str)> {
    let charm = |ending: &str| Rounding::Charm {
        ending: dec(ending),
    };
    let step = |s: &str, mode| Rounding::Step { step: dec(s), mode };
    prop::sample::select(vec![
        (Rounding::None, "0"),
        (charm("0.99"), "1"),
        (charm("0.95"), "1"),
        (charm("0"), "1"),
        (step("0.05", StepMode::Up), "0.05"),
        (step("0.50", StepMode::HalfUp), "0.50"),
        (step("1", StepMode::Up), "1"),
        (step("1", StepMode::HalfUp), "1"),
    ])
}

/// A rate from 0.000001 to 1000, exact.
fn rate() -> impl Strategy<Value = Decimal> {
    (1_i64..=1_000_000_000).prop_map(|micro| Decimal::new(micro, 6))
}

#[derive(Debug)]
struct Case {
    shop: Currencies,
    target: Currency,
    rate: Decimal,
    /// The largest allowed error, in target minor units.
    bound: Decimal,
    shown_unit: i64,
}

fn case() -> impl Strategy<Value = Case> {
    let targets =
        prop::sample::select(vec![(Currency::EUR, "EUR"), (jpy(), "JPY"), (kwd(), "KWD")]);
    (targets, rate(), rounding(), any::<bool>()).prop_filter_map(
        "the rule fits the currency",
        |((target, code), rate, (rule, width), whole)| {
            let exponent = target.exponent();
            let decimals = if whole { 0 } else { exponent };
            let entry = CurrencyEntry {
                decimals: Some(decimals),
                rounding: rule,
                ..entry(code, Some(&rate.to_string()))
            };
            let shop = shop(vec![entry]).ok()?;
            let minor = Decimal::from(10_i64.pow(exponent));
            let shown_unit = 10_i64.pow(exponent - decimals);
            let width = dec(width) * minor;
            let bound = width.max(Decimal::from(shown_unit));
            Some(Case {
                shop,
                target,
                rate,
                bound,
                shown_unit,
            })
        },
    )
}

fn amount() -> impl Strategy<Value = i64> {
    prop_oneof![0_i64..=1_000, 0_i64..=1_000_000_000_000]
}

proptest! {
    #[test]
    fn conversion_is_monotone(case in case(), a in amount(), b in amount()) {
        let to = case.shop.converter(case.target).expect("offered");
        let (low, high) = (a.min(b), a.max(b));
        let low = to.convert(Money::new(low, Currency::USD)).expect("fits");
        let high = to.convert(Money::new(high, Currency::USD)).expect("fits");
        prop_assert!(low <= high, "{low:?} > {high:?}");
    }

    #[test]
    fn a_positive_price_converts_to_a_positive_multiple_of_the_shown_unit(
        case in case(), a in amount(),
    ) {
        let to = case.shop.converter(case.target).expect("offered");
        let converted = to.convert(Money::new(a, Currency::USD)).expect("fits");
        prop_assert_eq!(converted.currency(), case.target);
        prop_assert_eq!(converted.is_positive(), a > 0);
        prop_assert_eq!(converted.is_zero(), a == 0);
        prop_assert_eq!(converted.amount_minor() % case.shown_unit, 0);
        let amount = to.convert_amount(Money::new(a, Currency::USD)).expect("fits");
        prop_assert_eq!(amount.is_positive(), a > 0);
    }

    #[test]
    fn a_converted_price_is_within_one_rounding_step_of_the_exact_amount(
        case in case(), a in amount(),
    ) {
        let to = case.shop.converter(case.target).expect("offered");
        let converted = to.convert(Money::new(a, Currency::USD)).expect("fits");
        let exact = Decimal::from(a) * case.rate
            * Decimal::from(10_i64.pow(case.target.exponent()))
            / Decimal::from(100);
        let error = (Decimal::from(converted.amount_minor()) - exact).abs();
        prop_assert!(error <= case.bound, "{a} → {converted:?}, exact {exact}, bound {}", case.bound);
        prop_assert!(Decimal::from(to.max_error()) <= case.bound);
    }

    #[test]
    fn the_base_converts_to_itself(a in 0_i64..=i64::MAX) {
        let to = demo().converter(Currency::USD).expect("the base");
        prop_assert_eq!(to.convert(Money::new(a, Currency::USD)), Ok(Money::new(a, Currency::USD)));
    }

    #[test]
    fn a_huge_amount_converts_or_overflows_but_never_wraps(case in case(), a in 0_i64..=i64::MAX) {
        let to = case.shop.converter(case.target).expect("offered");
        match to.convert(Money::new(a, Currency::USD)) {
            Ok(converted) => prop_assert!(converted.is_positive() || a == 0),
            Err(e) => prop_assert_eq!(e, ConvertError::Money(MoneyError::Overflow)),
        }
    }
}
