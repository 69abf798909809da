//! What the tracking endpoints take and answer.

use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use utoipa::ToSchema;
use vitrine_app::tracking::consent::GdprFilters;

#[derive(Debug, Serialize, ToSchema)]
pub struct AcceptedView {
    pub accepted: bool,
}

/// `{ "success": true, "data": { "pbid": "…" } }`, the shape of spec §7's `pys_get_pbid`.
#[derive(Debug, Serialize, ToSchema)]
pub struct PbidView {
    pub success: bool,
    pub data: PbidData,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PbidData {
    /// A new random external id; the browser keeps it as cookie `pbid` for 180 days
    /// (`data.pbid`).
    pub pbid: String,
}

/// Which page the browser wants a token for.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PageTokenRequest {
    /// The page's path (`location.pathname`, e.g. `/product/hoodie/`): a storefront page of
    /// this shop, at most 1024 characters; a query or fragment is ignored.
    pub path: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PageTokenView {
    /// Signed token the browser sends back with each server event of this page
    /// (`page_token`); events of any other page or visitor are refused with it.
    pub page_token: String,
    /// The page the token is for, normalised (dot segments resolved, percent-encoded).
    pub path: String,
    /// Seconds the token stays valid (default 1800); the browser asks again before then.
    pub max_age_secs: u64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ConsentRecordedView {
    pub recorded: bool,
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub recorded_at: OffsetDateTime,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct GdprFiltersView {
    pub success: bool,
    pub data: GdprFilters,
}
