//! HTTP surface: the tracking router (with OpenAPI), its error envelope, and the storefront
//! middleware that keeps the visitor session and landing attribution.

mod error;
mod handlers;
mod visitor;

pub use error::{ApiError, ErrorBody, MAX_EVENT_BYTES};
pub use handlers::{AcceptedView, ConsentRecordedView, GdprFiltersView, PageTokenView, PbidView};
pub use visitor::{Visitor, client_ip, cookie, set_cookie, visitor_middleware};

use std::net::SocketAddr;

use axum::Router;
use axum::extract::{ConnectInfo, Request, State};
use axum::http::HeaderValue;
use axum::http::header::CACHE_CONTROL;
use axum::middleware::{Next, from_fn_with_state};
use axum::response::{IntoResponse, Response};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::state::TrackingState;
use handlers::{
    __path_get_attribution, __path_get_gdpr_filters, __path_get_tracking_pbid, __path_post_consent,
    __path_post_tracking_event, __path_post_tracking_token,
};
use handlers::{
    get_attribution, get_gdpr_filters, get_tracking_pbid, post_consent, post_tracking_event,
    post_tracking_token,
};

/// Per-client rate limit for every tracking endpoint; responses are never cached.
async fn limit_requests(State(state): State<TrackingState>, req: Request, next: Next) -> Response {
    let peer = req
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map(|c| c.0.ip());
    let ip = client_ip(req.headers(), peer, state.settings().trusted_proxy_hops);
    let key = ip.map_or_else(|| "unknown".to_owned(), |ip| ip.to_string());
    let mut response = if state.allow(&key) {
        next.run(req).await
    } else {
        ApiError::rate_limited().into_response()
    };
    response
        .headers_mut()
        .insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

#[derive(utoipa::OpenApi)]
#[openapi(tags((name = "tracking",
    description = "Server-side events, consent proof log and landing attribution (ADR 0007)")))]
struct TrackingDoc;

/// Every tracking route with its description, before state is attached.
fn documented() -> OpenApiRouter<TrackingState> {
    OpenApiRouter::with_openapi(<TrackingDoc as utoipa::OpenApi>::openapi())
        .routes(routes!(post_tracking_token))
        .routes(routes!(post_tracking_event))
        .routes(routes!(get_tracking_pbid))
        .routes(routes!(post_consent))
        .routes(routes!(get_gdpr_filters))
        .routes(routes!(get_attribution))
}

/// The tracking endpoints with their OpenAPI description, state applied, ready to merge into
/// the shop's `OpenApiRouter`.
pub fn openapi_router(state: TrackingState) -> OpenApiRouter {
    documented()
        .layer(from_fn_with_state(state.clone(), limit_requests))
        .with_state(state)
}

/// The tracking endpoints' OpenAPI description alone (no state needed), to merge into the
/// shop's document.
pub fn openapi() -> utoipa::openapi::OpenApi {
    documented().split_for_parts().1
}

/// The tracking endpoints as a plain axum router.
pub fn routes(state: TrackingState) -> Router {
    openapi_router(state).split_for_parts().0
}
