//! Brakes on repeated attempts (failed logins, stored reviews): a token bucket per client key
//! (the client address), held in memory per instance.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Instant;

/// Above this many clients, buckets that have refilled completely are dropped.
const SWEEP_ABOVE: usize = 10_000;

/// Which brake held a request back (the web layer words the answer).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BrakeKind {
    Login,
    Review,
    /// The tracking endpoints' per-client request limit.
    Tracking,
}

#[derive(Debug, Clone, Copy)]
struct Bucket {
    tokens: f64,
    updated: Instant,
}

/// `burst` attempts at once, then `per_minute`; a zero burst means no limit.
#[derive(Debug)]
pub struct Brake {
    kind: BrakeKind,
    capacity: f64,
    refill_per_sec: f64,
    buckets: Mutex<HashMap<String, Bucket>>,
}

impl Brake {
    pub fn new(kind: BrakeKind, burst: u32, per_minute: u32) -> Self {
        Self {
            kind,
            capacity: f64::from(burst),
            refill_per_sec: f64::from(per_minute) / 60.0,
            buckets: Mutex::new(HashMap::new()),
        }
    }

    pub fn kind(&self) -> BrakeKind {
        self.kind
    }

    /// Spends one attempt of `key`; `false` (nothing spent) when it has none left.
    pub fn check(&self, key: &str) -> bool {
        self.check_at(key, Instant::now())
    }

    pub fn check_at(&self, key: &str, now: Instant) -> bool {
        if self.capacity <= 0.0 {
            return true;
        }
        // A poisoned lock only means another request panicked mid-update; the map is intact.
        let mut buckets = self.buckets.lock().unwrap_or_else(|e| e.into_inner());
        if buckets.len() > SWEEP_ABOVE {
            buckets.retain(|_, b| self.refilled(*b, now) < self.capacity);
        }
        let bucket = buckets.entry(key.to_owned()).or_insert(Bucket {
            tokens: self.capacity,
            updated: now,
        });
        let tokens = self.refilled(*bucket, now);
        let allowed = tokens >= 1.0;
        *bucket = Bucket {
            tokens: if allowed { tokens - 1.0 } else { tokens },
            updated: now,
        };
        allowed
    }

    /// Whether `key` has an attempt left, without spending it.
    pub fn has_capacity(&self, key: &str) -> bool {
        self.has_capacity_at(key, Instant::now())
    }

    pub fn has_capacity_at(&self, key: &str, now: Instant) -> bool {
        if self.capacity <= 0.0 {
            return true;
        }
        let buckets = self.buckets.lock().unwrap_or_else(|e| e.into_inner());
        buckets
            .get(key)
            .is_none_or(|bucket| self.refilled(*bucket, now) >= 1.0)
    }

    /// How many clients have a bucket (the sweep keeps this bounded).
    pub fn tracked_clients(&self) -> usize {
        self.buckets.lock().unwrap_or_else(|e| e.into_inner()).len()
    }

    fn refilled(&self, bucket: Bucket, now: Instant) -> f64 {
        let elapsed = now.saturating_duration_since(bucket.updated).as_secs_f64();
        (bucket.tokens + elapsed * self.refill_per_sec).min(self.capacity)
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    #[test]
    fn a_client_may_spend_its_burst_then_is_limited() {
        let limiter = Brake::new(BrakeKind::Tracking, 3, 60);
        let now = Instant::now();
        let results: Vec<bool> = (0..4).map(|_| limiter.check_at("1.2.3.4", now)).collect();
        assert_eq!(results, [true, true, true, false]);
    }

    #[test]
    fn asking_for_capacity_spends_nothing() {
        let limiter = Brake::new(BrakeKind::Tracking, 1, 60);
        let now = Instant::now();
        assert!(limiter.has_capacity_at("a", now) && limiter.has_capacity_at("a", now));
        assert!(limiter.check_at("a", now));
        assert!(!limiter.has_capacity_at("a", now));
        assert!(limiter.has_capacity_at("a", now + Duration::from_secs(1)));
    }

    #[test]
    fn tokens_come_back_at_the_sustained_rate() {
        let limiter = Brake::new(BrakeKind::Tracking, 1, 60); // one per second
        let now = Instant::now();
        assert!(limiter.check_at("a", now));
        assert!(!limiter.check_at("a", now + Duration::from_millis(500)));
        assert!(limiter.check_at("a", now + Duration::from_millis(1_100)));
    }

    #[test]
    fn clients_have_separate_buckets() {
        let limiter = Brake::new(BrakeKind::Tracking, 1, 1);
        let now = Instant::now();
        assert!(limiter.check_at("a", now));
        assert!(!limiter.check_at("a", now));
        assert!(limiter.check_at("b", now));
    }

    #[test]
    fn refill_never_exceeds_the_burst() {
        let limiter = Brake::new(BrakeKind::Tracking, 2, 600);
        let now = Instant::now();
        let later = now + Duration::from_secs(3_600);
        assert!(limiter.check_at("a", now));
        let results: Vec<bool> = (0..3).map(|_| limiter.check_at("a", later)).collect();
        assert_eq!(results, [true, true, false]);
    }

    #[test]
    fn idle_clients_are_swept_when_the_table_grows() {
        let limiter = Brake::new(BrakeKind::Tracking, 1, 60);
        let now = Instant::now();
        for i in 0..=SWEEP_ABOVE {
            limiter.check_at(&i.to_string(), now);
        }
        limiter.check_at("late", now + Duration::from_secs(5));
        assert!(
            limiter.tracked_clients() < 10,
            "{}",
            limiter.tracked_clients()
        );
    }

    #[test]
    fn zero_burst_switches_limiting_off() {
        let limiter = Brake::new(BrakeKind::Tracking, 0, 0);
        assert!((0..100).all(|_| limiter.check("a")));
    }
}
