//! Tax rates per country and state (ADR 0014); prices entered with or without tax.
//!
//! SKELETON (issue 18): the types are the contract the checkout use case codes against.

use serde::{Deserialize, Serialize};

use crate::money::{Money, MoneyError};
use crate::shipping::Destination;

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
}

impl TaxRates {
    /// Whether catalogue prices already contain tax (then line totals do not grow; the tax
    /// inside them is shown).
    pub fn prices_include_tax(&self) -> bool {
        self.prices_include_tax
    }

    /// The tax on `lines` (line totals after discounts) and `shipping` for `to`.
    pub fn compute(
        &self,
        to: &Destination,
        lines: &[Money],
        shipping: Money,
    ) -> Result<TaxBreakdown, MoneyError> {
        let _ = (to, lines, shipping);
        unimplemented!("issue 18: tax rates")
    }
}
