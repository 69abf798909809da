//! `[currency]`, `[currency.switcher]`, `[discounts]` and `[shop.rates]`: read apart from the
//! rest (their tables are the domain's and the rate adapter's), checked together at start so a
//! shop never serves with prices it cannot compute.

use anyhow::{Context, bail};
use vitrine_app::pricing::PricingPolicy;
use vitrine_domain::pricing::discount::{DiscountConfig, Discounts};
use vitrine_domain::pricing::{Currencies, CurrencyConfig};
use vitrine_http::ShopSettings;
use vitrine_http::settings::SwitcherSettings;
use vitrine_rates::RatesSettings;

/// A table read as `T`, its error on one line (serde's messages end with a newline).
fn read<T: serde::de::DeserializeOwned>(value: toml::Value, table: &str) -> anyhow::Result<T> {
    value
        .try_into()
        .map_err(|e: toml::de::Error| anyhow::anyhow!("{table}: {}", e.message().trim()))
}

/// The pricing tables as read from the file.
#[derive(Debug, Default)]
pub struct PricingTables {
    /// `[currency]` without its `switcher`; none: the base currency only.
    pub currency: Option<CurrencyConfig>,
    pub switcher: SwitcherSettings,
    /// `[discounts]`; none: no rules.
    pub discounts: DiscountConfig,
    /// `[shop.rates]`; none: the configured rates only, nothing fetched.
    pub rates: Option<RatesSettings>,
}

impl PricingTables {
    /// Takes `currency` (with its `switcher`) and `discounts` out of the file's top level and
    /// `rates` out of its `[shop]` table, so the rest reads as before.
    pub fn take(raw: &mut toml::Table) -> anyhow::Result<Self> {
        let mut currency = raw.remove("currency");
        let switcher = match currency.as_mut().and_then(toml::Value::as_table_mut) {
            Some(table) => table.remove("switcher"),
            None => None,
        };
        let rates = raw
            .get_mut("shop")
            .and_then(toml::Value::as_table_mut)
            .and_then(|shop| shop.remove("rates"));
        Ok(Self {
            currency: currency.map(|v| read(v, "[currency]")).transpose()?,
            switcher: switcher
                .map(|v| read(v, "[currency.switcher]"))
                .transpose()?
                .unwrap_or_default(),
            discounts: raw
                .remove("discounts")
                .map(|v| read(v, "[discounts]"))
                .transpose()?
                .unwrap_or_default(),
            rates: rates.map(|v| read(v, "[shop.rates]")).transpose()?,
        })
    }

    /// The checked currencies and rules (every rule converts into every currency), the
    /// switcher and the rate settings; each problem is one line naming its table.
    pub fn check(&self, shop: &ShopSettings) -> anyhow::Result<PricingPolicy> {
        let base = shop.base_currency;
        let config = match &self.currency {
            Some(config) => {
                if shop.price_format.is_some() {
                    bail!(
                        "[shop] price_format and [currency] both set how prices are written: \
                         move the format into the base's [[currency.currencies]] entry"
                    );
                }
                if !config.base.trim().eq_ignore_ascii_case(base.code()) {
                    bail!(
                        "[currency] base is {:?} but [shop] base_currency is {}: the catalogue \
                         is priced in one base, so they must be the same",
                        config.base,
                        base
                    );
                }
                config.clone()
            }
            None => CurrencyConfig::single(base, shop.price_format.as_ref()),
        };
        let currencies = Currencies::try_from(&config).context("[currency]")?;
        let rules = Discounts::new(&self.discounts, base).context("[discounts]")?;
        let policy = PricingPolicy::new(currencies, rules)?;
        self.switcher.validate().map_err(anyhow::Error::msg)?;
        if let Some(rates) = &self.rates {
            rates.validate()?;
        }
        Ok(policy)
    }
}
