//! Tests of the currency side: configuration and its errors, conversion and its properties.

mod config;
mod convert;
mod fixed;
mod local;
mod properties;
mod reward_pick;
mod settings;
mod shopper_cart;

use super::*;
use crate::money::Currency;
use rust_decimal::Decimal;

fn dec(text: &str) -> Decimal {
    text.parse().expect("decimal")
}

fn jpy() -> Currency {
    "JPY".parse().expect("ISO 4217")
}

fn kwd() -> Currency {
    "KWD".parse().expect("ISO 4217")
}

/// An entry with a rate and every format default.
fn entry(code: &str, rate: Option<&str>) -> CurrencyEntry {
    CurrencyEntry {
        code: code.into(),
        rate: rate.map(dec),
        fixed_prices: false,
        symbol: None,
        position: None,
        decimals: None,
        thousand_separator: None,
        decimal_separator: None,
        rounding: Rounding::None,
        hidden: false,
    }
}

/// USD as the base plus `others`.
fn shop(others: Vec<CurrencyEntry>) -> Result<Currencies, CurrencyConfigError> {
    let mut currencies = vec![entry("USD", None)];
    currencies.extend(others);
    Currencies::try_from(&CurrencyConfig {
        base: "USD".into(),
        currencies,
    })
}

/// The issue's demo: USD (base), EUR at 0.92 with a .99 ending, GBP at 0.79 hidden.
const DEMO: &str = r#"
base = "USD"

[[currencies]]
code = "USD"

[[currencies]]
code = "EUR"
rate = "0.92"
symbol = "€"
position = "right_space"
thousand_separator = "."
decimal_separator = ","
rounding = { kind = "charm", ending = "0.99" }

[[currencies]]
code = "GBP"
rate = "0.79"
hidden = true
"#;

fn demo() -> Currencies {
    let config: CurrencyConfig = toml::from_str(DEMO).expect("the demo reads");
    Currencies::try_from(&config).expect("the demo is valid")
}
