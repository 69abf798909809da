//! A brake's rule: `burst` attempts at once, then `per_minute`, and the shop's named rules.

/// Milliseconds in a minute: brakes count in whole milliseconds.
const MINUTE_MS: i64 = 60_000;

/// `burst` attempts at once, then `per_minute` steadily; a zero burst switches the brake off.
/// Attempts come back one at a time (one every minute / `per_minute`), never more than
/// `burst` banked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BrakeRule {
    pub burst: u32,
    pub per_minute: u32,
}

impl BrakeRule {
    /// Failed logins, counted per client address and per account (normalised email), each:
    /// 10 at once, then 5 a minute. Successful logins give their attempt back.
    pub const LOGIN: Self = Self::new(10, 5);
    /// Reviews stored per client address: 5 at once, then 2 a minute. Refused reviews
    /// (invalid, product closed) are not counted.
    pub const REVIEW: Self = Self::new(5, 2);
    /// Accounts opened per client address (customer sign-up): 3 at once, then 1 a minute.
    pub const SIGN_UP: Self = Self::new(3, 1);
    /// Password reset requests, per client address and per account: 3 at once, then 1 a
    /// minute, so a reset link cannot be used to flood someone's inbox.
    pub const PASSWORD_RESET: Self = Self::new(3, 1);
    /// Card payment attempts, per client address, per cart session and per card (the
    /// provider's fingerprint): 5 at once, then 1 a minute. Card testing (many stolen numbers tried in small payments) needs hundreds.
    pub const CARD_PAYMENT: Self = Self::new(5, 1);

    pub const fn new(burst: u32, per_minute: u32) -> Self {
        Self { burst, per_minute }
    }

    /// A zero burst counts nothing and brakes nothing.
    pub const fn is_off(self) -> bool {
        self.burst == 0
    }

    /// Milliseconds between two attempts at the steady rate, rounded up (never faster than
    /// the rule). A zero rate is read as one a minute: a brake that never refills would shut
    /// a client out for good.
    pub fn interval_ms(self) -> i64 {
        let per_minute = i64::from(self.per_minute.max(1));
        (MINUTE_MS + per_minute - 1) / per_minute
    }

    /// How far ahead of now the next free slot may be while an attempt is still allowed:
    /// `burst - 1` intervals (GCRA's tolerance). Zero when the brake is off.
    pub fn tolerance_ms(self) -> i64 {
        i64::from(self.burst.saturating_sub(1)).saturating_mul(self.interval_ms())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn five_a_minute_is_one_every_twelve_seconds_with_nine_banked() {
        let rule = BrakeRule::new(10, 5);
        assert_eq!(rule.interval_ms(), 12_000);
        assert_eq!(rule.tolerance_ms(), 108_000);
    }

    #[test]
    fn uneven_rates_round_the_interval_up() {
        assert_eq!(BrakeRule::new(1, 7).interval_ms(), 8_572);
        assert_eq!(BrakeRule::new(1, 120_000).interval_ms(), 1);
    }

    #[test]
    fn a_zero_rate_refills_once_a_minute() {
        assert_eq!(BrakeRule::new(3, 0).interval_ms(), 60_000);
    }

    #[test]
    fn only_a_zero_burst_is_off() {
        assert!(BrakeRule::new(0, 10).is_off());
        assert!(!BrakeRule::new(1, 0).is_off());
        assert_eq!(BrakeRule::new(0, 10).tolerance_ms(), 0);
    }

    #[test]
    fn the_largest_rule_does_not_overflow() {
        let rule = BrakeRule::new(u32::MAX, 1);
        assert_eq!(rule.tolerance_ms(), i64::from(u32::MAX - 1) * 60_000);
    }
}
