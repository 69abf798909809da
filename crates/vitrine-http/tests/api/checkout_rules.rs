//! Address, shipping and tax rules for the checkout tests: two countries, so the checkout's
//! flows are tested on rules of their own (the shop's are tested where they live).

use vitrine_app::checkout::CheckoutRules;
use vitrine_domain::address::{
    Address, AddressInput, AddressKind, CountryView, FieldError, StateView,
};
use vitrine_domain::money::{Money, MoneyError};
use vitrine_domain::shipping::{Destination, MethodKind, ShippingRate};
use vitrine_domain::tax::{TaxBreakdown, TaxLine};

/// Two countries: the US (states, 5-digit ZIP, flat rate or free over $100, 10 % tax in
/// California) and the UK (local pickup, no tax).
#[derive(Debug)]
pub struct TwoCountries;

fn country(code: &str, name: &str, states: &[(&str, &str)]) -> CountryView {
    CountryView {
        code: code.into(),
        name: name.into(),
        states: states
            .iter()
            .map(|(c, n)| StateView {
                code: (*c).into(),
                name: (*n).into(),
            })
            .collect(),
        state_required: !states.is_empty(),
        postcode_required: true,
        state_label: "State".into(),
        postcode_label: "ZIP Code".into(),
    }
}

impl CheckoutRules for TwoCountries {
    fn countries(&self) -> Vec<CountryView> {
        vec![
            country("GB", "United Kingdom (UK)", &[]),
            country(
                "US",
                "United States (US)",
                &[("CA", "California"), ("NY", "New York")],
            ),
        ]
    }

    fn validate(&self, kind: AddressKind, a: &AddressInput) -> Result<Address, FieldError> {
        let fail = |name: &str, message: &str| FieldError {
            field: format!("{}_{name}", kind.prefix()),
            message: message.into(),
        };
        let billing = kind == AddressKind::Billing;
        for (name, value) in [
            ("first_name", &a.first_name),
            ("last_name", &a.last_name),
            ("country", &a.country),
            ("address_1", &a.address_1),
            ("city", &a.city),
        ] {
            if value.trim().is_empty() {
                return Err(fail(name, "is a required field."));
            }
        }
        if !["US", "GB"].contains(&a.country.as_str()) {
            return Err(fail("country", "We do not sell to this country."));
        }
        if a.country == "US" && !["CA", "NY"].contains(&a.state.as_str()) {
            return Err(fail("state", "is not a valid state."));
        }
        if a.postcode.trim().is_empty() {
            return Err(fail("postcode", "is a required field."));
        }
        if a.country == "US"
            && (a.postcode.len() != 5 || !a.postcode.bytes().all(|b| b.is_ascii_digit()))
        {
            return Err(fail("postcode", "is not a valid postcode / ZIP."));
        }
        if billing && a.phone.trim().is_empty() {
            return Err(fail("phone", "is a required field."));
        }
        if billing && !a.email.contains('@') {
            return Err(fail("email", "is not a valid email address."));
        }
        Ok(Address {
            first_name: a.first_name.clone(),
            last_name: a.last_name.clone(),
            company: a.company.clone(),
            country: a.country.clone(),
            address_1: a.address_1.clone(),
            address_2: a.address_2.clone(),
            city: a.city.clone(),
            state: a.state.clone(),
            postcode: a.postcode.clone(),
            phone: if billing {
                a.phone.clone()
            } else {
                String::new()
            },
            email: if billing {
                a.email.clone()
            } else {
                String::new()
            },
        })
    }

    fn shipping_rates(&self, to: &Destination, contents: Money) -> Vec<ShippingRate> {
        let usd = |minor| Money::new(minor, contents.currency());
        match to.country.as_str() {
            "US" => {
                let mut rates = vec![ShippingRate {
                    id: "flat_rate:1".into(),
                    kind: MethodKind::FlatRate,
                    label: "Flat rate".into(),
                    cost: usd(500),
                    taxable: true,
                }];
                if contents.amount_minor() >= 10_000 {
                    rates.push(ShippingRate {
                        id: "free_shipping:2".into(),
                        kind: MethodKind::FreeShipping,
                        label: "Free shipping".into(),
                        cost: usd(0),
                        taxable: false,
                    });
                }
                rates
            }
            "GB" => vec![ShippingRate {
                id: "local_pickup:3".into(),
                kind: MethodKind::LocalPickup,
                label: "Local pickup".into(),
                cost: usd(0),
                taxable: false,
            }],
            _ => Vec::new(),
        }
    }

    fn tax(
        &self,
        to: &Destination,
        lines: &[Money],
        shipping: Money,
    ) -> Result<TaxBreakdown, MoneyError> {
        let rate = if to.country == "US" && to.state == "CA" {
            10
        } else {
            0
        };
        let tax = |m: &Money| Money::new(m.amount_minor() * rate / 100, m.currency());
        let lines: Vec<Money> = lines.iter().map(tax).collect();
        let shipping = tax(&shipping);
        let total = Money::sum(shipping.currency(), lines.iter().copied().chain([shipping]))?;
        let by_rate = if rate > 0 {
            vec![TaxLine {
                label: "CA State Tax".into(),
                amount: total,
            }]
        } else {
            Vec::new()
        };
        Ok(TaxBreakdown {
            lines,
            shipping,
            by_rate,
            total,
        })
    }

    fn prices_include_tax(&self) -> bool {
        false
    }
}
