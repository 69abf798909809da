//! `[checkout.tax]` as the shop owner writes it, checked into [`TaxRates`].

use std::str::FromStr;

use rust_decimal::Decimal;
use serde::Deserialize;

use crate::address::Countries;
use crate::shipping::PostcodeRule;

use super::{TaxRate, TaxRates};

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TaxConfig {
    /// WooCommerce's default: prices are entered without tax.
    #[serde(default)]
    pub prices_include_tax: bool,
    #[serde(default)]
    pub rates: Vec<TaxRateConfig>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TaxRateConfig {
    /// ISO code; empty or `"*"`: every country.
    #[serde(default)]
    pub country: String,
    /// A state code or name of the country; empty: every state.
    #[serde(default)]
    pub state: String,
    #[serde(default)]
    pub postcodes: Vec<String>,
    /// A decimal string, `"7.25"` for 7.25 %: 0 to 100.
    pub percent: String,
    #[serde(default = "default_label")]
    pub label: String,
    #[serde(default = "one")]
    pub priority: u32,
    #[serde(default)]
    pub compound: bool,
    #[serde(default = "yes")]
    pub shipping: bool,
}

fn default_label() -> String {
    "Tax".to_owned()
}

fn one() -> u32 {
    1
}

fn yes() -> bool {
    true
}

impl TaxConfig {
    /// The checked rates; each problem names `tax.rates[i]` and the key.
    pub fn build(&self) -> Result<TaxRates, String> {
        let rates = self
            .rates
            .iter()
            .enumerate()
            .map(|(i, rate)| rate.build().map_err(|e| format!("tax.rates[{i}].{e}")))
            .collect::<Result<_, _>>()?;
        Ok(TaxRates::new(self.prices_include_tax, rates))
    }
}

impl TaxRateConfig {
    fn build(&self) -> Result<TaxRate, String> {
        let country = match self.country.trim() {
            "" | "*" => String::new(),
            code => {
                let upper = code.to_ascii_uppercase();
                if Countries::name(&upper).is_none() {
                    return Err(format!(
                        "country: {code:?} is not an ISO 3166-1 country code"
                    ));
                }
                upper
            }
        };
        let state = match self.state.trim() {
            "" | "*" => String::new(),
            _ if country.is_empty() => return Err("state: a state needs a country".to_owned()),
            state => Countries::state_code(&country, state)
                .ok_or_else(|| format!("state: {state:?} is not a state of {country}"))?,
        };
        let postcodes = self
            .postcodes
            .iter()
            .map(|p| PostcodeRule::parse(p))
            .collect::<Result<_, _>>()
            .map_err(|e| format!("postcodes: {e}"))?;
        let percent = Decimal::from_str(self.percent.trim())
            .map_err(|_| format!("percent: {:?} is not a decimal number", self.percent))?;
        if percent < Decimal::ZERO || percent > Decimal::ONE_HUNDRED {
            return Err(format!("percent: {percent} is not between 0 and 100"));
        }
        let label = self.label.trim();
        if label.is_empty() {
            return Err("label: must not be empty".to_owned());
        }
        Ok(TaxRate {
            country,
            state,
            postcodes,
            label: label.to_owned(),
            percent,
            priority: self.priority,
            compound: self.compound,
            shipping: self.shipping,
        })
    }
}
