//! The engine's working state: each line's units as runs of one price, and picking units
//! across lines (the cheapest for a reward, the dearest for a set).

use crate::money::MoneyError;

/// `count` units of a line at `unit` minor units each.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Segment {
    pub count: u32,
    pub unit: i64,
}

pub(super) type Line = Vec<Segment>;

/// Units of a run and the (count, price) pieces they now cost.
pub(super) type Change = (Slot, Vec<(u32, i64)>);

pub(super) fn line_total(line: &[Segment]) -> Result<i64, MoneyError> {
    line.iter().try_fold(0_i64, |sum, s| {
        s.unit
            .checked_mul(i64::from(s.count))
            .and_then(|t| sum.checked_add(t))
            .ok_or(MoneyError::Overflow)
    })
}

pub(super) fn line_quantity(line: &[Segment]) -> u64 {
    line.iter().map(|s| u64::from(s.count)).sum()
}

/// Runs merged by price, dearest first, empty runs dropped.
pub(super) fn normalise(mut line: Line) -> Line {
    line.retain(|s| s.count > 0);
    line.sort_by_key(|s| std::cmp::Reverse(s.unit));
    let mut merged: Line = Vec::with_capacity(line.len());
    for s in line {
        match merged.last_mut() {
            Some(last) if last.unit == s.unit => last.count = last.count.saturating_add(s.count),
            _ => merged.push(s),
        }
    }
    merged
}

/// Units of one run of one line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Slot {
    pub line: usize,
    pub seg: usize,
    pub count: u32,
    pub unit: i64,
}

/// The priced (not yet free) runs of `lines`, cheapest first (`cheapest`) or dearest first,
/// ties in cart order.
pub(super) fn slots(state: &[Line], lines: &[usize], cheapest: bool) -> Vec<Slot> {
    let mut slots: Vec<Slot> = lines
        .iter()
        .flat_map(|&line| {
            state[line].iter().enumerate().map(move |(seg, s)| Slot {
                line,
                seg,
                count: s.count,
                unit: s.unit,
            })
        })
        .filter(|s| s.unit > 0)
        .collect();
    slots.sort_by(|a, b| {
        let by_price = if cheapest {
            a.unit.cmp(&b.unit)
        } else {
            b.unit.cmp(&a.unit)
        };
        by_price.then(a.line.cmp(&b.line)).then(a.seg.cmp(&b.seg))
    });
    slots
}

pub(super) fn units(slots: &[Slot]) -> u64 {
    slots.iter().map(|s| u64::from(s.count)).sum()
}

/// The first `n` units of `slots` (fewer if there are not so many).
pub(super) fn take(slots: &[Slot], n: u64) -> Vec<Slot> {
    let mut left = n;
    let mut taken = Vec::new();
    for slot in slots {
        if left == 0 {
            break;
        }
        let count = u32::try_from(left.min(u64::from(slot.count))).unwrap_or(slot.count);
        taken.push(Slot { count, ..*slot });
        left -= u64::from(count);
    }
    taken
}

/// The total of the first `n` units of `slots`, exactly.
pub(super) fn sum_of_first(slots: &[Slot], n: u64) -> i128 {
    take(slots, n)
        .iter()
        .map(|s| i128::from(s.count) * i128::from(s.unit))
        .sum()
}

/// The lines after repricing picked units: each change is a slot and the (count, price)
/// pieces its units now cost.
pub(super) fn reprice(state: &[Line], changes: Vec<Change>) -> Vec<(usize, Line)> {
    let mut lines: Vec<(usize, Line)> = Vec::new();
    for (slot, pieces) in changes {
        let index = match lines.iter().position(|(l, _)| *l == slot.line) {
            Some(index) => index,
            None => {
                lines.push((slot.line, state[slot.line].clone()));
                lines.len() - 1
            }
        };
        let line = &mut lines[index].1;
        if let Some(seg) = line.get_mut(slot.seg) {
            seg.count = seg.count.saturating_sub(slot.count);
        }
        line.extend(
            pieces
                .into_iter()
                .map(|(count, unit)| Segment { count, unit }),
        );
    }
    lines
        .into_iter()
        .map(|(index, line)| (index, normalise(line)))
        .collect()
}

/// The largest `k` in `1..=most` with `holds(k)`, 0 if none; `holds` must be true on a prefix.
pub(super) fn last_true(most: u64, holds: impl Fn(u64) -> bool) -> u64 {
    let (mut yes, mut no) = (0_u64, most.saturating_add(1));
    while no - yes > 1 {
        let mid = yes + (no - yes) / 2;
        if holds(mid) {
            yes = mid;
        } else {
            no = mid;
        }
    }
    yes
}

/// The checked sum of amounts that may themselves have failed.
pub(super) fn sum(
    amounts: impl IntoIterator<Item = Result<i64, MoneyError>>,
) -> Result<i64, MoneyError> {
    amounts.into_iter().try_fold(0_i64, |total, amount| {
        total.checked_add(amount?).ok_or(MoneyError::Overflow)
    })
}
