//! Who is asking: cookies, the client IP (X-Forwarded-For only from trusted proxies), the
//! visitor session cookie `vitrine_sid`, and the middleware that records landing attribution.

use std::net::{IpAddr, SocketAddr};

use axum::extract::{ConnectInfo, FromRequestParts, Request, State};
use axum::http::header::{ACCEPT, COOKIE, HOST, REFERER, SET_COOKIE, USER_AGENT};
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue, Method};
use axum::middleware::Next;
use axum::response::Response;

use crate::attribution::names_a_source;
use crate::consent::CONSENT_COOKIE;
use crate::ids::{SESSION_COOKIE, SessionId};
use crate::service::RequestContext;
use crate::state::TrackingState;

/// The value of cookie `name` from the request's `Cookie` headers.
pub fn cookie(headers: &HeaderMap, name: &str) -> Option<String> {
    headers
        .get_all(COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(k, _)| *k == name)
        .map(|(_, v)| v.trim().to_owned())
}

fn header(headers: &HeaderMap, name: impl axum::http::header::AsHeaderName) -> Option<String> {
    headers
        .get(name)
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned)
}

/// The socket peer, or the address `hops` entries from the right of `X-Forwarded-For` when
/// that many trusted proxies sit in front (0 never reads the header, which clients can forge).
pub fn client_ip(headers: &HeaderMap, peer: Option<IpAddr>, hops: u8) -> Option<IpAddr> {
    if hops > 0 {
        let forwarded: Vec<&str> = headers
            .get_all("x-forwarded-for")
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','))
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .collect();
        let pick = forwarded
            .len()
            .checked_sub(usize::from(hops))
            .and_then(|i| forwarded.get(i))
            .or(forwarded.first());
        if let Some(ip) = pick.and_then(|s| s.parse().ok()) {
            return Some(ip);
        }
    }
    peer
}

/// `Set-Cookie` value for an HttpOnly, SameSite=Lax cookie; `max_age` `None` lasts the
/// browser session.
pub fn set_cookie(
    name: &str,
    value: &str,
    max_age: Option<u64>,
    secure: bool,
) -> Option<HeaderValue> {
    let mut text = format!("{name}={value}; Path=/; HttpOnly; SameSite=Lax");
    if let Some(secs) = max_age {
        text.push_str(&format!("; Max-Age={secs}"));
    }
    if secure {
        text.push_str("; Secure");
    }
    HeaderValue::from_str(&text).ok()
}

/// The request context every tracking handler needs, extracted once.
#[derive(Debug, Clone)]
pub struct Visitor {
    pub ctx: RequestContext,
    /// Rate-limit key.
    pub client_key: String,
}

impl FromRequestParts<TrackingState> for Visitor {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &TrackingState,
    ) -> Result<Self, Self::Rejection> {
        let peer = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|c| c.0.ip());
        let ip = client_ip(&parts.headers, peer, state.settings().trusted_proxy_hops);
        let h = &parts.headers;
        let ctx = RequestContext {
            session: cookie(h, SESSION_COOKIE)
                .as_deref()
                .and_then(SessionId::parse),
            consent_decision: cookie(h, CONSENT_COOKIE),
            client_ip: ip.map(|ip| ip.to_string()),
            user_agent: header(h, USER_AGENT),
            referer: header(h, REFERER),
            ga_cookie: cookie(h, "_ga"),
            ttp_cookie: cookie(h, "_ttp"),
            gpc: h.get("sec-gpc").is_some_and(|v| v.as_bytes() == b"1"),
        };
        let client_key = ip.map_or_else(|| "unknown".to_owned(), |ip| ip.to_string());
        Ok(Self { ctx, client_key })
    }
}

/// A top-level HTML page load (not the API, not assets, not a sub-resource fetch).
fn is_page_request(req: &Request) -> bool {
    let h = req.headers();
    let accepts_html = h
        .get(ACCEPT)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.contains("text/html"));
    let document = h
        .get("sec-fetch-dest")
        .is_none_or(|v| v.as_bytes() == b"document");
    let path = req.uri().path();
    req.method() == Method::GET && accepts_html && document && !path.starts_with("/api/")
}

