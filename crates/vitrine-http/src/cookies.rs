//! Cookies the shop reads and sets: one reader across `Cookie` headers, one `Set-Cookie`
//! writer with the flags every first-party cookie carries (Path=/, SameSite=Lax, Secure over
//! HTTPS), and the cache rule of personal answers.

use axum::http::{HeaderMap, HeaderValue, header};

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

/// HTTPS when the shop's public URL is https (it sits behind a TLS proxy), or when the proxy
/// says so with `X-Forwarded-Proto: https`. Trusting the header without a proxy setting is
/// safe here: it can only make this client's own cookies stricter, never looser.
pub(crate) fn is_https(headers: &HeaderMap, public_url: &str) -> bool {
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

/// `Set-Cookie` for `name=value` kept `max_age` seconds (0 deletes it).
pub(crate) fn set_cookie(
    name: &str,
    value: &str,
    max_age: u32,
    secure: bool,
    http_only: bool,
) -> Option<HeaderValue> {
    let mut text = format!("{name}={value}; Path=/; Max-Age={max_age}; SameSite=Lax");
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
}
