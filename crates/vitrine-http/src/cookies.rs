//! Cookies the shop reads and sets: one reader across `Cookie` headers, one `Set-Cookie`
//! writer with the flags every first-party cookie carries (Path=/, SameSite=Lax), one rule for
//! `Secure` ([`secure_cookies`]) that every cookie follows — the cart's, the login's and
//! tracking's alike — and the cache rule of personal answers.

use axum::http::{HeaderMap, HeaderValue, header};

use crate::state::AppState;

/// The value of cookie `name` across every `Cookie` header.
pub(crate) fn cookie<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find_map(|(key, value)| (key == name).then_some(value.trim_matches('"')))
}

/// Whether the cookies set in answer to this request get `Secure`: the one rule for every
/// cookie the shop sets. Yes when the request reached the shop over HTTPS ([`is_https`]), or
/// when the older `[tracking] secure_cookies` switch asks for it on every cookie.
pub(crate) fn secure_cookies(headers: &HeaderMap, state: &AppState) -> bool {
    is_https(headers, &state.settings().public_url)
        || state
            .tracking()
            .is_some_and(|tracking| tracking.settings().secure_cookies)
}

/// HTTPS when the shop's public URL is https (it sits behind a TLS proxy), or when the proxy
/// says so with `X-Forwarded-Proto: https`. Trusting the header without a proxy setting is
/// safe here: it can only make this client's own cookies stricter, never looser (a page on
/// another site cannot add the header to a visitor's request).
fn is_https(headers: &HeaderMap, public_url: &str) -> bool {
    let forwarded = headers
        .get("x-forwarded-proto")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(',').next())
        .is_some_and(|proto| proto.trim().eq_ignore_ascii_case("https"));
    forwarded
        || public_url
            .get(..8)
            .is_some_and(|scheme| scheme.eq_ignore_ascii_case("https://"))
}

/// Personal answers (a cart, an account) are never stored by browsers or proxies.
pub(crate) fn mark_private(headers: &mut HeaderMap) {
    headers.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("private, no-store"),
    );
}

/// How long a cookie is kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Lifetime {
    /// Until the browser session ends (no `Max-Age`).
    Browser,
    /// This many seconds; 0 deletes the cookie.
    Seconds(u64),
}

/// `Set-Cookie` for `name=value`: the one writer of every cookie the shop sets.
pub(crate) fn set_cookie(
    name: &str,
    value: &str,
    lifetime: Lifetime,
    secure: bool,
    http_only: bool,
) -> Option<HeaderValue> {
    let mut text = format!("{name}={value}; Path=/");
    if let Lifetime::Seconds(max_age) = lifetime {
        text.push_str(&format!("; Max-Age={max_age}"));
    }
    text.push_str("; SameSite=Lax");
    if http_only {
        text.push_str("; HttpOnly");
    }
    if secure {
        text.push_str("; Secure");
    }
    HeaderValue::from_str(&text).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cookies_are_found_across_headers() {
        let mut h = HeaderMap::new();
        h.append(
            header::COOKIE,
            HeaderValue::from_static("a=1; vitrine_sid=abc"),
        );
        h.append(header::COOKIE, HeaderValue::from_static("_ga=GA1.1.2.3"));
        assert_eq!(cookie(&h, "vitrine_sid"), Some("abc"));
        assert_eq!(cookie(&h, "_ga"), Some("GA1.1.2.3"));
        assert_eq!(cookie(&h, "missing"), None);
    }

    #[test]
    fn https_comes_from_the_public_url_or_the_forwarded_protocol() {
        assert!(is_https(&HeaderMap::new(), "https://shop.example"));
        assert!(is_https(&HeaderMap::new(), "HTTPS://shop.example"));
        assert!(!is_https(&HeaderMap::new(), "http://127.0.0.1:8080"));
        let mut proxied = HeaderMap::new();
        proxied.insert("x-forwarded-proto", HeaderValue::from_static("https"));
        assert!(is_https(&proxied, "http://127.0.0.1:8080"));
        // The first proxy's word counts.
        proxied.insert("x-forwarded-proto", HeaderValue::from_static("http, https"));
        assert!(!is_https(&proxied, "http://127.0.0.1:8080"));
    }

    #[test]
    fn the_writer_sets_the_flags_asked_for() {
        let session = set_cookie("a", "1", Lifetime::Browser, true, true).expect("valid");
        assert_eq!(session, "a=1; Path=/; SameSite=Lax; HttpOnly; Secure");
        let kept = set_cookie("b", "2", Lifetime::Seconds(60), false, false).expect("valid");
        assert_eq!(kept, "b=2; Path=/; Max-Age=60; SameSite=Lax");
        assert!(set_cookie("c", "bad\nvalue", Lifetime::Browser, false, false).is_none());
    }
}