/// Storefront middleware for HTML page loads: records landing attribution in the background
/// for the visitor's `vitrine_sid` session. A visitor without one gets it only when the page
/// load names a traffic source ([`names_a_source`]); any other page is answered without a
/// cookie, so the same HTML can be cached for everyone (the session is then made by
/// `/api/v1/tracking/token` when the browser needs it).
pub async fn visitor_middleware(
    State(state): State<TrackingState>,
    req: Request,
    next: Next,
) -> Response {
    if !is_page_request(&req) {
        return next.run(req).await;
    }
    let h = req.headers();
    let (host, referer) = (header(h, HOST), header(h, REFERER));
    let existing = cookie(h, SESSION_COOKIE)
        .as_deref()
        .and_then(SessionId::parse);
    let query = req.uri().query().unwrap_or_default();
    let fresh = existing.is_none()
        && names_a_source(query, referer.as_deref(), host.as_deref())
        && state.settings().attribution.enabled;
    let Some(session) = existing.or_else(|| fresh.then(SessionId::generate)) else {
        return next.run(req).await;
    };
    let (uri, agent) = (req.uri().to_string(), header(h, USER_AGENT));
    let recorder = state.clone();
    let visitor = session.clone();
    tokio::spawn(async move {
        let recorded = recorder.record_landing(
            &uri,
            host.as_deref(),
            referer.as_deref(),
            agent.as_deref(),
            &visitor,
        );
        if let Err(error) = recorded.await {
            tracing::warn!(%error, "landing attribution not recorded");
        }
    });
    let mut response = next.run(req).await;
    if fresh {
        give_session(&mut response, &state, &session);
    }
    response
}

/// Sets the `vitrine_sid` cookie for a session made by this request (browser session).
pub(crate) fn give_session(response: &mut Response, state: &TrackingState, session: &SessionId) {
    let secure = state.settings().secure_cookies;
    if let Some(value) = set_cookie(SESSION_COOKIE, session.as_str(), None, secure) {
        response.headers_mut().append(SET_COOKIE, value);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.append(*k, HeaderValue::from_str(v).expect("ascii"));
        }
        h
    }

    #[test]
    fn cookies_are_found_across_headers() {
        let h = headers(&[
            ("cookie", "a=1; vitrine_sid=abc"),
            ("cookie", "_ga=GA1.1.2.3"),
        ]);
        assert_eq!(cookie(&h, "vitrine_sid").as_deref(), Some("abc"));
        assert_eq!(cookie(&h, "_ga").as_deref(), Some("GA1.1.2.3"));
        assert_eq!(cookie(&h, "missing"), None);
    }

    #[test]
    fn forwarded_for_is_ignored_unless_proxies_are_trusted() {
        let h = headers(&[("x-forwarded-for", "1.1.1.1, 10.0.0.2")]);
        let peer: Option<IpAddr> = "10.0.0.1".parse().ok();
        assert_eq!(client_ip(&h, peer, 0), peer);
        assert_eq!(client_ip(&h, peer, 1), "10.0.0.2".parse().ok());
        assert_eq!(client_ip(&h, peer, 2), "1.1.1.1".parse().ok());
        assert_eq!(client_ip(&h, peer, 5), "1.1.1.1".parse().ok());
    }

    #[test]
    fn cookies_are_http_only_and_lax() {
        let v = set_cookie("vitrine_sid", "x", None, true).expect("valid");
        assert_eq!(v, "vitrine_sid=x; Path=/; HttpOnly; SameSite=Lax; Secure");
        let v = set_cookie("vitrine_consent", "d", Some(60), false).expect("valid");
        assert_eq!(
            v,
            "vitrine_consent=d; Path=/; HttpOnly; SameSite=Lax; Max-Age=60"
        );
    }
}
