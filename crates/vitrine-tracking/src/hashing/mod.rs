//! Advanced-matching user data: normalisation per Meta/TikTok rules and SHA-256 hex hashing.
//!
//! Raw personal data never leaves this module un-hashed: callers get a [`HashedUserData`] whose
//! fields are lower-case hex digests (or, for the browser ids `fbp`/`fbc`, the untouched value,
//! which Meta forbids hashing).

use sha2::{Digest, Sha256};
use vitrine_domain::hex_id::is_lower_hex;

/// Lower-case hex SHA-256 of the UTF-8 bytes of `text`.
pub fn sha256_hex(text: &str) -> String {
    hex::encode(Sha256::digest(text.as_bytes()))
}

/// A value that already is a lower-case SHA-256 hex digest passes through unchanged, as in
/// Meta's SDK normaliser (a browser may send pre-hashed advanced-matching data).
pub(crate) fn is_sha256_hex(text: &str) -> bool {
    is_lower_hex(text, 64)
}

/// Trimmed and lower-cased, if it is a valid address under the spec's rule (§5): letters,
/// digits and `._%+-` before the `@`, then a domain whose top-level part has 2 to 63 letters.
pub fn normalize_email(raw: &str) -> Option<String> {
    let email = raw.trim().to_lowercase();
    let (local, domain) = email.split_once('@')?;
    let local_ok = !local.is_empty()
        && local
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "._%+-".contains(c));
    let (host, tld) = domain.rsplit_once('.')?;
    let host_ok = !host.is_empty()
        && !host.starts_with('.')
        && !host.ends_with('.')
        && host
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || ".-".contains(c));
    let tld_ok = (2..=63).contains(&tld.len()) && tld.chars().all(|c| c.is_ascii_alphabetic());
    (local_ok && host_ok && tld_ok).then_some(email)
}

/// Digits only, with the country code and without `+`/`00` (Meta's and Snap's rule).
///
/// A national number (one leading trunk `0`, no `+`/`00`) gets `default_country_code`
/// (e.g. `"33"`) in place of the `0` when one is configured. Valid results have 6 to 15
/// digits (the spec's phone check, §5); anything else is `None`.
pub fn normalize_phone(raw: &str, default_country_code: Option<&str>) -> Option<String> {
    let trimmed = raw.trim();
    if trimmed.chars().any(|c| c.is_alphabetic()) {
        return None;
    }
    let international = trimmed.starts_with('+');
    let mut digits: String = trimmed.chars().filter(char::is_ascii_digit).collect();
    if !international {
        if let Some(rest) = digits.strip_prefix("00") {
            digits = rest.to_owned();
        } else if let (Some(national), Some(cc)) = (digits.strip_prefix('0'), default_country_code)
        {
            digits = format!("{cc}{national}");
        }
    }
    (6..=15).contains(&digits.len()).then_some(digits)
}

/// Trimmed, lower-cased (Unicode-aware, so UTF-8 names keep their letters) and without
/// punctuation, which Meta asks to drop from first and last names.
pub fn normalize_name(raw: &str) -> Option<String> {
    let name: String = raw
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| !c.is_ascii_punctuation())
        .collect();
    let name = name.trim().to_owned();
    (!name.is_empty()).then_some(name)
}

/// Hash of a normalised value; an already-hashed input is kept as it is.
pub(crate) fn hash_normalized(
    raw: &str,
    normalize: impl Fn(&str) -> Option<String>,
) -> Option<String> {
    let trimmed = raw.trim();
    if is_sha256_hex(trimmed) {
        return Some(trimmed.to_owned());
    }
    normalize(trimmed).map(|n| sha256_hex(&n))
}

mod user_data;

pub use user_data::{HashedUserData, RawUserData, is_fb_cookie};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sha256_of_test_email_matches_the_published_vector() {
        assert_eq!(
            sha256_hex("test@example.com"),
            "973dfe463ec85785f5f95af5ba3906eedb2d931c24e69824a89ea65dba4e813b"
        );
    }

    #[test]
    fn invalid_emails_are_dropped() {
        for bad in [
            "",
            "no-at-sign",
            "a@b",
            "a@b.c",
            "a b@example.com",
            "@example.com",
        ] {
            assert_eq!(normalize_email(bad), None, "{bad}");
        }
        assert_eq!(
            normalize_email("a.b+c@mail.example.co.uk").as_deref(),
            Some("a.b+c@mail.example.co.uk")
        );
    }

    #[test]
    fn phone_keeps_digits_and_country_code_only() {
        assert_eq!(
            normalize_phone("+1 (650) 555-1234", None).as_deref(),
            Some("16505551234")
        );
        assert_eq!(
            normalize_phone("0044 20 7946 0958", None).as_deref(),
            Some("442079460958")
        );
        assert_eq!(
            normalize_phone("06 12 34 56 78", Some("33")).as_deref(),
            Some("33612345678")
        );
        assert_eq!(normalize_phone("12345", None), None, "fewer than 6 digits");
        assert_eq!(normalize_phone("call me", None), None);
    }

    #[test]
    fn names_are_lowercased_trimmed_and_keep_utf8_letters() {
        assert_eq!(normalize_name("  Émile ").as_deref(), Some("émile"));
        assert_eq!(normalize_name("O'Brien").as_deref(), Some("obrien"));
        assert_eq!(normalize_name("   "), None);
        let raw = RawUserData {
            first_name: Some("JOHN".into()),
            ..Default::default()
        };
        assert_eq!(
            HashedUserData::from_raw(&raw, None).fn_,
            Some(sha256_hex("john"))
        );
    }
}
