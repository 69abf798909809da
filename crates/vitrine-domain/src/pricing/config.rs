//! The shop's currencies as written in the configuration file or sent to the API, and their
//! validation into [`Currencies`].

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use super::currency::{Currencies, CurrencySettings};
use super::error::CurrencyConfigError;
use super::rounding::{Rounding, RoundingProblem};
use crate::money::{Currency, PriceFormat, SymbolPosition};

/// `[currency]`: the base currency and every currency a shopper may choose (the base too).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CurrencyConfig {
    pub base: String,
    pub currencies: Vec<CurrencyEntry>,
}

/// One currency. Format fields left out take WooCommerce's defaults for the currency
/// ([`PriceFormat::for_currency`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CurrencyEntry {
    pub code: String,
    /// Units of this currency per one unit of the base; exactly 1 (or left out) for the base.
    #[serde(default, with = "super::decimal_text::option")]
    pub rate: Option<Decimal>,
    /// Prices in this currency are set per product; the rate, if any, prices the rest.
    #[serde(default)]
    pub fixed_prices: bool,
    #[serde(default)]
    pub symbol: Option<String>,
    #[serde(default)]
    pub position: Option<SymbolPosition>,
    #[serde(default)]
    pub decimals: Option<u32>,
    #[serde(default)]
    pub thousand_separator: Option<String>,
    #[serde(default)]
    pub decimal_separator: Option<String>,
    #[serde(default)]
    pub rounding: Rounding,
    /// Left out of the switcher (still accepted when asked for by code).
    #[serde(default)]
    pub hidden: bool,
}

impl CurrencyConfig {
    /// A shop of one currency, its base, written with `format` (each part left out takes the
    /// currency's defaults, as in the list).
    pub fn single(base: Currency, format: Option<&PriceFormat>) -> Self {
        Self {
            base: base.code().to_owned(),
            currencies: vec![CurrencyEntry {
                code: base.code().to_owned(),
                rate: None,
                fixed_prices: false,
                symbol: format.map(|f| f.symbol.clone()),
                position: format.map(|f| f.position),
                decimals: format.map(|f| f.decimals),
                thousand_separator: format.map(|f| f.thousand_separator.clone()),
                decimal_separator: format.map(|f| f.decimal_separator.clone()),
                rounding: Rounding::None,
                hidden: false,
            }],
        }
    }
}

impl TryFrom<&CurrencyConfig> for Currencies {
    type Error = CurrencyConfigError;

    fn try_from(config: &CurrencyConfig) -> Result<Self, Self::Error> {
        let base = parse_code(&config.base)?;
        let mut list: Vec<CurrencySettings> = Vec::with_capacity(config.currencies.len());
        for entry in &config.currencies {
            let settings = settings(entry, base)?;
            if list.iter().any(|s| s.currency() == settings.currency()) {
                return Err(CurrencyConfigError::Duplicate(settings.currency()));
            }
            list.push(settings);
        }
        if !list.iter().any(|s| s.currency() == base) {
            return Err(CurrencyConfigError::BaseMissing(base));
        }
        Ok(Currencies::from_parts(base, list))
    }
}

fn parse_code(code: &str) -> Result<Currency, CurrencyConfigError> {
    code.parse()
        .map_err(|_| CurrencyConfigError::UnknownCurrency(code.to_owned()))
}

fn settings(
    entry: &CurrencyEntry,
    base: Currency,
) -> Result<CurrencySettings, CurrencyConfigError> {
    let currency = parse_code(&entry.code)?;
    let defaults = PriceFormat::for_currency(currency);
    let exponent = currency.exponent();
    let decimals = entry.decimals.unwrap_or(exponent);
    if decimals > exponent {
        return Err(CurrencyConfigError::Decimals {
            currency,
            decimals,
            exponent,
        });
    }
    let format = PriceFormat {
        symbol: entry.symbol.clone().unwrap_or(defaults.symbol),
        position: entry.position.unwrap_or(defaults.position),
        thousand_separator: entry
            .thousand_separator
            .clone()
            .unwrap_or(defaults.thousand_separator),
        decimal_separator: entry
            .decimal_separator
            .clone()
            .unwrap_or(defaults.decimal_separator),
        decimals,
    };
    if format.decimal_separator.is_empty() || format.decimal_separator == format.thousand_separator
    {
        return Err(CurrencyConfigError::Separators(currency));
    }
    let rate = check_rate(currency, entry, base)?;
    let quantum = 10_i64.pow(exponent - decimals);
    let minor = entry
        .rounding
        .in_minor(currency, quantum)
        .map_err(|problem| match problem {
            RoundingProblem::EndingRange => CurrencyConfigError::CharmEnding(currency),
            RoundingProblem::StepRange => CurrencyConfigError::Step(currency),
            RoundingProblem::Precision => {
                CurrencyConfigError::RoundingPrecision { currency, decimals }
            }
        })?;
    let plain = !entry.fixed_prices && entry.rounding == Rounding::None && quantum == 1;
    if currency == base && !plain {
        return Err(CurrencyConfigError::BaseNotPlain(currency));
    }
    Ok(CurrencySettings::new(
        currency,
        rate,
        entry.fixed_prices,
        format,
        (entry.rounding, minor),
        entry.hidden,
    ))
}

fn check_rate(
    currency: Currency,
    entry: &CurrencyEntry,
    base: Currency,
) -> Result<Option<Decimal>, CurrencyConfigError> {
    match entry.rate {
        _ if currency == base => match entry.rate {
            None => Ok(Some(Decimal::ONE)),
            Some(rate) if rate == Decimal::ONE => Ok(Some(Decimal::ONE)),
            Some(rate) => Err(CurrencyConfigError::BaseRate { currency, rate }),
        },
        Some(rate) if rate <= Decimal::ZERO => {
            Err(CurrencyConfigError::RateNotPositive { currency, rate })
        }
        Some(rate) => Ok(Some(rate)),
        None if entry.fixed_prices => Ok(None),
        None => Err(CurrencyConfigError::NoRate(currency)),
    }
}
