//! Rounding rules for converted prices: half-up to the unit the currency shows, a charm ending
//! (.99) or a step (0.05, 0.50, 1.00). Every rule is monotone and never turns a positive amount
//! into zero.

use rust_decimal::prelude::ToPrimitive;
use rust_decimal::{Decimal, RoundingStrategy};
use serde::{Deserialize, Serialize};

use crate::money::{Currency, MoneyError};

/// How a converted catalogue price is rounded, after it is first rounded half-up to the unit
/// the currency shows (its format's decimals).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(from = "RoundingConfig", into = "RoundingConfig")]
pub enum Rounding {
    /// Half-up to the shown unit only.
    #[default]
    None,
    /// Up to the nearest amount whose fraction of a major unit is `ending` ("0.99": 16.56 →
    /// 16.99, 17.00 → 17.99).
    Charm { ending: Decimal },
    /// To a multiple of `step` major units, up (the default) or half-up.
    Step { step: Decimal, mode: StepMode },
}

/// The configuration's spelling: `{ kind = "charm", ending = "0.99" }`. Every variant has
/// braces so that a stray key is refused for `none` too.
#[derive(Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
enum RoundingConfig {
    None {},
    Charm {
        #[serde(with = "super::decimal_text")]
        ending: Decimal,
    },
    Step {
        #[serde(with = "super::decimal_text")]
        step: Decimal,
        #[serde(default)]
        mode: StepMode,
    },
}

impl From<RoundingConfig> for Rounding {
    fn from(config: RoundingConfig) -> Self {
        match config {
            RoundingConfig::None {} => Self::None,
            RoundingConfig::Charm { ending } => Self::Charm { ending },
            RoundingConfig::Step { step, mode } => Self::Step { step, mode },
        }
    }
}

impl From<Rounding> for RoundingConfig {
    fn from(rounding: Rounding) -> Self {
        match rounding {
            Rounding::None => Self::None {},
            Rounding::Charm { ending } => Self::Charm { ending },
            Rounding::Step { step, mode } => Self::Step { step, mode },
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StepMode {
    /// The smallest multiple at or above the amount (a shop never earns less than the rate).
    #[default]
    Up,
    /// The nearest multiple, halves up.
    HalfUp,
}

/// A rounding rule in minor units of one currency, checked against its shown unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum MinorRounding {
    None,
    Charm { ending: i64, period: i64 },
    Step { step: i64, mode: StepMode },
}

/// Why a rounding rule does not fit its currency.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum RoundingProblem {
    /// A charm ending below zero or not below one major unit.
    EndingRange,
    /// A step not above zero.
    StepRange,
    /// An ending or step finer than the unit the currency shows.
    Precision,
}

impl Rounding {
    /// The rule in minor units of `currency`, whose shown unit is `quantum` minor units.
    pub(crate) fn in_minor(
        self,
        currency: Currency,
        quantum: i64,
    ) -> Result<MinorRounding, RoundingProblem> {
        let period = 10_i64.pow(currency.exponent());
        match self {
            Self::None => Ok(MinorRounding::None),
            Self::Charm { ending } => {
                let ending = to_minor(ending, currency, quantum)?;
                if ending < 0 || ending >= period {
                    return Err(RoundingProblem::EndingRange);
                }
                Ok(MinorRounding::Charm { ending, period })
            }
            Self::Step { step, mode } => {
                let step = to_minor(step, currency, quantum)?;
                if step <= 0 {
                    return Err(RoundingProblem::StepRange);
                }
                Ok(MinorRounding::Step { step, mode })
            }
        }
    }
}

/// A major-unit decimal as whole minor units that are a multiple of `quantum`.
fn to_minor(value: Decimal, currency: Currency, quantum: i64) -> Result<i64, RoundingProblem> {
    let scaled = value
        .checked_mul(Decimal::from(10_i64.pow(currency.exponent())))
        .ok_or(RoundingProblem::EndingRange)?;
    let whole = (scaled.fract().is_zero())
        .then(|| scaled.to_i64())
        .flatten()
        .ok_or(RoundingProblem::Precision)?;
    if whole % quantum != 0 {
        return Err(RoundingProblem::Precision);
    }
    Ok(whole)
}

/// `exact` (minor units, not negative) rounded half-up to a multiple of `quantum`.
pub(crate) fn half_up(exact: Decimal, quantum: i64) -> Result<i64, MoneyError> {
    let units = exact
        .checked_div(Decimal::from(quantum))
        .ok_or(MoneyError::Overflow)?
        .round_dp_with_strategy(0, RoundingStrategy::MidpointAwayFromZero);
    units
        .to_i64()
        .and_then(|u| u.checked_mul(quantum))
        .ok_or(MoneyError::Overflow)
}

impl MinorRounding {
    /// Rounds an exact converted amount (minor units, not negative): half-up to the shown unit
    /// (at least one unit when positive), then the rule. Zero stays zero.
    pub(crate) fn apply(self, exact: Decimal, quantum: i64) -> Result<i64, MoneyError> {
        if exact <= Decimal::ZERO {
            return Ok(0);
        }
        let shown = half_up(exact, quantum)?.max(quantum);
        match self {
            Self::None => Ok(shown),
            Self::Charm { ending, .. } if shown <= ending => Ok(ending),
            Self::Charm { ending, period } => {
                let above = shown - ending;
                let periods = above / period + i64::from(above % period != 0);
                periods
                    .checked_mul(period)
                    .and_then(|p| p.checked_add(ending))
                    .ok_or(MoneyError::Overflow)
            }
            Self::Step { step, mode } => {
                let steps = match mode {
                    StepMode::Up => shown / step + i64::from(shown % step != 0),
                    StepMode::HalfUp => {
                        let rest = shown % step;
                        shown / step + i64::from(rest > 0 && rest >= step - rest)
                    }
                };
                steps.max(1).checked_mul(step).ok_or(MoneyError::Overflow)
            }
        }
    }

    /// The most a rounded amount may differ from the exact one: one shown unit, one period of
    /// the charm ending, or one step.
    pub(crate) fn max_error(self, quantum: i64) -> i64 {
        match self {
            Self::None => quantum,
            Self::Charm { period, .. } => period,
            Self::Step { step, .. } => step,
        }
    }
}

#[cfg(test)]
#[path = "rounding_tests.rs"]
mod tests;
