//! The tracking endpoints: page token, event intake, pbid, consent record, GDPR filter values,
//! the visitor's attribution.

use axum::Json;
use axum::body::{Body, to_bytes};
use axum::extract::State;
use axum::http::header::{CONTENT_LENGTH, SET_COOKIE};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use time::OffsetDateTime;

use super::error::{ApiError, ErrorBody, MAX_EVENT_BYTES};
use super::visitor::{Visitor, give_session, set_cookie};
use crate::attribution::AttributionSnapshot;
use crate::consent::{CONSENT_COOKIE, GdprFilters};
use crate::ids::{SessionId, new_pbid};
use crate::intake::TrackEventRequest;
use crate::service::ConsentRequest;
use crate::state::TrackingState;

/// Largest consent body.
const MAX_CONSENT_BYTES: usize = 4 * 1024;

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct AcceptedView {
    pub accepted: bool,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct PbidView {
    /// A new random external id; the browser keeps it as cookie `pbid` for 180 days.
    pub pbid: String,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct PageTokenView {
    /// Signed token the browser sends back with each server event (`page_token`).
    pub page_token: String,
    /// Seconds the token stays valid; the browser fetches a new one before then.
    pub max_age_secs: u64,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ConsentRecordedView {
    pub recorded: bool,
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub recorded_at: OffsetDateTime,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct GdprFiltersView {
    pub success: bool,
    pub data: GdprFilters,
}

/// Refuses bodies above `limit` from `Content-Length` before reading, and while reading.
async fn read_limited(
    headers: &HeaderMap,
    body: Body,
    limit: usize,
) -> Result<axum::body::Bytes, ApiError> {
    let declared = headers
        .get(CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<usize>().ok());
    if declared.is_some_and(|n| n > limit) {
        return Err(ApiError::too_large());
    }
    to_bytes(body, limit)
        .await
        .map_err(|_| ApiError::too_large())
}

/// Accept one browser event (same `event_id` as the browser pixel) for server-side delivery to
/// every destination the visitor consented to.
#[utoipa::path(post, path = "/api/v1/tracking/events", tag = "tracking",
    request_body = TrackEventRequest,
    responses(
        (status = 202, description = "Accepted and queued", body = AcceptedView),
        (status = 400, description = "`invalid_event`", body = ErrorBody),
        (status = 401, description = "`forged_event`: page token or session missing", body = ErrorBody),
        (status = 403, description = "`forged_event`: page token invalid or expired", body = ErrorBody),
        (status = 409, description = "`replayed_event`", body = ErrorBody),
        (status = 413, description = "`event_too_large` (over 16 KiB)", body = ErrorBody),
        (status = 429, description = "`rate_limited`", body = ErrorBody)))]
pub async fn post_tracking_event(
    State(state): State<TrackingState>,
    visitor: Visitor,
    headers: HeaderMap,
    body: Body,
) -> Result<(StatusCode, Json<AcceptedView>), ApiError> {
    let bytes = read_limited(&headers, body, MAX_EVENT_BYTES).await?;
    state.accept_event(&bytes, &visitor.ctx).await?;
    Ok((StatusCode::ACCEPTED, Json(AcceptedView { accepted: true })))
}

/// A page token for the caller's visitor session (`vitrine_sid`), made here when the visitor
/// has none yet. Pages themselves carry nothing personal, so the browser asks for this once
/// it has a server event to send.
#[utoipa::path(post, path = "/api/v1/tracking/token", tag = "tracking",
    responses(
        (status = 200, description = "Sets `vitrine_sid` when the visitor had none", body = PageTokenView),
        (status = 429, description = "`rate_limited`", body = ErrorBody)))]
pub async fn post_tracking_token(State(state): State<TrackingState>, visitor: Visitor) -> Response {
    let fresh = visitor.ctx.session.is_none();
    let session = visitor.ctx.session.unwrap_or_else(SessionId::generate);
    let view = PageTokenView {
        page_token: state.issue_page_token(&session),
        max_age_secs: state.settings().page_token_max_age_secs,
    };
    let mut response = Json(view).into_response();
    if fresh {
        give_session(&mut response, &state, &session);
    }
    response
}

