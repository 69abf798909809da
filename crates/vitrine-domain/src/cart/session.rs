//! The shopper's session id: an opaque random token naming one server-side cart. It is a
//! bearer secret, so it never appears in `Debug` output or logs.

use std::fmt;

use crate::hex_id::is_lower_hex;

/// 32 lowercase hex characters (128 random bits), as issued in the `vitrine_session` cookie.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct SessionId(String);

impl SessionId {
    /// The id for 16 random bytes; the randomness comes from the adapter that issues it.
    pub fn from_bytes(bytes: [u8; 16]) -> Self {
        Self(hex::encode(bytes))
    }

    /// Accepts an id sent back by the browser; anything but 32 lowercase hex is refused.
    pub fn parse(text: &str) -> Option<Self> {
        is_lower_hex(text, 32).then(|| Self(text.to_owned()))
    }

    /// The token itself, for the cookie and the storage key only.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for SessionId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("SessionId(<redacted>)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_issued_id_round_trips_through_the_cookie_text() {
        let id = SessionId::from_bytes([0xab; 16]);
        assert_eq!(id.as_str().len(), 32);
        assert_eq!(SessionId::parse(id.as_str()), Some(id));
    }

    #[test]
    fn malformed_ids_are_refused() {
        for text in ["", "abc", &"A".repeat(32), &"g".repeat(32), &"a".repeat(33)] {
            assert!(SessionId::parse(text).is_none(), "{text:?}");
        }
    }

    #[test]
    fn debug_output_never_shows_the_token() {
        let id = SessionId::from_bytes([7; 16]);
        assert!(!format!("{id:?}").contains(id.as_str()));
    }
}
