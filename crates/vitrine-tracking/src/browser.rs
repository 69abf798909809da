//! What the storefront's scripts get: `[tracking.browser]` (pixel ids, script URLs, automatic
//! events), the public configuration embedded in every HTML page as
//! `window.__VITRINE_TRACKING__` (web/src/features/tracking/README.md), and the
//! Content-Security-Policy sources the configured providers need.
//!
//! Only public values leave the server: ids, URLs, switches. Secrets, access tokens and the
//! server destinations' settings are never part of [`PublicConfig`].

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use url::Url;

/// Providers' real script URLs (the browser module uses the same defaults).
pub const META_SCRIPT_URL: &str = "https://connect.facebook.net/en_US/fbevents.js";
pub const GTAG_SCRIPT_URL: &str = "https://www.googletagmanager.com/gtag/js";
pub const TIKTOK_SCRIPT_URL: &str = "https://analytics.tiktok.com/i18n/pixel/events.js";
pub const PINTEREST_SCRIPT_URL: &str = "https://s.pinimg.com/ct/core.js";
pub const BING_SCRIPT_URL: &str = "https://bat.bing.com/bat.js";

/// `[tracking.browser]`: the pixels the storefront loads once the visitor consents, and the
/// events it fires by itself.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(default, deny_unknown_fields)]
pub struct BrowserSettings {
    /// Send a copy of each browser event to `POST /api/v1/tracking/events` (same event id).
    /// Default: on when a server destination (`tracking.meta`, `.tiktok`, `.ga4`) is on. With
    /// every destination off the server only logs the events (de-duplication, audit).
    pub server_events: Option<bool>,
    pub meta: Option<MetaPixel>,
    pub ga4: Option<Ga4Tag>,
    pub google_ads: Option<GoogleAdsTag>,
    pub tiktok: Option<TikTokPixel>,
    pub pinterest: Option<PinterestTag>,
    pub bing: Option<BingTag>,
    pub automatic: AutomaticEvents,
    pub attribution: BrowserAttribution,
    /// Capture names, e-mail and phone from forms for advanced matching (marketing consent).
    pub advanced_matching: bool,
    /// URL rules that hide a pixel for a while (`?preview`, `?staff=yes`).
    pub hide_pixels: Vec<HidePixelRule>,
    /// Custom events fired when a clicked link matches.
    pub url_click_events: Vec<UrlClickEvent>,
}

#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(default, deny_unknown_fields)]
pub struct MetaPixel {
    pub pixel_ids: Vec<String>,
    /// Default: Meta's `fbevents.js`.
    pub script_url: Option<String>,
    pub advanced_matching: bool,
}

#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(default, deny_unknown_fields)]
pub struct Ga4Tag {
    /// `G-…` measurement ids.
    pub tracking_ids: Vec<String>,
    /// Default: gtag.js for the first id.
    pub script_url: Option<String>,
}

#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(default, deny_unknown_fields)]
pub struct GoogleAdsTag {
    /// `AW-…` ids.
    pub conversion_ids: Vec<String>,
    pub script_url: Option<String>,
    /// Event name → `AW-…/label` targets counted as conversions.
    pub conversion_labels: BTreeMap<String, Vec<String>>,
    pub enhanced_conversions: bool,
}

#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(default, deny_unknown_fields)]
pub struct TikTokPixel {
    pub pixel_ids: Vec<String>,
    /// Base URL; the browser appends `?sdkid=<id>&lib=ttq`.
    pub script_url: Option<String>,
    pub advanced_matching: bool,
}

#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(default, deny_unknown_fields)]
pub struct PinterestTag {
    pub tag_ids: Vec<String>,
    pub script_url: Option<String>,
}

#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(default, deny_unknown_fields)]
pub struct BingTag {
    pub tag_ids: Vec<String>,
    pub script_url: Option<String>,
}

/// Dynamic events the storefront fires by itself (0 / empty / false = off).
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(default, deny_unknown_fields)]
pub struct AutomaticEvents {
    /// `PageScroll` once the visitor scrolled this far (percent of the page).
    pub scroll_percent: u8,
    /// `TimeOnPage` after this many seconds on one page.
    pub time_on_page_seconds: u32,
    /// `Download` for links to files with these extensions.
    pub download_extensions: Vec<String>,
    pub links: bool,
    pub forms: bool,
    pub comments: bool,
}

