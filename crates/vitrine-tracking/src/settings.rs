//! `[tracking]` configuration: destinations, secret, consent banner, limits (serde, defaults).

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::browser::BrowserSettings;

/// A secret string whose `Debug` never prints it.
#[derive(Clone, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(transparent)]
pub struct Secret(pub String);

impl Secret {
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.0.is_empty() {
            "Secret(<empty>)"
        } else {
            "Secret(<redacted>)"
        })
    }
}

/// Everything the tracking crate reads from configuration. Every field has a default, so an
/// empty `[tracking]` table is valid: no server destinations, deny-by-default consent.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(default, deny_unknown_fields)]
pub struct TrackingSettings {
    /// HMAC key for page tokens and pseudonymous consent ids; at least 32 bytes. Every shop
    /// instance needs the same value. When absent a random one is made at start-up (tokens
    /// and consent look-ups then do not survive a restart).
    pub secret: Option<Secret>,
    /// How long a page token stays valid, in seconds (default 30 minutes: one page visit;
    /// the browser asks for a new one when it is older or refused).
    pub page_token_max_age_secs: u64,
    /// Largest amount an event may carry (`value`, `predicted_ltv`, item prices), in major
    /// units of the event's currency. Default 1 000 000; shops in currencies with a small
    /// unit (IDR, VND, KRW …) raise it.
    pub max_event_value: f64,
    /// Number of reverse proxies in front of the shop whose `X-Forwarded-For` is trusted;
    /// 0 ignores the header and uses the socket address.
    pub trusted_proxy_hops: u8,
    /// Forces `Secure` on every cookie the shop sets. Not needed behind HTTPS: the shop adds
    /// it to every cookie when `public_url` is https or the proxy sends
    /// `X-Forwarded-Proto: https`.
    pub secure_cookies: bool,
    /// Country calling code for national phone numbers without `+` (e.g. "33").
    pub default_phone_country_code: Option<String>,
    pub consent: ConsentSettings,
    pub rate_limit: RateLimitSettings,
    pub delivery: DeliverySettings,
    pub attribution: AttributionSettings,
    pub meta: MetaSettings,
    pub tiktok: TikTokSettings,
    pub ga4: Ga4Settings,
    /// What the storefront's scripts load and fire (public values only).
    pub browser: BrowserSettings,
}

impl Default for TrackingSettings {
    fn default() -> Self {
        Self {
            secret: None,
            page_token_max_age_secs: 30 * 60,
            max_event_value: 1_000_000.0,
            trusted_proxy_hops: 0,
            secure_cookies: false,
            default_phone_country_code: None,
            consent: ConsentSettings::default(),
            rate_limit: RateLimitSettings::default(),
            delivery: DeliverySettings::default(),
            attribution: AttributionSettings::default(),
            meta: MetaSettings::default(),
            tiktok: TikTokSettings::default(),
            ga4: Ga4Settings::default(),
            browser: BrowserSettings::default(),
        }
    }
}

impl TrackingSettings {
    /// Whether any server-side destination is switched on (the browser then fetches a pbid).
    pub fn server_events_enabled(&self) -> bool {
        self.meta.enabled || self.tiktok.enabled || self.ga4.enabled
    }
}

#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(default, deny_unknown_fields)]
pub struct ConsentSettings {
    /// Show the shop's own cookie banner (off: another consent tool drives consent through
    /// `filters_url`, or nothing optional ever runs when `default_denied`).
    pub banner: bool,
    /// Version of the banner text and choices; a change re-asks every visitor.
    pub banner_version: String,
    /// A decision older than this is asked again (12 months, under Chrome's 400-day cap).
    pub reask_after_days: u32,
    /// Without a current decision, every category is denied (EEA-style opt-in).
    pub default_denied: bool,
    /// A Global Privacy Control signal withdraws marketing whatever the banner said.
    pub honour_gpc: bool,
    /// Consent Mode `wait_for_update` (ms) for the default command (browser default 500).
    pub wait_for_update_ms: Option<u32>,
    /// ISO 3166-2 regions the Consent Mode default applies to; empty = everywhere.
    pub regions: Vec<String>,
    /// A `pys_get_gdpr_filters_values`-style endpoint when another consent tool drives us.
    pub filters_url: Option<String>,
    /// Linked from the banner.
    pub privacy_policy_url: Option<String>,
}

impl Default for ConsentSettings {
    fn default() -> Self {
        Self {
            banner: false,
            wait_for_update_ms: None,
            regions: Vec::new(),
            filters_url: None,
            privacy_policy_url: None,
            banner_version: "1".into(),
            reask_after_days: 365,
            default_denied: true,
            honour_gpc: true,
        }
    }
}

