//! sourcebuster's traffic classification of one landing (research §1.5–1.6): utm, organic,
//! referral or typein, with the same precedence, engine list and field derivation.

use serde::{Deserialize, Serialize};
use url::Url;

use super::params::{Params, host_matches, strip_www};

pub const NONE: &str = "(none)";

/// Parameters whose presence (even empty) makes a landing a `utm` hit. sourcebuster also
/// counts unset custom params as the key `false`; that bug (`?false=1`) is not reproduced.
const UTM_KEYS: [&str; 11] = [
    "utm_source",
    "utm_medium",
    "utm_campaign",
    "utm_content",
    "utm_term",
    "utm_id",
    "utm_source_platform",
    "utm_creative_format",
    "utm_marketing_tactic",
    "gclid",
    "yclid",
];

/// Built-in organic engines other than Google and Yandex: (host, query param, display).
const ORGANICS: [(&str, &str, &str); 9] = [
    ("bing.com", "q", "bing"),
    ("yahoo.com", "p", "yahoo"),
    ("about.com", "q", "about"),
    ("aol.com", "q", "aol"),
    ("ask.com", "q", "ask"),
    ("globososo.com", "q", "globo"),
    ("go.mail.ru", "q", "go.mail.ru"),
    ("rambler.ru", "query", "rambler"),
    ("tut.by", "query", "tut.by"),
];

/// Built-in referral renames: (host, display).
const REFERRALS: [(&str, &str); 2] = [
    ("t.co", "twitter.com"),
    ("plus.url.google.com", "plus.google.com"),
];

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum TrafficType {
    Utm,
    Organic,
    Referral,
    Typein,
}

/// One attribution record in sourcebuster's field order (`typ src mdm cmp cnt trm id plt fmt tct`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct SourceFields {
    #[serde(rename = "type")]
    pub kind: TrafficType,
    pub source: String,
    pub medium: String,
    pub campaign: String,
    pub content: String,
    pub term: String,
    /// utm_id
    pub id: String,
    /// utm_source_platform
    pub platform: String,
    /// utm_creative_format
    pub format: String,
    /// utm_marketing_tactic
    pub tactic: String,
}

impl SourceFields {
    fn new(kind: TrafficType, source: &str, medium: &str) -> Self {
        Self {
            kind,
            source: source.into(),
            medium: medium.into(),
            campaign: NONE.into(),
            content: NONE.into(),
            term: NONE.into(),
            id: NONE.into(),
            platform: NONE.into(),
            format: NONE.into(),
            tactic: NONE.into(),
        }
    }

    /// Direct traffic: `(direct)` / `(none)`.
    pub fn typein() -> Self {
        Self::new(TrafficType::Typein, "(direct)", NONE)
    }
}

/// What is known about one page load.
#[derive(Debug, Clone)]
pub struct PageLoad<'a> {
    pub params: &'a Params,
    /// The parsed `Referer`, if any.
    pub referrer: Option<&'a Url>,
    /// The shop's host (`www.` is ignored); referrers on it or its subdomains are internal.
    pub site_host: &'a str,
}

/// A new source for this load, or `None` to keep the previous one. UTM and organic always
/// override; referral only when no session is running; typein only when nothing is known.
pub fn classify(
    load: &PageLoad<'_>,
    has_session: bool,
    has_previous: bool,
) -> Option<SourceFields> {
    if UTM_KEYS.iter().any(|k| load.params.contains(k)) {
        return Some(utm(load.params, load.referrer));
    }
    let external = load.referrer.filter(|r| !is_internal(r, load.site_host));
    if let Some(referrer) = external {
        if let Some(engine) = organic_engine(referrer) {
            return Some(SourceFields::new(TrafficType::Organic, &engine, "organic"));
        }
        if !has_session {
            return Some(referral(referrer));
        }
    }
    (!has_previous).then(SourceFields::typein)
}

fn host_of(url: &Url) -> String {
    url.host_str().unwrap_or_default().to_owned()
}

fn is_internal(referrer: &Url, site_host: &str) -> bool {
    host_matches(&strip_www(&host_of(referrer)), &strip_www(site_host))
}

fn utm(params: &Params, referrer: Option<&Url>) -> SourceFields {
    let gclid = params.contains("gclid");
    let yclid = params.contains("yclid");
    let (click_src, click_mdm, click_cmp) = match (gclid, yclid) {
        (true, _) => ("google", "cpc", "google_cpc"),
        (false, true) => ("yandex", "cpc", "yandex_cpc"),
        _ => (NONE, NONE, NONE),
    };
    let or = |key: &str, fallback: &str| params.get(key).unwrap_or(fallback).to_owned();
    let or_none = |key: &str| {
        params
            .get(key)
            .filter(|v| !v.is_empty())
            .unwrap_or(NONE)
            .to_owned()
    };
    let yandex_text = referrer
        .filter(|r| is_yandex(&host_of(r), true))
        .and_then(|r| {
            r.query_pairs()
                .find(|(k, _)| k == "text")
                .map(|(_, v)| v.into_owned())
        })
        .filter(|t| !t.is_empty());
    SourceFields {
        kind: TrafficType::Utm,
        source: or("utm_source", click_src),
        medium: or("utm_medium", click_mdm),
        campaign: or("utm_campaign", click_cmp),
        content: or("utm_content", NONE),
        term: params
            .get("utm_term")
            .map(str::to_owned)
            .or(yandex_text)
            .unwrap_or_else(|| NONE.to_owned()),
        id: or_none("utm_id"),
        platform: or_none("utm_source_platform"),
        format: or_none("utm_creative_format"),
        tactic: or_none("utm_marketing_tactic"),
    }
}

/// `(?:.*\.)?yandex\..{2,9}` — any subdomain of a yandex.<2–9 chars> host.
fn is_yandex(host: &str, ignore_case: bool) -> bool {
    let host = if ignore_case {
        host.to_ascii_lowercase()
    } else {
        host.to_owned()
    };
    let tail = host
        .rsplit_once("yandex.")
        .filter(|(before, _)| before.is_empty() || before.ends_with('.'));
    tail.is_some_and(|(_, rest)| (2..=9).contains(&rest.chars().count()))
}

/// `(?:www\.)?google\..{2,9}` — Google web search only; news.google.com is a referral.
fn is_google(host: &str) -> bool {
    let host = host.strip_prefix("www.").unwrap_or(host);
    host.strip_prefix("google.")
        .is_some_and(|rest| (2..=9).contains(&rest.chars().count()))
}

fn organic_engine(referrer: &Url) -> Option<String> {
    let host = host_of(referrer);
    let query = referrer.query().filter(|q| !q.is_empty());
    if query.is_some_and(|q| is_yandex(&host, false) && q.contains("text=")) {
        return Some("yandex".into());
    }
    if is_google(&host) {
        return Some("google".into());
    }
    let q = query?.to_ascii_lowercase();
    ORGANICS
        .iter()
        .find(|(engine, param, _)| host_matches(&host, engine) && q.contains(&format!("{param}=")))
        .map(|(_, _, display)| (*display).to_owned())
}

fn referral(referrer: &Url) -> SourceFields {
    let host = host_of(referrer);
    let source = REFERRALS
        .iter()
        .find(|(known, _)| host_matches(&host, known))
        .map_or_else(|| strip_www(&host), |(_, display)| (*display).to_owned());
    let mut fields = SourceFields::new(TrafficType::Referral, &source, "referral");
    fields.content = match referrer.path() {
        "" => "/".to_owned(),
        path => path.to_owned(),
    };
    fields
}
