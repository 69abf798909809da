//! Checks a rule set before it is used: every problem is named with its rule.

use rust_decimal::Decimal;

use super::rule::{Action, Adjustment, CartAdjustment, Reward, Rule, Tier};
use crate::money::{Currency, Money};

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("discount rule {rule:?}: {problem}")]
pub struct RuleError {
    pub rule: String,
    pub problem: RuleProblem,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RuleProblem {
    #[error("the id is empty")]
    EmptyId,
    #[error("another rule has the same id")]
    DuplicateId,
    #[error("the title is empty")]
    EmptyTitle,
    #[error("a percentage is between 0 and 100, not {0}")]
    Percent(Decimal),
    #[error("amounts are in the base currency {expected}, not {found}")]
    Currency { expected: Currency, found: Currency },
    #[error("an amount cannot be negative")]
    NegativeAmount,
    #[error("a bulk rule needs at least one range")]
    NoTiers,
    #[error("a range starts at 1 or more")]
    TierFromZero,
    #[error("the range {min}–{max} ends before it starts")]
    TierReversed { min: u32, max: u32 },
    #[error("the ranges starting at {0} and {1} overlap")]
    TiersOverlap(u32, u32),
    #[error("buy and get are at least 1 each")]
    BuyGet,
    #[error("a set has at least 1 item and a total above 0")]
    Set,
    #[error("the date range ends before it starts")]
    Dates,
    #[error("subtotal_min is above subtotal_max")]
    Subtotal,
    #[error("quantity_min is above quantity_max")]
    Quantity,
    #[error("roles need a logged-in shopper, but logged_in is false")]
    GuestRoles,
}

/// Checks `rules` (amounts in `base`): ids unique and not empty, titles set, percentages in
/// 0..=100, amounts not negative and in the base currency, ranges ordered and disjoint.
pub fn validate(rules: &[Rule], base: Currency) -> Result<(), RuleError> {
    for (index, rule) in rules.iter().enumerate() {
        let fail = |problem| RuleError {
            rule: rule.id.0.clone(),
            problem,
        };
        if rule.id.0.trim().is_empty() {
            return Err(fail(RuleProblem::EmptyId));
        }
        if rules[..index].iter().any(|r| r.id == rule.id) {
            return Err(fail(RuleProblem::DuplicateId));
        }
        if rule.title.trim().is_empty() {
            return Err(fail(RuleProblem::EmptyTitle));
        }
        check_conditions(rule, base).map_err(fail)?;
        check_action(&rule.action, base).map_err(fail)?;
    }
    Ok(())
}

fn check_conditions(rule: &Rule, base: Currency) -> Result<(), RuleProblem> {
    let c = &rule.conditions;
    for amount in [c.subtotal_min, c.subtotal_max].into_iter().flatten() {
        check_money(amount, base)?;
    }
    if matches!((c.from, c.to), (Some(from), Some(to)) if from > to) {
        return Err(RuleProblem::Dates);
    }
    if matches!((c.subtotal_min, c.subtotal_max), (Some(min), Some(max)) if min > max) {
        return Err(RuleProblem::Subtotal);
    }
    if matches!((c.quantity_min, c.quantity_max), (Some(min), Some(max)) if min > max) {
        return Err(RuleProblem::Quantity);
    }
    if c.logged_in == Some(false) && !c.roles.is_empty() {
        return Err(RuleProblem::GuestRoles);
    }
    Ok(())
}

fn check_action(action: &Action, base: Currency) -> Result<(), RuleProblem> {
    match action {
        Action::Product { adjustment } => check_adjustment(adjustment, base),
        Action::Bulk { tiers, .. } => check_tiers(tiers, base),
        Action::BuyXGetY {
            buy, get, reward, ..
        } => {
            if *buy == 0 || *get == 0 {
                return Err(RuleProblem::BuyGet);
            }
            match reward {
                Reward::Free => Ok(()),
                Reward::Percent(p) => check_percent(*p),
            }
        }
        Action::SetPrice {
            quantity, total, ..
        } => {
            check_money(*total, base)?;
            if *quantity == 0 || !total.is_positive() {
                return Err(RuleProblem::Set);
            }
            Ok(())
        }
        Action::CartDiscount { adjustment, cap } => {
            if let Some(cap) = cap {
                check_money(*cap, base)?;
            }
            match adjustment {
                CartAdjustment::Percent(p) => check_percent(*p),
                CartAdjustment::AmountOff(m) => check_money(*m, base),
            }
        }
        Action::FreeShipping {} => Ok(()),
    }
}

fn check_tiers(tiers: &[Tier], base: Currency) -> Result<(), RuleProblem> {
    if tiers.is_empty() {
        return Err(RuleProblem::NoTiers);
    }
    let mut sorted: Vec<&Tier> = tiers.iter().collect();
    sorted.sort_by_key(|t| t.min);
    for tier in &sorted {
        check_adjustment(&tier.adjustment, base)?;
        if tier.min == 0 {
            return Err(RuleProblem::TierFromZero);
        }
        if let Some(max) = tier.max.filter(|max| *max < tier.min) {
            return Err(RuleProblem::TierReversed { min: tier.min, max });
        }
    }
    for pair in sorted.windows(2) {
        if pair[0].max.is_none_or(|max| max >= pair[1].min) {
            return Err(RuleProblem::TiersOverlap(pair[0].min, pair[1].min));
        }
    }
    Ok(())
}

fn check_adjustment(adjustment: &Adjustment, base: Currency) -> Result<(), RuleProblem> {
    match adjustment {
        Adjustment::Percent(p) => check_percent(*p),
        Adjustment::AmountOff(m) | Adjustment::FixedPrice(m) => check_money(*m, base),
    }
}

fn check_percent(percent: Decimal) -> Result<(), RuleProblem> {
    if (Decimal::ZERO..=Decimal::ONE_HUNDRED).contains(&percent) {
        Ok(())
    } else {
        Err(RuleProblem::Percent(percent))
    }
}

fn check_money(amount: Money, base: Currency) -> Result<(), RuleProblem> {
    if amount.currency() != base {
        return Err(RuleProblem::Currency {
            expected: base,
            found: amount.currency(),
        });
    }
    if amount.amount_minor() < 0 {
        return Err(RuleProblem::NegativeAmount);
    }
    Ok(())
}
