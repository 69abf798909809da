//! The tracking endpoints: page token, event intake, pbid, consent record, GDPR filter values,
//! the visitor's attribution.

use axum::Json;
use axum::body::{Body, Bytes, to_bytes};
use axum::http::header::CONTENT_LENGTH;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use vitrine_app::tracking::attribution::AttributionSnapshot;
use vitrine_app::tracking::consent::ConsentRequest;
use vitrine_app::tracking::ids::new_pbid;
use vitrine_app::tracking::intake::TrackEventRequest;

use super::cookies::{give_consent, give_session};
use super::views::{
    AcceptedView, ConsentRecordedView, GdprFiltersView, PageTokenRequest, PageTokenView, PbidData,
    PbidView,
};
use super::visitor::Visitor;
use crate::error::{ApiError, ApiResult, ErrorBody, ErrorCode};
use crate::extract::{AppJson, require_json};
use crate::responses::{Internal, JsonBody, RateLimited};

pub use vitrine_app::tracking::intake::MAX_EVENT_BYTES;
/// Largest consent body.
const MAX_CONSENT_BYTES: usize = 4 * 1024;

/// The body of a JSON request: refused unless declared JSON (a page on another site could
/// post `text/plain` without asking), and above `limit` from `Content-Length` before reading,
/// and while reading.
async fn read_json(headers: &HeaderMap, body: Body, limit: usize) -> ApiResult<Bytes> {
    require_json(headers)?;
    let declared = headers
        .get(CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<usize>().ok());
    if declared.is_some_and(|n| n > limit) {
        return Err(ApiError::event_too_large());
    }
    to_bytes(body, limit)
        .await
        .map_err(|_| ApiError::event_too_large())
}

/// Accept one browser event (same `event_id` as the browser pixel) for server-side delivery to
/// every destination the visitor consented to.
#[utoipa::path(post, path = "/api/v1/tracking/events", tag = "tracking",
    request_body = TrackEventRequest,
    responses(
        (status = 202, description = "Accepted and queued", body = AcceptedView),
        (status = 400, description = "`invalid_event`: a field breaks its rule or a bound (`field` names it; `event_source_url` not on the shop's origin)", body = ErrorBody),
        (status = 401, description = "`forged_event`: page token or session missing", body = ErrorBody),
        (status = 403, description = "`forged_event`: page token invalid, expired, another visitor's or for another page", body = ErrorBody),
        (status = 404, description = "`not_found`: tracking is off", body = ErrorBody),
        (status = 409, description = "`replayed_event`", body = ErrorBody),
        (status = 413, description = "`event_too_large` (over 16 KiB)", body = ErrorBody),
        (status = 422, description = "`server_only_event`: `Purchase` comes from the paid order, never from the browser", body = ErrorBody),
        RateLimited,
        JsonBody,
        Internal))]
pub async fn post_tracking_event(
    visitor: Visitor,
    headers: HeaderMap,
    body: Body,
) -> ApiResult<(StatusCode, Json<AcceptedView>)> {
    let bytes = read_json(&headers, body, MAX_EVENT_BYTES).await?;
    visitor.tracking.accept_event(&bytes, &visitor.ctx).await?;
    Ok((StatusCode::ACCEPTED, Json(AcceptedView { accepted: true })))
}

/// A page token for the caller's visitor session (`vitrine_sid`, made here when the visitor
/// has none yet) and one page of the shop. Pages themselves carry nothing personal, so the
/// browser asks for this on each page view that has a server event to send.
#[utoipa::path(post, path = "/api/v1/tracking/token", tag = "tracking",
    request_body = PageTokenRequest,
    responses(
        (status = 200, description = "Sets `vitrine_sid` when the visitor had none", body = PageTokenView),
        (status = 400, description = "`invalid_parameter` (`path` is not a storefront page path) or `invalid_json`", body = ErrorBody),
        (status = 404, description = "`not_found`: tracking is off", body = ErrorBody),
        RateLimited,
        JsonBody,
        Internal))]
