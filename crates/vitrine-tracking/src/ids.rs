//! Identifiers the crate mints: the visitor session id, pbid external ids, keyed digests.

use std::fmt;

use hmac::{Hmac, Mac};
use rand::RngCore;
use sha2::Sha256;
use vitrine_domain::hex_id::is_lower_hex;

use crate::hashing::sha256_hex;

/// The cookie that carries the visitor's session id.
pub const SESSION_COOKIE: &str = "vitrine_sid";

/// `n` random bytes from the thread-local CSPRNG, as lower-case hex.
pub fn random_hex(n: usize) -> String {
    let mut bytes = vec![0_u8; n];
    rand::thread_rng().fill_bytes(&mut bytes);
    hex::encode(bytes)
}

/// A fresh external id in PixelYourSite's shape: SHA-256 hex of 16 random bytes.
pub fn new_pbid() -> String {
    sha256_hex(&random_hex(16))
}

/// HMAC-SHA256 of `parts` joined by `|`, under `secret`, with a purpose label so a digest
/// made for one use (page tokens) is never valid for another (consent ids).
pub fn keyed_digest(secret: &[u8], purpose: &str, parts: &[&str]) -> Hmac<Sha256> {
    // HMAC accepts keys of any length, so this cannot fail.
    let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(secret)
        .unwrap_or_else(|_| unreachable!("HMAC takes any key length"));
    mac.update(purpose.as_bytes());
    for part in parts {
        mac.update(b"|");
        mac.update(part.as_bytes());
    }
    mac
}

/// Lower-case hex of [`keyed_digest`].
pub fn keyed_hex(secret: &[u8], purpose: &str, parts: &[&str]) -> String {
    hex::encode(keyed_digest(secret, purpose, parts).finalize().into_bytes())
}

/// A visitor's session: 128 random bits as 32 lower-case hex characters. The cookie value is
/// never stored; the database keys attribution by [`SessionId::storage_key`].
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct SessionId(String);

impl SessionId {
    pub fn generate() -> Self {
        Self(random_hex(16))
    }

    /// Accepts only the exact shape this crate mints.
    pub fn parse(raw: &str) -> Option<Self> {
        is_lower_hex(raw, 32).then(|| Self(raw.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// What the database stores instead of the cookie value (a leak of the table does not
    /// hand out live session ids).
    pub fn storage_key(&self) -> String {
        sha256_hex(&format!("vitrine-session|{}", self.0))
    }
}

impl fmt::Debug for SessionId {
    // The id is a bearer value: logs get a prefix only.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "SessionId({}…)", &self.0[..6])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_session_ids_parse_and_differ() {
        let a = SessionId::generate();
        let b = SessionId::generate();
        assert_ne!(a, b);
        assert_eq!(SessionId::parse(a.as_str()), Some(a.clone()));
        assert_ne!(a.storage_key(), a.as_str());
    }

    #[test]
    fn foreign_session_values_are_refused() {
        for bad in ["", "abc", &"g".repeat(32), &"A".repeat(32), &"a".repeat(33)] {
            assert_eq!(SessionId::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn pbid_is_64_hex_characters() {
        let pbid = new_pbid();
        assert_eq!(pbid.len(), 64);
        assert!(pbid.bytes().all(|b| b.is_ascii_hexdigit()));
    }

    #[test]
    fn keyed_digests_depend_on_secret_purpose_and_parts() {
        let base = keyed_hex(b"k1", "p", &["a", "b"]);
        assert_ne!(base, keyed_hex(b"k2", "p", &["a", "b"]));
        assert_ne!(base, keyed_hex(b"k1", "q", &["a", "b"]));
        assert_ne!(base, keyed_hex(b"k1", "p", &["ab"]));
    }
}
