//! Outbox rules: the delivery destinations, the consent category each needs, and the retry
//! policy (exponential backoff, then `dead`).

use std::fmt;

use time::{Duration, OffsetDateTime};

use crate::attribution::truncated;
use crate::consent::ConsentChoices;
use crate::settings::DeliverySettings;

/// Longest error text kept with a failed delivery (bytes; providers can answer at length).
pub const MAX_ERROR_LEN: usize = 1000;

/// A server-side destination an accepted event is delivered to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Destination {
    /// Meta Conversions API.
    Meta,
    /// TikTok Events API.
    TikTok,
    /// GA4 Measurement Protocol.
    Ga4,
}

impl Destination {
    pub const ALL: [Destination; 3] = [Self::Meta, Self::TikTok, Self::Ga4];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Meta => "meta",
            Self::TikTok => "tiktok",
            Self::Ga4 => "ga4",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|d| d.as_str() == text)
    }

    /// Ad platforms need marketing consent; GA4 needs analytics consent. No server-side
    /// destination is Google Ads: `google_ads` only sets GA4's Consent Mode ad signals.
    pub fn allowed_by(self, grants: ConsentChoices) -> bool {
        match self {
            Self::Meta | Self::TikTok => grants.marketing,
            Self::Ga4 => grants.analytics,
        }
    }
}

impl fmt::Display for Destination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Life cycle of one outbox row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeliveryStatus {
    /// Waiting for its first or next attempt.
    Pending,
    Delivered,
    /// Gave up: permanent rejection or too many attempts.
    Dead,
}

impl DeliveryStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Pending => "pending",
            Self::Delivered => "delivered",
            Self::Dead => "dead",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        [Self::Pending, Self::Delivered, Self::Dead]
            .into_iter()
            .find(|s| s.as_str() == text)
    }
}

/// What to store after a failed attempt.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FailureUpdate {
    /// Attempts made so far, this one included.
    pub attempts: u32,
    /// `Pending` with a later `next_attempt_at`, or `Dead`.
    pub status: DeliveryStatus,
    pub next_attempt_at: OffsetDateTime,
    /// At most [`MAX_ERROR_LEN`] bytes.
    pub error: String,
}

/// Exponential backoff: `base * 2^(attempts-1)`, capped, and `dead` after `max_attempts`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RetryPolicy {
    pub base: Duration,
    pub max_delay: Duration,
    pub max_attempts: u32,
}

impl From<&DeliverySettings> for RetryPolicy {
    fn from(s: &DeliverySettings) -> Self {
        Self {
            base: Duration::seconds(i64::try_from(s.backoff_base_secs).unwrap_or(i64::MAX / 4)),
            max_delay: Duration::seconds(i64::try_from(s.backoff_max_secs).unwrap_or(i64::MAX / 4)),
            max_attempts: s.max_attempts.max(1),
        }
    }
}

impl RetryPolicy {
    /// The row's next state after attempt number `attempts_before + 1` failed.
    /// `permanent` failures (the platform refused the payload) go straight to `dead`.
    pub fn after_failure(
        &self,
        attempts_before: u32,
        now: OffsetDateTime,
        permanent: bool,
        error: impl Into<String>,
    ) -> FailureUpdate {
        let attempts = attempts_before.saturating_add(1);
        let dead = permanent || attempts >= self.max_attempts;
        let exponent = attempts.saturating_sub(1).min(30);
        let delay = self
            .base
            .checked_mul(2_i32.pow(exponent))
            .map_or(self.max_delay, |d| d.min(self.max_delay));
        FailureUpdate {
            attempts,
            status: if dead {
                DeliveryStatus::Dead
            } else {
                DeliveryStatus::Pending
            },
            next_attempt_at: if dead { now } else { now + delay },
            error: truncated(&error.into(), MAX_ERROR_LEN),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn policy() -> RetryPolicy {
        RetryPolicy::from(&DeliverySettings::default())
    }

    fn t0() -> OffsetDateTime {
        OffsetDateTime::from_unix_timestamp(1_741_608_000).expect("valid")
    }

    #[test]
    fn delays_double_from_the_base_and_are_capped() {
        let delays: Vec<i64> = (0..9)
            .map(|before| {
                (policy()
                    .after_failure(before, t0(), false, "x")
                    .next_attempt_at
                    - t0())
                .whole_seconds()
            })
            .collect();
        assert_eq!(&delays[..7], &[30, 60, 120, 240, 480, 960, 1920]);
        assert_eq!(delays[7], 0, "8th failure is dead, nothing scheduled");
    }

    #[test]
    fn a_delivery_is_dead_after_max_attempts() {
        let update = policy().after_failure(7, t0(), false, "HTTP 500");
        assert_eq!(update.attempts, 8);
        assert_eq!(update.status, DeliveryStatus::Dead);
        let still_trying = policy().after_failure(6, t0(), false, "HTTP 500");
        assert_eq!(still_trying.status, DeliveryStatus::Pending);
    }

    #[test]
    fn the_cap_applies_to_long_retry_chains() {
        let p = RetryPolicy {
            max_attempts: 100,
            ..policy()
        };
        let update = p.after_failure(40, t0(), false, "x");
        assert_eq!(update.next_attempt_at - t0(), Duration::hours(1));
    }

    #[test]
    fn permanent_failures_are_dead_at_once() {
        let update = policy().after_failure(0, t0(), true, "HTTP 400");
        assert_eq!(update.status, DeliveryStatus::Dead);
        assert_eq!(update.attempts, 1);
    }

    #[test]
    fn long_error_texts_are_cut_to_the_stored_length() {
        let update = policy().after_failure(0, t0(), false, "é".repeat(MAX_ERROR_LEN));
        assert!(update.error.len() <= MAX_ERROR_LEN);
        assert!(update.error.len() > MAX_ERROR_LEN - 2);
    }

    #[test]
    fn ad_platforms_need_marketing_and_ga4_needs_analytics() {
        let analytics_only = ConsentChoices {
            analytics: true,
            ..ConsentChoices::ALL_DENIED
        };
        assert!(Destination::Ga4.allowed_by(analytics_only));
        assert!(!Destination::Meta.allowed_by(analytics_only));
        assert!(!Destination::TikTok.allowed_by(analytics_only));
        let google_ads_only = ConsentChoices {
            google_ads: true,
            ..ConsentChoices::ALL_DENIED
        };
        for d in Destination::ALL {
            assert!(!d.allowed_by(google_ads_only), "{d}");
        }
    }

    #[test]
    fn names_round_trip() {
        for d in Destination::ALL {
            assert_eq!(Destination::parse(d.as_str()), Some(d));
        }
        assert_eq!(DeliveryStatus::parse("dead"), Some(DeliveryStatus::Dead));
    }
}
