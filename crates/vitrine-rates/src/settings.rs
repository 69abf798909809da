//! `[shop.rates]` configuration (ADR 0013): where rates come from and how often.

use std::fmt;
use std::time::Duration;

use serde::Deserialize;
use url::Url;

/// The ECB's daily euro foreign exchange reference rates.
pub const ECB_DAILY_URL: &str = "https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml";

/// The longest request timeout accepted: past this, a refresh is better retried.
pub const MAX_TIMEOUT_SECONDS: u64 = 120;

/// Where rates come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SourceKind {
    /// The ECB's reference rates document at `url`.
    Ecb,
    /// The fixed rates of the shop's currency configuration; nothing is fetched.
    Fixed,
}

/// The `[shop.rates]` table. `source` is required; the rest defaults.
#[derive(Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RatesSettings {
    pub source: SourceKind,
    /// The document's address (`source = "ecb"`); tests and mirrors point it elsewhere.
    #[serde(default = "default_url")]
    pub url: String,
    /// Minutes between refreshes after a success; at least 1.
    #[serde(default = "default_refresh_minutes")]
    pub refresh_minutes: u64,
    /// Whole-request timeout (connect, answer and body), 1–120 seconds.
    #[serde(default = "default_timeout_seconds")]
    pub timeout_seconds: u64,
    /// Hours without a successful refresh after which every failed refresh also logs that the
    /// rates are stale; at least one refresh interval.
    #[serde(default = "default_stale_after_hours")]
    pub stale_after_hours: u64,
}

fn default_url() -> String {
    ECB_DAILY_URL.to_owned()
}

fn default_refresh_minutes() -> u64 {
    60
}

fn default_timeout_seconds() -> u64 {
    10
}

fn default_stale_after_hours() -> u64 {
    // The ECB publishes once per working day; a day and a half without a successful refresh
    // means at least one publication was missed.
    36
}

/// A setting the rate source cannot work with.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SettingsError {
    #[error("shop.rates.url must be an absolute http(s) URL (got {0:?})")]
    Url(String),
    #[error("shop.rates.refresh_minutes must be at least 1")]
    RefreshMinutes,
    #[error("shop.rates.timeout_seconds must be between 1 and {MAX_TIMEOUT_SECONDS} (got {0})")]
    Timeout(u64),
    #[error(
        "shop.rates.stale_after_hours ({hours} h) must be at least one refresh interval ({refresh_minutes} min)"
    )]
    StaleAfter { hours: u64, refresh_minutes: u64 },
    #[error("the rates HTTP client could not be built: {0}")]
    Client(String),
}

impl RatesSettings {
    /// Settings with every default and the given source.
    pub fn new(source: SourceKind) -> Self {
        Self {
            source,
            url: default_url(),
            refresh_minutes: default_refresh_minutes(),
            timeout_seconds: default_timeout_seconds(),
            stale_after_hours: default_stale_after_hours(),
        }
    }

    /// Checks what serde cannot; [`crate::source_from_settings`] calls it.
    pub fn validate(&self) -> Result<(), SettingsError> {
        if self.refresh_minutes == 0 {
            return Err(SettingsError::RefreshMinutes);
        }
        if !(1..=MAX_TIMEOUT_SECONDS).contains(&self.timeout_seconds) {
            return Err(SettingsError::Timeout(self.timeout_seconds));
        }
        if self.stale_after() < self.refresh_interval() {
            return Err(SettingsError::StaleAfter {
                hours: self.stale_after_hours,
                refresh_minutes: self.refresh_minutes,
            });
        }
        if self.source == SourceKind::Ecb {
            self.url()?;
        }
        Ok(())
    }

    /// The document's address, checked.
    pub fn url(&self) -> Result<Url, SettingsError> {
        match Url::parse(&self.url) {
            Ok(url) if matches!(url.scheme(), "http" | "https") && url.has_host() => Ok(url),
            _ => Err(SettingsError::Url(shown(&self.url))),
        }
    }

    pub fn refresh_interval(&self) -> Duration {
        Duration::from_secs(self.refresh_minutes.saturating_mul(60))
    }

    pub fn timeout(&self) -> Duration {
        Duration::from_secs(self.timeout_seconds)
    }

    pub fn stale_after(&self) -> Duration {
        Duration::from_secs(self.stale_after_hours.saturating_mul(3600))
    }
}

/// A URL as logs may show it: no user name, password, query or fragment, which is where a
/// private mirror's credentials would be. Text that is not a URL is not shown at all.
pub(crate) fn shown(url: &str) -> String {
    match Url::parse(url) {
        Ok(mut url) => {
            // Both only fail for URLs that cannot have credentials (`data:`, `mailto:`).
            let _ = url.set_username("");
            let _ = url.set_password(None);
            url.set_query(None);
            url.set_fragment(None);
            url.to_string()
        }
        Err(_) => "<not a URL>".to_owned(),
    }
}

impl fmt::Debug for RatesSettings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RatesSettings")
            .field("source", &self.source)
            .field("url", &shown(&self.url))
            .field("refresh_minutes", &self.refresh_minutes)
            .field("timeout_seconds", &self.timeout_seconds)
            .field("stale_after_hours", &self.stale_after_hours)
            .finish()
    }
}

#[cfg(test)]
#[path = "settings_tests.rs"]
mod tests;
