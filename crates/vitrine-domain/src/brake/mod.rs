//! Brakes on repeated attempts (failed logins, reviews; later sign-ups, password resets and
//! card payments): the rule — a burst at once, then a steady rate — its arithmetic, and the
//! port a shared store implements so that a brake holds under concurrent requests and across
//! every server instance (the store reserves an attempt before the guarded work runs).

mod gcra;
mod rule;

use std::time::Duration;

use async_trait::async_trait;
use sha2::{Digest, Sha256};
use time::OffsetDateTime;

use crate::ports::StoreError;

pub use gcra::{Gcra, Step, unix_ms};
pub use rule::BrakeRule;

/// What a brake counts, each with its rule. A key is `scope:digest of the subject`, so two
/// scopes never share a count and the store keeps no address or email in clear.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BrakeScope {
    /// Login attempts from one client address ([`BrakeRule::LOGIN`]).
    LoginClient,
    /// Login attempts on one account, by normalised email, from any address
    /// ([`BrakeRule::LOGIN`]): guessing one password from many addresses is held too.
    LoginAccount,
    /// Reviews stored from one client address ([`BrakeRule::REVIEW`]).
    Review,
    /// Accounts opened from one client address ([`BrakeRule::SIGN_UP`]).
    SignUp,
    /// Password reset requests from one client address ([`BrakeRule::PASSWORD_RESET`]).
    PasswordResetClient,
    /// Password reset requests for one account, so nobody's inbox is flooded
    /// ([`BrakeRule::PASSWORD_RESET`]).
    PasswordResetAccount,
    /// Card payment attempts from one client address: card testing ([`BrakeRule::CARD_PAYMENT`]).
    CardPaymentClient,
    /// Card payment attempts on one cart session, whatever the address
    /// ([`BrakeRule::CARD_PAYMENT`]).
    CardPaymentSession,
    /// Card payment attempts with one card (the provider's card fingerprint), from any
    /// address or session: bots testing a stolen card rotate both
    /// ([`BrakeRule::CARD_PAYMENT`]).
    CardPaymentCard,
}

impl BrakeScope {
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::LoginClient => "login-client",
            Self::LoginAccount => "login-account",
            Self::Review => "review",
            Self::SignUp => "sign-up",
            Self::PasswordResetClient => "password-reset-client",
            Self::PasswordResetAccount => "password-reset-account",
            Self::CardPaymentClient => "card-payment-client",
            Self::CardPaymentSession => "card-payment-session",
            Self::CardPaymentCard => "card-payment-card",
        }
    }

    /// The shop's rule for this scope.
    pub const fn rule(self) -> BrakeRule {
        match self {
            Self::LoginClient | Self::LoginAccount => BrakeRule::LOGIN,
            Self::Review => BrakeRule::REVIEW,
            Self::SignUp => BrakeRule::SIGN_UP,
            Self::PasswordResetClient | Self::PasswordResetAccount => BrakeRule::PASSWORD_RESET,
            Self::CardPaymentClient | Self::CardPaymentSession | Self::CardPaymentCard => {
                BrakeRule::CARD_PAYMENT
            }
        }
    }
}

/// The stored name of one count: the scope and the first 128 bits of the subject's SHA-256.
/// (A digest of an address can be brute-forced; it keeps the table free of clear text, it is
/// not a secret.)
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct BrakeKey(String);

impl BrakeKey {
    /// `subject` as the caller normalised it (an address, a lower-cased email, a session id).
    pub fn new(scope: BrakeScope, subject: &str) -> Self {
        let digest = Sha256::digest(subject.as_bytes());
        let short = digest.get(..16).unwrap_or(&digest[..]);
        Self(format!("{}:{}", scope.as_str(), hex::encode(short)))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// One attempt to count: where, and under which rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attempt {
    pub key: BrakeKey,
    pub rule: BrakeRule,
}

impl Attempt {
    /// An attempt on `subject` under the scope's own rule.
    pub fn new(scope: BrakeScope, subject: &str) -> Self {
        Self {
            key: BrakeKey::new(scope, subject),
            rule: scope.rule(),
        }
    }
}

/// What a reservation got.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reservation {
    /// Every attempt was counted: go ahead.
    Reserved,
    /// Nothing was counted: `attempt` (its index in the request) is held back for
    /// `retry_after`.
    Braked {
        attempt: usize,
        retry_after: Duration,
    },
}

/// Where brakes keep their counts. Implementations must decide atomically in the shared
/// store (not read, then write), so that concurrent reservations — on one instance or many —
/// never together get more than a rule allows.
#[async_trait]
pub trait BrakeStore: Send + Sync + 'static {
    /// Counts one attempt on each of `attempts` at `now`, all or none: when any is braked,
    /// none is counted. Attempts whose rule is off are not counted and never braked.
    async fn reserve(
        &self,
        attempts: &[Attempt],
        now: OffsetDateTime,
    ) -> Result<Reservation, StoreError>;

    /// Gives back attempts counted by an earlier `reserve` (a login that succeeded, a review
    /// that could not be stored). Never gives more than was taken.
    async fn release(&self, attempts: &[Attempt]) -> Result<(), StoreError>;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_separate_scopes_and_subjects_and_hide_the_subject() {
        let client = BrakeKey::new(BrakeScope::LoginClient, "203.0.113.7");
        let account = BrakeKey::new(BrakeScope::LoginAccount, "203.0.113.7");
        assert_ne!(client, account);
        assert_ne!(
            client,
            BrakeKey::new(BrakeScope::LoginClient, "203.0.113.8")
        );
        assert_eq!(
            client,
            BrakeKey::new(BrakeScope::LoginClient, "203.0.113.7")
        );
        assert!(client.as_str().starts_with("login-client:"), "{client:?}");
        assert!(!client.as_str().contains("203.0.113.7"));
        assert_eq!(client.as_str().len(), "login-client:".len() + 32);
    }

    #[test]
    fn every_scope_has_a_rule_that_brakes() {
        let scopes = [
            BrakeScope::LoginClient,
            BrakeScope::LoginAccount,
            BrakeScope::Review,
            BrakeScope::SignUp,
            BrakeScope::PasswordResetClient,
            BrakeScope::PasswordResetAccount,
            BrakeScope::CardPaymentClient,
            BrakeScope::CardPaymentSession,
            BrakeScope::CardPaymentCard,
        ];
        for scope in scopes {
            assert!(!scope.rule().is_off(), "{scope:?}");
        }
        let mut names: Vec<&str> = scopes.iter().map(|s| s.as_str()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), scopes.len(), "scope names are distinct");
    }
}
