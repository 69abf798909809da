//! Pricing a cart: the item rules combined by the stacking mode, then cart discounts, then
//! free shipping. Every amount is checked, and the totals add up exactly.

use rust_decimal::Decimal;
use time::OffsetDateTime;

use super::condition::{CartFacts, Customer};
use super::item_rules::effect;
use super::outcome::{AppliedDiscount, DiscountedCart, DiscountedLine, UnitPrice};
use super::rule::{Action, Rule};
use super::work::{Line, Segment, line_total, normalise, sum};
use super::{CartItem, Discounts, Stacking};
use crate::cart::RewardChoice;
use crate::money::{Money, MoneyError};
use crate::pricing::rounding::half_up;

/// Per line, the (rule, amount saved) of the item rules it took.
type Applied = Vec<Vec<(usize, i64)>>;

impl Discounts {
    /// Prices `items` (unit prices in this rule set's currency) for `customer` at `now`. The
    /// lines come back in the same order. Conditions read the cart before any discount.
    pub fn price_cart(
        &self,
        items: &[CartItem],
        customer: Customer,
        now: OffsetDateTime,
    ) -> Result<DiscountedCart, MoneyError> {
        self.price_cart_choosing(items, customer, now, &[])
    }

    /// [`Discounts::price_cart`] with the shopper's picks of buy-X-get-Y rewards: an offer
    /// rewards its picked item (when it is in the cart and among the offer's rewards) instead
    /// of the cheapest.
    pub fn price_cart_choosing(
        &self,
        items: &[CartItem],
        customer: Customer,
        now: OffsetDateTime,
        picks: &[RewardChoice],
    ) -> Result<DiscountedCart, MoneyError> {
        let original = self.original_lines(items)?;
        let original_subtotal = sum(original.iter().map(|l| line_total(l)))?;
        let facts = CartFacts {
            subtotal: self.money(original_subtotal),
            quantity: items.iter().map(|i| u64::from(i.quantity)).sum(),
        };
        let active: Vec<&Rule> = self
            .rules
            .iter()
            .filter(|r| r.enabled && r.conditions.hold(facts, customer, now))
            .collect();
        let item_rules: Vec<&Rule> = active
            .iter()
            .copied()
            .filter(|r| r.action.is_item_rule())
            .collect();
        let (state, applied) = self.item_discounts(items, &original, &item_rules, picks)?;
        let lines = items
            .iter()
            .zip(&state)
            .zip(&applied)
            .map(|((item, line), taken)| self.line(item, line, taken, &item_rules))
            .collect::<Result<Vec<_>, _>>()?;
        let subtotal = sum(state.iter().map(|l| line_total(l)))?;
        let cart_discounts = self.cart_discounts(items, &state, &active, subtotal)?;
        let cart_off = sum(cart_discounts.iter().map(|d| Ok(d.amount.amount_minor())))?;
        let total = subtotal.checked_sub(cart_off).ok_or(MoneyError::Overflow)?;
        let discount_total = original_subtotal
            .checked_sub(total)
            .ok_or(MoneyError::Overflow)?;
        let free_shipping = active
            .iter()
            .find(|r| {
                matches!(r.action, Action::FreeShipping {})
                    && items.iter().any(|i| r.filter.matches(&i.item))
            })
            .map(|r| r.id.clone());
        Ok(DiscountedCart {
            lines,
            cart_discounts,
            free_shipping,
            subtotal: self.money(subtotal),
            discount_total: self.money(discount_total),
            total: self.money(total),
        })
    }

    fn original_lines(&self, items: &[CartItem]) -> Result<Vec<Line>, MoneyError> {
        items
            .iter()
            .map(|item| {
                let price = item.unit_price;
                if price.currency() != self.currency {
                    return Err(MoneyError::CurrencyMismatch(
                        self.currency,
                        price.currency(),
                    ));
                }
                if price.amount_minor() < 0 {
                    return Err(MoneyError::Negative(price.to_decimal().to_string()));
                }
                let line = vec![Segment {
                    count: item.quantity,
                    unit: price.amount_minor(),
                }];
                line_total(&line)?;
                Ok(normalise(line))
            })
            .collect()
    }

    fn item_discounts(
        &self,
        items: &[CartItem],
        original: &[Line],
        rules: &[&Rule],
        picks: &[RewardChoice],
    ) -> Result<(Vec<Line>, Applied), MoneyError> {
        let mut state = original.to_vec();
        let mut applied: Applied = vec![Vec::new(); items.len()];
        let every_line = vec![true; items.len()];
        if self.stacking == Stacking::Biggest {
            let mut best: Vec<Option<(usize, Line, i64)>> = vec![None; items.len()];
            for (index, rule) in rules.iter().enumerate() {
                for (line, new) in effect(rule, items, original, &every_line, self.quantum, picks)?
                {
                    let saved = saving(&original[line], &new)?;
                    if saved > 0 && best[line].as_ref().is_none_or(|(_, _, b)| saved > *b) {
                        best[line] = Some((index, new, saved));
                    }
                }
            }
            for (line, choice) in best.into_iter().enumerate() {
                if let Some((index, new, saved)) = choice {
                    state[line] = new;
                    applied[line].push((index, saved));
                }
            }
            return Ok((state, applied));
        }
        for (index, rule) in rules.iter().enumerate() {
            let eligible: Vec<bool> = match self.stacking {
                Stacking::FirstMatch => applied.iter().map(Vec::is_empty).collect(),
                Stacking::All | Stacking::Biggest => every_line.clone(),
            };
            for (line, new) in effect(rule, items, &state, &eligible, self.quantum, picks)? {
                let saved = saving(&state[line], &new)?;
                if saved > 0 {
                    state[line] = new;
                    applied[line].push((index, saved));
                }
            }
        }
        Ok((state, applied))
    }

    fn line(
        &self,
        item: &CartItem,
        line: &Line,
        taken: &[(usize, i64)],
        rules: &[&Rule],
    ) -> Result<DiscountedLine, MoneyError> {
        let total = line_total(line)?;
        let average = match item.quantity {
            0 => item.unit_price.amount_minor(),
            q => {
                let exact = Decimal::from(total).checked_div(Decimal::from(q));
                half_up(exact.ok_or(MoneyError::Overflow)?, self.quantum)?
            }
        };
        Ok(DiscountedLine {
            quantity: item.quantity,
            original_unit_price: item.unit_price,
            discounted_unit_price: self.money(average),
            units: line
                .iter()
                .map(|s| UnitPrice {
                    quantity: s.count,
                    unit_price: self.money(s.unit),
                })
                .collect(),
            line_total: self.money(total),
            original_total: item.unit_price.checked_mul(i64::from(item.quantity))?,
            discounts: taken
                .iter()
                .map(|&(index, saved)| self.applied(rules[index], saved))
                .collect(),
        })
    }

    pub(super) fn applied(&self, rule: &Rule, saved: i64) -> AppliedDiscount {
        AppliedDiscount {
            rule: rule.id.clone(),
            title: rule.title.clone(),
            amount: self.money(saved),
        }
    }

    pub(super) fn money(&self, minor: i64) -> Money {
        Money::new(minor, self.currency)
    }
}

fn saving(before: &[Segment], after: &[Segment]) -> Result<i64, MoneyError> {
    line_total(before)?
        .checked_sub(line_total(after)?)
        .ok_or(MoneyError::Overflow)
}
