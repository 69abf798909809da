//! Unit price arithmetic: adjustments, percentages rounded half-up to the shown unit, and the
//! split of a set's total over its items. Only an explicit "free" (100 %, a fixed price of 0,
//! a free reward) takes a positive price to zero; any other discount leaves one shown unit.

use rust_decimal::Decimal;

use super::rule::{Adjustment, Reward};
use crate::money::MoneyError;
use crate::pricing::rounding::half_up;

/// `percent` of `amount` (minor units), rounded half-up to a multiple of `quantum`.
pub(super) fn percent_of(amount: i64, percent: Decimal, quantum: i64) -> Result<i64, MoneyError> {
    let exact = Decimal::from(amount)
        .checked_mul(percent)
        .and_then(|x| x.checked_div(Decimal::ONE_HUNDRED))
        .ok_or(MoneyError::Overflow)?;
    half_up(exact, quantum)
}

/// The most a discount that is not an explicit "free" may take off a positive `price`.
pub(super) fn most_off(price: i64, quantum: i64) -> i64 {
    price.saturating_sub(quantum).max(0)
}

/// One unit's price after `adjustment`; never above `unit`, never below zero.
pub(super) fn adjust(adjustment: Adjustment, unit: i64, quantum: i64) -> Result<i64, MoneyError> {
    if unit <= 0 {
        return Ok(unit);
    }
    Ok(match adjustment {
        Adjustment::Percent(p) if p >= Decimal::ONE_HUNDRED => 0,
        Adjustment::Percent(p) => unit - percent_of(unit, p, quantum)?.min(most_off(unit, quantum)),
        Adjustment::AmountOff(off) => unit - off.amount_minor().clamp(0, most_off(unit, quantum)),
        Adjustment::FixedPrice(price) => unit.min(price.amount_minor().max(0)),
    })
}

/// One unit's price as a buy-X-get-Y reward.
pub(super) fn reward(reward: Reward, unit: i64, quantum: i64) -> Result<i64, MoneyError> {
    match reward {
        Reward::Free => Ok(0),
        Reward::Percent(p) => adjust(Adjustment::Percent(p), unit, quantum),
    }
}

