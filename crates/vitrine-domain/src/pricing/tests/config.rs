use super::*;
use crate::money::{Money, SymbolPosition};

#[test]
fn the_demo_currencies_read_from_toml_with_woocommerce_defaults() {
    let shop = demo();
    assert_eq!(shop.base(), Currency::USD);
    let eur = shop.get(Currency::EUR).expect("configured");
    assert_eq!(eur.rate(), Some(dec("0.92")));
    assert_eq!(eur.format().position, SymbolPosition::RightSpace);
    assert_eq!(
        eur.format().format(Money::new(123_499, Currency::EUR)),
        "1.234,99 €"
    );
    assert_eq!(
        eur.rounding(),
        Rounding::Charm {
            ending: dec("0.99")
        }
    );
    let usd = shop.get(Currency::USD).expect("the base");
    assert_eq!(usd.rate(), Some(Decimal::ONE));
    assert_eq!(
        usd.format().format(Money::new(1800, Currency::USD)),
        "$18.00"
    );
    let offered: Vec<_> = shop.switcher().map(|s| s.currency()).collect();
    assert_eq!(offered, vec![Currency::USD, Currency::EUR], "GBP is hidden");
    assert_eq!(shop.all().len(), 3);
}

#[test]
fn a_shopper_may_ask_for_any_configured_currency_by_code() {
    let shop = demo();
    assert_eq!(shop.resolve("eur"), Ok(Currency::EUR));
    assert_eq!(
        shop.resolve("GBP"),
        Ok(Currency::GBP),
        "hidden, still accepted"
    );
    assert_eq!(
        shop.resolve("JPY"),
        Err(ConvertError::Unsupported("JPY".into()))
    );
    assert_eq!(
        shop.resolve("XYZ"),
        Err(ConvertError::Unsupported("XYZ".into()))
    );
    assert!(shop.converter(jpy()).is_err());
}

#[test]
fn unknown_keys_and_binary_float_rates_are_refused() {
    let typo = DEMO.replace("rate = \"0.79\"", "rat = \"0.79\"");
    let err = toml::from_str::<CurrencyConfig>(&typo).expect_err("unknown key");
    assert!(err.to_string().contains("unknown field `rat`"), "{err}");
    let float = DEMO.replace("rate = \"0.79\"", "rate = 0.79");
    let err = toml::from_str::<CurrencyConfig>(&float).expect_err("a float");
    assert!(err.to_string().contains("not an exact decimal"), "{err}");
    let whole = DEMO.replace("rate = \"0.79\"", "rate = 2");
    assert!(
        toml::from_str::<CurrencyConfig>(&whole).is_ok(),
        "whole numbers are exact"
    );
    let rounding = DEMO.replace("ending = \"0.99\"", "ending = \"0.99\", step = \"1\"");
    assert!(toml::from_str::<CurrencyConfig>(&rounding).is_err());
}

#[test]
fn codes_must_be_iso_4217_listed_once_with_the_base_among_them() {
    use CurrencyConfigError as E;
    assert_eq!(
        shop(vec![entry("EUX", Some("1"))]),
        Err(E::UnknownCurrency("EUX".into()))
    );
    let twice = vec![entry("EUR", Some("0.9")), entry("eur", Some("0.9"))];
    assert_eq!(shop(twice), Err(E::Duplicate(Currency::EUR)));
    let no_base = CurrencyConfig {
        base: "USD".into(),
        currencies: vec![entry("EUR", Some("0.9"))],
    };
    assert_eq!(
        Currencies::try_from(&no_base),
        Err(E::BaseMissing(Currency::USD))
    );
    let unknown_base = CurrencyConfig {
        base: "US".into(),
        ..no_base
    };
    assert_eq!(
        Currencies::try_from(&unknown_base),
        Err(E::UnknownCurrency("US".into()))
    );
}

#[test]
fn the_base_has_rate_one_and_prices_the_catalogue_as_it_is() {
    use CurrencyConfigError as E;
    let config = |base: CurrencyEntry| CurrencyConfig {
        base: "USD".into(),
        currencies: vec![base],
    };
    let base_rate = config(entry("USD", Some("1.0000")));
    assert!(
        Currencies::try_from(&base_rate).is_ok(),
        "1.0000 is exactly 1"
    );
    let off = config(entry("USD", Some("1.01")));
    assert!(matches!(
        Currencies::try_from(&off),
        Err(E::BaseRate { .. })
    ));
    let charm = config(CurrencyEntry {
        rounding: Rounding::Charm {
            ending: dec("0.99"),
        },
        ..entry("USD", None)
    });
    assert_eq!(
        Currencies::try_from(&charm),
        Err(E::BaseNotPlain(Currency::USD))
    );
    let whole = config(CurrencyEntry {
        decimals: Some(0),
        ..entry("USD", None)
    });
    assert_eq!(
        Currencies::try_from(&whole),
        Err(E::BaseNotPlain(Currency::USD))
    );
}

