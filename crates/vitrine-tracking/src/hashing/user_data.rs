//! The browser's raw advanced-matching fields and their hashed, platform-ready form.

use serde::{Deserialize, Serialize};

use super::{
    hash_normalized, is_sha256_hex, normalize_email, normalize_name, normalize_phone, sha256_hex,
};

/// What the browser sends as advanced matching (all optional, all raw).
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize, Serialize, utoipa::ToSchema)]
pub struct RawUserData {
    /// Meta browser id cookie `_fbp` (never hashed).
    pub fbp: Option<String>,
    /// Meta click id cookie `_fbc` (never hashed).
    pub fbc: Option<String>,
    /// The `pbid` external id (hashed before sending).
    pub external_id: Option<String>,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub email: Option<String>,
    pub phone: Option<String>,
}

/// User data ready for the ad platforms: digests plus the unhashed Meta browser ids.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct HashedUserData {
    pub em: Option<String>,
    /// SHA-256 of the digits-only phone (Meta, GA4-style).
    pub ph: Option<String>,
    /// SHA-256 of `+` and the digits (E.164, TikTok's format).
    pub ph_e164: Option<String>,
    pub fn_: Option<String>,
    pub ln: Option<String>,
    pub external_id: Option<String>,
    pub fbp: Option<String>,
    pub fbc: Option<String>,
}

impl HashedUserData {
    /// Normalises and hashes; invalid values are dropped rather than sent wrong.
    pub fn from_raw(raw: &RawUserData, default_country_code: Option<&str>) -> Self {
        let phone = raw
            .phone
            .as_deref()
            .and_then(|p| normalize_phone(p, default_country_code));
        let external_id = raw
            .external_id
            .as_deref()
            .map(str::trim)
            .filter(|v| !v.is_empty())
            .map(|v| {
                if is_sha256_hex(v) {
                    v.to_owned()
                } else {
                    sha256_hex(v)
                }
            });
        Self {
            em: raw
                .email
                .as_deref()
                .and_then(|e| hash_normalized(e, normalize_email)),
            ph: phone.as_deref().map(sha256_hex),
            ph_e164: phone.as_deref().map(|p| sha256_hex(&format!("+{p}"))),
            fn_: raw
                .first_name
                .as_deref()
                .and_then(|n| hash_normalized(n, normalize_name)),
            ln: raw
                .last_name
                .as_deref()
                .and_then(|n| hash_normalized(n, normalize_name)),
            external_id,
            fbp: raw
                .fbp
                .as_deref()
                .map(str::trim)
                .filter(|v| is_fb_cookie(v))
                .map(str::to_owned),
            fbc: raw
                .fbc
                .as_deref()
                .map(str::trim)
                .filter(|v| is_fb_cookie(v))
                .map(str::to_owned),
        }
    }
}

/// `fb.<subdomain index>.<creation time>.<value>[.<appendix>]`, the value possibly base64url
/// (Meta's parameter builder writes `-`/`_` and a fifth segment; rejecting those rotates ids).
pub fn is_fb_cookie(value: &str) -> bool {
    let parts: Vec<&str> = value.split('.').collect();
    value.len() <= 500
        && (4..=5).contains(&parts.len())
        && parts[0] == "fb"
        && parts[1].len() == 1
        && parts[1].bytes().all(|b| b.is_ascii_digit())
        && !parts[2].is_empty()
        && parts[2].bytes().all(|b| b.is_ascii_digit())
        && parts[3..].iter().all(|p| {
            !p.is_empty()
                && p.bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn email_is_trimmed_and_lowercased_before_hashing() {
        let raw = RawUserData {
            email: Some("  Test@Example.COM ".into()),
            ..Default::default()
        };
        let hashed = HashedUserData::from_raw(&raw, None);
        assert_eq!(
            hashed.em.as_deref(),
            Some(sha256_hex("test@example.com").as_str())
        );
    }

    #[test]
    fn tiktok_phone_hash_is_of_the_e164_form() {
        let raw = RawUserData {
            phone: Some("+1 650 555 1234".into()),
            ..Default::default()
        };
        let hashed = HashedUserData::from_raw(&raw, None);
        assert_eq!(
            hashed.ph.as_deref(),
            Some(sha256_hex("16505551234").as_str())
        );
        assert_eq!(
            hashed.ph_e164.as_deref(),
            Some(sha256_hex("+16505551234").as_str())
        );
    }

    #[test]
    fn already_hashed_values_pass_through() {
        let digest = sha256_hex("test@example.com");
        let raw = RawUserData {
            email: Some(digest.clone()),
            ..Default::default()
        };
        assert_eq!(HashedUserData::from_raw(&raw, None).em, Some(digest));
    }

    #[test]
    fn fbp_and_fbc_are_never_hashed_and_external_id_always_is() {
        let raw = RawUserData {
            fbp: Some("fb.1.1700000000000.1234567890".into()),
            fbc: Some("fb.1.1700000000000.IwAR2F4-x_Y.Ag".into()),
            external_id: Some("abc123".into()),
            ..Default::default()
        };
        let hashed = HashedUserData::from_raw(&raw, None);
        assert_eq!(hashed.fbp.as_deref(), Some("fb.1.1700000000000.1234567890"));
        assert_eq!(
            hashed.fbc.as_deref(),
            Some("fb.1.1700000000000.IwAR2F4-x_Y.Ag")
        );
        assert_eq!(hashed.external_id, Some(sha256_hex("abc123")));
    }

    #[test]
    fn malformed_fb_cookies_are_dropped() {
        for bad in [
            "fb.1.x.abc",
            "gb.1.1.abc",
            "fb.12.1.abc",
            "fb.1.1",
            "fb.1.1.a b",
        ] {
            assert!(!is_fb_cookie(bad), "{bad}");
        }
    }
}
