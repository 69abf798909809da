//! Tax rates per country and state (ADR 0014); prices entered with or without tax — the
//! simple part of WooCommerce's tax engine.
//!
//! **Matching**: a rate applies when its country (empty: any), state (empty: any) and
//! postcodes (empty: any) match the destination. Rates are grouped by priority and only the
//! first matching rate of each priority applies, as in WooCommerce; a compound rate is
//! charged on the price plus the taxes of the lower priorities.
//!
//! **Rounding**: the tax of each line (and of shipping) is computed per rate exactly, then
//! rounded half-up (away from zero) to the currency's minor unit, line by line. WooCommerce's
//! "Round tax at subtotal level" is off, so a line's tax is what its receipt line shows, and
//! the totals are sums of those rounded amounts: the lines' tax plus the shipping tax is the
//! total, to the cent.
//!
//! **Prices including tax**: the tax inside a line is extracted (`price − price / (1 + r)`),
//! the line total stays as it is; otherwise the tax is added on top. Shipping costs are
//! always entered without tax (WooCommerce's rule too), so shipping tax is always added.

mod config;
mod rate;

#[cfg(test)]
mod tests;

use serde::{Deserialize, Serialize};

use crate::money::{Currency, Money, MoneyError};
use crate::shipping::Destination;

pub use config::{TaxConfig, TaxRateConfig};
pub use rate::TaxRate;

/// The tax of an order, in the order's currency.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TaxBreakdown {
    /// Tax of each line, in the order given.
    pub lines: Vec<Money>,
    pub shipping: Money,
    /// Per rate, for the totals table ("VAT", "CA State Tax").
    pub by_rate: Vec<TaxLine>,
    pub total: Money,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TaxLine {
    pub label: String,
    pub amount: Money,
}

#[derive(Debug, Clone, Default)]
pub struct TaxRates {
    prices_include_tax: bool,
    rates: Vec<TaxRate>,
}

impl TaxRates {
    /// Rates in the shop's order (see the module doc for how they apply).
    pub fn new(prices_include_tax: bool, rates: Vec<TaxRate>) -> Self {
        Self {
            prices_include_tax,
            rates,
        }
    }

    /// Whether catalogue prices already contain tax (then line totals do not grow; the tax
    /// inside them is shown).
    pub fn prices_include_tax(&self) -> bool {
        self.prices_include_tax
    }

    pub fn rates(&self) -> &[TaxRate] {
        &self.rates
    }

    /// The rates that apply to `to`, by priority: the first match of each priority.
    pub fn matching(&self, to: &Destination) -> Vec<&TaxRate> {
        let mut found: Vec<&TaxRate> = Vec::new();
        for rate in self.rates.iter().filter(|r| r.matches(to)) {
            if !found.iter().any(|f| f.priority == rate.priority) {
                found.push(rate);
            }
        }
        found.sort_by_key(|r| r.priority);
        found
    }

    /// The tax on `lines` (line totals after discounts) and `shipping` (the cost of a
    /// taxable shipping method, zero otherwise) for `to`. Amounts must not be negative and
    /// must share one currency.
    pub fn compute(
        &self,
        to: &Destination,
        lines: &[Money],
        shipping: Money,
    ) -> Result<TaxBreakdown, MoneyError> {
        let currency = shipping.currency();
        let rates = self.matching(to);
        let mut by_rate: Vec<Money> = vec![Money::zero(currency); rates.len()];
        let mut line_taxes = Vec::with_capacity(lines.len());
        for line in lines {
            let taxes = rate::taxes(&rates, *line, self.prices_include_tax, |_| true)?;
            line_taxes.push(add_into(&mut by_rate, &taxes, currency)?);
        }
        let shipping_taxes = rate::taxes(&rates, shipping, false, |r| r.shipping)?;
        let shipping_tax = add_into(&mut by_rate, &shipping_taxes, currency)?;
        let total = Money::sum(currency, line_taxes.iter().copied().chain([shipping_tax]))?;
        Ok(TaxBreakdown {
            lines: line_taxes,
            shipping: shipping_tax,
            by_rate: rates
                .iter()
                .zip(by_rate)
                .map(|(rate, amount)| TaxLine {
                    label: rate.label.clone(),
                    amount,
                })
                .collect(),
            total,
        })
    }
}

/// Adds one amount's per-rate taxes into the running totals; answers their sum.
fn add_into(
    totals: &mut [Money],
    taxes: &[Money],
    currency: Currency,
) -> Result<Money, MoneyError> {
    for (total, tax) in totals.iter_mut().zip(taxes) {
        *total = total.checked_add(*tax)?;
    }
    Money::sum(currency, taxes.iter().copied())
}
