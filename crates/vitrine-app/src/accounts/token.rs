//! Login tokens and REST nonces (ADR 0010). The cookie holds 32 random bytes (hex); the
//! database holds only their SHA-256. The nonce is derived from the token and a 12-hour tick,
//! so it needs no storage and goes stale by itself.

use hmac::{Hmac, Mac};
use rand::RngCore;
use sha2::{Digest, Sha256};
use time::OffsetDateTime;

/// A login token as the cookie carries it.
#[derive(Clone, PartialEq, Eq)]
pub struct AuthToken([u8; 32]);

impl std::fmt::Debug for AuthToken {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("AuthToken(…)")
    }
}

/// A nonce lives one or two ticks of 12 hours (WordPress's nonce life).
const TICK_SECONDS: i64 = 12 * 60 * 60;
/// Hex characters of a nonce (80 bits).
const NONCE_CHARS: usize = 20;

impl AuthToken {
    pub fn generate() -> Self {
        let mut bytes = [0u8; 32];
        rand::rngs::OsRng.fill_bytes(&mut bytes);
        Self(bytes)
    }

    /// The cookie's value; `None` unless it is 64 hex characters.
    pub fn parse(text: &str) -> Option<Self> {
        let mut bytes = [0u8; 32];
        (text.len() == 64 && hex::decode_to_slice(text, &mut bytes).is_ok()).then_some(Self(bytes))
    }

    pub fn to_cookie_value(&self) -> String {
        hex::encode(self.0)
    }

    /// What the store keeps instead of the token.
    pub fn hash(&self) -> [u8; 32] {
        Sha256::digest(self.0).into()
    }

    /// The nonce for this login at `now`.
    pub fn nonce(&self, now: OffsetDateTime) -> String {
        self.nonce_for_tick(tick(now))
    }

    /// Whether `nonce` was issued for this login in this tick or the one before.
    pub fn verify_nonce(&self, nonce: &str, now: OffsetDateTime) -> bool {
        let current = tick(now);
        [current, current - 1]
            .into_iter()
            .any(|t| constant_time_eq(self.nonce_for_tick(t).as_bytes(), nonce.as_bytes()))
    }

    fn nonce_for_tick(&self, tick: i64) -> String {
        // HMAC accepts keys of any length: `new_from_slice` cannot fail.
        let Ok(mut mac) = Hmac::<Sha256>::new_from_slice(&self.0) else {
            return String::new();
        };
        mac.update(b"vitrine-rest-nonce:");
        mac.update(&tick.to_be_bytes());
        let mut text = hex::encode(mac.finalize().into_bytes());
        text.truncate(NONCE_CHARS);
        text
    }
}

fn tick(now: OffsetDateTime) -> i64 {
    now.unix_timestamp().div_euclid(TICK_SECONDS)
}

fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::Duration;

    fn at(seconds: i64) -> OffsetDateTime {
        OffsetDateTime::from_unix_timestamp(seconds).expect("time")
    }

    #[test]
    fn tokens_round_trip_through_the_cookie_and_are_stored_hashed() {
        let token = AuthToken::generate();
        let value = token.to_cookie_value();
        assert_eq!(value.len(), 64);
        assert_eq!(AuthToken::parse(&value), Some(token.clone()));
        assert_ne!(token.hash().to_vec(), token.0.to_vec());
        assert_ne!(AuthToken::generate(), token);
        for bad in ["", "abc", &"g".repeat(64), &"a".repeat(66)] {
            assert_eq!(AuthToken::parse(bad), None, "{bad}");
        }
        assert_eq!(format!("{token:?}"), "AuthToken(…)", "never printed");
    }

    #[test]
    fn a_nonce_lives_twelve_to_twenty_four_hours_and_belongs_to_one_login() {
        let token = AuthToken::parse(&"ab".repeat(32)).expect("valid");
        let start = at(1_800_000_000 - 1_800_000_000 % TICK_SECONDS);
        let nonce = token.nonce(start);
        assert_eq!(nonce.len(), NONCE_CHARS);
        assert!(token.verify_nonce(&nonce, start));
        assert!(token.verify_nonce(&nonce, start + Duration::hours(23)));
        assert!(!token.verify_nonce(&nonce, start + Duration::hours(24)));
        assert!(!token.verify_nonce(&nonce, start - Duration::seconds(1)));
        let other = AuthToken::parse(&"cd".repeat(32)).expect("valid");
        assert!(!other.verify_nonce(&nonce, start));
        assert!(!token.verify_nonce("", start));
    }
}
