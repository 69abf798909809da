//! Billing and shipping addresses and the per-country rules they are checked by (ADR 0014):
//! required fields, state lists, postcode formats — from maintained address data.
//!
//! SKELETON (issue 18): the types are the contract the checkout use case codes against; the
//! rules are filled in by the address work.

use serde::{Deserialize, Serialize};

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
#[derive(Debug, Clone)]
pub struct Countries {
    codes: Vec<String>,
}

impl Countries {
    /// Every country of the address data.
    pub fn all() -> Self {
        Self { codes: Vec::new() }
    }

    /// Only these ISO codes; an unknown code is an error naming it.
    pub fn only(codes: &[&str]) -> Result<Self, String> {
        Ok(Self {
            codes: codes.iter().map(|c| (*c).to_owned()).collect(),
        })
    }

    /// Checks `input` as a `kind` address (spec §5 field validity; the country's rules).
    pub fn validate(&self, kind: AddressKind, input: &AddressInput) -> Result<Address, FieldError> {
        let _ = (kind, input, &self.codes);
        unimplemented!("issue 18: address rules")
    }

    /// The countries in the form's order (by name), with their states and rules.
    pub fn view(&self) -> Vec<CountryView> {
        unimplemented!("issue 18: address rules")
    }
}
