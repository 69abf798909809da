//! One zone: where it applies (regions and postcodes) and what it offers.

use std::cmp::Ordering;

use crate::address::{Countries, postcode};
use crate::money::Money;

use super::{Destination, MethodKind, ShippingRate};

/// A place a zone covers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Region {
    /// `EU`, `NA`, … (WooCommerce's `continent:EU`).
    Continent(String),
    /// `GB`.
    Country(String),
    /// `US:CA`.
    State { country: String, state: String },
}

impl Region {
    fn matches(&self, to: &Destination) -> bool {
        let country = to.country.trim().to_ascii_uppercase();
        match self {
            Self::Continent(code) => Countries::continent(&country) == Some(code.as_str()),
            Self::Country(code) => *code == country,
            Self::State {
                country: c,
                state: s,
            } => {
                *c == country
                    && (to.state.trim().eq_ignore_ascii_case(s)
                        || Countries::state_code(&country, &to.state).as_deref() == Some(s))
            }
        }
    }
}

/// A postcode condition, compared on the normalised postcode (uppercase, no spaces), as
/// WooCommerce's `wc_postcode_location_matcher` does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PostcodeRule {
    /// `90210`, `SW1A 1AA`.
    Exact(String),
    /// `90*`, `SW1A*`: a prefix.
    Prefix(String),
    /// `90210...90299`: numeric, both ends included.
    Range(u64, u64),
}

impl PostcodeRule {
    /// `"90210"`, `"90*"`, `"90210...90299"` (numeric ends, low first).
    pub fn parse(text: &str) -> Result<Self, String> {
        if let Some((low, high)) = text.split_once("...") {
            let end = |s: &str| {
                postcode::normalize(s)
                    .parse::<u64>()
                    .map_err(|_| format!("{text:?}: a range needs numeric ends"))
            };
            let (low, high) = (end(low)?, end(high)?);
            if low > high {
                return Err(format!("{text:?}: the range starts above its end"));
            }
            return Ok(Self::Range(low, high));
        }
        let (body, prefix) = match text.trim().strip_suffix('*') {
            Some(body) => (body, true),
            None => (text, false),
        };
        let code = postcode::normalize(body);
        if code.is_empty() {
            return Err(format!("{text:?}: not a postcode"));
        }
        Ok(if prefix {
            Self::Prefix(code)
        } else {
            Self::Exact(code)
        })
    }

    pub fn matches(&self, normalized: &str) -> bool {
        match self {
            Self::Exact(code) => code == normalized,
            Self::Prefix(prefix) => normalized.starts_with(prefix.as_str()),
            Self::Range(low, high) => normalized
                .parse::<u64>()
                .is_ok_and(|n| (*low..=*high).contains(&n)),
        }
    }
}

/// What a method charges, in the base currency.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MethodSettings {
    FlatRate {
        cost: Money,
        taxable: bool,
    },
    /// Free when the contents reach `min_amount`; none: always free (WooCommerce's "N/A"
    /// requirement).
    FreeShipping {
        min_amount: Option<Money>,
    },
    LocalPickup {
        cost: Money,
        taxable: bool,
    },
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Method {
    /// WooCommerce's instance id: unique across the shop's zones (`flat_rate:3`).
    pub instance_id: u32,
    pub title: String,
    pub settings: MethodSettings,
}

impl Method {
    pub fn kind(&self) -> MethodKind {
        match self.settings {
            MethodSettings::FlatRate { .. } => MethodKind::FlatRate,
            MethodSettings::FreeShipping { .. } => MethodKind::FreeShipping,
            MethodSettings::LocalPickup { .. } => MethodKind::LocalPickup,
        }
    }

    /// The rate for contents worth `contents`; none when the method is not available (free
    /// shipping below its minimum, or contents in another currency than the minimum's).
    fn rate(&self, contents: Money) -> Option<ShippingRate> {
        let (cost, taxable) = match &self.settings {
            MethodSettings::FlatRate { cost, taxable }
            | MethodSettings::LocalPickup { cost, taxable } => (*cost, *taxable),
            MethodSettings::FreeShipping { min_amount } => {
                let reached = |min: &Money| {
                    matches!(
                        contents.partial_cmp(min),
                        Some(Ordering::Greater | Ordering::Equal)
                    )
                };
                if !min_amount.as_ref().is_none_or(reached) {
                    return None;
                }
                (Money::zero(contents.currency()), false)
            }
        };
        Some(ShippingRate {
            id: format!("{}:{}", self.kind().id(), self.instance_id),
            kind: self.kind(),
            label: self.title.clone(),
            cost,
            taxable,
        })
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Zone {
    pub name: String,
    /// Empty: every destination ("Locations not covered by your other zones", put last).
    pub regions: Vec<Region>,
    /// Empty: any postcode.
    pub postcodes: Vec<PostcodeRule>,
    pub methods: Vec<Method>,
}

impl Zone {
    pub fn matches(&self, to: &Destination) -> bool {
        let region = self.regions.is_empty() || self.regions.iter().any(|r| r.matches(to));
        let normalized = postcode::normalize(&to.postcode);
        let postcode =
            self.postcodes.is_empty() || self.postcodes.iter().any(|p| p.matches(&normalized));
        region && postcode
    }

    pub(super) fn rates(&self, contents: Money) -> Vec<ShippingRate> {
        self.methods
            .iter()
            .filter_map(|m| m.rate(contents))
            .collect()
    }
}
