//! The generic cell rate algorithm (GCRA): a token bucket kept as one integer per key, the
//! "theoretical arrival time" (TAT) in unix milliseconds — when the key's next attempt would
//! be on time at the steady rate. One integer is what lets a database decide an attempt in a
//! single atomic statement (`vitrine-store::brake` writes this arithmetic in SQL).
//!
//! An attempt at `now` is allowed when `tat <= now + tolerance` (`burst - 1` intervals may be
//! borrowed ahead); it moves the TAT to `max(tat, now) + interval`. A braked attempt leaves
//! the TAT alone, so hammering a held brake does not lengthen it. A missing key, or one whose
//! TAT has passed, is a full burst.

use std::time::Duration;

use time::OffsetDateTime;

use super::BrakeRule;

/// `now` in unix milliseconds, the unit brakes count in.
pub fn unix_ms(now: OffsetDateTime) -> i64 {
    let millis = now.unix_timestamp_nanos() / 1_000_000;
    // `time` dates end in year 9999, far inside i64 milliseconds.
    i64::try_from(millis).unwrap_or(i64::MAX / 4)
}

/// One rule applied at one instant: the numbers a store compares a stored TAT with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Gcra {
    /// Now, in unix milliseconds.
    pub now_ms: i64,
    /// Milliseconds one attempt moves the TAT.
    pub interval_ms: i64,
    /// An attempt is allowed while the stored TAT is at most this.
    pub limit_ms: i64,
    /// The TAT after an allowed attempt on a key that is new or whose TAT has passed.
    pub first_tat_ms: i64,
}

/// What one attempt does to a key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// Allowed; the key's TAT becomes `tat`.
    Allowed { tat: i64 },
    /// Held back; the TAT stays, and an attempt is allowed again after `retry_after`.
    Braked { retry_after: Duration },
}

impl Gcra {
    /// `rule` at `now`.
    pub fn at(rule: BrakeRule, now: OffsetDateTime) -> Self {
        Self::at_ms(rule, unix_ms(now))
    }

    /// `rule` at `now_ms` (any monotonic millisecond count; in-memory brakes use process
    /// time).
    pub fn at_ms(rule: BrakeRule, now_ms: i64) -> Self {
        let interval_ms = rule.interval_ms();
        Self {
            now_ms,
            interval_ms,
            limit_ms: now_ms.saturating_add(rule.tolerance_ms()),
            first_tat_ms: now_ms.saturating_add(interval_ms),
        }
    }

    /// One attempt on a key whose stored TAT is `tat` (`None`: nothing stored).
    pub fn step(&self, tat: Option<i64>) -> Step {
        match tat {
            Some(tat) if tat > self.limit_ms => Step::Braked {
                retry_after: self.retry_after(tat),
            },
            Some(tat) if tat > self.now_ms => Step::Allowed {
                tat: tat.saturating_add(self.interval_ms),
            },
            _ => Step::Allowed {
                tat: self.first_tat_ms,
            },
        }
    }

