//! The order key: 128 random bits in hex, the proof a browser holds for an order it placed
//! (order-received and order-pay links). Compared in constant time.

use serde::{Deserialize, Serialize};
use subtle::ConstantTimeEq;

use crate::hex_id::is_lower_hex;

#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OrderKey(String);

impl OrderKey {
    pub const LEN: usize = 32;

    /// A key from 16 random bytes (the caller's random source: no I/O here).
    pub fn from_random(bytes: [u8; 16]) -> Self {
        Self(hex::encode(bytes))
    }

    /// A stored key; `None` unless 32 lower-case hex digits.
    pub fn parse(text: &str) -> Option<Self> {
        is_lower_hex(text, Self::LEN).then(|| Self(text.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Whether `given` is this key, in time that does not depend on where they differ.
    pub fn matches(&self, given: &str) -> bool {
        given.len() == self.0.len() && bool::from(self.0.as_bytes().ct_eq(given.as_bytes()))
    }
}

impl std::fmt::Debug for OrderKey {
    // The key is a bearer secret: keep it out of logs.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("OrderKey(…)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_is_32_hex_and_matches_only_itself() {
        let key = OrderKey::from_random([0xab; 16]);
        assert_eq!(key.as_str(), "ab".repeat(16));
        assert!(key.matches(&"ab".repeat(16)));
        assert!(!key.matches(&"ab".repeat(15)));
        assert!(!key.matches(&format!("{}ac", "ab".repeat(15))));
        assert!(!key.matches(&"AB".repeat(16)));
        assert!(!key.matches(""));
        assert_eq!(OrderKey::parse(key.as_str()), Some(key.clone()));
        assert_eq!(OrderKey::parse(&"g".repeat(32)), None);
        assert_eq!(format!("{key:?}"), "OrderKey(…)");
    }
}
