//! What the tracking endpoints answer.

use serde::Serialize;
use time::OffsetDateTime;
use utoipa::ToSchema;
use vitrine_app::tracking::consent::GdprFilters;

#[derive(Debug, Serialize, ToSchema)]
pub struct AcceptedView {
    pub accepted: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PbidView {
    /// A new random external id; the browser keeps it as cookie `pbid` for 180 days.
    pub pbid: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PageTokenView {
    /// Signed token the browser sends back with each server event (`page_token`).
    pub page_token: String,
    /// Seconds the token stays valid; the browser fetches a new one before then.
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
