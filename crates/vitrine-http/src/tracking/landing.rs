//! Landing attribution on storefront page loads: the visitor session `vitrine_sid` and the
//! traffic source recorded for it in the background.

use axum::extract::{Request, State};
use axum::http::Method;
use axum::http::header::{ACCEPT, HOST, REFERER, USER_AGENT};
use axum::middleware::Next;
use axum::response::Response;
use vitrine_app::tracking::TrackingState;
use vitrine_app::tracking::attribution::names_a_source;
use vitrine_app::tracking::ids::SessionId;
use vitrine_app::tracking::page::is_page_path;

use super::cookies::give_session;
use super::visitor::{header, session};
use crate::cookies::secure_cookies;
use crate::state::AppState;

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
    req.method() == Method::GET && accepts_html && document && is_page_path(path)
}

/// Layered over the storefront fallback only. With tracking on, an HTML page load has its
/// landing recorded in the background for the visitor's `vitrine_sid` session. A visitor
/// without one gets it only when the page load names a traffic source ([`names_a_source`]);
/// any other page is answered without a cookie, so the same HTML can be cached for everyone
/// (the session is then made by `/api/v1/tracking/token` when the browser needs it).
pub(crate) async fn storefront_visitor(
    State(state): State<AppState>,
    req: Request,
    next: Next,
) -> Response {
    match state.tracking() {
        Some(tracking) if is_page_request(&req) => {
            let secure = secure_cookies(req.headers(), &state);
            record_landing(tracking, req, next, secure).await
        }
        _ => next.run(req).await,
    }
}

async fn record_landing(state: &TrackingState, req: Request, next: Next, secure: bool) -> Response {
    let h = req.headers();
    let (host, referer) = (header(h, HOST), header(h, REFERER));
    let existing = session(h);
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
        give_session(&mut response, &session, secure);
    }
    response
}
