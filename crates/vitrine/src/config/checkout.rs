//! `[checkout]` (countries, terms, unpaid-order hold, shipping zones, tax rates) and `[mail]`:
//! read apart from the rest (their tables are the domain's and the mail adapter's), checked
//! at start so a shop never takes an order it cannot price, ship or confirm.

use std::time::Duration;

use anyhow::{Context, bail};
use serde::Deserialize;
use vitrine_app::checkout::CheckoutPolicy;
use vitrine_domain::address::Countries;
use vitrine_domain::shipping::{Region, ShippingConfig};
use vitrine_domain::tax::TaxConfig;
use vitrine_http::ShopSettings;
use vitrine_mail::MailSettings;

/// Where downloadable products' files are looked up when `[checkout] downloads_dir` is unset.
pub const DEFAULT_DOWNLOADS_DIR: &str = "data/downloads";

/// WooCommerce's "Hold stock (minutes)" default.
pub const DEFAULT_HOLD_UNPAID_MINUTES: u64 = 60;

/// `[checkout]` as written.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CheckoutFile {
    /// ISO codes; unset: every country.
    pub countries: Option<Vec<String>>,
    /// The terms page; unset: no terms checkbox.
    pub terms_url: Option<String>,
    pub hold_unpaid_minutes: Option<u64>,
    /// Seconds between two passes of the checkout jobs; unset: `JOB_INTERVAL` (60).
    pub job_interval_seconds: Option<u64>,
    /// Seconds an unpaid order's payment attempt stays quiet before the reconciliation job
    /// re-reads it; unset: `RECONCILE_AFTER` (600).
    pub reconcile_after_seconds: Option<u64>,
    /// Where the files of downloadable products are (matched by the last segment of each
    /// download's URL); unset: `data/downloads`.
    pub downloads_dir: Option<std::path::PathBuf>,
    #[serde(default)]
    pub shipping: ShippingConfig,
    #[serde(default)]
    pub tax: TaxConfig,
}

/// The checkout and mail tables as read from the file.
#[derive(Debug, Default)]
pub struct CheckoutTables {
    pub checkout: CheckoutFile,
    pub mail: MailSettings,
}

fn read<T: serde::de::DeserializeOwned>(value: toml::Value, table: &str) -> anyhow::Result<T> {
    value
        .try_into()
        .map_err(|e: toml::de::Error| anyhow::anyhow!("{table}: {}", e.message().trim()))
}

impl CheckoutTables {
    /// Takes `checkout` and `mail` out of the file's top level.
    pub fn take(raw: &mut toml::Table) -> anyhow::Result<Self> {
        Ok(Self {
            checkout: raw
                .remove("checkout")
                .map(|v| read(v, "[checkout]"))
                .transpose()?
                .unwrap_or_default(),
            mail: raw
                .remove("mail")
                .map(|v| read(v, "[mail]"))
                .transpose()?
                .unwrap_or_default(),
        })
    }

