//! What the shop's own visitor session knows about where a shopper came from, for the order
//! (tracking.md "order attribution"): a wallet or a script-blocked checkout sends no hidden
//! fields, and the order still gets its source.

use axum::http::HeaderMap;
use vitrine_domain::order::Attribution;

use crate::state::AppState;

/// The visitor session's attribution snapshot as order attribution; empty without tracking
/// or a session.
pub(super) async fn server_attribution(state: &AppState, headers: &HeaderMap) -> Attribution {
    let (Some(tracking), Some(session)) = (
        state.shop().tracking(),
        crate::tracking::visitor_session(headers),
    ) else {
        return Attribution::default();
    };
    let snapshot = match tracking.attribution(&session).await {
        Ok(Some(snapshot)) => snapshot,
        Ok(None) => return Attribution::default(),
        Err(error) => {
            tracing::warn!(%error, "attribution not read; the order keeps the browser's");
            return Attribution::default();
        }
    };
    let text = |s: &str| (!s.is_empty() && s != "(none)").then(|| s.to_owned());
    let kind = serde_json::to_value(snapshot.current.kind)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned));
    Attribution {
        source_type: kind,
        source: text(&snapshot.current.source),
        medium: text(&snapshot.current.medium),
        campaign: text(&snapshot.current.campaign),
        content: text(&snapshot.current.content),
        term: text(&snapshot.current.term),
        landing_page: text(&snapshot.landing_page),
        referrer: text(&snapshot.referrer),
        device_type: None,
        session_pages: Some(snapshot.session_pages),
        session_count: Some(snapshot.visits),
    }
}
