//! Money in integer minor units of an ISO 4217 currency; parsing and shop-style formatting.

use std::fmt;
use std::str::FromStr;

use rust_decimal::Decimal;
use rust_decimal::prelude::ToPrimitive;
use serde::{Deserialize, Serialize};

/// An ISO 4217 currency (validated code).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Currency(iso_currency::Currency);

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum MoneyError {
    #[error("unknown currency code {0:?}")]
    UnknownCurrency(String),
    #[error("{0:?} is not a decimal amount")]
    NotADecimal(String),
    #[error("amount {0:?} has more decimals than the currency allows")]
    TooPrecise(String),
    #[error("amount {0:?} must not be negative")]
    Negative(String),
    #[error("amount overflow")]
    Overflow,
    #[error("cannot combine {0} with {1}")]
    CurrencyMismatch(Currency, Currency),
}

impl Currency {
    pub const USD: Currency = Currency(iso_currency::Currency::USD);
    pub const EUR: Currency = Currency(iso_currency::Currency::EUR);
    pub const GBP: Currency = Currency(iso_currency::Currency::GBP);

    pub fn code(self) -> &'static str {
        self.0.code()
    }

    /// Number of decimal places of the minor unit (2 for USD, 0 for JPY).
    pub fn exponent(self) -> u32 {
        u32::from(self.0.exponent().unwrap_or(2))
    }

    pub fn symbol(self) -> String {
        self.0.symbol().to_string()
    }

    /// Parses a decimal string such as "11.05" into minor units of this currency.
    pub fn parse_amount(self, text: &str) -> Result<i64, MoneyError> {
        let trimmed = text.trim();
        let value =
            Decimal::from_str(trimmed).map_err(|_| MoneyError::NotADecimal(trimmed.to_owned()))?;
        if value.is_sign_negative() && !value.is_zero() {
            return Err(MoneyError::Negative(trimmed.to_owned()));
        }
        let scaled = value * Decimal::from(10_i64.pow(self.exponent()));
        if scaled.fract() != Decimal::ZERO {
            return Err(MoneyError::TooPrecise(trimmed.to_owned()));
        }
        scaled.to_i64().ok_or(MoneyError::Overflow)
    }

    /// The amount as a decimal in major units (for JSON-LD and WooCommerce's `display_price`).
    pub fn to_decimal(self, minor: i64) -> Decimal {
        Decimal::new(minor, self.exponent())
    }
}

impl FromStr for Currency {
    type Err = MoneyError;
    fn from_str(code: &str) -> Result<Self, Self::Err> {
        iso_currency::Currency::from_code(&code.trim().to_ascii_uppercase())
            .map(Currency)
            .ok_or_else(|| MoneyError::UnknownCurrency(code.to_owned()))
    }
}

impl fmt::Display for Currency {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl Serialize for Currency {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.code())
    }
}

impl<'de> Deserialize<'de> for Currency {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let code = String::deserialize(d)?;
        code.parse().map_err(serde::de::Error::custom)
    }
}

/// An amount of money: integer minor units plus currency.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Money {
    pub amount_minor: i64,
    pub currency: Currency,
}

impl Money {
    pub fn new(amount_minor: i64, currency: Currency) -> Self {
        Self {
            amount_minor,
            currency,
        }
    }

    pub fn checked_add(self, other: Money) -> Result<Money, MoneyError> {
        if self.currency != other.currency {
            return Err(MoneyError::CurrencyMismatch(self.currency, other.currency));
        }
        let amount_minor = self
            .amount_minor
            .checked_add(other.amount_minor)
            .ok_or(MoneyError::Overflow)?;
        Ok(Money {
            amount_minor,
            ..self
        })
    }

    pub fn checked_mul(self, quantity: i64) -> Result<Money, MoneyError> {
        let amount_minor = self
            .amount_minor
            .checked_mul(quantity)
            .ok_or(MoneyError::Overflow)?;
        Ok(Money {
            amount_minor,
            ..self
        })
    }
}

