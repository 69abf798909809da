//! Shipping zones and methods (ADR 0014): zones matched by country, state and postcode, in
//! the shop's order; flat rate, free shipping over an amount, local pickup.
//!
//! SKELETON (issue 18): the types are the contract the checkout use case codes against.

use serde::{Deserialize, Serialize};

use crate::money::Money;

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

#[derive(Debug, Clone, Default)]
pub struct ShippingZones {
    _zones: (),
}

impl ShippingZones {
    /// The rates of the first zone matching `to`, for contents worth `contents` (base
    /// currency, after discounts: free shipping's minimum compares with it). Empty: the shop
    /// does not ship there.
    pub fn rates(&self, to: &Destination, contents: Money) -> Vec<ShippingRate> {
        let _ = (to, contents);
        unimplemented!("issue 18: shipping zones")
    }
}
