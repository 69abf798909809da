//! The tracking hook (issue 5, ADR 0007): with [`AppState::with_tracking`] the router serves the
//! tracking endpoints, storefront page loads that carry a traffic source (UTM, click id,
//! external referrer) get the visitor session (`vitrine_sid`) with their landing recorded,
//! pages embed the public tracking configuration (the same for everyone), and the
//! Content-Security-Policy admits the configured providers' hosts. Without it nothing of this
//! happens (the API document still describes the endpoints).

use axum::extract::{Request, State};
use axum::middleware::Next;
use axum::response::Response;
use vitrine_tracking::TrackingState;

use crate::html::script_json;
use crate::state::AppState;

/// `id` of the JSON script element the web app reads (`window.__VITRINE_TRACKING__`).
pub const EMBED_ID: &str = "vitrine-tracking";

impl AppState {
    /// Turns server-side tracking on (see the module docs).
    #[must_use]
    pub fn with_tracking(mut self, tracking: TrackingState) -> Self {
        self.tracking = Some(tracking);
        self
    }

    pub fn tracking(&self) -> Option<&TrackingState> {
        self.tracking.as_ref()
    }

    /// The configured policy, widened with the hosts the configured providers load from.
    pub fn content_security_policy(&self) -> String {
        let configured = &self.settings().content_security_policy;
        match self.tracking() {
            Some(tracking) => tracking.settings().csp_sources().widen(configured),
            None => configured.trim().to_owned(),
        }
    }
}

/// Paths that are never storefront pages: the API, build files, artwork, and root files such
/// as `/favicon.svg` (a dot in the last segment, as `storefront::assets::root_file` decides).
fn is_page_path(path: &str) -> bool {
    let excluded = ["/api", "/assets", "/media"]
        .iter()
        .any(|prefix| path == *prefix || path.starts_with(&format!("{prefix}/")));
    let file = path
        .rsplit('/')
        .next()
        .is_some_and(|last| last.contains('.'));
    !excluded && !file
}

/// Layered over the storefront fallback only: the visitor middleware of the tracking crate
/// (session cookie, landing attribution) for page paths.
pub(crate) async fn storefront_visitor(
    State(state): State<AppState>,
    req: Request,
    next: Next,
) -> Response {
    match state.tracking() {
        Some(tracking) if is_page_path(req.uri().path()) => {
            vitrine_tracking::http::visitor_middleware(State(tracking.clone()), req, next).await
        }
        _ => next.run(req).await,
    }
}

/// `<script type="application/json" id="vitrine-tracking">` with the public configuration;
/// empty without tracking. The same for every visitor (the page token is fetched from
/// `/api/v1/tracking/token`). JSON, not an inline script: the CSP allows the shop's own
/// script files only.
pub(crate) fn embed(state: &AppState) -> String {
    let Some(tracking) = state.tracking() else {
        return String::new();
    };
    match script_json(&tracking.settings().public_config()) {
        Ok(json) => format!("<script id=\"{EMBED_ID}\" type=\"application/json\">{json}</script>"),
        Err(error) => {
            tracing::error!(%error, "tracking configuration not embedded");
            String::new()
        }
    }
}

/// The API document with the tracking endpoints.
pub(crate) fn document(mut api: utoipa::openapi::OpenApi) -> utoipa::openapi::OpenApi {
    api.merge(vitrine_tracking::http::openapi());
    api
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_storefront_paths_get_the_visitor_session() {
        for page in [
            "/",
            "/shop/",
            "/product/hoodie/",
            "/cart/",
            "/product-category/music/",
        ] {
            assert!(is_page_path(page), "{page}");
        }
        for other in [
            "/api",
            "/api/v1/products",
            "/assets/index-abc.js",
            "/media/hoodie.svg",
            "/favicon.svg",
            "/robots.txt",
        ] {
            assert!(!is_page_path(other), "{other}");
        }
    }
}
