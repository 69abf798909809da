//! Pricing settings sent to the API (issue 12 item 1): the currency list and the discount
//! rules, checked with the same rules as the configuration file, each problem named by the
//! field at fault (`currencies[1].rate`, `rules[0].action`) so the owner's form can point at it.
//! Also the port that keeps saved settings, and the inverse of validation (settings back into
//! their written form) for reading them.

use async_trait::async_trait;

use super::config::{CurrencyConfig, CurrencyEntry};
use super::currency::Currencies;
use super::discount::{DiscountConfig, Discounts, RuleError, RuleProblem};
use super::error::CurrencyConfigError;
use crate::money::Currency;
use crate::ports::StoreError;

/// At most this many currencies (CURCY's lists are a handful; this bounds the work per save).
pub const MAX_CURRENCIES: usize = 50;
/// At most this many discount rules (the engine is benchmarked at 50; 200 is ample).
pub const MAX_RULES: usize = 200;

/// A refused setting: the field at fault, as a path into the request body, and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{field}: {message}")]
pub struct SettingsError {
    pub field: String,
    pub message: String,
}

impl SettingsError {
    pub fn new(field: impl Into<String>, message: impl Into<String>) -> Self {
        Self {
            field: field.into(),
            message: message.into(),
        }
    }
}

/// Checks a currency list for a shop whose catalogue is priced in `base`.
pub fn check_currencies(
    config: &CurrencyConfig,
    base: Currency,
) -> Result<Currencies, SettingsError> {
    if config.currencies.len() > MAX_CURRENCIES {
        let message = format!("at most {MAX_CURRENCIES} currencies");
        return Err(SettingsError::new("currencies", message));
    }
    if !config.base.trim().eq_ignore_ascii_case(base.code()) {
        let message = format!(
            "the catalogue is priced in {base}, so the base currency is {base}, not {:?}",
            config.base
        );
        return Err(SettingsError::new("base", message));
    }
    Currencies::try_from(config).map_err(|error| currency_error(config, &error))
}

/// Checks discount rules (amounts in `base`).
pub fn check_discounts(
    config: &DiscountConfig,
    base: Currency,
) -> Result<Discounts, SettingsError> {
    if config.rules.len() > MAX_RULES {
        return Err(SettingsError::new(
            "rules",
            format!("at most {MAX_RULES} rules"),
        ));
    }
    Discounts::new(config, base).map_err(|error| rule_error(config, &error))
}

/// The entry of `config` an error names, and the part of it at fault.
fn currency_error(config: &CurrencyConfig, error: &CurrencyConfigError) -> SettingsError {
    use CurrencyConfigError as E;
    let index_of = |code: &str, last: bool| {
        let same = |e: &&CurrencyEntry| e.code.trim().eq_ignore_ascii_case(code);
        let mut found = config
            .currencies
            .iter()
            .enumerate()
            .filter(|(_, e)| same(e));
        let at = if last {
            found.next_back()
        } else {
            found.next()
        };
        at.map(|(i, _)| i)
    };
    let (code, last, part) = match error {
        E::UnknownCurrency(code) => (code.clone(), false, "code"),
        E::Duplicate(c) => (c.code().to_owned(), true, "code"),
        E::BaseMissing(_) => (String::new(), false, ""),
        E::BaseRate { currency, .. } | E::RateNotPositive { currency, .. } => {
            (currency.code().to_owned(), false, "rate")
        }
        E::NoRate(c) => (c.code().to_owned(), false, "rate"),
        E::BaseNotPlain(c) => (c.code().to_owned(), false, ""),
        E::Decimals { currency, .. } => (currency.code().to_owned(), false, "decimals"),
        E::Separators(c) => (c.code().to_owned(), false, "decimal_separator"),
        E::CharmEnding(c) | E::Step(c) => (c.code().to_owned(), false, "rounding"),
        E::RoundingPrecision { currency, .. } => (currency.code().to_owned(), false, "rounding"),
    };
    let field = match index_of(&code, last) {
        Some(i) if part.is_empty() => format!("currencies[{i}]"),
        Some(i) => format!("currencies[{i}].{part}"),
        // The base code itself is unknown, or the base is not listed.
        None if matches!(error, E::UnknownCurrency(_)) => "base".to_owned(),
        None => "currencies".to_owned(),
    };
    SettingsError::new(field, error.to_string())
}

/// The rule an error names (the second of two with one id), and the part of it at fault.
fn rule_error(config: &DiscountConfig, error: &RuleError) -> SettingsError {
    use RuleProblem as P;
    let same: Vec<usize> = (0..config.rules.len())
        .filter(|&i| config.rules[i].id.0 == error.rule)
        .collect();
    let index = match error.problem {
        P::DuplicateId => same.get(1),
        _ => same.first(),
    };
    let part = match error.problem {
        P::EmptyId | P::DuplicateId => "id",
        P::EmptyTitle => "title",
        P::Dates | P::Subtotal | P::Quantity | P::GuestRoles => "conditions",
        _ => "action",
    };
    let field = match index {
        Some(i) => format!("rules[{i}].{part}"),
        None => "rules".to_owned(),
    };
    SettingsError::new(field, error.to_string())
}

impl Currencies {
    /// The currencies written out in full (every format field explicit), as the API reads
    /// them back and as they would be sent to replace them.
    pub fn to_config(&self) -> CurrencyConfig {
        let currencies = self
            .all()
            .iter()
            .map(|s| {
                let format = s.format();
                let is_base = s.currency() == self.base();
                CurrencyEntry {
                    code: s.currency().code().to_owned(),
                    rate: if is_base { None } else { s.rate() },
                    fixed_prices: s.fixed_prices(),
                    symbol: Some(format.symbol.clone()),
                    position: Some(format.position),
                    decimals: Some(format.decimals),
                    thousand_separator: Some(format.thousand_separator.clone()),
                    decimal_separator: Some(format.decimal_separator.clone()),
                    rounding: s.rounding(),
                    hidden: s.hidden(),
                }
            })
            .collect();
        CurrencyConfig {
            base: self.base().code().to_owned(),
            currencies,
        }
    }
}

impl Discounts {
    /// The rules as written (in the order they are considered).
    pub fn to_config(&self) -> DiscountConfig {
        DiscountConfig {
            stacking: self.stacking(),
            rules: self.rules().to_vec(),
        }
    }
}

/// Settings saved through the API; each part left `None` comes from the configuration file.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SavedPricing {
    /// The number of the last save (0: nothing ever saved).
    pub version: i64,
    pub currencies: Option<CurrencyConfig>,
    pub discounts: Option<DiscountConfig>,
}

/// Where saved pricing settings live: shared by every instance (the database), with a
/// counter that moves on every save so instances and page caches notice.
#[async_trait]
pub trait PricingSettingsStore: Send + Sync + 'static {
    /// The number of the last save: one cheap read, polled by every instance.
    async fn pricing_version(&self) -> Result<i64, StoreError>;
    /// Everything saved, with the version it is at.
    async fn saved_pricing(&self) -> Result<SavedPricing, StoreError>;
    /// Replaces the saved currency list; answers the new version.
    async fn save_currencies(&self, config: &CurrencyConfig) -> Result<i64, StoreError>;
    /// Replaces the saved discount rules; answers the new version.
    async fn save_discounts(&self, config: &DiscountConfig) -> Result<i64, StoreError>;
}
