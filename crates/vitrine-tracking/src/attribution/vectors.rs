//! sourcebuster's measured vectors (research §1.11) replayed through the server-side snapshot.
//! Rows that need custom options (T26–T28) are left out; T21, T23 and T29 show the deliberate
//! fixes (proper `+` decoding, no `?false=` bug, no delimiter injection).

use time::{Duration, OffsetDateTime};

use super::*;

const SITE: &str = "shop.example.com";

fn at(minutes: i64) -> OffsetDateTime {
    // 2025-03-10 12:00 UTC
    OffsetDateTime::from_unix_timestamp(1_741_608_000 + minutes * 60).expect("valid")
}

/// One visitor's page loads: (minute, path+query, referrer). Returns the snapshot after each.
fn visit(site_host: &str, loads: &[(i64, &str, &str)]) -> Vec<AttributionSnapshot> {
    let mut previous: Option<AttributionSnapshot> = None;
    let mut out = Vec::new();
    for (minute, path, referrer) in loads {
        let referer = (!referrer.is_empty()).then_some(*referrer);
        let landing = Landing::from_request(
            &format!("https://{SITE}{path}"),
            None,
            referer,
            Some("UA"),
            Some(site_host),
        )
        .expect("valid landing");
        let next = advance(
            previous.as_ref(),
            &landing,
            at(*minute),
            Duration::minutes(30),
        );
        out.push(next.clone());
        previous = Some(next);
    }
    out
}

/// `typ ; src ; mdm ; cmp ; cnt ; trm` as in the research table.
fn current(s: &AttributionSnapshot) -> String {
    let c = &s.current;
    format!(
        "{} ; {} ; {} ; {} ; {} ; {}",
        kind(c.kind),
        c.source,
        c.medium,
        c.campaign,
        c.content,
        c.term
    )
}

fn kind(kind: TrafficType) -> String {
    serde_json::to_value(kind)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default()
}

/// One line of `vectors.tsv`.
struct Vector<'a> {
    id: &'a str,
    minute: i64,
    path: &'a str,
    referrer: &'a str,
    current: &'a str,
    first: &'a str,
    pgs: u32,
    vst: u32,
    rf: &'a str,
    fd: i64,
}

fn vectors() -> Vec<Vector<'static>> {
    include_str!("vectors.tsv")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|line| {
            let f: Vec<&str> = line.split('\t').collect();
            assert_eq!(f.len(), 10, "malformed vector line {line:?}");
            let number = |i: usize| f[i].parse::<i64>().expect("number column");
            Vector {
                id: f[0],
                minute: number(1),
                path: f[2],
                referrer: f[3],
                current: f[4],
                first: f[5],
                pgs: u32::try_from(number(6)).expect("pgs"),
                vst: u32::try_from(number(7)).expect("vst"),
                rf: f[8],
                fd: number(9),
            }
        })
        .collect()
}

#[test]
fn research_vectors_classify_like_sourcebuster() {
    let all = vectors();
    assert!(all.len() >= 30, "vector file read");
    let mut previous: Option<(&str, AttributionSnapshot)> = None;
    for v in &all {
        let before = previous
            .as_ref()
            .filter(|(id, _)| *id == v.id)
            .map(|(_, s)| s);
        let referer = (!v.referrer.is_empty()).then_some(v.referrer);
        let url = format!("https://{SITE}{}", v.path);
        let landing = Landing::from_request(&url, None, referer, Some("UA"), Some(SITE))
            .expect("valid landing");
        let s = advance(before, &landing, at(v.minute), Duration::minutes(30));
        let step = format!("{} at minute {}", v.id, v.minute);
        assert_eq!(current(&s), v.current, "{step}: current");
        assert_eq!(
            format!("{} ; {}", kind(s.first.fields.kind), s.first.fields.source),
            v.first,
            "{step}: first"
        );
        assert_eq!(
            (s.session_pages, s.visits),
            (v.pgs, v.vst),
            "{step}: pgs/vst"
        );
        assert_eq!(s.referrer, v.rf, "{step}: rf");
        assert_eq!(s.source_recorded_at, at(v.fd), "{step}: fd");
        previous = Some((v.id, s));
    }
}

#[test]
fn t02_keeps_the_utm_id() {
    let s = visit(SITE, &[(0, "/?utm_source=n&utm_id=42", "")]);
    assert_eq!(s[0].current.id, "42");
    assert_eq!(s[0].current.platform, NONE);
}

#[test]
fn t30_a_configured_parent_domain_makes_sibling_referrers_internal() {
    let s = visit("example.com", &[(0, "/", "https://blog.example.com/post")]);
    assert_eq!(
        current(&s[0]),
        "typein ; (direct) ; (none) ; (none) ; (none) ; (none)"
    );
    assert_eq!(s[0].referrer, "https://blog.example.com/post");
}

#[test]
fn t15_ad_click_ids_are_kept_even_when_classified_as_referral() {
    let s = visit(
        SITE,
        &[
            (0, "/?fbclid=IwAR2F4", "https://l.facebook.com/"),
            (1, "/cart", "https://shop.example.com/"),
        ],
    );
    assert_eq!(s[1].click_ids.fbclid.as_deref(), Some("IwAR2F4"));
    let s = visit(SITE, &[(0, "/?msclkid=m1&ttclid=t1&gclid=g1", "")]);
    assert_eq!(
        (
            s[0].click_ids.msclkid.as_deref(),
            s[0].click_ids.ttclid.as_deref()
        ),
        (Some("m1"), Some("t1"))
    );
    assert_eq!(s[0].click_ids.gclid.as_deref(), Some("g1"));
}

#[test]
fn the_snapshot_round_trips_through_json_with_flat_fields() {
    let s = visit(SITE, &[(0, "/?utm_source=n&gclid=g", "")]).remove(0);
    let json = serde_json::to_value(&s).expect("serialises");
    assert_eq!(json["type"], "utm");
    assert_eq!(json["gclid"], "g");
    assert_eq!(json["first"]["source"], "n");
    let back: AttributionSnapshot = serde_json::from_value(json).expect("parses");
    assert_eq!(back, s);
}
