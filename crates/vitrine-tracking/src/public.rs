//! What the tracking settings publish: the configuration every page embeds (the same for
//! every visitor) and the hosts the Content-Security-Policy must admit.

use crate::browser::{
    BING_SCRIPT_URL, CspSources, GTAG_SCRIPT_URL, META_SCRIPT_URL, PINTEREST_SCRIPT_URL,
    PublicAttribution, PublicAutomatic, PublicConfig, PublicConsent, PublicHidePixel,
    PublicServerEvents, PublicToggle, PublicUrlClickEvent, TIKTOK_SCRIPT_URL, origin_of, url,
};
use crate::settings::TrackingSettings;

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::browser::*;
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
            frame: vec![],
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
