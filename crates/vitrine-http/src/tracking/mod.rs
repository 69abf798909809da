//! Server-side tracking over HTTP (issue 5, ADR 0007): the tracking endpoints (mounted with
//! the rest of the API in `routes::api_routes`), landing attribution on storefront page
//! loads, the public tracking configuration embedded in every page, and the providers' hosts
//! in the Content-Security-Policy. All of it needs tracking on (`vitrine_app::Ports::tracking`); without it the
//! endpoints answer 404 `not_found` (the API document still describes them), pages set no
//! cookie and embed nothing.

mod cookies;
mod handlers;
mod landing;
mod views;
mod visitor;

pub use handlers::MAX_EVENT_BYTES;
pub(crate) use landing::storefront_visitor;
pub use views::{
    AcceptedView, ConsentRecordedView, GdprFiltersView, PageTokenRequest, PageTokenView, PbidData,
    PbidView,
};
pub use visitor::Visitor;
pub(crate) use visitor::session as visitor_session;

use axum::http::HeaderValue;
use axum::http::header::CACHE_CONTROL;
use tower_http::set_header::SetResponseHeaderLayer;
use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use vitrine_app::tracking::TrackingState;

use crate::html::script_json;
use crate::state::AppState;

/// `id` of the JSON script element the web app reads (`window.__VITRINE_TRACKING__`).
pub const EMBED_ID: &str = "vitrine-tracking";

impl AppState {
    /// Server-side tracking, when the shop has it on (`vitrine_app::Ports::tracking`).
    pub fn tracking(&self) -> Option<&TrackingState> {
        self.shop().tracking()
    }

    /// The configured policy, widened with the hosts the configured providers and the video
    /// players load from.
    pub fn content_security_policy(&self) -> String {
        let configured = &self.settings().content_security_policy;
        let policy = match self.tracking() {
            Some(tracking) => tracking.settings().csp_sources().widen(configured),
            None => configured.trim().to_owned(),
        };
        let policy = self.settings().video.csp_sources().widen(&policy);
        // The storefront's inline scripts, admitted by their hashes (head_scripts.rs).
        vitrine_app::tracking::CspSources {
            script: crate::head_scripts::inline_script_hashes().to_vec(),
            ..Default::default()
        }
        .widen(&policy)
    }
}

#[derive(OpenApi)]
#[openapi(tags((name = "tracking",
    description = "Server-side events, consent proof log and landing attribution (ADR 0007). \
        Every answer is `Cache-Control: no-store`; each client has a request budget \
        (`rate_limited`).")))]
struct TrackingDoc;

/// The tracking endpoints with their OpenAPI description, merged into the API router. Their
/// answers are never cached; the [`Visitor`] extractor applies the per-client rate limit.
pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(TrackingDoc::openapi())
        .routes(routes!(handlers::post_tracking_token))
        .routes(routes!(handlers::post_tracking_event))
        .routes(routes!(handlers::get_tracking_pbid))
        .routes(routes!(handlers::post_consent))
        .routes(routes!(handlers::get_gdpr_filters))
        .routes(routes!(handlers::get_attribution))
        .layer(SetResponseHeaderLayer::overriding(
            CACHE_CONTROL,
            HeaderValue::from_static("no-store"),
        ))
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