/// The browser's sourcebuster / PixelYourSite cookies (`tracking.attribution.enabled` and
/// `session_minutes` are shared with the server's landing attribution).
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(default, deny_unknown_fields)]
pub struct BrowserAttribution {
    /// sourcebuster's cookie lifetime in months (0 = browser session).
    pub lifetime_months: u32,
    pub base64: bool,
    /// Prefix of the hidden checkout fields.
    pub prefix: String,
    /// PixelYourSite's `cookie_duration` (days) and `last_visit_duration` (minutes).
    pub cookie_duration_days: u32,
    pub last_visit_duration_minutes: u32,
}

impl Default for BrowserAttribution {
    fn default() -> Self {
        Self {
            lifetime_months: 6,
            base64: false,
            prefix: "wc_order_attribution_".into(),
            cookie_duration_days: 7,
            last_visit_duration_minutes: 60,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct HidePixelRule {
    pub pixel_id: String,
    /// `key` (any value) or `key=value`.
    pub params: Vec<String>,
    /// How long the pixel stays hidden (`hide_tag_time`).
    pub hours: u32,
}

#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct UrlClickEvent {
    pub id: String,
    pub name: String,
    pub urls: Vec<UrlRule>,
}

#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct UrlRule {
    pub value: String,
    /// `exact` or `contains`.
    pub rule: String,
}

// ---- the embedded configuration (camelCase, as web/src/features/tracking/config.ts reads it)

/// `window.__VITRINE_TRACKING__`.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PublicConfig {
    pub providers: PublicProviders,
    pub consent: PublicConsent,
    pub server_events: PublicServerEvents,
    pub attribution: PublicAttribution,
    pub hide_pixels: Vec<PublicHidePixel>,
    pub advanced_matching: PublicToggle,
    pub automatic: PublicAutomatic,
    pub url_click_events: Vec<PublicUrlClickEvent>,
    pub user_id: Option<u64>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PublicProviders {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub meta: Option<PublicPixel>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ga4: Option<PublicGa4>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub google_ads: Option<PublicGoogleAds>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tiktok: Option<PublicPixel>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pinterest: Option<PublicTag>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bing: Option<PublicTag>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PublicPixel {
    pub pixel_ids: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub script_url: Option<String>,
    pub advanced_matching: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PublicGa4 {
    pub tracking_ids: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub script_url: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PublicGoogleAds {
    pub conversion_ids: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub script_url: Option<String>,
    pub conversion_labels: BTreeMap<String, Vec<String>>,
    pub enhanced_conversions: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PublicTag {
    pub tag_ids: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub script_url: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PublicConsent {
    /// Whether the shop shows its own banner (off: another consent tool or none).
    pub banner: bool,
    pub banner_version: String,
    pub default_denied: bool,
    pub reask_after_months: u32,
    pub respect_gpc: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub wait_for_update_ms: Option<u32>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub regions: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub filters_url: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub privacy_policy_url: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PublicServerEvents {
    pub enabled: bool,
    pub endpoint: String,
    pub pbid_endpoint: String,
    pub external_id_expire_days: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PublicAttribution {
    pub enabled: bool,
    pub session_length: u32,
    pub lifetime: u32,
    pub base64: bool,
    pub prefix: String,
    pub cookie_duration_days: u32,
    pub last_visit_duration_minutes: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PublicHidePixel {
    pub pixel_id: String,
    pub params: Vec<String>,
    pub hours: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PublicToggle {
    pub enabled: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PublicAutomatic {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scroll_percent: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub time_on_page_seconds: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub download_extensions: Option<Vec<String>>,
    pub links: bool,
    pub forms: bool,
    pub comments: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PublicUrlClickEvent {
    pub id: String,
    pub name: String,
    pub urls: Vec<UrlRule>,
}

/// Ids without blanks; `None` when nothing is left (the provider is then not configured).
fn ids(list: &[String]) -> Option<Vec<String>> {
    let ids: Vec<String> = list
        .iter()
        .map(|id| id.trim().to_owned())
        .filter(|id| !id.is_empty())
        .collect();
    (!ids.is_empty()).then_some(ids)
}

pub(crate) fn url(value: Option<&String>) -> Option<String> {
    value.map(|u| u.trim().to_owned()).filter(|u| !u.is_empty())
}

impl BrowserSettings {
    /// The providers that have at least one id.
    pub fn providers(&self) -> PublicProviders {
        PublicProviders {
            meta: self.meta.as_ref().and_then(|m| {
                Some(PublicPixel {
                    pixel_ids: ids(&m.pixel_ids)?,
                    script_url: url(m.script_url.as_ref()),
                    advanced_matching: m.advanced_matching,
                })
            }),
            ga4: self.ga4.as_ref().and_then(|g| {
                Some(PublicGa4 {
                    tracking_ids: ids(&g.tracking_ids)?,
                    script_url: url(g.script_url.as_ref()),
                })
            }),
            google_ads: self.google_ads.as_ref().and_then(|g| {
                Some(PublicGoogleAds {
                    conversion_ids: ids(&g.conversion_ids)?,
                    script_url: url(g.script_url.as_ref()),
                    conversion_labels: g.conversion_labels.clone(),
                    enhanced_conversions: g.enhanced_conversions,
                })
            }),
            tiktok: self.tiktok.as_ref().and_then(|t| {
                Some(PublicPixel {
                    pixel_ids: ids(&t.pixel_ids)?,
                    script_url: url(t.script_url.as_ref()),
                    advanced_matching: t.advanced_matching,
                })
            }),
            pinterest: self.pinterest.as_ref().and_then(|p| {
                Some(PublicTag {
                    tag_ids: ids(&p.tag_ids)?,
                    script_url: url(p.script_url.as_ref()),
                })
            }),
            bing: self.bing.as_ref().and_then(|b| {
                Some(PublicTag {
                    tag_ids: ids(&b.tag_ids)?,
                    script_url: url(b.script_url.as_ref()),
                })
            }),
        }
    }
}

/// `scheme://host[:port]` of an absolute http(s) URL; nothing for relative URLs (same origin,
/// already allowed by `'self'`).
pub(crate) fn origin_of(raw: &str) -> Option<String> {
    let url = Url::parse(raw).ok()?;
    if !matches!(url.scheme(), "http" | "https") {
        return None;
    }
    let origin = url.origin().ascii_serialization();
    (origin != "null").then_some(origin)
}

/// Extra CSP sources for the configured providers.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CspSources {
    pub script: Vec<String>,
    pub connect: Vec<String>,
    /// `frame-src` (embedded video players).
    pub frame: Vec<String>,
}

impl CspSources {
    /// `policy` with the sources appended to `script-src` and `connect-src`. A directive the
    /// policy lacks is added from `default-src` (which it would otherwise fall back to). An
    /// empty policy (no CSP) stays empty.
    pub fn widen(&self, policy: &str) -> String {
        let policy = policy.trim();
        if policy.is_empty()
            || (self.script.is_empty() && self.connect.is_empty() && self.frame.is_empty())
        {
            return policy.to_owned();
        }
        let mut directives: Vec<Vec<String>> = policy
            .split(';')
            .map(|d| d.split_whitespace().map(str::to_owned).collect::<Vec<_>>())
            .filter(|d| !d.is_empty())
            .collect();
        let default: Vec<String> = directives
            .iter()
            .find(|d| d[0].eq_ignore_ascii_case("default-src"))
            .map(|d| d[1..].to_vec())
            .unwrap_or_default();
        for (name, extra) in [
            ("script-src", &self.script),
            ("connect-src", &self.connect),
            ("frame-src", &self.frame),
        ] {
            if extra.is_empty() {
                continue;
            }
            let index = match directives
                .iter()
                .position(|d| d[0].eq_ignore_ascii_case(name))
            {
                Some(i) => i,
                None => {
                    let mut d = vec![name.to_owned()];
                    d.extend(default.iter().cloned());
                    directives.push(d);
                    directives.len() - 1
                }
            };
            let directive = &mut directives[index];
            // `'none'` cannot be combined with sources.
            directive.retain(|s| s != "'none'");
            for source in extra {
                if !directive.iter().skip(1).any(|s| s == source) {
                    directive.push(source.clone());
                }
            }
        }
        directives
            .iter()
            .map(|d| d.join(" "))
            .collect::<Vec<_>>()
            .join("; ")
    }
}
