//! Why a currency configuration or a rate update is refused.

use rust_decimal::Decimal;

use crate::money::Currency;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CurrencyConfigError {
    #[error("unknown currency code {0:?} (not in ISO 4217)")]
    UnknownCurrency(String),
    #[error("{0} is listed twice")]
    Duplicate(Currency),
    #[error("the base currency {0} is not in the list of currencies")]
    BaseMissing(Currency),
    #[error("the base currency {currency} has the rate 1, not {rate}")]
    BaseRate { currency: Currency, rate: Decimal },
    #[error(
        "the base currency {0} prices the catalogue as it is: no fixed prices, no rounding rule, \
         and every decimal shown"
    )]
    BaseNotPlain(Currency),
    #[error("{currency}: the exchange rate must be above 0, not {rate}")]
    RateNotPositive { currency: Currency, rate: Decimal },
    #[error("{0}: give an exchange rate or set fixed_prices")]
    NoRate(Currency),
    #[error("{currency}: {decimals} decimals is more than the {exponent} of its minor unit")]
    Decimals {
        currency: Currency,
        decimals: u32,
        exponent: u32,
    },
    #[error("{0}: the decimal separator must be set and differ from the thousand separator")]
    Separators(Currency),
    #[error("{0}: a charm ending is at least 0 and below one major unit")]
    CharmEnding(Currency),
    #[error("{0}: a rounding step must be above 0")]
    Step(Currency),
    #[error("{currency}: the rounding rule is finer than the {decimals} decimals shown")]
    RoundingPrecision { currency: Currency, decimals: u32 },
}
