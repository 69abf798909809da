//! What one item rule does to the cart's current prices: product adjustments, bulk tiers and
//! set prices here, buy-X-get-Y in `bogo`.

use super::CartItem;
use super::adjust::{adjust, split_total};
use super::bogo;
use super::rule::{Action, Adjustment, Count, Rule, Tier};
use super::work::{
    Line, Segment, last_true, line_quantity, normalise, reprice, slots, sum_of_first, take, units,
};
use crate::cart::RewardChoice;
use crate::money::MoneyError;

/// The lines `rule` reprices, as new lines; only lines marked `eligible` take part (they are
/// the only ones counted, bought or discounted).
pub(super) fn effect(
    rule: &Rule,
    items: &[CartItem],
    state: &[Line],
    eligible: &[bool],
    quantum: i64,
    picks: &[RewardChoice],
) -> Result<Vec<(usize, Line)>, MoneyError> {
    let pool: Vec<usize> = (0..items.len())
        .filter(|&i| eligible[i] && rule.filter.matches(&items[i].item))
        .collect();
    match &rule.action {
        Action::Product { adjustment } => pool
            .iter()
            .map(|&i| Ok((i, adjusted(&state[i], *adjustment, quantum)?)))
            .collect(),
        Action::Bulk { count, tiers } => bulk(items, state, &pool, *count, tiers, quantum),
        Action::BuyXGetY {
            buy,
            get,
            get_filter,
            reward,
            repeat,
        } => {
            let rewarded: Vec<usize> = match get_filter {
                Some(filter) => (0..items.len())
                    .filter(|&i| eligible[i] && filter.matches(&items[i].item))
                    .collect(),
                None => Vec::new(),
            };
            // The shopper's pick among the rewards, when it is in the cart, takes the reward.
            let picked: Vec<usize> = rewarded
                .iter()
                .copied()
                .filter(|&i| {
                    let item = &items[i].item;
                    picks
                        .iter()
                        .any(|p| p.rule == rule.id.0 && p.is(item.product, item.variation))
                })
                .collect();
            let rewarded = if picked.is_empty() { rewarded } else { picked };
            let offer = bogo::Offer {
                buy: *buy,
                get: *get,
                reward: *reward,
                repeat: *repeat,
            };
            match get_filter {
                Some(_) => bogo::across(&offer, state, &pool, &rewarded, quantum),
                None => bogo::same_product(&offer, items, state, &pool, quantum),
            }
        }
        Action::SetPrice {
            quantity,
            total,
            repeat,
        } => set_price(
            state,
            &pool,
            *quantity,
            total.amount_minor(),
            *repeat,
            quantum,
        ),
        Action::CartDiscount { .. } | Action::FreeShipping {} => Ok(Vec::new()),
    }
}

fn adjusted(line: &[Segment], adjustment: Adjustment, quantum: i64) -> Result<Line, MoneyError> {
    let segments = line
        .iter()
        .map(|s| {
            Ok(Segment {
                count: s.count,
                unit: adjust(adjustment, s.unit, quantum)?,
            })
        })
        .collect::<Result<Line, MoneyError>>()?;
    Ok(normalise(segments))
}

/// The tier for `quantity` units, if any.
pub(super) fn tier_for(tiers: &[Tier], quantity: u64) -> Option<&Tier> {
    tiers.iter().find(|t| t.contains(quantity))
}

fn bulk(
    items: &[CartItem],
    state: &[Line],
    pool: &[usize],
    count: Count,
    tiers: &[Tier],
    quantum: i64,
) -> Result<Vec<(usize, Line)>, MoneyError> {
    let key = |i: usize| {
        let item = &items[i].item;
        match count {
            Count::Product => (Some(item.product), None),
            Count::Variation => (Some(item.product), item.variation),
            Count::Cumulative => (None, None),
        }
    };
    // Units per counting key, then each line priced by its key's tier.
    let mut counted: std::collections::HashMap<_, u64> = std::collections::HashMap::new();
    for &line in pool {
        *counted.entry(key(line)).or_default() += line_quantity(&state[line]);
    }
    let mut changed = Vec::new();
    for &line in pool {
        let quantity = counted.get(&key(line)).copied().unwrap_or(0);
        if let Some(tier) = tier_for(tiers, quantity) {
            changed.push((line, adjusted(&state[line], tier.adjustment, quantum)?));
        }
    }
    Ok(changed)
}

/// `quantity` units for `total`: the dearest priced units form as many sets as allowed and
/// as still save money (the average of the dearest units only falls as more are taken, so the
/// sets that save are a prefix found by bisection).
fn set_price(
    state: &[Line],
    pool: &[usize],
    quantity: u32,
    total: i64,
    repeat: bool,
    quantum: i64,
) -> Result<Vec<(usize, Line)>, MoneyError> {
    let dearest = slots(state, pool, false);
    let size = u64::from(quantity.max(1));
    let possible = units(&dearest) / size;
    let most = if repeat { possible } else { possible.min(1) };
    let saves = |sets: u64| {
        let units = sets.saturating_mul(size);
        sum_of_first(&dearest, units) > i128::from(total) * i128::from(sets)
    };
    let sets = last_true(most, saves);
    if sets == 0 {
        return Ok(Vec::new());
    }
    let chosen = take(&dearest, sets * size);
    let set_total = i64::try_from(sets)
        .ok()
        .and_then(|s| total.checked_mul(s))
        .ok_or(MoneyError::Overflow)?;
    let counts: Vec<(u32, i64)> = chosen.iter().map(|s| (s.count, s.unit)).collect();
    let pieces = split_total(set_total, &counts, quantum)?;
    Ok(reprice(state, chosen.into_iter().zip(pieces).collect()))
}
