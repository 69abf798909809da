//! The shop's address, shipping and tax rules as the checkout use cases see them: one seam
//! over `CheckoutPolicy` (the domain's `Countries`, `ShippingZones` and `TaxRates`), so the
//! use cases are tested on their own rules and the policy's are tested where they live.

use std::fmt::Debug;

use vitrine_domain::address::{Address, AddressInput, AddressKind, CountryView, FieldError};
use vitrine_domain::money::{Money, MoneyError};
use vitrine_domain::shipping::{Destination, ShippingRate};
use vitrine_domain::tax::TaxBreakdown;

use super::CheckoutPolicy;

pub trait CheckoutRules: Debug + Send + Sync + 'static {
    fn countries(&self) -> Vec<CountryView>;
    fn validate(&self, kind: AddressKind, input: &AddressInput) -> Result<Address, FieldError>;
    /// The rates for `to`, costs in the base currency; `contents` in the base currency.
    fn shipping_rates(&self, to: &Destination, contents: Money) -> Vec<ShippingRate>;
    fn tax(
        &self,
        to: &Destination,
        lines: &[Money],
        shipping: Money,
    ) -> Result<TaxBreakdown, MoneyError>;
    fn prices_include_tax(&self) -> bool;
}

/// The rules of the shop's `[checkout]` policy.
impl CheckoutRules for CheckoutPolicy {
    fn countries(&self) -> Vec<CountryView> {
        self.countries.view()
    }

    fn validate(&self, kind: AddressKind, input: &AddressInput) -> Result<Address, FieldError> {
        self.countries.validate(kind, input)
    }

    fn shipping_rates(&self, to: &Destination, contents: Money) -> Vec<ShippingRate> {
        self.shipping.rates(to, contents)
    }

    fn tax(
        &self,
        to: &Destination,
        lines: &[Money],
        shipping: Money,
    ) -> Result<TaxBreakdown, MoneyError> {
        self.taxes.compute(to, lines, shipping)
    }

    fn prices_include_tax(&self) -> bool {
        self.taxes.prices_include_tax()
    }
}
