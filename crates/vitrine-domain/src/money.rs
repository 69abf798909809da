//! Money in integer minor units of an ISO 4217 currency; checked arithmetic, parsing and
//! shop-style formatting (ADR 0003).

use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;

use rust_decimal::prelude::ToPrimitive;
use rust_decimal::{Decimal, RoundingStrategy};
use serde::{Deserialize, Serialize};

/// An ISO 4217 currency (validated code).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Currency(iso_currency::Currency);

#[derive(Debug, Clone, thiserror::Error, PartialEq, Eq)]
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

    /// The currency's English name from ISO 4217 ("Euro", "Pound Sterling").
    pub fn name(&self) -> &str {
        self.0.name()
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

/// Alphabetical by code, so currency-keyed maps (`BTreeMap<Currency, _>`) list in a stable,
/// readable order.
impl Ord for Currency {
    fn cmp(&self, other: &Self) -> Ordering {
        self.code().cmp(other.code())
    }
}

impl PartialOrd for Currency {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
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

/// An amount of money: integer minor units of one currency. Arithmetic is checked: an overflow
/// or a mix of currencies is an error, never a wrapped or clamped amount.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Money {
    amount_minor: i64,
    currency: Currency,
}

thread_local! {
    /// The currency bare amounts are read in (see [`with_document_currency`]).
    static DOCUMENT_CURRENCY: std::cell::Cell<Option<Currency>> = const { std::cell::Cell::new(None) };
    /// While a priced document is written ([`write_document`]): the currency of its prices so
    /// far (`Some(None)` before the first one).
    static DOCUMENT_WRITE: std::cell::Cell<Option<Option<Currency>>> = const { std::cell::Cell::new(None) };
}

/// Runs `write` with every `Money` serializing as bare minor units, and answers the one
/// currency they were in (`None` when nothing had a price). A second currency makes the
/// serialization fail: a document holds one currency for all its prices.
pub fn write_document<T>(write: impl FnOnce() -> T) -> (T, Option<Currency>) {
    struct Restore(Option<Option<Currency>>);
    impl Drop for Restore {
        fn drop(&mut self) {
            DOCUMENT_WRITE.with(|c| c.set(self.0));
        }
    }
    let restore = Restore(DOCUMENT_WRITE.with(|c| c.replace(Some(None))));
    let written = write();
    let currency = DOCUMENT_WRITE.with(std::cell::Cell::get).flatten();
    drop(restore);
    (written, currency)
}

impl Serialize for Money {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::{Error, SerializeStruct};
        match DOCUMENT_WRITE.with(std::cell::Cell::get) {
            None => {
                let mut fields = s.serialize_struct("Money", 2)?;
                fields.serialize_field("amount_minor", &self.amount_minor)?;
                fields.serialize_field("currency", &self.currency)?;
                fields.end()
            }
            Some(Some(fixed)) if fixed != self.currency => Err(S::Error::custom(format!(
                "prices in both {fixed} and {}",
                self.currency
            ))),
            Some(_) => {
                DOCUMENT_WRITE.with(|c| c.set(Some(Some(self.currency))));
                s.serialize_i64(self.amount_minor)
            }
        }
    }
}

/// Runs `read` with bare integer amounts deserializing as `Money` in `currency`. The store's
/// product documents keep every price as minor units with one currency for the whole document;
/// reading them this way costs one typed parse instead of a JSON tree rewritten price by price.
/// Outside `read`, a bare amount is an error: money never loses its currency.
pub fn with_document_currency<T>(currency: Currency, read: impl FnOnce() -> T) -> T {
    struct Restore(Option<Currency>);
    impl Drop for Restore {
        fn drop(&mut self) {
            DOCUMENT_CURRENCY.with(|c| c.set(self.0));
        }
    }
    let _restore = Restore(DOCUMENT_CURRENCY.with(|c| c.replace(Some(currency))));
    read()
}

impl<'de> Deserialize<'de> for Money {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(MoneyVisitor)
    }
}

struct MoneyVisitor;

impl MoneyVisitor {
    fn bare<E: serde::de::Error>(minor: i64) -> Result<Money, E> {
        match DOCUMENT_CURRENCY.with(std::cell::Cell::get) {
            Some(currency) => Ok(Money::new(minor, currency)),
            None => Err(E::custom("an amount without its currency")),
        }
    }
}

