//! Pricing (ADR 0012): the shop's currencies (rates, formats, rounding rules), conversion of
//! base-currency prices into a shopper's currency, and the discount rule engine. Catalogue
//! prices are converted first; discounts then work in the shopper's currency, so every amount
//! shown is an amount charged.

mod cart;
mod config;
mod convert;
mod currency;
pub(crate) mod decimal_text;
pub mod discount;
mod error;
mod local;
mod offers;
pub(crate) mod rounding;
mod settings;
mod shown;

#[cfg(test)]
mod tests;

pub use cart::{ShopperCart, ShopperLine};
pub use config::{CurrencyConfig, CurrencyEntry};
pub use convert::{ConvertError, Converter};
pub use currency::{Currencies, CurrencySettings, RateUpdate};
pub use error::CurrencyConfigError;
pub use local::{LocalPricing, Quote};
pub use offers::RewardOffer;
pub use rounding::{Rounding, StepMode};
pub use settings::{
    MAX_CURRENCIES, MAX_RULES, PricingSettingsStore, SavedPricing, SettingsError, check_currencies,
    check_discounts,
};
pub use shown::{ShownPrice, ShownUnit};
