//! Property tests of money: checked arithmetic agrees with exact (i128) arithmetic, and
//! formatting never hides a price that is not zero.

use proptest::prelude::*;

use super::*;

fn currency() -> impl Strategy<Value = Currency> {
    // Exponents 2, 0, 3 and 2 with another symbol.
    prop::sample::select(vec![
        Currency::USD,
        Currency(iso_currency::Currency::JPY),
        Currency(iso_currency::Currency::KWD),
        Currency::EUR,
    ])
}

fn fits(exact: i128) -> Option<i64> {
    i64::try_from(exact).ok()
}

proptest! {
    #[test]
    fn checked_add_is_exact_or_reports_overflow(a: i64, b: i64, c in currency()) {
        let sum = Money::new(a, c).checked_add(Money::new(b, c));
        match fits(i128::from(a) + i128::from(b)) {
            Some(exact) => prop_assert_eq!(sum, Ok(Money::new(exact, c))),
            None => prop_assert_eq!(sum, Err(MoneyError::Overflow)),
        }
    }

    #[test]
    fn checked_mul_is_exact_or_reports_overflow(a: i64, factor: i64, c in currency()) {
        let product = Money::new(a, c).checked_mul(factor);
        match fits(i128::from(a) * i128::from(factor)) {
            Some(exact) => prop_assert_eq!(product, Ok(Money::new(exact, c))),
            None => prop_assert_eq!(product, Err(MoneyError::Overflow)),
        }
    }

    #[test]
    fn a_sum_is_the_exact_sum_or_an_overflow_never_a_wrapped_or_clamped_total(
        amounts in prop::collection::vec(0..=i64::MAX, 0..8),
    ) {
        let total = Money::sum(Currency::USD, amounts.iter().map(|a| Money::new(*a, Currency::USD)));
        let exact: i128 = amounts.iter().map(|a| i128::from(*a)).sum();
        match fits(exact) {
            Some(exact) => {
                prop_assert_eq!(total, Ok(Money::new(exact, Currency::USD)));
                prop_assert!(exact >= 0);
            }
            None => prop_assert_eq!(total, Err(MoneyError::Overflow)),
        }
    }

    #[test]
    fn amounts_of_two_currencies_never_add_or_compare(a: i64, b: i64) {
        let usd = Money::new(a, Currency::USD);
        let eur = Money::new(b, Currency::EUR);
        prop_assert_eq!(
            usd.checked_add(eur),
            Err(MoneyError::CurrencyMismatch(Currency::USD, Currency::EUR))
        );
        prop_assert_eq!(usd.partial_cmp(&eur), None);
    }

    #[test]
    fn a_positive_price_never_formats_as_zero(
        amount in 1..=i64::MAX,
        c in currency(),
        decimals in 0_u32..=4,
    ) {
        let format = PriceFormat { decimals, ..PriceFormat::for_currency(c) };
        let text = format.format(Money::new(amount, c));
        prop_assert!(text.chars().any(|ch| ('1'..='9').contains(&ch)), "{} shows as {}", amount, text);
    }

    #[test]
    fn formatting_with_the_currency_decimals_parses_back_to_the_same_amount(
        amount in 0..=i64::MAX,
        c in currency(),
    ) {
        let plain = PriceFormat {
            symbol: String::new(),
            thousand_separator: String::new(),
            ..PriceFormat::for_currency(c)
        };
        let money = Money::new(amount, c);
        prop_assert_eq!(Money::parse(&plain.format(money), c), Ok(money));
    }
}

#[test]
fn fewer_decimals_round_half_away_from_zero_but_never_to_zero() {
    let whole = PriceFormat {
        decimals: 0,
        ..PriceFormat::for_currency(Currency::USD)
    };
    let usd = |minor| Money::new(minor, Currency::USD);
    assert_eq!(whole.format(usd(250)), "$3");
    assert_eq!(whole.format(usd(249)), "$2");
    assert_eq!(whole.format(usd(49)), "$0.49");
    assert_eq!(whole.format(usd(0)), "$0");
}

#[test]
fn the_most_negative_amount_formats_without_panicking() {
    let text = PriceFormat::for_currency(Currency::USD).format(Money::new(i64::MIN, Currency::USD));
    assert_eq!(text, "-$92,233,720,368,547,758.08");
}

#[test]
fn a_number_too_large_for_any_price_is_an_overflow_not_a_panic() {
    assert_eq!(
        Money::parse("79228162514264337593543950335", Currency::USD),
        Err(MoneyError::Overflow)
    );
    assert_eq!(
        Money::parse("92233720368547758.08", Currency::USD),
        Err(MoneyError::Overflow)
    );
}
