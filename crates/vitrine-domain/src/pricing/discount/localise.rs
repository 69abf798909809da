//! Rules in a shopper's currency: every fixed amount (amounts off, fixed and set prices, caps,
//! subtotal bounds) converted from the base at the rate, half-up to the shown unit.

use super::Discounts;
use super::rule::{Action, Adjustment, CartAdjustment, Rule};
use crate::money::Money;
use crate::pricing::{ConvertError, Converter};

impl Discounts {
    /// These rules with their amounts in `converter`'s target currency. The rules must be in
    /// its base currency (a rule set is localised once, from the base).
    pub fn localise(&self, converter: &Converter) -> Result<Self, ConvertError> {
        if self.currency != converter.base() {
            return Err(ConvertError::WrongCurrency {
                expected: converter.base(),
                found: self.currency,
            });
        }
        let convert = |m: Money| converter.convert_amount(m);
        let rules = self
            .rules
            .iter()
            .map(|rule| localised(rule, &convert))
            .collect::<Result<_, _>>()?;
        Ok(Self {
            stacking: self.stacking,
            rules,
            currency: converter.target(),
            quantum: converter.quantum(),
        })
    }
}

type Convert<'a> = dyn Fn(Money) -> Result<Money, ConvertError> + 'a;

fn localised(rule: &Rule, convert: &Convert<'_>) -> Result<Rule, ConvertError> {
    let mut rule = rule.clone();
    let c = &mut rule.conditions;
    c.subtotal_min = c.subtotal_min.map(convert).transpose()?;
    c.subtotal_max = c.subtotal_max.map(convert).transpose()?;
    match &mut rule.action {
        Action::Product { adjustment } => *adjustment = adjustment_in(*adjustment, convert)?,
        Action::Bulk { tiers, .. } => {
            for tier in tiers {
                tier.adjustment = adjustment_in(tier.adjustment, convert)?;
            }
        }
        Action::SetPrice { total, .. } => *total = convert(*total)?,
        Action::CartDiscount { adjustment, cap } => {
            if let CartAdjustment::AmountOff(amount) = adjustment {
                *amount = convert(*amount)?;
            }
            *cap = cap.map(convert).transpose()?;
        }
        Action::BuyXGetY { .. } | Action::FreeShipping {} => {}
    }
    Ok(rule)
}

fn adjustment_in(
    adjustment: Adjustment,
    convert: &Convert<'_>,
) -> Result<Adjustment, ConvertError> {
    Ok(match adjustment {
        Adjustment::Percent(p) => Adjustment::Percent(p),
        Adjustment::AmountOff(m) => Adjustment::AmountOff(convert(m)?),
        Adjustment::FixedPrice(m) => Adjustment::FixedPrice(convert(m)?),
    })
}
