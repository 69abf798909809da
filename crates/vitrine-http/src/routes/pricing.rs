//! A product's price at a quantity and its bulk-discount table (spec §7 wdr_ajax
//! get_price_html and get_variable_product_bulk_table, awdr_get_product_discount), in the
//! shopper's currency.

use axum::Json;
use axum::extract::State;
use serde::Deserialize;
use utoipa::IntoParams;
use vitrine_domain::cart::{CartError, MAX_LINE_QUANTITY};
use vitrine_domain::catalogue::{ProductId, VariationId};

use crate::currency::ReadShopper;
use crate::error::{ApiResult, ErrorBody};
use crate::extract::{AppPath, AppQuery};
use crate::responses::{Internal, ProductNotFound};
use crate::state::AppState;
use crate::views::{BulkTableView, QuantityPriceView};

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct QuantityPriceParams {
    /// Units to price, 1 to the cart's line maximum; 1 when absent.
    #[param(value_type = Option<u32>, minimum = 1, maximum = 9999)]
    pub quantity: Option<String>,
    /// The variation to price (required for a variable product).
    pub variation_id: Option<i64>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct BulkTableParams {
    /// The variation whose table to show (required for a variable product).
    pub variation_id: Option<i64>,
}

/// A whole number of units from 1 to the line maximum, as the cart takes them.
fn quantity(text: Option<&str>) -> Result<u32, vitrine_app::AppError> {
    let Some(text) = text else { return Ok(1) };
    text.trim()
        .parse::<u32>()
        .ok()
        .filter(|q| (1..=MAX_LINE_QUANTITY).contains(q))
        .ok_or_else(|| {
            CartError::InvalidQuantity(format!(
                "Please choose a quantity from 1 to {MAX_LINE_QUANTITY}."
            ))
            .into()
        })
}

/// Price a quantity of a product (the price following the quantity input, "You save").
#[utoipa::path(get, path = "/api/v1/products/{id}/price", tag = "catalogue",
    params(("id" = i64, Path, description = "Product id"), QuantityPriceParams,
        ("wmc_current_currency" = Option<String>, Cookie,
            description = "The shopper's currency; the base when absent or not offered")),
    responses(
        (status = 200, body = QuantityPriceView),
        (status = 400, description = "`invalid_quantity`; `invalid_parameter` (an id that is \
            not a number, a variable product without `variation_id`, a product without a price \
            of its own)", body = ErrorBody),
        ProductNotFound,
        Internal))]
pub async fn get_quantity_price(
    State(state): State<AppState>,
    AppPath(id): AppPath<i64>,
    AppQuery(params): AppQuery<QuantityPriceParams>,
    ReadShopper(shopper): ReadShopper,
) -> ApiResult<Json<QuantityPriceView>> {
    let quantity = quantity(params.quantity.as_deref())?;
    let variation = params.variation_id.map(VariationId);
    let shop = state.shop();
    let (quote, pricer) = shop
        .quote(ProductId(id), variation, quantity, shopper)
        .await?;
    let cx = state.view_context(&pricer);
    Ok(Json(QuantityPriceView::new(&quote, &cx.prices)))
}

/// Get a product's bulk-discount table (per variation for variable products).
#[utoipa::path(get, path = "/api/v1/products/{id}/bulk-table", tag = "catalogue",
    params(("id" = i64, Path, description = "Product id"), BulkTableParams,
        ("wmc_current_currency" = Option<String>, Cookie,
            description = "The shopper's currency; the base when absent or not offered")),
    responses(
        (status = 200, description = "One row per tier; no rows when no bulk rule applies",
            body = BulkTableView),
        (status = 400, description = "`invalid_parameter` (an id that is not a number, a \
            variable product without `variation_id`, a product without a price of its own)",
            body = ErrorBody),
        ProductNotFound,
        Internal))]
pub async fn get_bulk_table(
    State(state): State<AppState>,
    AppPath(id): AppPath<i64>,
    AppQuery(params): AppQuery<BulkTableParams>,
    ReadShopper(shopper): ReadShopper,
) -> ApiResult<Json<BulkTableView>> {
    let variation = params.variation_id.map(VariationId);
    let (rows, pricer) = state
        .shop()
        .bulk_table(ProductId(id), variation, shopper)
        .await?;
    let cx = state.view_context(&pricer);
    Ok(Json(BulkTableView::new(&rows, &cx.prices)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_quantity_is_a_whole_number_within_the_line_maximum() {
        assert_eq!(quantity(None).ok(), Some(1));
        assert_eq!(quantity(Some("3")).ok(), Some(3));
        assert_eq!(quantity(Some(" 9999 ")).ok(), Some(MAX_LINE_QUANTITY));
        for bad in ["0", "10000", "-1", "2.5", "three", ""] {
            assert!(quantity(Some(bad)).is_err(), "{bad:?}");
        }
    }

    /// utoipa takes only a literal for `maximum`: the document must still say what the
    /// domain enforces.
    #[test]
    fn the_documented_quantity_maximum_is_the_domains_line_maximum() {
        let doc = serde_json::to_value(crate::openapi()).expect("the document serializes");
        let params = &doc["paths"]["/api/v1/products/{id}/price"]["get"]["parameters"];
        let quantity = params
            .as_array()
            .and_then(|list| list.iter().find(|p| p["name"] == "quantity"))
            .expect("a quantity parameter");
        assert_eq!(
            quantity["schema"]["maximum"].as_f64(),
            Some(f64::from(MAX_LINE_QUANTITY))
        );
        assert_eq!(quantity["schema"]["minimum"].as_f64(), Some(1.0));
    }
}
