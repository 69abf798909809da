//! `[instagram]` configuration: the Graph API token and address, feed size, timeouts, cache.

use std::fmt;
use std::time::Duration;

use serde::{Deserialize, Deserializer};
use url::Url;

/// The feed sizes Instagram's `limit` parameter is allowed to take here.
pub const LIMIT_RANGE: std::ops::RangeInclusive<u32> = 1..=20;

/// Everything the feed reads from configuration. Only `access_token` is required; the
/// token's `Debug` is redacted, so the settings can be logged whole.
#[derive(Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InstagramSettings {
    /// A long-lived Instagram user access token (Instagram API with Instagram Login).
    pub access_token: String,
    /// The Graph API's address; tests point it at a local fake.
    #[serde(default = "default_base_url")]
    pub base_url: String,
    /// How many posts to show, 1–20.
    #[serde(default = "default_limit", deserialize_with = "deserialize_limit")]
    pub limit: u32,
    /// Whole-request timeout (connect, answer and body), in seconds; at least 1.
    #[serde(default = "default_timeout_seconds")]
    pub timeout_seconds: u64,
    /// How long a fetched feed is answered from memory (Instagram allows ~200 calls an hour).
    /// 0 asks Instagram on every request (concurrent requests still share one call).
    #[serde(default = "default_cache_minutes")]
    pub cache_minutes: u64,
    /// The shop's Instagram profile, linked as "Follow us on Instagram" under the feed.
    #[serde(default)]
    pub profile_url: Option<String>,
    /// The block's heading.
    #[serde(default = "default_title")]
    pub title: String,
}

fn default_base_url() -> String {
    "https://graph.instagram.com".to_owned()
}

fn default_limit() -> u32 {
    6
}

fn default_timeout_seconds() -> u64 {
    5
}

fn default_cache_minutes() -> u64 {
    15
}

fn default_title() -> String {
    "Instagram".to_owned()
}

fn deserialize_limit<'de, D: Deserializer<'de>>(deserializer: D) -> Result<u32, D::Error> {
    let limit = u32::deserialize(deserializer)?;
    check_limit(limit).map_err(serde::de::Error::custom)?;
    Ok(limit)
}

fn check_limit(limit: u32) -> Result<(), SettingsError> {
    if LIMIT_RANGE.contains(&limit) {
        Ok(())
    } else {
        Err(SettingsError::Limit(limit))
    }
}

/// A setting the feed cannot work with.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SettingsError {
    #[error("instagram.access_token is empty")]
    EmptyToken,
    #[error("instagram.limit must be between 1 and 20 (got {0})")]
    Limit(u32),
    #[error("instagram.timeout_seconds must be at least 1")]
    Timeout,
    #[error("instagram.{field} must be an absolute http(s) URL (got {value:?})")]
    Url { field: &'static str, value: String },
    #[error("the Instagram HTTP client could not be built: {0}")]
    Client(String),
}

impl InstagramSettings {
    /// Settings with every default and the given token.
    pub fn new(access_token: impl Into<String>) -> Self {
        Self {
            access_token: access_token.into(),
            base_url: default_base_url(),
            limit: default_limit(),
            timeout_seconds: default_timeout_seconds(),
            cache_minutes: default_cache_minutes(),
            profile_url: None,
            title: default_title(),
        }
    }

    /// Checks what serde cannot: call it after loading (`InstagramClient::new` does).
    pub fn validate(&self) -> Result<(), SettingsError> {
        if self.access_token.trim().is_empty() {
            return Err(SettingsError::EmptyToken);
        }
        check_limit(self.limit)?;
        if self.timeout_seconds == 0 {
            return Err(SettingsError::Timeout);
        }
        self.base_url()?;
        if let Some(profile) = &self.profile_url {
            http_url("profile_url", profile)?;
        }
        Ok(())
    }

    /// The Graph API's address, checked.
    pub fn base_url(&self) -> Result<Url, SettingsError> {
        http_url("base_url", &self.base_url)
    }

