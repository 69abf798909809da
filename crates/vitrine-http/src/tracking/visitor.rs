//! Who is asking a tracking endpoint: the visitor session and consent cookies, the client
//! address, user agent, referrer and GPC signal, extracted once per request.

use std::net::{IpAddr, SocketAddr};

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::HeaderMap;
use axum::http::header::{AsHeaderName, HOST, REFERER, USER_AGENT};
use axum::http::request::Parts;
use vitrine_app::AppError;
use vitrine_app::tracking::RequestContext;
use vitrine_app::tracking::TrackingState;
use vitrine_app::tracking::consent::CONSENT_COOKIE;
use vitrine_app::tracking::ids::{SESSION_COOKIE, SessionId};
use vitrine_app::tracking::page::ShopOrigin;

use crate::client_ip::{client_ip, client_key};
use crate::cookies::{cookie, secure_cookies};
use crate::error::ApiError;
use crate::state::AppState;

/// The tracking state and the request context every tracking handler needs. Extracting it
/// answers 404 `not_found` when tracking is off and 429 `rate_limited` when the client is
/// over `tracking.rate_limit`, before anything else of the request is looked at.
#[derive(Debug, Clone)]
pub struct Visitor {
    pub tracking: TrackingState,
    pub ctx: RequestContext,
    /// Cookies set in the answer get `Secure` (`cookies::secure_cookies`).
    pub secure: bool,
}

pub(crate) fn header(headers: &HeaderMap, name: impl AsHeaderName) -> Option<String> {
    headers
        .get(name)
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned)
}

/// The visitor session named by the `vitrine_sid` cookie, if it has the shape we mint.
pub(crate) fn session(headers: &HeaderMap) -> Option<SessionId> {
    cookie(headers, SESSION_COOKIE).and_then(SessionId::parse)
}

fn peer(parts: &Parts) -> Option<IpAddr> {
    parts
        .extensions
        .get::<ConnectInfo<SocketAddr>>()
        .map(|c| c.0.ip())
}

impl FromRequestParts<AppState> for Visitor {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let tracking = state.tracking().ok_or_else(ApiError::not_found)?.clone();
        let hops = state.settings().trusted_proxy_hops;
        let ip = client_ip(&parts.headers, peer(parts), hops);
        tracking.allow(&client_key(ip)).map_err(AppError::Braked)?;
        let h = &parts.headers;
        let ctx = RequestContext {
            session: session(h),
            consent_decision: cookie(h, CONSENT_COOKIE).map(str::to_owned),
            client_ip: ip.map(|ip| ip.to_string()),
            user_agent: header(h, USER_AGENT),
            referer: header(h, REFERER),
            ga_cookie: cookie(h, "_ga").map(str::to_owned),
            ttp_cookie: cookie(h, "_ttp").map(str::to_owned),
            gpc: h.get("sec-gpc").is_some_and(|v| v.as_bytes() == b"1"),
            shop_origin: ShopOrigin::resolve(
                &state.settings().public_url,
                header(h, HOST).as_deref(),
            ),
        };
        Ok(Self {
            tracking,
            ctx,
            secure: secure_cookies(h, state),
        })
    }
}
