//! Cart discounts: off the matching lines' total after item discounts, combined by the same
//! stacking mode as item rules.

use rust_decimal::Decimal;

use super::adjust::{most_off, percent_of};
use super::outcome::AppliedDiscount;
use super::rule::{Action, CartAdjustment, Rule};
use super::work::{Line, line_total, sum};
use super::{CartItem, Discounts, Stacking};
use crate::money::MoneyError;

impl Discounts {
    /// Cart discounts on the matching lines' total after item discounts; never more than is
    /// left to pay, and, short of a 100 % discount, never all of it.
    pub(super) fn cart_discounts(
        &self,
        items: &[CartItem],
        state: &[Line],
        active: &[&Rule],
        subtotal: i64,
    ) -> Result<Vec<AppliedDiscount>, MoneyError> {
        let mut chosen: Vec<AppliedDiscount> = Vec::new();
        let mut left = subtotal;
        for rule in active {
            let Action::CartDiscount { adjustment, cap } = &rule.action else {
                continue;
            };
            let matching = sum(items
                .iter()
                .zip(state)
                .filter(|(item, _)| rule.filter.matches(&item.item))
                .map(|(_, line)| line_total(line)))?;
            let (base, limit) = match self.stacking {
                Stacking::All => (matching.min(left), left),
                Stacking::FirstMatch | Stacking::Biggest => (matching, subtotal),
            };
            let (raw, free) = match adjustment {
                CartAdjustment::Percent(p) if *p >= Decimal::ONE_HUNDRED => (base, true),
                CartAdjustment::Percent(p) => (percent_of(base, *p, self.quantum)?, false),
                CartAdjustment::AmountOff(m) => (m.amount_minor().min(base), false),
            };
            let most = if free {
                limit
            } else {
                most_off(limit, self.quantum)
            };
            let amount = raw
                .min(cap.map_or(i64::MAX, |c| c.amount_minor()))
                .min(most)
                .max(0);
            if amount == 0 {
                continue;
            }
            let discount = self.applied(rule, amount);
            match self.stacking {
                Stacking::All => {
                    left -= amount;
                    chosen.push(discount);
                }
                Stacking::FirstMatch => return Ok(vec![discount]),
                Stacking::Biggest => {
                    if chosen
                        .first()
                        .is_none_or(|c| amount > c.amount.amount_minor())
                    {
                        chosen = vec![discount];
                    }
                }
            }
        }
        Ok(chosen)
    }
}
