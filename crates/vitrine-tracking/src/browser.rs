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

use crate::settings::TrackingSettings;

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

fn url(value: Option<&String>) -> Option<String> {
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

impl TrackingSettings {
    /// Whether the browser sends its events to the intake as well.
    pub fn browser_server_events(&self) -> bool {
        self.browser
            .server_events
            .unwrap_or_else(|| self.server_events_enabled())
    }

    /// The configuration embedded in every page: the same for every visitor (the intake's page
    /// token comes from `POST /api/v1/tracking/token`).
    pub fn public_config(&self) -> PublicConfig {
        let b = &self.browser;
        let c = &self.consent;
        let auto = &b.automatic;
        let extensions: Vec<String> = auto
            .download_extensions
            .iter()
            .map(|e| e.trim().trim_start_matches('.').to_ascii_lowercase())
            .filter(|e| !e.is_empty())
            .collect();
        PublicConfig {
            providers: b.providers(),
            consent: PublicConsent {
                banner: c.banner,
                banner_version: c.banner_version.clone(),
                default_denied: c.default_denied,
                // 365 days are the browser's 12 calendar months.
                reask_after_months: (c.reask_after_days.saturating_mul(12) / 365).max(1),
                respect_gpc: c.honour_gpc,
                wait_for_update_ms: c.wait_for_update_ms,
                regions: c.regions.clone(),
                filters_url: url(c.filters_url.as_ref()),
                privacy_policy_url: url(c.privacy_policy_url.as_ref()),
            },
            server_events: PublicServerEvents {
                enabled: self.browser_server_events(),
                endpoint: "/api/v1/tracking/events".into(),
                pbid_endpoint: "/api/v1/tracking/pbid".into(),
                external_id_expire_days: 180,
            },
            attribution: PublicAttribution {
                enabled: self.attribution.enabled,
                session_length: self.attribution.session_minutes,
                lifetime: b.attribution.lifetime_months,
                base64: b.attribution.base64,
                prefix: b.attribution.prefix.clone(),
                cookie_duration_days: b.attribution.cookie_duration_days,
                last_visit_duration_minutes: b.attribution.last_visit_duration_minutes,
            },
            hide_pixels: b
                .hide_pixels
                .iter()
                .map(|r| PublicHidePixel {
                    pixel_id: r.pixel_id.clone(),
                    params: r.params.clone(),
                    hours: r.hours,
                })
                .collect(),
            advanced_matching: PublicToggle {
                enabled: b.advanced_matching,
            },
            automatic: PublicAutomatic {
                scroll_percent: (auto.scroll_percent > 0).then_some(auto.scroll_percent.min(100)),
                time_on_page_seconds: (auto.time_on_page_seconds > 0)
                    .then_some(auto.time_on_page_seconds),
                download_extensions: (!extensions.is_empty()).then_some(extensions),
                links: auto.links,
                forms: auto.forms,
                comments: auto.comments,
            },
            url_click_events: b
                .url_click_events
                .iter()
                .map(|e| PublicUrlClickEvent {
                    id: e.id.clone(),
                    name: e.name.clone(),
                    urls: e.urls.clone(),
                })
                .collect(),
            user_id: None,
        }
    }

    /// Sources the configured providers need in `script-src` and `connect-src`.
    pub fn csp_sources(&self) -> CspSources {
        let mut sources = CspSources::default();
        let p = self.browser.providers();
        let mut add =
            |script: Option<&String>, default: &str, scripts: &[&str], connects: &[&str]| {
                let origin = origin_of(script.map_or(default, String::as_str));
                sources.script.extend(origin.iter().cloned());
                sources.connect.extend(origin);
                sources
                    .script
                    .extend(scripts.iter().map(|s| (*s).to_owned()));
                sources
                    .connect
                    .extend(connects.iter().map(|s| (*s).to_owned()));
            };
        if let Some(meta) = &p.meta {
            add(
                meta.script_url.as_ref(),
                META_SCRIPT_URL,
                &[],
                &["https://www.facebook.com"],
            );
        }
        if let Some(ga4) = &p.ga4 {
            add(
                ga4.script_url.as_ref(),
                GTAG_SCRIPT_URL,
                &[],
                &[
                    "https://*.google-analytics.com",
                    "https://*.analytics.google.com",
                    "https://www.googletagmanager.com",
                ],
            );
        }
        if let Some(ads) = &p.google_ads {
            add(
                ads.script_url.as_ref(),
                GTAG_SCRIPT_URL,
                &[
                    "https://www.googleadservices.com",
                    "https://googleads.g.doubleclick.net",
                ],
                &[
                    "https://www.google.com",
                    "https://www.googleadservices.com",
                    "https://googleads.g.doubleclick.net",
                    "https://pagead2.googlesyndication.com",
                ],
            );
        }
        if let Some(tiktok) = &p.tiktok {
            add(tiktok.script_url.as_ref(), TIKTOK_SCRIPT_URL, &[], &[]);
        }
        if let Some(pinterest) = &p.pinterest {
            add(
                pinterest.script_url.as_ref(),
                PINTEREST_SCRIPT_URL,
                &[],
                &["https://ct.pinterest.com"],
            );
        }
        if let Some(bing) = &p.bing {
            add(bing.script_url.as_ref(), BING_SCRIPT_URL, &[], &[]);
        }
        sources.script.retain(|s| !s.is_empty());
        sources.connect.retain(|s| !s.is_empty());
        sources.script.sort();
        sources.script.dedup();
        sources.connect.sort();
        sources.connect.dedup();
        sources
    }
}

/// `scheme://host[:port]` of an absolute http(s) URL; nothing for relative URLs (same origin,
/// already allowed by `'self'`).
fn origin_of(raw: &str) -> Option<String> {
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
}

impl CspSources {
    /// `policy` with the sources appended to `script-src` and `connect-src`. A directive the
    /// policy lacks is added from `default-src` (which it would otherwise fall back to). An
    /// empty policy (no CSP) stays empty.
    pub fn widen(&self, policy: &str) -> String {
        let policy = policy.trim();
        if policy.is_empty() || (self.script.is_empty() && self.connect.is_empty()) {
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
        for (name, extra) in [("script-src", &self.script), ("connect-src", &self.connect)] {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::Secret;

    fn demo() -> TrackingSettings {
        let mut s = TrackingSettings {
            secret: Some(Secret(
                "a-very-secret-value-that-must-never-leak-0123".into(),
            )),
            ..Default::default()
        };
        s.meta.enabled = true;
        s.meta.access_token = Secret("EAAB-secret-token".into());
        s.consent.banner = true;
        s.browser.meta = Some(MetaPixel {
            pixel_ids: vec!["1234".into(), " ".into()],
            script_url: Some(META_SCRIPT_URL.into()),
            advanced_matching: true,
        });
        s.browser.ga4 = Some(Ga4Tag {
            tracking_ids: vec!["G-ABC".into()],
            script_url: Some("https://www.googletagmanager.com/gtag/js?id=G-ABC".into()),
        });
        s.browser.bing = Some(BingTag {
            tag_ids: vec![],
            script_url: None,
        });
        s.browser.automatic.scroll_percent = 150;
        s.browser.automatic.download_extensions = vec![".PDF".into(), "".into()];
        s
    }

    #[test]
    fn the_public_config_has_the_browser_shape_and_no_secret() {
        let config = demo().public_config();
        let json = serde_json::to_value(&config).expect("serializes");
        let text = json.to_string();
        assert!(!text.contains("a-very-secret-value"), "{text}");
        assert!(!text.contains("EAAB"), "{text}");
        assert_eq!(
            json["providers"]["meta"]["pixelIds"],
            serde_json::json!(["1234"])
        );
        assert_eq!(json["providers"]["meta"]["scriptUrl"], META_SCRIPT_URL);
        assert_eq!(json["providers"]["ga4"]["trackingIds"][0], "G-ABC");
        assert!(
            json["providers"].get("bing").is_none(),
            "a provider without ids is left out"
        );
        assert_eq!(json["consent"]["banner"], true);
        assert_eq!(json["consent"]["bannerVersion"], "1");
        assert_eq!(json["consent"]["defaultDenied"], true);
        assert_eq!(json["consent"]["reaskAfterMonths"], 12);
        assert_eq!(json["serverEvents"]["enabled"], true);
        assert_eq!(json["serverEvents"]["endpoint"], "/api/v1/tracking/events");
        assert_eq!(json["attribution"]["enabled"], true);
        assert_eq!(json["attribution"]["sessionLength"], 30);
        assert_eq!(json["attribution"]["lifetime"], 6);
        assert_eq!(json["automatic"]["scrollPercent"], 100);
        assert_eq!(
            json["automatic"]["downloadExtensions"],
            serde_json::json!(["pdf"])
        );
        assert!(json["automatic"].get("timeOnPageSeconds").is_none());
        assert!(json.get("page_token").is_none(), "nothing per visitor");
    }

    #[test]
    fn server_events_follow_the_destinations_unless_set() {
        let mut s = TrackingSettings::default();
        assert!(!s.browser_server_events());
        s.browser.server_events = Some(true);
        assert!(
            s.browser_server_events(),
            "log-only intake without destinations"
        );
        s.browser.server_events = None;
        s.tiktok.enabled = true;
        assert!(s.browser_server_events());
    }

    #[test]
    fn csp_sources_come_from_the_configured_script_urls() {
        let sources = demo().csp_sources();
        assert!(
            sources
                .script
                .contains(&"https://connect.facebook.net".to_owned())
        );
        assert!(
            sources
                .script
                .contains(&"https://www.googletagmanager.com".to_owned())
        );
        assert!(
            sources
                .connect
                .contains(&"https://www.facebook.com".to_owned())
        );
        assert!(
            sources
                .connect
                .contains(&"https://*.google-analytics.com".to_owned())
        );
        assert!(!sources.script.iter().any(|s| s.contains("bat.bing.com")));
        assert_eq!(
            TrackingSettings::default().csp_sources(),
            CspSources::default()
        );
    }

    #[test]
    fn widening_appends_to_existing_directives_and_adds_missing_ones() {
        let sources = CspSources {
            script: vec!["https://a.example".into()],
            connect: vec!["https://b.example".into()],
        };
        assert_eq!(
            sources.widen("default-src 'self'; script-src 'self'; img-src 'self'"),
            "default-src 'self'; script-src 'self' https://a.example; img-src 'self'; \
             connect-src 'self' https://b.example"
        );
        assert_eq!(
            sources.widen("script-src 'none'; connect-src 'self' https://b.example"),
            "script-src https://a.example; connect-src 'self' https://b.example"
        );
        assert_eq!(sources.widen(""), "");
        assert_eq!(
            CspSources::default().widen("default-src 'self'"),
            "default-src 'self'"
        );
    }
}
