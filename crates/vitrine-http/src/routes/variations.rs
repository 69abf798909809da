//! Variation endpoints (spec §7 Variations 1–4): all, match a selection, preview one choice.

use std::collections::BTreeMap;

use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::selection::{checked_selection, matching_variation, preview_candidate};
use crate::currency::ReadPricer;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{AppJson, AppPath, AppQuery};
use crate::responses::{JsonBody, ProductNotFound};
use crate::state::AppState;
use crate::views::{VariationView, visible_variations};
use vitrine_domain::catalogue::ProductId;

/// `{ "variations": Variation[] }`
#[derive(Debug, Serialize, ToSchema)]
pub struct VariationsResponse {
    pub variations: Vec<VariationView>,
}

/// `{ "variation": Variation | null }`
#[derive(Debug, Serialize, ToSchema)]
pub struct VariationResponse {
    #[schema(required = true)]
    pub variation: Option<VariationView>,
}

/// A shopper's choices.
#[derive(Debug, Deserialize, ToSchema)]
pub struct MatchVariationRequest {
    /// `attribute_{slug}` → option, e.g. `{ "attribute_color": "Blue", "attribute_logo": "Yes" }`.
    pub attributes: BTreeMap<String, String>,
}

/// List every visible variation of a product.
#[utoipa::path(get, path = "/api/v1/products/{id}/variations", tag = "variations",
    params(("id" = i64, Path, description = "Product id")),
    responses(
        (status = 200, body = VariationsResponse),
        (status = 400, description = "`invalid_parameter`", body = ErrorBody),
        (status = 404, description = "`product_not_found`", body = ErrorBody)))]
pub async fn list_variations(
    State(state): State<AppState>,
    AppPath(id): AppPath<i64>,
    ReadPricer(pricer): ReadPricer,
) -> ApiResult<Json<VariationsResponse>> {
    let product = state
        .shop()
        .catalogue()
        .cached_product(ProductId(id))
        .await?;
    let cx = state.view_context(&pricer);
    let variations = visible_variations(&product)
        .into_iter()
        .map(|v| VariationView::new(&product, v, &cx))
        .collect::<Result<_, _>>()?;
    Ok(Json(VariationsResponse { variations }))
}

/// Find the variation matching a complete selection (null when none or when incomplete).
#[utoipa::path(post, path = "/api/v1/products/{id}/variations/match", tag = "variations",
    params(("id" = i64, Path, description = "Product id")),
    request_body = MatchVariationRequest,
    responses(
        (status = 200, description = "The match; null when no variation matches or an \
            attribute is not chosen yet", body = VariationResponse),
        (status = 400, description = "`invalid_parameter`, `invalid_json`", body = ErrorBody),
        ProductNotFound,
        (status = 422, description = "`invalid_attributes`", body = ErrorBody),
        JsonBody))]
pub async fn match_variation(
    State(state): State<AppState>,
    AppPath(id): AppPath<i64>,
    ReadPricer(pricer): ReadPricer,
    AppJson(request): AppJson<MatchVariationRequest>,
) -> ApiResult<Json<VariationResponse>> {
    let product = state
        .shop()
        .catalogue()
        .cached_product(ProductId(id))
        .await?;
    let selection = checked_selection(&product, &request.attributes)?;
    let variation = matching_variation(&product, &selection)
        .map(|v| VariationView::new(&product, v, &state.view_context(&pricer)))
        .transpose()?;
    Ok(Json(VariationResponse { variation }))
}

/// The query parameter WordPress's REST client adds to every call (spec §7).
const LOCALE_PARAM: &str = "_locale";

/// Preview the image of one chosen attribute before the others are chosen.
#[utoipa::path(get, path = "/api/v1/products/{id}/variations/preview", tag = "variations",
    params(("id" = i64, Path, description = "Product id"),
        ("attribute_color" = Option<String>, Query,
            description = "Exactly one `attribute_{slug}={option}` parameter")),
    responses(
        (status = 200, description = "The first enabled variation with that value and an \
            image, or null", body = VariationResponse),
        (status = 400, description = "`invalid_parameter` (not exactly one attribute)", body = ErrorBody),
        ProductNotFound,
        (status = 422, description = "`invalid_attributes`", body = ErrorBody)))]
pub async fn preview_variation(
    State(state): State<AppState>,
    AppPath(id): AppPath<i64>,
    ReadPricer(pricer): ReadPricer,
    AppQuery(mut query): AppQuery<BTreeMap<String, String>>,
) -> ApiResult<Json<VariationResponse>> {
    // The REST client's `_locale=user` (spec §7) is not an attribute; the shop has one locale.
    query.remove(LOCALE_PARAM);
    if query.len() != 1 {
        return Err(ApiError::invalid_parameter(
            "attribute",
            "Give exactly one attribute, e.g. `?attribute_color=Blue`.",
        ));
    }
    let product = state
        .shop()
        .catalogue()
        .cached_product(ProductId(id))
        .await?;
    let selection = checked_selection(&product, &query)?;
    let variation = selection
        .iter()
        .find_map(|(slug, value)| preview_candidate(&product, slug, value))
        .map(|v| VariationView::new(&product, v, &state.view_context(&pricer)))
        .transpose()?;
    Ok(Json(VariationResponse { variation }))
}