    /// The checked policy (costs in the shop's base currency); each problem is one line
    /// naming its key.
    pub fn check(&self, shop: &ShopSettings) -> anyhow::Result<CheckoutPolicy> {
        let file = &self.checkout;
        let countries = match &file.countries {
            None => Countries::all(),
            Some(codes) => {
                let codes: Vec<&str> = codes.iter().map(String::as_str).collect();
                Countries::only(&codes).map_err(|e| anyhow::anyhow!("[checkout] countries: {e}"))?
            }
        };
        let shipping = file
            .shipping
            .build(shop.base_currency)
            .map_err(|e| anyhow::anyhow!("[checkout] {e}"))?;
        for (index, zone) in shipping.zones().iter().enumerate() {
            for region in &zone.regions {
                let country = match region {
                    Region::Country(c) | Region::State { country: c, .. } => c,
                    Region::Continent(_) => continue,
                };
                if !countries.contains(country) {
                    bail!(
                        "[checkout] shipping.zones[{index}] ({:?}).regions: {country} is not \
                         in [checkout] countries",
                        zone.name
                    );
                }
            }
        }
        let taxes = file
            .tax
            .build()
            .map_err(|e| anyhow::anyhow!("[checkout] {e}"))?;
        let terms_url = match file.terms_url.as_deref().map(str::trim) {
            None | Some("") => None,
            Some(url)
                if url.starts_with('/')
                    || url.starts_with("https://")
                    || url.starts_with("http://") =>
            {
                Some(url.to_owned())
            }
            Some(url) => bail!(
                "[checkout] terms_url: {url:?} must be a path on the shop (\"/terms/\") or an \
                 http(s) address"
            ),
        };
        let minutes = file
            .hold_unpaid_minutes
            .unwrap_or(DEFAULT_HOLD_UNPAID_MINUTES);
        if minutes == 0 {
            bail!("[checkout] hold_unpaid_minutes: must be at least 1");
        }
        self.mail.validate().context("invalid mail settings")?;
        Ok(CheckoutPolicy {
            countries,
            shipping,
            taxes,
            terms_url,
            hold_unpaid: Duration::from_secs(minutes * 60),
            public_url: shop.public_url.clone(),
            shop_name: shop.name.clone(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(text: &str) -> anyhow::Result<CheckoutPolicy> {
        let mut raw: toml::Table = toml::from_str(text).expect("toml");
        let tables = CheckoutTables::take(&mut raw)?;
        tables.check(&ShopSettings::default())
    }

    fn refusal(text: &str) -> String {
        format!("{:#}", check(text).expect_err("refused"))
    }

    #[test]
    fn defaults_sell_everywhere_hold_an_hour_and_show_no_terms() {
        let policy = check("").expect("defaults");
        assert!(policy.countries.contains("US") && policy.countries.contains("NZ"));
        assert_eq!(policy.hold_unpaid, Duration::from_secs(3_600));
        assert_eq!(policy.terms_url, None);
        assert!(!policy.taxes.prices_include_tax());
        assert!(policy.shipping.zones().is_empty());
    }

    #[test]
    fn the_tables_are_read() {
        let policy = check(
            "[checkout]\ncountries = [\"US\", \"gb\"]\nterms_url = \"/terms/\"\n\
             hold_unpaid_minutes = 15\n\
             [checkout.tax]\nprices_include_tax = true\n\
             [[checkout.tax.rates]]\ncountry = \"GB\"\npercent = \"20\"\nlabel = \"VAT\"\n\
             [[checkout.shipping.zones]]\nname = \"UK\"\nregions = [\"GB\"]\n\
             [[checkout.shipping.zones.methods]]\ntype = \"flat_rate\"\ncost = \"4.00\"\n",
        )
        .expect("valid");
        assert!(policy.countries.contains("GB") && !policy.countries.contains("FR"));
        assert_eq!(policy.terms_url.as_deref(), Some("/terms/"));
        assert_eq!(policy.hold_unpaid, Duration::from_secs(900));
        assert!(policy.taxes.prices_include_tax());
        assert_eq!(policy.taxes.rates()[0].label, "VAT");
        assert_eq!(policy.shipping.zones()[0].methods[0].instance_id, 1);
    }

    #[test]
    fn bad_values_name_their_key() {
        let unknown = refusal("[checkout]\ncountries = [\"US\", \"XX\"]\n");
        assert!(
            unknown.contains("[checkout] countries") && unknown.contains("\"XX\""),
            "{unknown}"
        );
        let negative = refusal(
            "[[checkout.shipping.zones]]\nname = \"US\"\nregions = [\"US\"]\n\
             [[checkout.shipping.zones.methods]]\ntype = \"flat_rate\"\ncost = \"-5.00\"\n",
        );
        assert!(
            negative.contains("shipping.zones[0] (\"US\").methods[0]: cost"),
            "{negative}"
        );
        let percent = refusal("[[checkout.tax.rates]]\ncountry = \"US\"\npercent = \"150\"\n");
        assert!(
            percent.contains("[checkout] tax.rates[0].percent"),
            "{percent}"
        );
        let not_sold = refusal(
            "[checkout]\ncountries = [\"US\"]\n[[checkout.shipping.zones]]\nname = \"UK\"\n\
             regions = [\"GB\"]\n",
        );
        assert!(
            not_sold.contains("GB is not in [checkout] countries"),
            "{not_sold}"
        );
        assert!(refusal("[checkout]\nhold_unpaid_minutes = 0\n").contains("hold_unpaid_minutes"));
        assert!(refusal("[checkout]\nterms_url = \"terms\"\n").contains("terms_url"));
        assert!(refusal("[checkout]\ncountry = [\"US\"]\n").contains("country"));
        assert!(refusal("[mail]\ntransport = \"pigeon\"\n").contains("[mail]"));
        assert!(refusal("[mail]\nfrom = \"nobody\"\n").contains("from"));
    }
}
