//! Exchange rates as a source publishes them (ADR 0013), the cross rates a shop in another
//! base currency needs, and the [`RateSource`] port the rate adapters implement.
//!
//! A rate is "units of the currency per one unit of the base": the ECB publishes
//! `USD 1.0866` for one euro. A shop whose base is the dollar needs every rate per dollar,
//! which is a division of two published rates ([`ExchangeRates::rebased`]). Divided rates are
//! computed at `Decimal`'s full precision (28 significant digits) and then rounded half-even to
//! [`RATE_SIGNIFICANT_DIGITS`]: the sources publish five or six significant digits, so ten keep
//! every digit that means anything while keeping rates short and their products with prices
//! far from `Decimal`'s limits. Rates that were not divided are kept exactly as published.

use std::collections::BTreeMap;

use async_trait::async_trait;
use rust_decimal::{Decimal, RoundingStrategy};
use time::Date;

use crate::money::Currency;

/// Significant digits a computed (cross) rate keeps.
pub const RATE_SIGNIFICANT_DIGITS: u32 = 10;

/// A set of rates against one base currency, as published on one day. Every rate is above 0;
/// the base is implied at exactly 1 and not stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExchangeRates {
    base: Currency,
    published: Date,
    rates: BTreeMap<Currency, Decimal>,
}

/// Rates that break the rules; nothing is built from them.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RatesError {
    #[error("{currency}: a rate must be above 0, not {rate}")]
    NotPositive { currency: Currency, rate: Decimal },
    #[error("{currency} is the base currency: its rate is 1, not {rate}")]
    BaseQuoted { currency: Currency, rate: Decimal },
    #[error("{0} is quoted more than once")]
    Duplicate(Currency),
    #[error("there is no rate for {0}")]
    NoRate(Currency),
    #[error("the rate from {from} to {to} is too large or too small to compute")]
    OutOfRange { from: Currency, to: Currency },
}

impl ExchangeRates {
    /// Checks and keeps `rates` ("units of the currency per one `base`"). The base may be
    /// quoted only at exactly 1 (and is then dropped); a currency quoted twice, or a rate at or
    /// below 0, refuses the whole set: a source that says two things is not trusted for either.
    pub fn new(
        base: Currency,
        published: Date,
        rates: impl IntoIterator<Item = (Currency, Decimal)>,
    ) -> Result<Self, RatesError> {
        let mut kept = BTreeMap::new();
        let mut base_seen = false;
        for (currency, rate) in rates {
            if rate <= Decimal::ZERO {
                return Err(RatesError::NotPositive { currency, rate });
            }
            if currency == base {
                if rate != Decimal::ONE {
                    return Err(RatesError::BaseQuoted { currency, rate });
                }
                if std::mem::replace(&mut base_seen, true) {
                    return Err(RatesError::Duplicate(currency));
                }
                continue;
            }
            if kept.insert(currency, rate).is_some() {
                return Err(RatesError::Duplicate(currency));
            }
        }
        Ok(Self {
            base,
            published,
            rates: kept,
        })
    }

    pub fn base(&self) -> Currency {
        self.base
    }

    /// The day the source published these rates (the ECB's `Cube time`).
    pub fn published(&self) -> Date {
        self.published
    }

    /// Every quoted rate except the base's, by currency code.
    pub fn rates(&self) -> &BTreeMap<Currency, Decimal> {
        &self.rates
    }

    /// Units of `currency` per one unit of the base: exactly 1 for the base itself.
    pub fn rate(&self, currency: Currency) -> Option<Decimal> {
        if currency == self.base {
            Some(Decimal::ONE)
        } else {
            self.rates.get(&currency).copied()
        }
    }

    /// Whether there is a rate for `currency` (the base always has one).
    pub fn quotes(&self, currency: Currency) -> bool {
        self.rate(currency).is_some()
    }

    /// Units of `to` per one unit of `from`. From the base it is the published rate itself;
    /// otherwise `rate(to) / rate(from)`, rounded half-even to [`RATE_SIGNIFICANT_DIGITS`].
    pub fn cross_rate(&self, from: Currency, to: Currency) -> Result<Decimal, RatesError> {
        let per_from = self.rate(from).ok_or(RatesError::NoRate(from))?;
        let per_to = self.rate(to).ok_or(RatesError::NoRate(to))?;
        if from == to {
            return Ok(Decimal::ONE);
        }
        if from == self.base {
            return Ok(per_to);
        }
        per_to
            .checked_div(per_from)
            .and_then(|exact| {
                exact.round_sf_with_strategy(
                    RATE_SIGNIFICANT_DIGITS,
                    RoundingStrategy::MidpointNearestEven,
                )
            })
            .map(|rate| rate.normalize())
            // Below 1e-28 a quotient rounds to 0, which no price may be multiplied by.
            .filter(|rate| *rate > Decimal::ZERO)
            .ok_or(RatesError::OutOfRange { from, to })
    }

    /// The same rates restated per one unit of `base` (which must be quoted). The old base
    /// gets the rate `1 / rate(base)`; the publication day is kept.
    pub fn rebased(&self, base: Currency) -> Result<Self, RatesError> {
        if base == self.base {
            return Ok(self.clone());
        }
        if !self.quotes(base) {
            return Err(RatesError::NoRate(base));
        }
        let mut rates = BTreeMap::new();
        for currency in std::iter::once(self.base).chain(self.rates.keys().copied()) {
            if currency != base {
                rates.insert(currency, self.cross_rate(base, currency)?);
            }
        }
        Ok(Self {
            base,
            published: self.published,
            rates,
        })
    }
}

/// Why a rate source gave no rates. Texts are safe to log: adapters keep credentials and
/// query strings out of them.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RateSourceError {
    /// No answer: connection refused or reset, name resolution, TLS, timeout.
    #[error("the rate source could not be reached{}: {message}", if *.timed_out { " (timed out)" } else { "" })]
    Unreachable { timed_out: bool, message: String },
    /// The source answered with an error instead of rates (e.g. an HTTP status).
    #[error("the rate source refused: {0}")]
    Refused(String),
    /// An answer that is not a rate document the adapter can read.
    #[error("the rate document was refused: {0}")]
    Malformed(String),
    /// A readable document whose rates break the rules.
    #[error("the rates were refused: {0}")]
    Invalid(#[from] RatesError),
}

impl RateSourceError {
    /// A short, stable label for logs and metrics.
    pub fn kind(&self) -> &'static str {
        match self {
            Self::Unreachable {
                timed_out: true, ..
            } => "timeout",
            Self::Unreachable { .. } => "unreachable",
            Self::Refused(_) => "refused",
            Self::Malformed(_) => "malformed",
            Self::Invalid(_) => "invalid",
        }
    }
}

/// Where current exchange rates come from (the ECB's daily feed, fixed configured rates).
#[async_trait]
pub trait RateSource: Send + Sync + 'static {
    /// A short, stable name for logs and status ("ecb", "fixed").
    fn name(&self) -> &str;
    /// The newest rates the source has.
    async fn latest(&self) -> Result<ExchangeRates, RateSourceError>;
}

#[cfg(test)]
#[path = "rates_tests.rs"]
mod tests;
