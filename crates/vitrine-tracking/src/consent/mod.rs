//! Consent rules: the proof-log record, pseudonymous subject ids, the re-ask rule (12 months or
//! a banner change) and the effective grants every server-side decision is gated on.

mod filters;

pub use filters::GdprFilters;

use serde::{Deserialize, Serialize};
use time::{Duration, OffsetDateTime};

use crate::ids::keyed_hex;
use crate::settings::ConsentSettings;

/// The cookie in which the server keeps the visitor's decision id (HttpOnly, set on record).
/// Not `vitrine_consent`: that one is the browser's own (readable) decision cookie, which an
/// HttpOnly cookie of the same name would hide from the page and block from being rewritten.
pub const CONSENT_COOKIE: &str = "vitrine_consent_id";
const SUBJECT_PURPOSE: &str = "vitrine-consent-subject-v1";

/// The four purposes the banner asks about; `true` is granted. Spec §6: analytics gates web
/// analytics, `google_ads` gates the ads conversion service (and Consent Mode's ad signals),
/// marketing gates the other ad and social providers.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(from = "ChoicesWire")]
pub struct ConsentChoices {
    pub analytics: bool,
    pub marketing: bool,
    /// Absent (a decision taken before the category existed): takes the value of `marketing`.
    #[schema(required = false)]
    pub google_ads: bool,
    pub preferences: bool,
}

/// The choices as sent: `google_ads` may be missing (older banners and consent tools).
#[derive(Deserialize)]
struct ChoicesWire {
    analytics: bool,
    marketing: bool,
    google_ads: Option<bool>,
    preferences: bool,
}

impl From<ChoicesWire> for ConsentChoices {
    fn from(w: ChoicesWire) -> Self {
        Self {
            analytics: w.analytics,
            marketing: w.marketing,
            google_ads: w.google_ads.unwrap_or(w.marketing),
            preferences: w.preferences,
        }
    }
}

impl ConsentChoices {
    pub const ALL_DENIED: Self = Self {
        analytics: false,
        marketing: false,
        google_ads: false,
        preferences: false,
    };
    pub const ALL_GRANTED: Self = Self {
        analytics: true,
        marketing: true,
        google_ads: true,
        preferences: true,
    };
}

/// Where a decision came from (the proof log keeps it).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ConsentSource {
    /// The shop's own banner.
    #[default]
    Banner,
    /// The visitor reopened the settings.
    Settings,
    /// The visitor withdrew consent.
    Withdrawal,
    /// Another consent banner (CMP) drove the call.
    Api,
}

impl ConsentSource {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Banner => "banner",
            Self::Settings => "settings",
            Self::Withdrawal => "withdrawal",
            Self::Api => "api",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        [Self::Banner, Self::Settings, Self::Withdrawal, Self::Api]
            .into_iter()
            .find(|s| s.as_str() == text)
    }
}

/// One row of the append-only proof log. It holds no IP, no user agent and not the browser's
/// decision id: only its keyed digest.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConsentRecord {
    /// Pseudonymous id: HMAC(secret, decision id).
    pub subject: String,
    pub choices: ConsentChoices,
    /// A Global Privacy Control signal was present.
    pub gpc: bool,
    pub banner_version: String,
    pub source: ConsentSource,
    /// Server time of the decision.
    pub recorded_at: OffsetDateTime,
}

/// The browser's decision id: 8 to 64 letters, digits, `-` or `_`.
pub fn is_valid_decision_id(id: &str) -> bool {
    (8..=64).contains(&id.len())
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// The pseudonymous id the proof log is keyed by.
pub fn pseudonymous_id(secret: &[u8], decision_id: &str) -> String {
    keyed_hex(secret, SUBJECT_PURPOSE, &[decision_id])
}

/// Why the banner must be shown (again).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReaskReason {
    NoDecision,
    BannerChanged,
    Expired,
}

/// `None` when `record` is a current decision: same banner version and younger than
/// `reask_after_days`.
pub fn reask_reason(
    record: Option<&ConsentRecord>,
    settings: &ConsentSettings,
    now: OffsetDateTime,
) -> Option<ReaskReason> {
    let Some(record) = record else {
        return Some(ReaskReason::NoDecision);
    };
    if record.banner_version != settings.banner_version {
        return Some(ReaskReason::BannerChanged);
    }
    if now - record.recorded_at > Duration::days(i64::from(settings.reask_after_days)) {
        return Some(ReaskReason::Expired);
    }
    None
}

