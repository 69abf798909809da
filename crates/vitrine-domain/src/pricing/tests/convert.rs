use super::*;
use crate::catalogue::PriceRange;
use crate::money::{Money, MoneyError};

fn usd(minor: i64) -> Money {
    Money::new(minor, Currency::USD)
}

fn eur(minor: i64) -> Money {
    Money::new(minor, Currency::EUR)
}

#[test]
fn a_price_converts_at_the_rate_then_takes_the_charm_ending() {
    let to_eur = demo().converter(Currency::EUR).expect("offered");
    // 18.00 × 0.92 = 16.56 → 16.99
    assert_eq!(to_eur.convert(usd(1800)), Ok(eur(1699)));
    // 17.39 × 0.92 = 15.9988 → 16.00 → 16.99: the ending applies to the shown amount
    assert_eq!(to_eur.convert(usd(1739)), Ok(eur(1699)));
    // 15.20 × 0.92 = 13.984 → 13.98 → 13.99
    assert_eq!(to_eur.convert(usd(1520)), Ok(eur(1399)));
    assert_eq!(to_eur.convert(usd(0)), Ok(eur(0)));
}

#[test]
fn without_a_rule_conversion_rounds_half_up_to_the_minor_unit() {
    let shop = shop(vec![entry("EUR", Some("0.5"))]).expect("valid");
    let to_eur = shop.converter(Currency::EUR).expect("offered");
    assert_eq!(to_eur.convert(usd(1)), Ok(eur(1)), "0.005 → 0.01, never 0");
    assert_eq!(to_eur.convert(usd(3)), Ok(eur(2)), "0.015 → 0.02");
    assert_eq!(to_eur.convert(usd(1800)), Ok(eur(900)));
}

#[test]
fn a_tiny_rate_never_makes_a_positive_price_free() {
    let shop = shop(vec![entry("EUR", Some("0.0001"))]).expect("valid");
    let to_eur = shop.converter(Currency::EUR).expect("offered");
    assert_eq!(to_eur.convert(usd(1)), Ok(eur(1)));
    assert_eq!(to_eur.convert_amount(usd(1)), Ok(eur(1)));
    assert_eq!(to_eur.convert(usd(0)), Ok(eur(0)));
}

#[test]
fn exponents_differ_between_currencies() {
    let shop = shop(vec![entry("JPY", Some("150")), entry("KWD", Some("0.307"))]).expect("valid");
    let to_yen = shop.converter(jpy()).expect("offered");
    assert_eq!(to_yen.convert(usd(1800)), Ok(Money::new(2700, jpy())));
    assert_eq!(
        to_yen.convert(usd(1)),
        Ok(Money::new(2, jpy())),
        "¥1.5 → ¥2"
    );
    let to_dinar = shop.converter(kwd()).expect("offered");
    // 18.00 × 0.307 = 5.526 KWD, three decimals
    assert_eq!(to_dinar.convert(usd(1800)), Ok(Money::new(5526, kwd())));
}

#[test]
fn a_currency_shown_without_decimals_converts_to_whole_units() {
    let whole = CurrencyEntry {
        decimals: Some(0),
        ..entry("EUR", Some("0.92"))
    };
    let shop = shop(vec![whole]).expect("valid");
    let to_eur = shop.converter(Currency::EUR).expect("offered");
    assert_eq!(to_eur.quantum(), 100);
    assert_eq!(
        to_eur.convert(usd(1800)),
        Ok(eur(1700)),
        "16.56 shows as 17"
    );
    assert_eq!(to_eur.convert(usd(1)), Ok(eur(100)));
    let format = &shop.get(Currency::EUR).expect("offered").format().clone();
    assert_eq!(format.format(eur(1700)), "€17");
}

#[test]
fn fixed_per_product_prices_win_where_the_currency_takes_them() {
    let fixed = CurrencyEntry {
        fixed_prices: true,
        ..entry("EUR", Some("0.92"))
    };
    let fixed_only = CurrencyEntry {
        fixed_prices: true,
        ..entry("GBP", None)
    };
    let shop = shop(vec![fixed, fixed_only]).expect("valid");
    let to_eur = shop.converter(Currency::EUR).expect("offered");
    assert_eq!(to_eur.price(usd(1800), Some(eur(1500))), Ok(eur(1500)));
    assert_eq!(
        to_eur.price(usd(1800), None),
        Ok(eur(1656)),
        "falls back to the rate"
    );
    let wrong = to_eur.price(usd(1800), Some(usd(1500)));
    assert!(matches!(wrong, Err(ConvertError::WrongCurrency { .. })));
    let to_gbp = shop.converter(Currency::GBP).expect("offered");
    assert_eq!(
        to_gbp.price(usd(1800), None),
        Err(ConvertError::NoRate(Currency::GBP))
    );
    let plain = demo().converter(Currency::EUR).expect("offered");
    assert_eq!(
        plain.price(usd(1800), Some(eur(1500))),
        Ok(eur(1699)),
        "no fixed prices"
    );
}

#[test]
fn conversion_refuses_negative_foreign_or_overflowing_amounts() {
    let to_eur = demo().converter(Currency::EUR).expect("offered");
    assert!(matches!(
        to_eur.convert(usd(-1)),
        Err(ConvertError::Negative(_))
    ));
    let foreign = to_eur.convert(eur(100));
    assert_eq!(
        foreign,
        Err(ConvertError::WrongCurrency {
            expected: Currency::USD,
            found: Currency::EUR
        })
    );
    let shop = shop(vec![entry("JPY", Some("1000"))]).expect("valid");
    let to_yen = shop.converter(jpy()).expect("offered");
    assert_eq!(
        to_yen.convert(usd(i64::MAX)),
        Err(ConvertError::Money(MoneyError::Overflow))
    );
}

#[test]
fn ranges_and_lists_convert_end_by_end() {
    let to_eur = demo().converter(Currency::EUR).expect("offered");
    let range = PriceRange::of([usd(1800), usd(4500)])
        .expect("one currency")
        .expect("two");
    let converted = to_eur.convert_range(range).expect("converts");
    assert_eq!((converted.min(), converted.max()), (eur(1699), eur(4199)));
    assert_eq!(
        to_eur.convert_all([usd(100), usd(0)]),
        Ok(vec![eur(99), eur(0)])
    );
}

#[test]
fn amounts_that_are_not_prices_skip_the_charm_ending() {
    let to_eur = demo().converter(Currency::EUR).expect("offered");
    assert_eq!(to_eur.convert_amount(usd(200)), Ok(eur(184)));
    assert_eq!(to_eur.convert(usd(200)), Ok(eur(199)));
}
