//! Billing and shipping addresses and the per-country rules they are checked by (ADR 0014
//! "Address data"): required fields, state lists, postcode formats — from maintained address
//! data (the `keshvar` crate), presented as WooCommerce's checkout does.

mod data;
mod locale;
pub mod postcode;
mod validate;

#[cfg(test)]
mod tests;
#[cfg(test)]
mod view_tests;

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

pub use locale::{DEFAULT_POSTCODE_LABEL, DEFAULT_STATE_LABEL};

/// An address as the shopper typed it. Every field may be missing or blank.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct AddressInput {
    pub first_name: String,
    pub last_name: String,
    /// Spec §3 "full_name in the shared field set": split into first and last when those are
    /// empty (wallets hand over one name).
    pub full_name: String,
    pub company: String,
    pub country: String,
    pub address_1: String,
    pub address_2: String,
    pub city: String,
    /// A state code, or a state name longer than 2 letters matched to its code.
    pub state: String,
    pub postcode: String,
    pub phone: String,
    pub email: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AddressKind {
    Billing,
    Shipping,
}

impl AddressKind {
    /// The form field prefix: `billing_postcode`, `shipping_city`.
    pub fn prefix(self) -> &'static str {
        match self {
            Self::Billing => "billing",
            Self::Shipping => "shipping",
        }
    }
}

/// A checked address: country an ISO 3166-1 alpha-2 code the shop sells to, state a code of
/// that country (or empty where it has none), postcode in the country's format.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Address {
    pub first_name: String,
    pub last_name: String,
    pub company: String,
    pub country: String,
    pub address_1: String,
    pub address_2: String,
    pub city: String,
    pub state: String,
    pub postcode: String,
    /// Billing only; empty on a shipping address.
    pub phone: String,
    /// Billing only; empty on a shipping address.
    pub email: String,
}

/// The first field that is missing or wrong, named as the checkout form names it
/// (`billing_postcode`), with a message for the shopper.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{field}: {message}")]
pub struct FieldError {
    pub field: String,
    pub message: String,
}

/// One country as the checkout form shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CountryView {
    pub code: String,
    pub name: String,
    /// Empty when the country has no state list.
    pub states: Vec<StateView>,
    pub state_required: bool,
    pub postcode_required: bool,
    /// "State / County", "Province", "County", …
    pub state_label: String,
    /// "Postcode / ZIP", "ZIP Code", "Postcode", …
    pub postcode_label: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StateView {
    pub code: String,
    pub name: String,
}

/// The countries the shop sells to, with their rules.
#[derive(Debug, Clone, Default)]
pub struct Countries {
    /// ISO codes; none: every country of the address data.
    codes: Option<BTreeSet<String>>,
}

impl Countries {
    /// Every country of the address data.
    pub fn all() -> Self {
        Self { codes: None }
    }

    /// Only these ISO codes (any case); an unknown code is an error naming it, and so is an
    /// empty list (a shop that sells nowhere takes no order).
    pub fn only(codes: &[&str]) -> Result<Self, String> {
        if codes.is_empty() {
            return Err("no country: list at least one ISO 3166-1 code".to_owned());
        }
        let mut set = BTreeSet::new();
        for code in codes {
            let upper = code.trim().to_ascii_uppercase();
            if !data::COUNTRIES.contains_key(&upper) {
                return Err(format!(
                    "{code:?} is not an ISO 3166-1 alpha-2 country code"
                ));
            }
            set.insert(upper);
        }
        Ok(Self { codes: Some(set) })
    }

    /// Whether the shop sells to `code` (an exact ISO code, uppercase).
    pub fn contains(&self, code: &str) -> bool {
        match &self.codes {
            Some(codes) => codes.contains(code),
            None => data::COUNTRIES.contains_key(code),
        }
    }

    /// The country's name ("United States"), for any country of the data.
    pub fn name(code: &str) -> Option<&'static str> {
        data::COUNTRIES.get(code).map(|c| c.name.as_str())
    }

    /// The code of `country`'s state `input` (a code or a name, any case), where the country
    /// has a state list; none for an unknown state or a country without a list.
    pub fn state_code(country: &str, input: &str) -> Option<String> {
        data::COUNTRIES
            .get(country)
            .and_then(|c| c.state_code(input))
            .map(str::to_owned)
    }

    /// WooCommerce's continent code of `country` (`EU`, `NA`, `OC`, …).
    pub fn continent(country: &str) -> Option<&'static str> {
        data::COUNTRIES.get(country).map(|c| c.continent)
    }

    /// Checks `input` as a `kind` address (spec §5 field validity; the country's rules).
    pub fn validate(&self, kind: AddressKind, input: &AddressInput) -> Result<Address, FieldError> {
        validate::validate(self, kind, input)
    }

    /// The countries in the form's order (by name), with their states and rules.
    pub fn view(&self) -> Vec<CountryView> {
        let mut countries: Vec<CountryView> = data::COUNTRIES
            .values()
            .filter(|c| self.contains(&c.code))
            .map(|c| CountryView {
                code: c.code.clone(),
                name: c.name.clone(),
                states: c
                    .states
                    .iter()
                    .map(|(code, name)| StateView {
                        code: code.clone(),
                        name: name.clone(),
                    })
                    .collect(),
                state_required: c.state_required,
                postcode_required: c.postcode_required,
                state_label: c.state_label.to_owned(),
                postcode_label: c.postcode_label.to_owned(),
            })
            .collect();
        countries.sort_by(|a, b| a.name.cmp(&b.name));
        countries
    }
}