impl<'de> serde::de::Visitor<'de> for MoneyVisitor {
    type Value = Money;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("{ amount_minor, currency }, or minor units inside a priced document")
    }

    fn visit_i64<E: serde::de::Error>(self, minor: i64) -> Result<Money, E> {
        Self::bare(minor)
    }

    fn visit_u64<E: serde::de::Error>(self, minor: u64) -> Result<Money, E> {
        let minor = i64::try_from(minor).map_err(|_| E::custom("amount overflow"))?;
        Self::bare(minor)
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Money, A::Error> {
        use serde::de::Error;
        let (mut amount, mut currency) = (None, None);
        while let Some(key) = map.next_key::<std::borrow::Cow<'de, str>>()? {
            match key.as_ref() {
                "amount_minor" => amount = Some(map.next_value::<i64>()?),
                "currency" => currency = Some(map.next_value::<Currency>()?),
                other => {
                    return Err(A::Error::unknown_field(
                        other,
                        &["amount_minor", "currency"],
                    ));
                }
            }
        }
        let amount = amount.ok_or_else(|| A::Error::missing_field("amount_minor"))?;
        let currency = currency.ok_or_else(|| A::Error::missing_field("currency"))?;
        Ok(Money::new(amount, currency))
    }
}

impl Money {
    pub const fn new(amount_minor: i64, currency: Currency) -> Self {
        Self {
            amount_minor,
            currency,
        }
    }

    pub const fn zero(currency: Currency) -> Self {
        Self::new(0, currency)
    }

    /// Parses a non-negative decimal such as "11.05" in `currency`; more decimals than the
    /// currency has are refused, never rounded.
    pub fn parse(text: &str, currency: Currency) -> Result<Self, MoneyError> {
        let trimmed = text.trim();
        let value =
            Decimal::from_str(trimmed).map_err(|_| MoneyError::NotADecimal(trimmed.to_owned()))?;
        if value.is_sign_negative() && !value.is_zero() {
            return Err(MoneyError::Negative(trimmed.to_owned()));
        }
        let scale = Decimal::from(10_i64.pow(currency.exponent()));
        let scaled = value.checked_mul(scale).ok_or(MoneyError::Overflow)?;
        if scaled.fract() != Decimal::ZERO {
            return Err(MoneyError::TooPrecise(trimmed.to_owned()));
        }
        let amount_minor = scaled.to_i64().ok_or(MoneyError::Overflow)?;
        Ok(Self::new(amount_minor, currency))
    }

    pub const fn amount_minor(self) -> i64 {
        self.amount_minor
    }

    pub const fn currency(self) -> Currency {
        self.currency
    }

    pub const fn is_zero(self) -> bool {
        self.amount_minor == 0
    }

    pub const fn is_positive(self) -> bool {
        self.amount_minor > 0
    }

    /// The amount in major units ("45.00"), for JSON-LD and WooCommerce's `display_price`.
    pub fn to_decimal(self) -> Decimal {
        self.currency.to_decimal(self.amount_minor)
    }

    pub fn checked_add(self, other: Money) -> Result<Money, MoneyError> {
        let currency = self.same_currency(other)?;
        let amount_minor = self
            .amount_minor
            .checked_add(other.amount_minor)
            .ok_or(MoneyError::Overflow)?;
        Ok(Money::new(amount_minor, currency))
    }

    /// The amount times a whole factor (a quantity).
    pub fn checked_mul(self, factor: i64) -> Result<Money, MoneyError> {
        let amount_minor = self
            .amount_minor
            .checked_mul(factor)
            .ok_or(MoneyError::Overflow)?;
        Ok(Money::new(amount_minor, self.currency))
    }

    /// The checked sum of `amounts`, all in `currency`; zero when there are none.
    pub fn sum(
        currency: Currency,
        amounts: impl IntoIterator<Item = Money>,
    ) -> Result<Money, MoneyError> {
        amounts
            .into_iter()
            .try_fold(Money::zero(currency), Money::checked_add)
    }