#[test]
fn rates_are_above_zero_unless_prices_are_fixed_per_product() {
    use CurrencyConfigError as E;
    let zero = shop(vec![entry("EUR", Some("0"))]);
    assert!(matches!(zero, Err(E::RateNotPositive { .. })));
    let negative = shop(vec![entry("EUR", Some("-0.9"))]);
    assert!(matches!(negative, Err(E::RateNotPositive { .. })));
    assert_eq!(
        shop(vec![entry("EUR", None)]),
        Err(E::NoRate(Currency::EUR))
    );
    let fixed = CurrencyEntry {
        fixed_prices: true,
        ..entry("EUR", None)
    };
    let shop = shop(vec![fixed]).expect("fixed prices need no rate");
    assert_eq!(
        shop.get(Currency::EUR).and_then(CurrencySettings::rate),
        None
    );
}

#[test]
fn decimals_separators_and_rounding_must_fit_the_currency() {
    use CurrencyConfigError as E;
    let with = |f: &dyn Fn(&mut CurrencyEntry)| {
        let mut e = entry("EUR", Some("0.9"));
        f(&mut e);
        shop(vec![e])
    };
    assert!(matches!(
        with(&|e| e.decimals = Some(3)),
        Err(E::Decimals {
            decimals: 3,
            exponent: 2,
            ..
        })
    ));
    assert!(with(&|e| e.decimals = Some(2)).is_ok());
    assert_eq!(
        with(&|e| e.decimal_separator = Some(",".into())),
        Err(E::Separators(Currency::EUR))
    );
    assert_eq!(
        with(&|e| e.decimal_separator = Some(String::new())),
        Err(E::Separators(Currency::EUR))
    );
    let charm = |ending: &str| Rounding::Charm {
        ending: dec(ending),
    };
    assert_eq!(
        with(&|e| e.rounding = charm("1.00")),
        Err(E::CharmEnding(Currency::EUR))
    );
    assert!(with(&|e| e.rounding = charm("0.99")).is_ok());
    assert!(matches!(
        with(&|e| e.rounding = charm("0.999")),
        Err(E::RoundingPrecision { .. })
    ));
    let shown_whole = |e: &mut CurrencyEntry| {
        e.decimals = Some(0);
        e.rounding = Rounding::Charm {
            ending: dec("0.99"),
        };
    };
    assert!(matches!(
        with(&shown_whole),
        Err(E::RoundingPrecision { decimals: 0, .. })
    ));
    let step = |s: &str| Rounding::Step {
        step: dec(s),
        mode: StepMode::Up,
    };
    assert_eq!(
        with(&|e| e.rounding = step("0")),
        Err(E::Step(Currency::EUR))
    );
    assert_eq!(
        with(&|e| e.rounding = step("-0.05")),
        Err(E::Step(Currency::EUR))
    );
}

#[test]
fn new_rates_replace_old_ones_and_a_bad_feed_changes_nothing() {
    let shop = demo();
    let feed = [
        (Currency::USD, Decimal::ONE),
        (Currency::EUR, dec("0.95")),
        (jpy(), dec("150")),
    ];
    let (next, update) = shop.with_rates(feed).expect("valid rates");
    assert_eq!(
        next.get(Currency::EUR).and_then(CurrencySettings::rate),
        Some(dec("0.95"))
    );
    assert_eq!(
        next.get(Currency::GBP).and_then(CurrencySettings::rate),
        Some(dec("0.79"))
    );
    assert_eq!(update.updated, vec![Currency::EUR]);
    assert_eq!(update.kept, vec![Currency::GBP]);
    assert!(next.get(jpy()).is_none(), "not offered, ignored");
    use CurrencyConfigError as E;
    let zero = shop.with_rates([(Currency::EUR, Decimal::ZERO)]);
    assert!(matches!(zero, Err(E::RateNotPositive { .. })));
    let base = shop.with_rates([(Currency::USD, dec("1.1"))]);
    assert!(matches!(base, Err(E::BaseRate { .. })));
}

#[test]
fn a_rounding_rule_takes_only_its_own_keys() {
    let stray = DEMO.replace(
        "rounding = { kind = \"charm\", ending = \"0.99\" }",
        "rounding = { kind = \"none\", ending = \"0.99\" }",
    );
    assert!(toml::from_str::<CurrencyConfig>(&stray).is_err());
}

#[test]
fn a_single_currency_shop_takes_the_shops_format_or_the_defaults() {
    let format = crate::money::PriceFormat {
        symbol: "US$".into(),
        ..crate::money::PriceFormat::for_currency(Currency::USD)
    };
    let shop =
        Currencies::try_from(&CurrencyConfig::single(Currency::USD, Some(&format))).expect("valid");
    assert_eq!(shop.all().len(), 1);
    assert_eq!(
        shop.get(Currency::USD).map(|s| s.format().symbol.as_str()),
        Some("US$")
    );
    let plain = Currencies::try_from(&CurrencyConfig::single(Currency::USD, None)).expect("valid");
    assert_eq!(plain, Currencies::base_only(Currency::USD));
    let rounded = crate::money::PriceFormat {
        decimals: 0,
        ..format
    };
    assert_eq!(
        Currencies::try_from(&CurrencyConfig::single(Currency::USD, Some(&rounded))),
        Err(CurrencyConfigError::BaseNotPlain(Currency::USD)),
        "a base shown without its cents would charge what it does not show"
    );
}
