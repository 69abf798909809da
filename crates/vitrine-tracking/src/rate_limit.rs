//! A token-bucket rate limiter per client key (the client IP), held in memory per instance.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Instant;

/// Above this many tracked clients, idle (fully refilled) buckets are swept away.
const SWEEP_ABOVE: usize = 10_000;

#[derive(Debug, Clone, Copy)]
struct Bucket {
    tokens: f64,
    updated: Instant,
}

/// Each key may spend `burst` requests at once and regains `per_minute` per minute.
#[derive(Debug)]
pub struct RateLimiter {
    capacity: f64,
    refill_per_sec: f64,
    buckets: Mutex<HashMap<String, Bucket>>,
}

impl RateLimiter {
    /// A `burst` of 0 switches limiting off.
    pub fn new(burst: u32, per_minute: u32) -> Self {
        Self {
            capacity: f64::from(burst),
            refill_per_sec: f64::from(per_minute) / 60.0,
            buckets: Mutex::new(HashMap::new()),
        }
    }

    /// Takes one token for `key`; `false` means the client is over its limit.
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

    fn refilled(&self, bucket: Bucket, now: Instant) -> f64 {
        let elapsed = now.saturating_duration_since(bucket.updated).as_secs_f64();
        (bucket.tokens + elapsed * self.refill_per_sec).min(self.capacity)
    }

    /// Whether `key` has a token left, without taking it (for limits that count failures
    /// only: ask first, spend on failure).
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

    /// Number of clients currently tracked (for tests and metrics).
    pub fn tracked_clients(&self) -> usize {
        self.buckets.lock().unwrap_or_else(|e| e.into_inner()).len()
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    #[test]
    fn a_client_may_spend_its_burst_then_is_limited() {
        let limiter = RateLimiter::new(3, 60);
        let now = Instant::now();
        let results: Vec<bool> = (0..4).map(|_| limiter.check_at("1.2.3.4", now)).collect();
        assert_eq!(results, [true, true, true, false]);
    }

    #[test]
    fn asking_for_capacity_spends_nothing() {
        let limiter = RateLimiter::new(1, 60);
        let now = Instant::now();
        assert!(limiter.has_capacity_at("a", now) && limiter.has_capacity_at("a", now));
        assert!(limiter.check_at("a", now));
        assert!(!limiter.has_capacity_at("a", now));
        assert!(limiter.has_capacity_at("a", now + Duration::from_secs(1)));
    }

    #[test]
    fn tokens_come_back_at_the_sustained_rate() {
        let limiter = RateLimiter::new(1, 60); // one per second
        let now = Instant::now();
        assert!(limiter.check_at("a", now));
        assert!(!limiter.check_at("a", now + Duration::from_millis(500)));
        assert!(limiter.check_at("a", now + Duration::from_millis(1_100)));
    }

    #[test]
    fn clients_have_separate_buckets() {
        let limiter = RateLimiter::new(1, 1);
        let now = Instant::now();
        assert!(limiter.check_at("a", now));
        assert!(!limiter.check_at("a", now));
        assert!(limiter.check_at("b", now));
    }

    #[test]
    fn refill_never_exceeds_the_burst() {
        let limiter = RateLimiter::new(2, 600);
        let now = Instant::now();
        let later = now + Duration::from_secs(3_600);
        assert!(limiter.check_at("a", now));
        let results: Vec<bool> = (0..3).map(|_| limiter.check_at("a", later)).collect();
        assert_eq!(results, [true, true, false]);
    }

    #[test]
    fn idle_clients_are_swept_when_the_table_grows() {
        let limiter = RateLimiter::new(1, 60);
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
        let limiter = RateLimiter::new(0, 0);
        assert!((0..100).all(|_| limiter.check("a")));
    }
}
