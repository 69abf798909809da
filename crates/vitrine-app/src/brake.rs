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
    fn a_client_may_spend_its_burst_then_waits_for_the_refill() {
        let brake = Brake::new(BrakeKind::Login, 3, 60);
        let now = Instant::now();
        assert!((0..3).all(|_| brake.check_at("a", now)));
        assert!(!brake.check_at("a", now));
        assert!(!brake.has_capacity_at("a", now));
        assert!(
            brake.check_at("b", now),
            "another client has its own bucket"
        );
        assert!(brake.check_at("a", now + Duration::from_secs(1)));
    }

    #[test]
    fn a_zero_burst_never_brakes() {
        let brake = Brake::new(BrakeKind::Review, 0, 0);
        assert!((0..100).all(|_| brake.check("a")));
    }
}
