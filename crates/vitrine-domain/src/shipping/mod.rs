//! Shipping zones and methods (ADR 0014): zones matched by country, state and postcode, in
//! the shop's order; flat rate, free shipping over an amount, local pickup — WooCommerce's
//! shipping zones, without its settings screens.
//!
//! Whether a cart needs shipping at all (a cart of virtual or downloadable items needs none)
//! is the caller's decision: it asks for rates only when something is shipped.

mod config;
mod zone;

#[cfg(test)]
mod tests;

use serde::{Deserialize, Serialize};

use crate::money::Money;

pub use config::{MethodConfig, ShippingConfig, ZoneConfig};
pub use zone::{Method, MethodSettings, PostcodeRule, Region, Zone};

/// Where a package goes (a shipping address, or the billing one).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Destination {
    pub country: String,
    pub state: String,
    pub postcode: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MethodKind {
    FlatRate,
    FreeShipping,
    LocalPickup,
}

impl MethodKind {
    /// WooCommerce's method id, the first half of a rate id.
    pub fn id(self) -> &'static str {
        match self {
            Self::FlatRate => "flat_rate",
            Self::FreeShipping => "free_shipping",
            Self::LocalPickup => "local_pickup",
        }
    }
}

/// One choice offered for a destination. `id` is WooCommerce's rate id (`flat_rate:1`), the
/// value the browser sends back.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShippingRate {
    pub id: String,
    pub kind: MethodKind,
    pub label: String,
    /// In the shop's base currency; the checkout converts it into the shopper's.
    pub cost: Money,
    pub taxable: bool,
}

/// The shop's zones in its order. Without zones the shop ships nowhere (no rates).
#[derive(Debug, Clone, Default)]
pub struct ShippingZones {
    zones: Vec<Zone>,
}

impl ShippingZones {
    /// Zones as given (checked: see [`ShippingConfig::build`]).
    pub fn new(zones: Vec<Zone>) -> Self {
        Self { zones }
    }

    pub fn zones(&self) -> &[Zone] {
        &self.zones
    }

    /// The zone `to` falls in: the first matching one, as WooCommerce picks it.
    pub fn zone_for(&self, to: &Destination) -> Option<&Zone> {
        self.zones.iter().find(|zone| zone.matches(to))
    }

    /// The rates of the first zone matching `to`, for contents worth `contents` (base
    /// currency, after discounts: free shipping's minimum compares with it). Empty: the shop
    /// does not ship there.
    pub fn rates(&self, to: &Destination, contents: Money) -> Vec<ShippingRate> {
        self.zone_for(to)
            .map(|zone| zone.rates(contents))
            .unwrap_or_default()
    }
}