/// What the visitor has granted right now. A decision that needs re-asking no longer counts
/// (deny by default); GPC — in the record or on this request — withdraws marketing and
/// Google Ads (both share data with ad networks).
pub fn effective_grants(
    record: Option<&ConsentRecord>,
    settings: &ConsentSettings,
    now: OffsetDateTime,
    gpc_now: bool,
) -> ConsentChoices {
    let current = record.filter(|_| reask_reason(record, settings, now).is_none());
    let mut grants = match current {
        Some(r) => r.choices,
        None if settings.default_denied => ConsentChoices::ALL_DENIED,
        None => ConsentChoices::ALL_GRANTED,
    };
    let gpc = gpc_now || current.is_some_and(|r| r.gpc);
    if settings.honour_gpc && gpc {
        grants.marketing = false;
        grants.google_ads = false;
    }
    grants
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings() -> ConsentSettings {
        ConsentSettings::default()
    }

    fn day(n: i64) -> OffsetDateTime {
        OffsetDateTime::from_unix_timestamp(1_741_608_000 + n * 86_400).expect("valid")
    }

    fn record(
        choices: ConsentChoices,
        gpc: bool,
        banner: &str,
        at: OffsetDateTime,
    ) -> ConsentRecord {
        ConsentRecord {
            subject: "s".into(),
            choices,
            gpc,
            banner_version: banner.into(),
            source: ConsentSource::Banner,
            recorded_at: at,
        }
    }

    #[test]
    fn a_visitor_without_a_decision_is_asked_and_denied_by_default() {
        assert_eq!(
            reask_reason(None, &settings(), day(0)),
            Some(ReaskReason::NoDecision)
        );
        assert_eq!(
            effective_grants(None, &settings(), day(0), false),
            ConsentChoices::ALL_DENIED
        );
    }

    #[test]
    fn opt_out_regions_grant_by_default_but_gpc_still_withdraws_marketing() {
        let s = ConsentSettings {
            default_denied: false,
            ..settings()
        };
        let grants = effective_grants(None, &s, day(0), true);
        assert_eq!(
            grants,
            ConsentChoices {
                marketing: false,
                google_ads: false,
                ..ConsentChoices::ALL_GRANTED
            }
        );
    }

    #[test]
    fn a_current_decision_is_honoured() {
        let choices = ConsentChoices {
            analytics: true,
            marketing: false,
            google_ads: true,
            preferences: true,
        };
        let r = record(choices, false, "1", day(0));
        assert_eq!(reask_reason(Some(&r), &settings(), day(30)), None);
        assert_eq!(
            effective_grants(Some(&r), &settings(), day(30), false),
            choices
        );
    }

    #[test]
    fn a_decision_older_than_twelve_months_is_asked_again() {
        let r = record(ConsentChoices::ALL_GRANTED, false, "1", day(0));
        assert_eq!(reask_reason(Some(&r), &settings(), day(365)), None);
        assert_eq!(
            reask_reason(Some(&r), &settings(), day(366)),
            Some(ReaskReason::Expired)
        );
        assert_eq!(
            effective_grants(Some(&r), &settings(), day(366), false),
            ConsentChoices::ALL_DENIED
        );
    }

    #[test]
    fn a_new_banner_version_asks_again() {
        let r = record(ConsentChoices::ALL_GRANTED, false, "1", day(0));
        let s = ConsentSettings {
            banner_version: "2".into(),
            ..settings()
        };
        assert_eq!(
            reask_reason(Some(&r), &s, day(1)),
            Some(ReaskReason::BannerChanged)
        );
        assert_eq!(
            effective_grants(Some(&r), &s, day(1), false),
            ConsentChoices::ALL_DENIED
        );
    }

    #[test]
    fn gpc_recorded_with_the_decision_withdraws_marketing() {
        let r = record(ConsentChoices::ALL_GRANTED, true, "1", day(0));
        let grants = effective_grants(Some(&r), &settings(), day(1), false);
        assert!(!grants.marketing);
        assert!(!grants.google_ads);
        assert!(grants.analytics);
    }

    #[test]
    fn google_ads_is_its_own_choice_and_takes_marketing_when_absent() {
        let sent: ConsentChoices = serde_json::from_str(
            r#"{"analytics":true,"marketing":true,"google_ads":false,"preferences":false}"#,
        )
        .expect("choices");
        assert!(sent.marketing && !sent.google_ads);
        let only_ads: ConsentChoices = serde_json::from_str(
            r#"{"analytics":false,"marketing":false,"google_ads":true,"preferences":false}"#,
        )
        .expect("choices");
        assert!(!only_ads.marketing && only_ads.google_ads);
        for marketing in [false, true] {
            let old: ConsentChoices = serde_json::from_str(&format!(
                r#"{{"analytics":true,"marketing":{marketing},"preferences":true}}"#
            ))
            .expect("choices");
            assert_eq!(old.google_ads, marketing);
        }
        let written = serde_json::to_value(ConsentChoices {
            google_ads: false,
            ..ConsentChoices::ALL_GRANTED
        })
        .expect("json");
        assert_eq!(written["google_ads"], false);
    }

    #[test]
    fn the_subject_id_is_keyed_and_stable() {
        let a = pseudonymous_id(b"secret-one", "decision-123");
        assert_eq!(a, pseudonymous_id(b"secret-one", "decision-123"));
        assert_ne!(a, pseudonymous_id(b"secret-two", "decision-123"));
        assert!(!a.contains("decision"));
    }

    #[test]
    fn decision_ids_are_bounded_and_plain() {
        assert!(is_valid_decision_id("2f1c9a2e-5d0b-4d8e-9a51-1f2e3d4c5b6a"));
        assert!(!is_valid_decision_id("short"));
        assert!(!is_valid_decision_id("has space in it"));
        assert!(!is_valid_decision_id(&"a".repeat(65)));
    }
}

/// `POST /api/v1/consent` body.
#[derive(Debug, Clone, serde::Deserialize, utoipa::ToSchema)]
pub struct ConsentRequest {
    /// Random id the banner made for this decision (8–64 of `A-Za-z0-9_-`).
    pub decision_id: String,
    pub choices: ConsentChoices,
    pub banner_version: String,
    /// The browser's Global Privacy Control signal.
    #[serde(default)]
    pub gpc: bool,
    /// Who drove the decision (default `banner`; other consent banners send `api`).
    #[serde(default)]
    pub source: ConsentSource,
}