/// A fresh external id (`pbid`), fetched once by the browser when server events are on.
#[utoipa::path(get, path = "/api/v1/tracking/pbid", tag = "tracking",
    responses((status = 200, body = PbidView), (status = 429, body = ErrorBody)))]
pub async fn get_tracking_pbid() -> Json<PbidView> {
    Json(PbidView { pbid: new_pbid() })
}

/// Record a consent decision in the proof log (server time, pseudonymous id, banner version).
/// Sets the HttpOnly cookie `vitrine_consent_id` that later requests are matched by.
#[utoipa::path(post, path = "/api/v1/consent", tag = "tracking",
    request_body = ConsentRequest,
    responses(
        (status = 201, body = ConsentRecordedView),
        (status = 400, description = "`invalid_consent`", body = ErrorBody),
        (status = 413, body = ErrorBody), (status = 429, body = ErrorBody)))]
pub async fn post_consent(
    State(state): State<TrackingState>,
    visitor: Visitor,
    headers: HeaderMap,
    body: Body,
) -> Result<Response, ApiError> {
    let bytes = read_limited(&headers, body, MAX_CONSENT_BYTES).await?;
    let req: ConsentRequest = serde_json::from_slice(&bytes)
        .map_err(|e| ApiError::new(StatusCode::BAD_REQUEST, "invalid_consent", e.to_string()))?;
    let record = state.record_consent(&req, visitor.ctx.gpc).await?;
    let view = ConsentRecordedView {
        recorded: true,
        recorded_at: record.recorded_at,
    };
    let mut response = (StatusCode::CREATED, Json(view)).into_response();
    let max_age = u64::from(state.settings().consent.reask_after_days) * 86_400;
    if let Some(cookie) = set_cookie(
        CONSENT_COOKIE,
        &req.decision_id,
        Some(max_age),
        state.settings().secure_cookies,
    ) {
        response.headers_mut().append(SET_COOKIE, cookie);
    }
    Ok(response)
}

/// Which providers and cookie groups must stay disabled for this visitor (spec §7
/// `pys_get_gdpr_filters_values`), from the recorded consent.
#[utoipa::path(get, path = "/api/v1/tracking/gdpr-filters", tag = "tracking",
    responses((status = 200, body = GdprFiltersView), (status = 429, body = ErrorBody)))]
pub async fn get_gdpr_filters(
    State(state): State<TrackingState>,
    visitor: Visitor,
) -> Result<Json<GdprFiltersView>, ApiError> {
    let data = state
        .gdpr_filters(visitor.ctx.consent_decision.as_deref(), visitor.ctx.gpc)
        .await?;
    Ok(Json(GdprFiltersView {
        success: true,
        data,
    }))
}

/// The caller's own attribution snapshot, as recorded at landing for the `vitrine_sid` session
/// (what checkout will attach to the order). 404 `not_found` without a session or snapshot.
#[utoipa::path(get, path = "/api/v1/tracking/attribution", tag = "tracking",
    responses(
        (status = 200, body = AttributionSnapshot),
        (status = 404, description = "`not_found`: no session or nothing recorded yet", body = ErrorBody),
        (status = 429, body = ErrorBody)))]
pub async fn get_attribution(
    State(state): State<TrackingState>,
    visitor: Visitor,
) -> Result<Json<AttributionSnapshot>, ApiError> {
    let not_found = || {
        ApiError::new(
            StatusCode::NOT_FOUND,
            "not_found",
            "No attribution is recorded for this visitor.",
        )
    };
    let session = visitor.ctx.session.ok_or_else(not_found)?;
    let snapshot = state
        .attribution(&session)
        .await
        .map_err(|e| ApiError::internal(&e))?;
    snapshot.map(Json).ok_or_else(not_found)
}
