//! `[checkout.shipping]` as the shop owner writes it, checked into [`ShippingZones`]: every
//! problem is one message naming the zone and the key.

use serde::Deserialize;

use crate::address::Countries;
use crate::money::{Currency, Money};

use super::ShippingZones;
use super::zone::{Method, MethodSettings, PostcodeRule, Region, Zone};

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShippingConfig {
    #[serde(default)]
    pub zones: Vec<ZoneConfig>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ZoneConfig {
    pub name: String,
    /// `"US"`, `"US:CA"`, `"continent:EU"`; empty: every destination not matched before.
    #[serde(default)]
    pub regions: Vec<String>,
    /// `"90210"`, `"90*"`, `"90210...90299"`; empty: any postcode.
    #[serde(default)]
    pub postcodes: Vec<String>,
    #[serde(default)]
    pub methods: Vec<MethodConfig>,
}

/// Amounts are decimal strings in the base currency (`"5.00"`).
#[derive(Debug, Clone, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum MethodConfig {
    FlatRate {
        title: Option<String>,
        cost: String,
        #[serde(default = "yes")]
        taxable: bool,
    },
    FreeShipping {
        title: Option<String>,
        min_amount: Option<String>,
    },
    LocalPickup {
        title: Option<String>,
        #[serde(default)]
        cost: Option<String>,
        #[serde(default = "yes")]
        taxable: bool,
    },
}

fn yes() -> bool {
    true
}

impl ShippingConfig {
    /// The checked zones; instance ids are numbered 1, 2, … across zones in order.
    pub fn build(&self, base: Currency) -> Result<ShippingZones, String> {
        let mut next_id = 0;
        let mut zones = Vec::with_capacity(self.zones.len());
        for (index, zone) in self.zones.iter().enumerate() {
            let at = format!("shipping.zones[{index}] ({:?})", zone.name);
            let regions = zone
                .regions
                .iter()
                .map(|r| region(r).map_err(|e| format!("{at}.regions: {e}")))
                .collect::<Result<_, _>>()?;
            let postcodes = zone
                .postcodes
                .iter()
                .map(|p| PostcodeRule::parse(p).map_err(|e| format!("{at}.postcodes: {e}")))
                .collect::<Result<_, _>>()?;
            let mut methods = Vec::with_capacity(zone.methods.len());
            for (m, method) in zone.methods.iter().enumerate() {
                next_id += 1;
                let settings =
                    settings(method, base).map_err(|e| format!("{at}.methods[{m}]: {e}"))?;
                methods.push(Method {
                    instance_id: next_id,
                    title: title(method),
                    settings,
                });
            }
            zones.push(Zone {
                name: zone.name.clone(),
                regions,
                postcodes,
                methods,
            });
        }
        Ok(ShippingZones::new(zones))
    }
}

fn title(method: &MethodConfig) -> String {
    let (given, default) = match method {
        MethodConfig::FlatRate { title, .. } => (title, "Flat rate"),
        MethodConfig::FreeShipping { title, .. } => (title, "Free shipping"),
        MethodConfig::LocalPickup { title, .. } => (title, "Local pickup"),
    };
    given
        .as_deref()
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .unwrap_or(default)
        .to_owned()
}

fn amount(key: &str, text: &str, base: Currency) -> Result<Money, String> {
    Money::parse(text, base).map_err(|e| format!("{key}: {e}"))
}

fn settings(method: &MethodConfig, base: Currency) -> Result<MethodSettings, String> {
    Ok(match method {
        MethodConfig::FlatRate { cost, taxable, .. } => MethodSettings::FlatRate {
            cost: amount("cost", cost, base)?,
            taxable: *taxable,
        },
        MethodConfig::FreeShipping { min_amount, .. } => MethodSettings::FreeShipping {
            min_amount: min_amount
                .as_deref()
                .map(|m| amount("min_amount", m, base))
                .transpose()?,
        },
        MethodConfig::LocalPickup { cost, taxable, .. } => MethodSettings::LocalPickup {
            cost: match cost {
                Some(cost) => amount("cost", cost, base)?,
                None => Money::zero(base),
            },
            taxable: *taxable,
        },
    })
}

/// `"continent:EU"`, `"GB"`, `"US:CA"` (a state code or name of the country's list).
pub fn region(text: &str) -> Result<Region, String> {
    let text = text.trim();
    if let Some(continent) = text.strip_prefix("continent:") {
        let code = continent.trim().to_ascii_uppercase();
        return match code.as_str() {
            "AF" | "AN" | "AS" | "EU" | "NA" | "OC" | "SA" => Ok(Region::Continent(code)),
            _ => Err(format!(
                "{text:?}: unknown continent (AF, AN, AS, EU, NA, OC, SA)"
            )),
        };
    }
    let (country, state) = match text.split_once(':') {
        Some((country, state)) => (country.trim().to_ascii_uppercase(), Some(state.trim())),
        None => (text.to_ascii_uppercase(), None),
    };
    if Countries::name(&country).is_none() {
        return Err(format!("{text:?}: unknown country {country:?}"));
    }
    match state {
        None => Ok(Region::Country(country)),
        Some(state) => {
            let code = Countries::state_code(&country, state)
                .ok_or_else(|| format!("{text:?}: {state:?} is not a state of {country}"))?;
            Ok(Region::State {
                country,
                state: code,
            })
        }
    }
}