    fn same_currency(self, other: Money) -> Result<Currency, MoneyError> {
        if self.currency == other.currency {
            Ok(self.currency)
        } else {
            Err(MoneyError::CurrencyMismatch(self.currency, other.currency))
        }
    }
}

/// Amounts of one currency compare by value; amounts of two currencies do not compare at all
/// (`<`, `>` are false), as there is no rate here to compare them with.
impl PartialOrd for Money {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        (self.currency == other.currency).then(|| self.amount_minor.cmp(&other.amount_minor))
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

    /// Formats an amount as the shop shows them: `$1,042.50`. Fewer decimals than the currency
    /// has round half away from zero (as WooCommerce does), except that an amount that is not
    /// zero never shows as zero: it keeps the currency's own decimals instead (`$0.49`, not `$0`).
    pub fn format(&self, money: Money) -> String {
        let exact = money.to_decimal().abs();
        let rounded =
            exact.round_dp_with_strategy(self.decimals, RoundingStrategy::MidpointAwayFromZero);
        let (value, decimals) = if rounded.is_zero() && !exact.is_zero() {
            (exact, money.currency.exponent().max(self.decimals))
        } else {
            (rounded, self.decimals)
        };
        let text = format!("{:.*}", decimals as usize, value);
        let (int_part, frac_part) = text.split_once('.').unwrap_or((&text, ""));
        let grouped = group_thousands(int_part, &self.thousand_separator);
        let number = if frac_part.is_empty() {
            grouped
        } else {
            format!("{grouped}{}{frac_part}", self.decimal_separator)
        };
        let sign = if money.amount_minor < 0 { "-" } else { "" };
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
#[path = "money_tests.rs"]
mod properties;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_priced_document_writes_bare_amounts_in_one_currency() {
        let prices = [
            Money::new(1105, Currency::EUR),
            Money::new(5, Currency::EUR),
        ];
        let (json, currency) = write_document(|| serde_json::to_string(&prices));
        assert_eq!(json.expect("one currency"), "[1105,5]");
        assert_eq!(currency, Some(Currency::EUR));
        let mixed = [Money::new(1, Currency::EUR), Money::new(1, Currency::USD)];
        let (json, _) = write_document(|| serde_json::to_string(&mixed));
        assert!(json.is_err(), "two currencies cannot share one document");
        let (_, none) = write_document(|| serde_json::to_string(&Vec::<Money>::new()));
        assert_eq!(none, None);
        assert_eq!(
            serde_json::to_string(&Money::new(1105, Currency::EUR)).expect("plain"),
            r#"{"amount_minor":1105,"currency":"EUR"}"#,
            "outside a document money keeps its currency"
        );
    }

    #[test]
    fn bare_amounts_read_as_money_only_inside_a_priced_document() {
        let full: Money = serde_json::from_str(r#"{"amount_minor":1105,"currency":"EUR"}"#)
            .expect("a full amount");
        assert_eq!(full, Money::new(1105, Currency::EUR));
        assert!(
            serde_json::from_str::<Money>("1105").is_err(),
            "no currency, no money"
        );
        let bare: Money = with_document_currency(Currency::GBP, || serde_json::from_str("1105"))
            .expect("in the document's currency");
        assert_eq!(bare, Money::new(1105, Currency::GBP));
        assert!(
            serde_json::from_str::<Money>("1105").is_err(),
            "the currency is not left set"
        );
    }

    fn usd(minor: i64) -> Money {
        Money::new(minor, Currency::USD)
    }

    #[test]
    fn decimal_prices_parse_to_minor_units() {
        assert_eq!(Money::parse("11.05", Currency::USD), Ok(usd(1105)));
        assert_eq!(Money::parse("45", Currency::USD), Ok(usd(4500)));
        assert_eq!(Money::parse(".5", Currency::USD), Ok(usd(50)));
    }

    #[test]
    fn prices_with_too_many_decimals_or_words_are_rejected() {
        assert!(matches!(
            Money::parse("1.005", Currency::USD),
            Err(MoneyError::TooPrecise(_))
        ));
        assert!(matches!(
            Money::parse("ten", Currency::USD),
            Err(MoneyError::NotADecimal(_))
        ));
        assert!(matches!(
            Money::parse("-1", Currency::USD),
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
