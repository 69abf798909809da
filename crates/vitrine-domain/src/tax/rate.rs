//! One tax rate and the arithmetic of WooCommerce's `WC_Tax::calc_tax`.

use rust_decimal::prelude::ToPrimitive;
use rust_decimal::{Decimal, RoundingStrategy};

use crate::money::{Money, MoneyError};
use crate::shipping::{Destination, PostcodeRule};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TaxRate {
    /// ISO code; empty: every country.
    pub country: String,
    /// A state code of the country; empty: every state.
    pub state: String,
    /// Empty: every postcode.
    pub postcodes: Vec<PostcodeRule>,
    /// "VAT", "CA State Tax".
    pub label: String,
    /// 7.25 for 7.25 %.
    pub percent: Decimal,
    /// One rate applies per priority; lower first.
    pub priority: u32,
    /// Charged on the price plus the taxes of lower priorities.
    pub compound: bool,
    /// Whether the rate also applies to shipping.
    pub shipping: bool,
}

impl TaxRate {
    pub(super) fn matches(&self, to: &Destination) -> bool {
        let country = to.country.trim().to_ascii_uppercase();
        let normalized = crate::address::postcode::normalize(&to.postcode);
        (self.country.is_empty() || self.country == country)
            && (self.state.is_empty()
                || to.state.trim().eq_ignore_ascii_case(&self.state)
                || crate::address::Countries::state_code(&country, &to.state).as_deref()
                    == Some(self.state.as_str()))
            && (self.postcodes.is_empty() || self.postcodes.iter().any(|p| p.matches(&normalized)))
    }

    fn fraction(&self) -> Decimal {
        self.percent / Decimal::ONE_HUNDRED
    }
}

/// The tax of each of `rates` (by priority) on `amount`, rounded half-up per rate to the
/// minor unit; zero for a rate `applies` rejects. `inclusive`: the tax is inside `amount`.
pub(super) fn taxes(
    rates: &[&TaxRate],
    amount: Money,
    inclusive: bool,
    applies: impl Fn(&TaxRate) -> bool,
) -> Result<Vec<Money>, MoneyError> {
    if amount.amount_minor() < 0 {
        return Err(MoneyError::Negative(amount.amount_minor().to_string()));
    }
    let base = Decimal::from(amount.amount_minor());
    let exact = if inclusive {
        inclusive_taxes(rates, base, &applies)
    } else {
        exclusive_taxes(rates, base, &applies)
    };
    exact
        .into_iter()
        .map(|tax| {
            tax.round_dp_with_strategy(0, RoundingStrategy::MidpointAwayFromZero)
                .to_i64()
                .map(|minor| Money::new(minor, amount.currency()))
                .ok_or(MoneyError::Overflow)
        })
        .collect()
}

fn exclusive_taxes(
    rates: &[&TaxRate],
    base: Decimal,
    applies: &impl Fn(&TaxRate) -> bool,
) -> Vec<Decimal> {
    let mut taxes: Vec<Decimal> = Vec::with_capacity(rates.len());
    for rate in rates {
        let tax = if !applies(rate) {
            Decimal::ZERO
        } else if rate.compound {
            (base + taxes.iter().sum::<Decimal>()) * rate.fraction()
        } else {
            base * rate.fraction()
        };
        taxes.push(tax);
    }
    taxes
}

/// Compound taxes come off first (highest priority first), then the regular ones share
/// what is left: `price / (1 + Σr) × r` each — `price − price / (1 + r)` for one rate.
fn inclusive_taxes(
    rates: &[&TaxRate],
    base: Decimal,
    applies: &impl Fn(&TaxRate) -> bool,
) -> Vec<Decimal> {
    let mut taxes = vec![Decimal::ZERO; rates.len()];
    let mut remaining = base;
    for (i, rate) in rates.iter().enumerate().rev() {
        if rate.compound && applies(rate) {
            let tax = remaining - remaining / (Decimal::ONE + rate.fraction());
            taxes[i] = tax;
            remaining -= tax;
        }
    }
    let regular: Decimal = rates
        .iter()
        .filter(|r| !r.compound && applies(r))
        .map(|r| r.fraction())
        .sum();
    let net = remaining / (Decimal::ONE + regular);
    for (i, rate) in rates.iter().enumerate() {
        if !rate.compound && applies(rate) {
            taxes[i] = net * rate.fraction();
        }
    }
    taxes
}
