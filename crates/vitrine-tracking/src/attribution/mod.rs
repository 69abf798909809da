//! Server-side attribution at landing: each HTML request's URL and `Referer` are classified with
//! sourcebuster's rules and folded into a snapshot kept with the visitor's session, so orders
//! placed from wallets or with scripts blocked keep their source.

mod classify;
mod params;
#[cfg(test)]
mod vectors;

pub use classify::{NONE, PageLoad, SourceFields, TrafficType, classify};
pub use params::Params;

use serde::{Deserialize, Serialize};
use time::{Duration, OffsetDateTime};
use url::Url;

pub(crate) use params::truncated;

/// Longest URL, referrer or user agent kept in a snapshot.
const MAX_TEXT: usize = 2048;
/// Ad click ids captured from landing URLs.
const CLICK_ID_KEYS: [&str; 6] = ["gclid", "fbclid", "msclkid", "ttclid", "gbraid", "wbraid"];

/// Ad click ids seen on landing (the latest value of each wins).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct ClickIds {
    pub gclid: Option<String>,
    pub fbclid: Option<String>,
    pub msclkid: Option<String>,
    pub ttclid: Option<String>,
    pub gbraid: Option<String>,
    pub wbraid: Option<String>,
}

impl ClickIds {
    fn slot(&mut self, key: &str) -> Option<&mut Option<String>> {
        Some(match key {
            "gclid" => &mut self.gclid,
            "fbclid" => &mut self.fbclid,
            "msclkid" => &mut self.msclkid,
            "ttclid" => &mut self.ttclid,
            "gbraid" => &mut self.gbraid,
            "wbraid" => &mut self.wbraid,
            _ => return None,
        })
    }

    /// Overwrites the ids present (and non-empty) in `params`, keeping the others.
    fn merge(&mut self, params: &Params) {
        for key in CLICK_ID_KEYS {
            if let (Some(value), Some(slot)) =
                (params.get(key).filter(|v| !v.is_empty()), self.slot(key))
            {
                *slot = Some(truncated(value, 512));
            }
        }
    }
}

/// Where the first known source came from (sourcebuster's `first` + `first_add`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct FirstTouch {
    #[serde(flatten)]
    pub fields: SourceFields,
    pub landing_page: String,
    pub referrer: String,
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub recorded_at: OffsetDateTime,
}

/// The visitor's attribution, kept per session (sourcebuster's `current`, `current_add`,
/// `session`, `udata` and `first`, computed on the server).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct AttributionSnapshot {
    /// type, source, medium, campaign, content, term, id, platform, format, tactic.
    #[serde(flatten)]
    pub current: SourceFields,
    /// URL on which the current source was recorded (sourcebuster `ep`).
    pub landing_page: String,
    /// Referrer at that moment, or `(none)` (sourcebuster `rf`).
    pub referrer: String,
    /// When the current source was recorded (sourcebuster `fd`).
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub source_recorded_at: OffsetDateTime,
    pub user_agent: String,
    /// Page loads in the current visit (30 idle minutes end a visit).
    pub session_pages: u32,
    /// Visits so far in this session cookie's life.
    pub visits: u32,
    #[serde(flatten)]
    pub click_ids: ClickIds,
    pub first: FirstTouch,
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub first_seen: OffsetDateTime,
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub last_seen: OffsetDateTime,
}

/// One HTML page request as attribution sees it.
#[derive(Debug, Clone)]
pub struct Landing {
    pub url: Url,
    pub referrer: Option<Url>,
    pub user_agent: Option<String>,
    /// The shop's host, for telling internal from external referrers.
    pub site_host: String,
}

impl Landing {
    /// `uri` may be absolute or a path with query; `host` (the `Host` header) makes it absolute
    /// when `configured_host` is not set. `None` when no host is known or the URL is invalid.
    pub fn from_request(
        uri: &str,
        host: Option<&str>,
        referer: Option<&str>,
        user_agent: Option<&str>,
        configured_host: Option<&str>,
    ) -> Option<Self> {
        let url = match Url::parse(uri) {
            Ok(url) => url,
            Err(_) => {
                let base = Url::parse(&format!("https://{}/", configured_host.or(host)?)).ok()?;
                base.join(uri).ok()?
            }
        };
        let site_host = configured_host
            .map(str::to_owned)
            .or_else(|| url.host_str().map(str::to_owned))?;
        let referrer = referer
            .map(str::trim)
            .filter(|r| !r.is_empty())
            .and_then(|r| Url::parse(r).ok());
        let user_agent = user_agent.map(|ua| truncated(ua, MAX_TEXT));
        Some(Self {
            url,
            referrer,
            user_agent,
            site_host,
        })
    }
}

