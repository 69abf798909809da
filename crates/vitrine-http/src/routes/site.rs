//! The shop's identity, its category menu and the health check.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::Serialize;
use utoipa::ToSchema;

use crate::currency::ReadPricer;
use crate::error::ApiResult;
use crate::responses::Internal;
use crate::shop;
use crate::state::AppState;
use crate::views::{CategoryView, RatesHealthView, SiteView};

/// `{ "site": SiteView }`
#[derive(Debug, Serialize, ToSchema)]
pub struct SiteResponse {
    pub site: SiteView,
}

/// `{ "categories": [...] }`
#[derive(Debug, Serialize, ToSchema)]
pub struct CategoriesResponse {
    pub categories: Vec<CategoryView>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum HealthStatus {
    Ok,
    Unavailable,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct HealthView {
    pub status: HealthStatus,
    /// Exchange-rate refreshing, when the shop refreshes rates from a source (`[shop.rates]`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub rates: Option<RatesHealthView>,
}

/// Get the shop's name, currencies (the cookie's current one) and its price format, categories
/// and grid settings.
#[utoipa::path(get, path = "/api/v1/site", tag = "site",
    responses(
        (status = 200, body = SiteResponse),
        Internal))]
pub async fn get_site(
    State(state): State<AppState>,
    ReadPricer(pricer): ReadPricer,
) -> ApiResult<Json<SiteResponse>> {
    let site = shop::site_view(&state, &pricer).await?;
    Ok(Json(SiteResponse { site }))
}

/// List product categories with their product counts.
#[utoipa::path(get, path = "/api/v1/categories", tag = "catalogue",
    responses(
        (status = 200, body = CategoriesResponse),
        Internal))]
pub async fn list_categories(State(state): State<AppState>) -> ApiResult<Json<CategoriesResponse>> {
    let taxonomy = state.shop().catalogue().taxonomy().await?;
    Ok(Json(CategoriesResponse {
        categories: state.category_views(&taxonomy).to_vec(),
    }))
}

/// Check that the shop can reach its database; with `[shop.rates]`, how refreshing the
/// exchange rates goes.
#[utoipa::path(get, path = "/healthz", tag = "site",
    responses(
        (status = 200, body = HealthView),
        (status = 503, description = "The database is unreachable", body = HealthView)))]
pub async fn get_health(State(state): State<AppState>) -> (StatusCode, Json<HealthView>) {
    let rates = state.shop().pricing().rate_status();
    let rates = rates.as_ref().map(RatesHealthView::from);
    match state.shop().catalogue().count_products().await {
        Ok(_) => (
            StatusCode::OK,
            Json(HealthView {
                status: HealthStatus::Ok,
                rates,
            }),
        ),
        Err(err) => {
            tracing::error!(error = %err, "health check: the store is unavailable");
            (
                StatusCode::SERVICE_UNAVAILABLE,
                Json(HealthView {
                    status: HealthStatus::Unavailable,
                    rates,
                }),
            )
        }
    }
}
