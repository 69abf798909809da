//! The shop's currencies once validated: rates, formats, rounding rules, the switcher's list,
//! and rate updates.

use rust_decimal::Decimal;

use super::convert::{ConvertError, Converter};
use super::error::CurrencyConfigError;
use super::rounding::{MinorRounding, Rounding};
use crate::money::{Currency, PriceFormat};

/// One currency a shopper may choose.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CurrencySettings {
    currency: Currency,
    rate: Option<Decimal>,
    fixed_prices: bool,
    format: PriceFormat,
    rounding: Rounding,
    minor_rounding: MinorRounding,
    hidden: bool,
}

impl CurrencySettings {
    pub(super) fn new(
        currency: Currency,
        rate: Option<Decimal>,
        fixed_prices: bool,
        format: PriceFormat,
        (rounding, minor_rounding): (Rounding, MinorRounding),
        hidden: bool,
    ) -> Self {
        Self {
            currency,
            rate,
            fixed_prices,
            format,
            rounding,
            minor_rounding,
            hidden,
        }
    }

    pub fn currency(&self) -> Currency {
        self.currency
    }

    /// Units of this currency per unit of the base (1 for the base); `None` for a currency
    /// priced only by fixed per-product prices.
    pub fn rate(&self) -> Option<Decimal> {
        self.rate
    }

    pub fn fixed_prices(&self) -> bool {
        self.fixed_prices
    }

    pub fn format(&self) -> &PriceFormat {
        &self.format
    }

    pub fn rounding(&self) -> Rounding {
        self.rounding
    }

    pub fn hidden(&self) -> bool {
        self.hidden
    }

    /// The smallest amount the format shows, in minor units (1, or 100 for a 2-decimal
    /// currency shown without decimals). Every converted or discounted amount is a multiple
    /// of it, so what is shown is what is charged.
    pub fn quantum(&self) -> i64 {
        10_i64.pow(self.currency.exponent() - self.format.decimals)
    }
}

/// The shop's currencies: the base (rate 1) and the others, in configuration order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Currencies {
    base: Currency,
    list: Vec<CurrencySettings>,
}

/// What a rate update changed.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct RateUpdate {
    /// Currencies that got a new rate.
    pub updated: Vec<Currency>,
    /// Currencies with a rate that the update did not mention; they keep their last rate.
    pub kept: Vec<Currency>,
}

impl Currencies {
    /// Only the base currency, shown the WooCommerce way (a shop without a `[currency]` table).
    pub fn base_only(base: Currency) -> Self {
        let settings = CurrencySettings::new(
            base,
            Some(Decimal::ONE),
            false,
            PriceFormat::for_currency(base),
            (Rounding::None, MinorRounding::None),
            false,
        );
        Self::from_parts(base, vec![settings])
    }

    pub(super) fn from_parts(base: Currency, list: Vec<CurrencySettings>) -> Self {
        Self { base, list }
    }

    pub fn base(&self) -> Currency {
        self.base
    }

    pub fn get(&self, currency: Currency) -> Option<&CurrencySettings> {
        self.list.iter().find(|s| s.currency == currency)
    }

    /// Every configured currency, hidden ones too, in configuration order.
    pub fn all(&self) -> &[CurrencySettings] {
        &self.list
    }

    /// The currencies the switcher offers (not hidden), in configuration order.
    pub fn switcher(&self) -> impl Iterator<Item = &CurrencySettings> {
        self.list.iter().filter(|s| !s.hidden)
    }

    /// The shop's currency for a code a shopper sent (`?wmc-currency=eur`, a cookie, a cart
    /// call); hidden currencies are accepted, unknown or unconfigured ones are not.
    pub fn resolve(&self, code: &str) -> Result<Currency, ConvertError> {
        code.parse::<Currency>()
            .ok()
            .filter(|c| self.get(*c).is_some())
            .ok_or_else(|| ConvertError::Unsupported(code.to_owned()))
    }

    /// The converter from the base into `target`.
    pub fn converter(&self, target: Currency) -> Result<Converter, ConvertError> {
        let settings = self
            .get(target)
            .ok_or_else(|| ConvertError::Unsupported(target.code().to_owned()))?;
        Ok(Converter::new(
            self.base,
            target,
            settings.rate,
            settings.fixed_prices,
            settings.minor_rounding,
            settings.quantum(),
        ))
    }

    /// A copy with new rates, already relative to the base (a source quoting against another
    /// currency is restated first: [`crate::rates::ExchangeRates::rebased`]).
    /// Rates of currencies the shop does not offer are ignored; a configured currency the
    /// update leaves out keeps its last rate (the fixed rate is the fallback). The base must
    /// stay at exactly 1, and every rate must be above 0: a bad feed changes nothing.
    pub fn with_rates(
        &self,
        rates: impl IntoIterator<Item = (Currency, Decimal)>,
    ) -> Result<(Self, RateUpdate), CurrencyConfigError> {
        let mut next = self.clone();
        let mut updated = Vec::new();
        for (currency, rate) in rates {
            if currency == self.base && rate != Decimal::ONE {
                return Err(CurrencyConfigError::BaseRate { currency, rate });
            }
            if rate <= Decimal::ZERO {
                return Err(CurrencyConfigError::RateNotPositive { currency, rate });
            }
            let Some(settings) = next.list.iter_mut().find(|s| s.currency == currency) else {
                continue;
            };
            if currency != self.base && !updated.contains(&currency) {
                settings.rate = Some(rate);
                updated.push(currency);
            }
        }
        let kept = next
            .list
            .iter()
            .filter(|s| s.currency != self.base && s.rate.is_some())
            .map(|s| s.currency)
            .filter(|c| !updated.contains(c))
            .collect();
        Ok((next, RateUpdate { updated, kept }))
    }
}