/// How a shop writes prices (WooCommerce's currency options).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PriceFormat {
    pub symbol: String,
    pub position: SymbolPosition,
    pub thousand_separator: String,
    pub decimal_separator: String,
    pub decimals: u32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SymbolPosition {
    Left,
    Right,
    LeftSpace,
    RightSpace,
}

impl PriceFormat {
    /// WooCommerce's defaults for a currency: symbol on the left, "," thousands, "." decimals.
    pub fn for_currency(currency: Currency) -> Self {
        Self {
            symbol: currency.symbol(),
            position: SymbolPosition::Left,
            thousand_separator: ",".into(),
            decimal_separator: ".".into(),
            decimals: currency.exponent(),
        }
    }

    /// Formats minor units as the shop shows them: `$1,042.50`.
    pub fn format(&self, money: Money) -> String {
        let exponent = money.currency.exponent();
        let negative = money.amount_minor < 0;
        let value = Decimal::new(money.amount_minor.abs(), exponent).round_dp(self.decimals);
        let text = format!("{:.*}", self.decimals as usize, value);
        let (int_part, frac_part) = text.split_once('.').unwrap_or((&text, ""));
        let grouped = group_thousands(int_part, &self.thousand_separator);
        let number = if frac_part.is_empty() {
            grouped
        } else {
            format!("{grouped}{}{frac_part}", self.decimal_separator)
        };
        let sign = if negative { "-" } else { "" };
        match self.position {
            SymbolPosition::Left => format!("{sign}{}{number}", self.symbol),
            SymbolPosition::Right => format!("{sign}{number}{}", self.symbol),
            SymbolPosition::LeftSpace => format!("{sign}{} {number}", self.symbol),
            SymbolPosition::RightSpace => format!("{sign}{number} {}", self.symbol),
        }
    }
}

fn group_thousands(digits: &str, separator: &str) -> String {
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push_str(separator);
        }
        out.push(ch);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimal_prices_parse_to_minor_units() {
        assert_eq!(Currency::USD.parse_amount("11.05"), Ok(1105));
        assert_eq!(Currency::USD.parse_amount("45"), Ok(4500));
        assert_eq!(Currency::USD.parse_amount(".5"), Ok(50));
    }

    #[test]
    fn prices_with_too_many_decimals_or_words_are_rejected() {
        assert!(matches!(
            Currency::USD.parse_amount("1.005"),
            Err(MoneyError::TooPrecise(_))
        ));
        assert!(matches!(
            Currency::USD.parse_amount("ten"),
            Err(MoneyError::NotADecimal(_))
        ));
        assert!(matches!(
            Currency::USD.parse_amount("-1"),
            Err(MoneyError::Negative(_))
        ));
    }

    #[test]
    fn usd_is_formatted_the_woocommerce_way() {
        let f = PriceFormat::for_currency(Currency::USD);
        assert_eq!(f.format(Money::new(4200, Currency::USD)), "$42.00");
        assert_eq!(
            f.format(Money::new(123_456_789, Currency::USD)),
            "$1,234,567.89"
        );
        assert_eq!(f.format(Money::new(5, Currency::USD)), "$0.05");
    }

    #[test]
    fn right_spaced_symbol_and_comma_decimals_are_supported() {
        let f = PriceFormat {
            symbol: "€".into(),
            position: SymbolPosition::RightSpace,
            thousand_separator: ".".into(),
            decimal_separator: ",".into(),
            decimals: 2,
        };
        assert_eq!(f.format(Money::new(123_450, Currency::EUR)), "1.234,50 €");
    }

    #[test]
    fn adding_different_currencies_is_rejected() {
        let usd = Money::new(100, Currency::USD);
        let eur = Money::new(100, Currency::EUR);
        assert!(matches!(
            usd.checked_add(eur),
            Err(MoneyError::CurrencyMismatch(..))
        ));
    }

    #[test]
    fn currency_codes_parse_case_insensitively() {
        assert_eq!("usd".parse::<Currency>(), Ok(Currency::USD));
        assert!("XYZ".parse::<Currency>().is_err());
    }
}
