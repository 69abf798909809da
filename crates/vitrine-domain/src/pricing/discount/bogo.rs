//! Buy X get Y: for every X items bought, the Y cheapest items get the reward, once or as
//! often as the cart allows.

use super::CartItem;
use super::adjust::reward;
use super::rule::Reward;
use super::work::{Change, Line, Slot, last_true, reprice, slots, take, units};
use crate::money::MoneyError;

pub(super) struct Offer {
    pub buy: u32,
    pub get: u32,
    pub reward: Reward,
    pub repeat: bool,
}

/// Buy X of a product, get Y of the same product: per product, every X + Y units give the
/// reward to the Y cheapest of them (variations of one product count together).
pub(super) fn same_product(
    offer: &Offer,
    items: &[CartItem],
    state: &[Line],
    pool: &[usize],
    quantum: i64,
) -> Result<Vec<(usize, Line)>, MoneyError> {
    let mut changes = Vec::new();
    let mut products: Vec<_> = pool.iter().map(|&i| items[i].item.product).collect();
    products.sort();
    products.dedup();
    for product in products {
        let lines: Vec<usize> = pool
            .iter()
            .copied()
            .filter(|&i| items[i].item.product == product)
            .collect();
        let cheapest = slots(state, &lines, true);
        let per_set = u64::from(offer.buy) + u64::from(offer.get);
        let sets = limit(units(&cheapest) / per_set, offer.repeat);
        let rewarded = take(&cheapest, sets.saturating_mul(u64::from(offer.get)));
        changes.extend(rewards(offer, rewarded, quantum)?);
    }
    Ok(reprice(state, changes))
}

/// Buy X of the rule's items (`bought`), get the Y cheapest of `rewarded` (the two may
/// overlap; an item is either bought or rewarded, never both).
pub(super) fn across(
    offer: &Offer,
    state: &[Line],
    bought: &[usize],
    rewarded: &[usize],
    quantum: i64,
) -> Result<Vec<(usize, Line)>, MoneyError> {
    let buyable = units(&slots(state, bought, true));
    let cheapest = slots(state, rewarded, true);
    let most = limit(buyable / u64::from(offer.buy.max(1)), offer.repeat);
    let per_get = u64::from(offer.get);
    // Fewer sets take fewer (and only cheaper) rewards, leaving more to buy: feasibility
    // holds on a prefix of set counts.
    let feasible = |sets: u64| {
        let wanted = sets.saturating_mul(per_get);
        let chosen = take(&cheapest, wanted);
        let overlap: u64 = chosen
            .iter()
            .filter(|s| bought.contains(&s.line))
            .map(|s| u64::from(s.count))
            .sum();
        units(&chosen) == wanted && buyable - overlap >= sets.saturating_mul(u64::from(offer.buy))
    };
    let sets = last_true(most, feasible);
    let chosen = take(&cheapest, sets.saturating_mul(per_get));
    Ok(reprice(state, rewards(offer, chosen, quantum)?))
}

fn limit(sets: u64, repeat: bool) -> u64 {
    if repeat { sets } else { sets.min(1) }
}

fn rewards(offer: &Offer, slots: Vec<Slot>, quantum: i64) -> Result<Vec<Change>, MoneyError> {
    slots
        .into_iter()
        .map(|slot| {
            Ok((
                slot,
                vec![(slot.count, reward(offer.reward, slot.unit, quantum)?)],
            ))
        })
        .collect()
}