pub async fn post_tracking_token(
    visitor: Visitor,
    AppJson(req): AppJson<PageTokenRequest>,
) -> ApiResult<Response> {
    let Visitor {
        tracking,
        ctx,
        secure,
    } = visitor;
    let issued = tracking
        .page_token_for(ctx.session, &req.path)
        .map_err(|e| ApiError::invalid_parameter("path", e.to_string()))?;
    let view = PageTokenView {
        page_token: issued.token,
        path: issued.page.as_str().to_owned(),
        max_age_secs: issued.max_age_secs,
    };
    let mut response = Json(view).into_response();
    if issued.fresh_session {
        give_session(&mut response, &issued.session, secure);
    }
    Ok(response)
}

/// A fresh external id (`pbid`), fetched once by the browser when server events are on.
#[utoipa::path(get, path = "/api/v1/tracking/pbid", tag = "tracking",
    responses(
        (status = 200, body = PbidView),
        (status = 404, description = "`not_found`: tracking is off", body = ErrorBody),
        RateLimited,
        Internal))]
pub async fn get_tracking_pbid(_visitor: Visitor) -> Json<PbidView> {
    Json(PbidView {
        success: true,
        data: PbidData { pbid: new_pbid() },
    })
}

/// Record a consent decision in the proof log (server time, pseudonymous id, banner version).
/// Sets the HttpOnly cookie `vitrine_consent_id` that later requests are matched by.
#[utoipa::path(post, path = "/api/v1/consent", tag = "tracking",
    request_body = ConsentRequest,
    responses(
        (status = 201, body = ConsentRecordedView),
        (status = 400, description = "`invalid_consent`", body = ErrorBody),
        (status = 404, description = "`not_found`: tracking is off", body = ErrorBody),
        (status = 413, description = "`event_too_large` (over 4 KiB)", body = ErrorBody),
        RateLimited,
        JsonBody,
        Internal))]
pub async fn post_consent(visitor: Visitor, headers: HeaderMap, body: Body) -> ApiResult<Response> {
    let bytes = read_json(&headers, body, MAX_CONSENT_BYTES).await?;
    let req: ConsentRequest =
        serde_json::from_slice(&bytes).map_err(|e| ApiError::malformed_consent(&e))?;
    let tracking = &visitor.tracking;
    let record = tracking.record_consent(&req, visitor.ctx.gpc).await?;
    let view = ConsentRecordedView {
        recorded: true,
        recorded_at: record.recorded_at,
    };
    let mut response = (StatusCode::CREATED, Json(view)).into_response();
    let max_age = u64::from(tracking.settings().consent.reask_after_days) * 86_400;
    give_consent(&mut response, &req.decision_id, max_age, visitor.secure);
    Ok(response)
}

/// Which providers and cookie groups must stay disabled for this visitor (spec §7
/// `pys_get_gdpr_filters_values`), from the recorded consent.
#[utoipa::path(get, path = "/api/v1/tracking/gdpr-filters", tag = "tracking",
    responses(
        (status = 200, body = GdprFiltersView),
        (status = 404, description = "`not_found`: tracking is off", body = ErrorBody),
        RateLimited,
        Internal))]
pub async fn get_gdpr_filters(visitor: Visitor) -> ApiResult<Json<GdprFiltersView>> {
    let Visitor { tracking, ctx, .. } = visitor;
    let data = tracking
        .gdpr_filters(ctx.consent_decision.as_deref(), ctx.gpc)
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
        (status = 404, description = "`not_found`: tracking is off, no session or nothing recorded yet", body = ErrorBody),
        RateLimited,
        Internal))]
pub async fn get_attribution(visitor: Visitor) -> ApiResult<Json<AttributionSnapshot>> {
    let not_found = || {
        ApiError::new(
            StatusCode::NOT_FOUND,
            ErrorCode::NotFound,
            "No attribution is recorded for this visitor.",
        )
    };
    let session = visitor.ctx.session.ok_or_else(not_found)?;
    let snapshot = visitor.tracking.attribution(&session).await?;
    snapshot.map(Json).ok_or_else(not_found)
}