/// The snapshot after this page load. `session_length` is sourcebuster's idle window.
pub fn advance(
    previous: Option<&AttributionSnapshot>,
    landing: &Landing,
    now: OffsetDateTime,
    session_length: Duration,
) -> AttributionSnapshot {
    let params = Params::parse(landing.url.query());
    let has_session = previous.is_some_and(|p| now - p.last_seen <= session_length);
    let load = PageLoad {
        params: &params,
        referrer: landing.referrer.as_ref(),
        site_host: &landing.site_host,
    };
    let landing_page = truncated(landing.url.as_str(), MAX_TEXT);
    let referrer = landing
        .referrer
        .as_ref()
        .map_or_else(|| NONE.to_owned(), |r| truncated(r.as_str(), MAX_TEXT));
    let user_agent = landing
        .user_agent
        .clone()
        .unwrap_or_else(|| NONE.to_owned());
    let mut click_ids = previous.map(|p| p.click_ids.clone()).unwrap_or_default();
    click_ids.merge(&params);

    let (current, landing_page, referrer, source_recorded_at) =
        match (classify(&load, has_session, previous.is_some()), previous) {
            (Some(fields), _) => (fields, landing_page, referrer, now),
            (None, Some(p)) => (
                p.current.clone(),
                p.landing_page.clone(),
                p.referrer.clone(),
                p.source_recorded_at,
            ),
            // classify always decides when nothing is known; typein keeps this total.
            (None, None) => (SourceFields::typein(), landing_page, referrer, now),
        };
    let first = previous
        .map(|p| p.first.clone())
        .unwrap_or_else(|| FirstTouch {
            fields: current.clone(),
            landing_page: landing_page.clone(),
            referrer: referrer.clone(),
            recorded_at: source_recorded_at,
        });
    AttributionSnapshot {
        current,
        landing_page,
        referrer,
        source_recorded_at,
        user_agent,
        session_pages: match previous {
            Some(p) if has_session => p.session_pages.saturating_add(1),
            _ => 1,
        },
        visits: match previous {
            None => 1,
            Some(p) if has_session => p.visits,
            Some(p) => p.visits.saturating_add(1),
        },
        click_ids,
        first,
        first_seen: previous.map_or(now, |p| p.first_seen),
        last_seen: now,
    }
}

/// Whether a page load names a traffic source worth a visitor session before any other
/// request: UTM parameters, an ad click id, or a referrer on another host. A plain visit
/// (typed in, or a link inside the shop) does not, so its page can be served without a cookie
/// and cached alike for everyone (`typein` is what "nothing recorded" means).
pub fn names_a_source(query: &str, referer: Option<&str>, host: Option<&str>) -> bool {
    let tagged = url::form_urlencoded::parse(query.as_bytes())
        .any(|(key, _)| key.starts_with("utm_") || CLICK_ID_KEYS.contains(&key.as_ref()));
    let external = referer
        .and_then(|r| Url::parse(r).ok())
        .and_then(|r| r.host_str().map(str::to_ascii_lowercase))
        .is_some_and(|from| {
            host.map(|h| h.split(':').next().unwrap_or(h).to_ascii_lowercase())
                .is_none_or(|own| own != from)
        });
    tagged || external
}

#[cfg(test)]
mod source_tests {
    use super::names_a_source;

    #[test]
    fn utm_parameters_and_click_ids_name_a_source() {
        assert!(names_a_source(
            "utm_source=newsletter&utm_medium=email",
            None,
            Some("shop.test")
        ));
        assert!(names_a_source("gclid=abc", None, Some("shop.test")));
        assert!(names_a_source("a=1&fbclid=x", None, None));
    }

    #[test]
    fn a_referrer_on_another_host_names_a_source_but_the_shop_itself_does_not() {
        let google = Some("https://www.google.com/search?q=hoodie");
        assert!(names_a_source("", google, Some("shop.test:8080")));
        assert!(!names_a_source(
            "",
            Some("http://shop.test:8080/shop/"),
            Some("shop.test:8080")
        ));
        assert!(!names_a_source(
            "",
            Some("http://SHOP.test/"),
            Some("shop.test")
        ));
    }

    #[test]
    fn a_typed_in_visit_or_other_parameters_name_none() {
        assert!(!names_a_source("", None, Some("shop.test")));
        assert!(!names_a_source(
            "orderby=price&paged=2",
            None,
            Some("shop.test")
        ));
        assert!(!names_a_source("", Some("not a url"), Some("shop.test")));
    }
}