    pub fn timeout(&self) -> Duration {
        Duration::from_secs(self.timeout_seconds)
    }

    pub fn cache_ttl(&self) -> Duration {
        Duration::from_secs(self.cache_minutes.saturating_mul(60))
    }
}

fn http_url(field: &'static str, value: &str) -> Result<Url, SettingsError> {
    match Url::parse(value) {
        Ok(url) if matches!(url.scheme(), "http" | "https") && url.has_host() => Ok(url),
        _ => Err(SettingsError::Url {
            field,
            value: value.to_owned(),
        }),
    }
}

impl fmt::Debug for InstagramSettings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("InstagramSettings")
            .field("access_token", &"<redacted>")
            .field("base_url", &self.base_url)
            .field("limit", &self.limit)
            .field("timeout_seconds", &self.timeout_seconds)
            .field("cache_minutes", &self.cache_minutes)
            .field("profile_url", &self.profile_url)
            .field("title", &self.title)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(json: &str) -> Result<InstagramSettings, serde_json::Error> {
        serde_json::from_str(json)
    }

    #[test]
    fn only_the_token_is_required_and_the_rest_defaults() {
        let settings = parse(r#"{ "access_token": "abc" }"#).expect("valid settings");
        assert_eq!(settings, InstagramSettings::new("abc"));
        assert_eq!(settings.base_url, "https://graph.instagram.com");
        assert_eq!(settings.limit, 6);
        assert_eq!(settings.timeout(), Duration::from_secs(5));
        assert_eq!(settings.cache_ttl(), Duration::from_secs(15 * 60));
        assert_eq!(settings.title, "Instagram");
        assert_eq!(settings.profile_url, None);
        assert_eq!(settings.validate(), Ok(()));
        assert!(parse("{}").is_err());
    }

    #[test]
    fn a_limit_outside_one_to_twenty_is_refused_with_a_clear_message() {
        for limit in [0, 21] {
            let error = parse(&format!(r#"{{ "access_token": "abc", "limit": {limit} }}"#))
                .expect_err("out of range");
            assert!(
                error.to_string().contains(&format!(
                    "instagram.limit must be between 1 and 20 (got {limit})"
                )),
                "{error}"
            );
        }
        let mut settings = InstagramSettings::new("abc");
        settings.limit = 25;
        assert_eq!(settings.validate(), Err(SettingsError::Limit(25)));
        assert!(parse(r#"{ "access_token": "abc", "limit": 20 }"#).is_ok());
    }

    #[test]
    fn unknown_fields_are_refused() {
        let error = parse(r#"{ "access_token": "abc", "token": "x" }"#).expect_err("unknown");
        assert!(
            error.to_string().contains("unknown field `token`"),
            "{error}"
        );
    }

    #[test]
    fn empty_tokens_zero_timeouts_and_non_http_urls_do_not_validate() {
        let mut settings = InstagramSettings::new(" ");
        assert_eq!(settings.validate(), Err(SettingsError::EmptyToken));
        settings.access_token = "abc".into();
        settings.timeout_seconds = 0;
        assert_eq!(settings.validate(), Err(SettingsError::Timeout));
        settings.timeout_seconds = 1;
        settings.profile_url = Some("javascript:alert(1)".into());
        assert!(matches!(
            settings.validate(),
            Err(SettingsError::Url {
                field: "profile_url",
                ..
            })
        ));
        settings.profile_url = Some("https://www.instagram.com/vitrine/".into());
        settings.base_url = "graph.instagram.com".into();
        assert!(matches!(
            settings.validate(),
            Err(SettingsError::Url {
                field: "base_url",
                ..
            })
        ));
    }

    #[test]
    fn debug_output_never_shows_the_token() {
        let debug = format!("{:?}", InstagramSettings::new("IGQVJ-secret-token"));
        assert!(!debug.contains("IGQVJ-secret-token"), "{debug}");
        assert!(debug.contains("<redacted>"));
    }
}