/// Splits `total` over `units` (count, unit price; each above zero) for a set price: every
/// unit gets one shown unit, the rest goes in proportion to what each unit costs above that,
/// rounded down, and the remaining shown units go one per unit to the largest remainders (ties
/// to the earlier entry). Each entry comes back as (count, price) pieces (at most two). The
/// pieces add up to `total` exactly and no unit gets more than its own price, provided `total`
/// is below the units' sum; otherwise the prices stay as they are.
pub(super) fn split_total(
    total: i64,
    units: &[(u32, i64)],
    quantum: i64,
) -> Result<Vec<Vec<(u32, i64)>>, MoneyError> {
    let unchanged = || units.iter().map(|&(c, u)| vec![(c, u)]).collect();
    let aligned = total % quantum == 0 && units.iter().all(|(_, u)| u % quantum == 0);
    let grain = if aligned { quantum } else { 1 };
    let count: i128 = units.iter().map(|(c, _)| i128::from(*c)).sum();
    let extra = (i128::from(total / grain) - count).max(0);
    let weight = |unit: i64| i128::from(unit / grain) - 1;
    let all_weight: i128 = units.iter().map(|&(c, u)| i128::from(c) * weight(u)).sum();
    if all_weight <= 0 || extra >= all_weight {
        return Ok(unchanged());
    }
    let floors: Vec<(i128, i128)> = units
        .iter()
        .map(|&(_, u)| {
            let share = extra * weight(u);
            (share / all_weight, share % all_weight)
        })
        .collect();
    let assigned: i128 = units
        .iter()
        .zip(&floors)
        .map(|(&(c, _), (floor, _))| i128::from(c) * floor)
        .sum();
    let mut left = extra - assigned;
    let mut order: Vec<usize> = (0..units.len()).collect();
    order.sort_by(|&a, &b| floors[b].1.cmp(&floors[a].1).then(a.cmp(&b)));
    let mut pieces = vec![Vec::new(); units.len()];
    for index in order {
        let (count, _) = units[index];
        let plus = u32::try_from(left.min(i128::from(count))).map_err(|_| MoneyError::Overflow)?;
        left -= i128::from(plus);
        let price = |granules: i128| {
            i64::try_from((1 + granules) * i128::from(grain)).map_err(|_| MoneyError::Overflow)
        };
        let floor = floors[index].0;
        for (n, granules) in [(plus, floor + 1), (count - plus, floor)] {
            if n > 0 {
                pieces[index].push((n, price(granules)?));
            }
        }
    }
    Ok(pieces)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::money::{Currency, Money};

    fn usd(minor: i64) -> Money {
        Money::new(minor, Currency::USD)
    }

    #[test]
    fn percentages_round_half_up_per_unit() {
        let ten = Adjustment::Percent(Decimal::TEN);
        assert_eq!(adjust(ten, 1800, 1), Ok(1620));
        assert_eq!(adjust(ten, 1805, 1), Ok(1624), "180.5 off rounds up to 181");
        assert_eq!(
            adjust(ten, 1804, 1),
            Ok(1624),
            "180.4 off rounds down to 180"
        );
    }

    #[test]
    fn only_an_explicit_free_reaches_zero() {
        let almost = Adjustment::Percent(Decimal::new(999, 1));
        assert_eq!(adjust(almost, 1, 1), Ok(1));
        assert_eq!(adjust(almost, 100, 1), Ok(1));
        assert_eq!(adjust(Adjustment::AmountOff(usd(500)), 300, 1), Ok(1));
        assert_eq!(
            adjust(Adjustment::Percent(Decimal::ONE_HUNDRED), 300, 1),
            Ok(0)
        );
        assert_eq!(adjust(Adjustment::FixedPrice(usd(0)), 300, 1), Ok(0));
        assert_eq!(reward(Reward::Free, 300, 1), Ok(0));
    }

    #[test]
    fn a_fixed_price_above_the_price_changes_nothing() {
        assert_eq!(adjust(Adjustment::FixedPrice(usd(2000)), 1800, 1), Ok(1800));
        assert_eq!(adjust(Adjustment::FixedPrice(usd(1500)), 1800, 1), Ok(1500));
    }

    #[test]
    fn three_for_ten_dollars_puts_the_odd_cent_on_the_first_item() {
        let split = split_total(1000, &[(3, 400)], 1).expect("fits");
        assert_eq!(split, vec![vec![(1, 334), (2, 333)]]);
        let mixed = split_total(1000, &[(1, 900), (1, 300), (1, 100)], 1).expect("fits");
        let prices: Vec<i64> = mixed.iter().flatten().map(|(_, p)| *p).collect();
        assert_eq!(prices.iter().sum::<i64>(), 1000);
        assert!(
            prices
                .iter()
                .zip([900, 300, 100])
                .all(|(p, o)| *p <= o && *p > 0)
        );
    }

    #[test]
    fn a_set_total_not_below_the_prices_changes_nothing() {
        assert_eq!(
            split_total(1200, &[(3, 400)], 1).expect("fits"),
            vec![vec![(3, 400)]]
        );
    }

    proptest::proptest! {
        #[test]
        fn a_set_total_is_split_exactly_without_raising_or_zeroing_a_price(
            units in proptest::collection::vec((1_u32..5, 1_i64..10_000), 1..5),
            per_mille in 0_i64..1000,
            whole in proptest::bool::ANY,
        ) {
            let quantum = if whole { 100 } else { 1 };
            let units: Vec<(u32, i64)> = units.into_iter().map(|(c, u)| (c, u * quantum)).collect();
            let sum: i64 = units.iter().map(|&(c, u)| i64::from(c) * u).sum();
            let count: i64 = units.iter().map(|&(c, _)| i64::from(c)).sum();
            let lowest = count * quantum;
            // A total from one shown unit per item up to just below the sum, in shown units.
            let span = (sum - lowest) / quantum;
            let total = lowest + quantum * (span * per_mille / 1000).min(span - 1).max(0);
            proptest::prop_assume!(total < sum);
            let pieces = split_total(total, &units, quantum).expect("fits");
            let split: i64 = pieces.iter().flatten().map(|&(c, p)| i64::from(c) * p).sum();
            proptest::prop_assert_eq!(split, total);
            for (entry, &(c, u)) in pieces.iter().zip(&units) {
                proptest::prop_assert_eq!(entry.iter().map(|(n, _)| n).sum::<u32>(), c);
                for &(_, p) in entry {
                    proptest::prop_assert!(p >= quantum && p <= u && p % quantum == 0);
                }
            }
        }
    }
}
