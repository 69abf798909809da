//! An in-memory brake for one instance: the tracking endpoints' per-request flood limiter.
//!
//! It stays in memory on purpose. It is a load limiter on a hot path (every tracking beacon),
//! where a database write per request would cost more than the flood it stops, and a client
//! spread over N instances getting N times the budget is acceptable for load. Brakes on
//! guessing or abuse (logins, reviews, sign-ups, password resets, card payments) must hold
//! across instances and go through [`super::Brakes`] and the shared store instead. Same rule
//! and arithmetic as those: `vitrine_domain::brake::{BrakeRule, Gcra}`.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use vitrine_domain::brake::{BrakeRule, Gcra, Step};

/// Above this many clients, those whose count has passed are dropped.
const SWEEP_ABOVE: usize = 10_000;

/// GCRA per client key, in this process's memory.
#[derive(Debug)]
pub struct LocalBrake {
    rule: BrakeRule,
    /// Times are milliseconds since this instant (monotonic, unlike the wall clock).
    epoch: Instant,
    tats: Mutex<HashMap<String, i64>>,
}

impl LocalBrake {
    pub fn new(rule: BrakeRule) -> Self {
        Self {
            rule,
            epoch: Instant::now(),
            tats: Mutex::new(HashMap::new()),
        }
    }

    /// Counts one request of `key`; `Err(retry_after)` (nothing counted) when it is over.
    pub fn check(&self, key: &str) -> Result<(), Duration> {
        self.check_at(key, Instant::now())
    }

    pub fn check_at(&self, key: &str, now: Instant) -> Result<(), Duration> {
        if self.rule.is_off() {
            return Ok(());
        }
        let elapsed = now.saturating_duration_since(self.epoch).as_millis();
        let gcra = Gcra::at_ms(self.rule, i64::try_from(elapsed).unwrap_or(i64::MAX / 4));
        // A poisoned lock only means another request panicked mid-update; the map is intact.
        let mut tats = self.tats.lock().unwrap_or_else(|e| e.into_inner());
        if tats.len() > SWEEP_ABOVE {
            tats.retain(|_, tat| *tat > gcra.now_ms);
        }
        match gcra.step(tats.get(key).copied()) {
            Step::Allowed { tat } => {
                tats.insert(key.to_owned(), tat);
                Ok(())
            }
            Step::Braked { retry_after } => Err(retry_after),
        }
    }

    /// How many clients have a count (the sweep keeps this bounded).
    pub fn tracked_clients(&self) -> usize {
        self.tats.lock().unwrap_or_else(|e| e.into_inner()).len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn brake(burst: u32, per_minute: u32) -> (LocalBrake, Instant) {
        let brake = LocalBrake::new(BrakeRule::new(burst, per_minute));
        let start = brake.epoch;
        (brake, start)
    }

    #[test]
    fn a_client_may_spend_its_burst_then_is_told_how_long_to_wait() {
        let (limiter, now) = brake(3, 60);
        let results: Vec<_> = (0..4).map(|_| limiter.check_at("1.2.3.4", now)).collect();
        assert_eq!(
            results,
            [Ok(()), Ok(()), Ok(()), Err(Duration::from_secs(1))]
        );
    }

    #[test]
    fn requests_come_back_at_the_sustained_rate() {
        let (limiter, now) = brake(1, 60); // one per second
        assert!(limiter.check_at("a", now).is_ok());
        assert!(
            limiter
                .check_at("a", now + Duration::from_millis(999))
                .is_err()
        );
        assert!(
            limiter
                .check_at("a", now + Duration::from_millis(1_000))
                .is_ok()
        );
    }

    #[test]
    fn clients_have_separate_counts() {
        let (limiter, now) = brake(1, 1);
        assert!(limiter.check_at("a", now).is_ok());
        assert!(limiter.check_at("a", now).is_err());
        assert!(limiter.check_at("b", now).is_ok());
    }

    #[test]
    fn refill_never_exceeds_the_burst() {
        let (limiter, now) = brake(2, 600);
        let later = now + Duration::from_secs(3_600);
        assert!(limiter.check_at("a", now).is_ok());
        let results: Vec<bool> = (0..3)
            .map(|_| limiter.check_at("a", later).is_ok())
            .collect();
        assert_eq!(results, [true, true, false]);
    }

    #[test]
    fn idle_clients_are_swept_when_the_table_grows() {
        let (limiter, now) = brake(1, 60);
        for i in 0..=SWEEP_ABOVE {
            let _ = limiter.check_at(&i.to_string(), now);
        }
        let _ = limiter.check_at("late", now + Duration::from_secs(5));
        assert!(
            limiter.tracked_clients() < 10,
            "{}",
            limiter.tracked_clients()
        );
    }

    #[test]
    fn zero_burst_switches_limiting_off() {
        let (limiter, _) = brake(0, 0);
        assert!((0..100).all(|_| limiter.check("a").is_ok()));
        assert_eq!(limiter.tracked_clients(), 0);
    }
}