    /// How long until a key whose TAT is `tat` allows an attempt again (zero if it does now).
    pub fn retry_after(&self, tat: i64) -> Duration {
        let wait = tat.saturating_sub(self.limit_ms).max(0);
        Duration::from_millis(u64::try_from(wait).unwrap_or(0))
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// Runs attempts at `times` (ms) through one key; which were allowed, and the TAT.
    fn run(rule: BrakeRule, times: &[i64]) -> (Vec<bool>, Option<i64>) {
        let mut tat = None;
        let allowed = times
            .iter()
            .map(|&now| match Gcra::at_ms(rule, now).step(tat) {
                Step::Allowed { tat: next } => {
                    tat = Some(next);
                    true
                }
                Step::Braked { .. } => false,
            })
            .collect();
        (allowed, tat)
    }

    #[test]
    fn ten_at_once_then_the_eleventh_waits_twelve_seconds() {
        let rule = BrakeRule::new(10, 5);
        let (allowed, tat) = run(rule, &[0; 11]);
        assert_eq!(allowed.iter().filter(|a| **a).count(), 10);
        assert!(!allowed[10]);
        let step = Gcra::at_ms(rule, 0).step(tat);
        assert_eq!(
            step,
            Step::Braked {
                retry_after: Duration::from_secs(12)
            }
        );
    }

    #[test]
    fn one_attempt_comes_back_per_interval_not_before() {
        let rule = BrakeRule::new(10, 5);
        let burst = [0; 10];
        let (_, tat) = run(rule, &burst);
        assert!(matches!(
            Gcra::at_ms(rule, 11_999).step(tat),
            Step::Braked { retry_after } if retry_after == Duration::from_millis(1)
        ));
        let at_twelve = Gcra::at_ms(rule, 12_000).step(tat);
        let Step::Allowed { tat: after } = at_twelve else {
            panic!("allowed after one interval: {at_twelve:?}");
        };
        assert!(matches!(
            Gcra::at_ms(rule, 12_000).step(Some(after)),
            Step::Braked { .. }
        ));
    }

    #[test]
    fn thirteen_seconds_after_a_burst_of_forty_one_more_is_allowed() {
        // The two bursts 13 s apart: 10 then 1, not 73.
        let rule = BrakeRule::new(10, 5);
        let mut times = vec![0; 40];
        times.extend([13_000; 40]);
        let (allowed, _) = run(rule, &times);
        assert_eq!(allowed[..40].iter().filter(|a| **a).count(), 10);
        assert_eq!(allowed[40..].iter().filter(|a| **a).count(), 1);
    }

    #[test]
    fn a_long_pause_refills_the_burst_and_no_more() {
        let rule = BrakeRule::new(3, 60);
        let mut times = vec![0, 0, 0];
        times.extend([3_600_000; 4]);
        let (allowed, _) = run(rule, &times);
        assert_eq!(allowed, [true, true, true, true, true, true, false]);
    }

    #[test]
    fn a_braked_attempt_does_not_lengthen_the_wait() {
        let rule = BrakeRule::new(1, 60);
        let (_, tat) = run(rule, &[0]);
        for now in [0, 100, 500, 999] {
            assert!(matches!(
                Gcra::at_ms(rule, now).step(tat),
                Step::Braked { .. }
            ));
        }
        assert!(matches!(
            Gcra::at_ms(rule, 1_000).step(tat),
            Step::Allowed { .. }
        ));
    }

    #[test]
    fn instants_are_unix_milliseconds() {
        let now =
            OffsetDateTime::from_unix_timestamp_nanos(1_800_000_000_123_456_789).expect("in range");
        let gcra = Gcra::at(BrakeRule::new(2, 60), now);
        assert_eq!(gcra.now_ms, 1_800_000_000_123);
        assert_eq!(gcra.first_tat_ms, 1_800_000_001_123);
        assert_eq!(gcra.limit_ms, 1_800_000_001_123);
    }

    proptest! {
        /// Over any stretch of time, no more than the burst plus what the rate refilled.
        #[test]
        fn never_more_than_the_burst_plus_the_refill(
            burst in 1u32..20,
            per_minute in 1u32..600,
            gaps in proptest::collection::vec(0i64..5_000, 1..200),
        ) {
            let rule = BrakeRule::new(burst, per_minute);
            let times: Vec<i64> = gaps
                .iter()
                .scan(0i64, |t, gap| {
                    *t += gap;
                    Some(*t)
                })
                .collect();
            let (allowed, _) = run(rule, &times);
            for i in 0..times.len() {
                let mut count = 0i64;
                for j in i..times.len() {
                    count += i64::from(allowed[j]);
                    let refilled = (times[j] - times[i]) / rule.interval_ms();
                    prop_assert!(count <= i64::from(burst) + refilled);
                }
            }
        }
    }
}
