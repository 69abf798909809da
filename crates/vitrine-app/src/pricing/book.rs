//! The shop's prices at one set of rates: every currency with the discount rules localised
//! into it, and how a new set of rates makes the next book.

use std::collections::BTreeMap;
use std::sync::Arc;

use vitrine_domain::money::Currency;
use vitrine_domain::pricing::discount::{Discounts, RuleError};
use vitrine_domain::pricing::{
    ConvertError, Currencies, CurrencyConfigError, LocalPricing, RateUpdate,
};
use vitrine_domain::rates::ExchangeRates;

/// Why the shop's currencies and rules cannot price anything; refused at start.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PricingConfigError {
    #[error("[currency]: {0}")]
    Currency(#[from] CurrencyConfigError),
    #[error("[discounts]: {0}")]
    Rule(#[from] RuleError),
    #[error(
        "[currency]: {0} has no exchange rate; give {0} a rate, which prices the products \
         without a price fixed in {0} and converts the discount rules' amounts"
    )]
    FixedOnly(Currency),
    #[error("[discounts]: the rules cannot be converted into {currency}: {error}")]
    Localise {
        currency: Currency,
        error: ConvertError,
    },
    #[error("the exchange rates are quoted against {rates}, the shop's base is {base}")]
    RatesBase { rates: Currency, base: Currency },
}

/// Every currency's prices at one set of rates. Immutable: a rate update makes a new book.
#[derive(Debug, Clone)]
pub struct PriceBook {
    currencies: Currencies,
    /// The rules as configured, in the base currency.
    rules: Discounts,
    local: BTreeMap<Currency, Arc<LocalPricing>>,
    /// The refreshed rates this book was made from (`None`: the configured rates).
    pub(super) rates: Option<Arc<ExchangeRates>>,
}

impl PriceBook {
    /// Localises `rules` into every currency now, so a rule that cannot be converted fails
    /// at start rather than in a shopper's cart.
    pub(super) fn new(
        currencies: Currencies,
        rules: Discounts,
    ) -> Result<Self, PricingConfigError> {
        let mut local = BTreeMap::new();
        for settings in currencies.all() {
            let currency = settings.currency();
            if settings.rate().is_none() {
                return Err(PricingConfigError::FixedOnly(currency));
            }
            let localise = |error| PricingConfigError::Localise { currency, error };
            let converter = currencies.converter(currency).map_err(localise)?;
            let pricing = LocalPricing::new(converter, &rules).map_err(localise)?;
            local.insert(currency, Arc::new(pricing));
        }
        Ok(Self {
            currencies,
            rules,
            local,
            rates: None,
        })
    }

    pub fn currencies(&self) -> &Currencies {
        &self.currencies
    }

    /// The rules in the base currency.
    pub fn rules(&self) -> &Discounts {
        &self.rules
    }

    /// One currency's prices; `None` for a currency the shop does not offer.
    pub fn local(&self, currency: Currency) -> Option<&Arc<LocalPricing>> {
        self.local.get(&currency)
    }

    /// This book's prices, recorded as made from `rates` (rates it could not apply), so the
    /// same rates are not tried again on every request.
    pub(super) fn at_rates_unchanged(&self, rates: Arc<ExchangeRates>) -> Self {
        Self {
            rates: Some(rates),
            ..self.clone()
        }
    }

    /// The book at `rates` (quoted against the shop's base). Only currencies configured with
    /// a rate take the new one: a currency the rates leave out keeps its configured rate.
    pub(super) fn with_rates(
        &self,
        rates: Arc<ExchangeRates>,
    ) -> Result<(Self, RateUpdate), PricingConfigError> {
        let base = self.currencies.base();
        if rates.base() != base {
            return Err(PricingConfigError::RatesBase {
                rates: rates.base(),
                base,
            });
        }
        let rated = |c: &Currency| self.currencies.get(*c).is_some_and(|s| s.rate().is_some());
        let quotes = rates.rates().iter().filter(|(c, _)| rated(c));
        let (currencies, update) = self.currencies.with_rates(quotes.map(|(c, r)| (*c, *r)))?;
        let mut book = Self::new(currencies, self.rules.clone())?;
        book.rates = Some(rates);
        Ok((book, update))
    }
}