/// A token bucket per client IP shared by the tracking endpoints.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(default, deny_unknown_fields)]
pub struct RateLimitSettings {
    /// Requests a client may make at once.
    pub burst: u32,
    /// Sustained requests per minute.
    pub per_minute: u32,
}

impl Default for RateLimitSettings {
    fn default() -> Self {
        Self {
            burst: 60,
            per_minute: 120,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(default, deny_unknown_fields)]
pub struct DeliverySettings {
    /// How often the outbox worker looks for due deliveries.
    pub poll_interval_ms: u64,
    /// Deliveries claimed per pass.
    pub batch_size: u32,
    /// How long a claim is held before another instance may take the row over.
    pub lease_secs: u64,
    /// Attempts before a delivery is marked `dead`.
    pub max_attempts: u32,
    /// First retry delay; doubles with each failure up to `backoff_max_secs`.
    pub backoff_base_secs: u64,
    pub backoff_max_secs: u64,
    /// Time limit of one HTTP call to a platform.
    pub request_timeout_secs: u64,
}

impl Default for DeliverySettings {
    fn default() -> Self {
        Self {
            poll_interval_ms: 2_000,
            batch_size: 50,
            lease_secs: 60,
            max_attempts: 8,
            backoff_base_secs: 30,
            backoff_max_secs: 3_600,
            request_timeout_secs: 10,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(default, deny_unknown_fields)]
pub struct AttributionSettings {
    pub enabled: bool,
    /// The shop's host (`shop.example.com`); referrers from it or its subdomains are internal.
    /// When absent, the request's own host is used (sourcebuster's default).
    pub site_host: Option<String>,
    /// Minutes of inactivity after which a new visit starts (sourcebuster's session_length).
    pub session_minutes: u32,
}

impl Default for AttributionSettings {
    fn default() -> Self {
        Self {
            enabled: true,
            site_host: None,
            session_minutes: 30,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(default, deny_unknown_fields)]
pub struct MetaSettings {
    pub enabled: bool,
    pub pixel_id: String,
    pub access_token: Secret,
    pub base_url: String,
    /// Graph API version without the `v` (`{base}/v{version}/{pixel}/events`).
    pub api_version: String,
    pub test_event_code: Option<String>,
}

impl Default for MetaSettings {
    fn default() -> Self {
        Self {
            enabled: false,
            pixel_id: String::new(),
            access_token: Secret::default(),
            base_url: "https://graph.facebook.com".into(),
            api_version: "21.0".into(),
            test_event_code: None,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(default, deny_unknown_fields)]
pub struct TikTokSettings {
    pub enabled: bool,
    pub pixel_code: String,
    pub access_token: Secret,
    pub base_url: String,
    pub test_event_code: Option<String>,
}

impl Default for TikTokSettings {
    fn default() -> Self {
        Self {
            enabled: false,
            pixel_code: String::new(),
            access_token: Secret::default(),
            base_url: "https://business-api.tiktok.com".into(),
            test_event_code: None,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(default, deny_unknown_fields)]
pub struct Ga4Settings {
    pub enabled: bool,
    pub measurement_id: String,
    pub api_secret: Secret,
    /// `https://region1.google-analytics.com` collects in the EU.
    pub base_url: String,
    /// Only these events (PixelYourSite names) go to GA4; empty sends all. GA4 does not
    /// deduplicate Measurement Protocol hits against gtag.js (except purchases by
    /// transaction_id), so a shop that also runs gtag.js should list e.g. `["Purchase"]`.
    pub events: Vec<String>,
}

impl Default for Ga4Settings {
    fn default() -> Self {
        Self {
            enabled: false,
            measurement_id: String::new(),
            api_secret: Secret::default(),
            base_url: "https://www.google-analytics.com".into(),
            events: Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_table_gives_the_documented_defaults() {
        let s: TrackingSettings = serde_json::from_str("{}").expect("parses");
        assert_eq!(s, TrackingSettings::default());
        assert!(!s.server_events_enabled());
        assert!(s.consent.default_denied);
        assert_eq!(s.consent.reask_after_days, 365);
    }

    #[test]
    fn secrets_are_redacted_in_debug_output() {
        let s = TrackingSettings {
            secret: Some(Secret("super-secret-value".into())),
            ..Default::default()
        };
        assert!(!format!("{s:?}").contains("super-secret-value"));
    }

    #[test]
    fn unknown_keys_are_refused() {
        assert!(serde_json::from_str::<TrackingSettings>(r#"{"metaa": {}}"#).is_err());
    }
}
