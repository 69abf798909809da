//! `POST /api/v1/currency`: switch the shopper's currency (spec §7 wmc_currency_switcher).

use axum::Json;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use utoipa::ToSchema;

use super::choice;
use crate::error::{ApiResult, ErrorBody};
use crate::extract::AppJson;
use crate::responses::{Internal, JsonBody};
use crate::state::AppState;
use crate::views::CurrencyChoiceView;

/// `POST /api/v1/currency`
#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct CurrencyChoiceRequest {
    /// One of the shop's currencies (ISO 4217, any case), hidden ones included.
    #[schema(example = "EUR")]
    pub currency: String,
}

/// Switch the shopper's currency: both cookies are written; cart and page prices follow.
#[utoipa::path(post, path = "/api/v1/currency", tag = "currency",
    request_body = CurrencyChoiceRequest,
    responses(
        (status = 200, description = "Sets `wmc_current_currency` and `wmc_current_currency_old` \
            (a day, readable by scripts)", body = CurrencyChoiceView),
        (status = 400, description = "`unsupported_currency` (not one of the shop's \
            currencies; no cookie is written), `invalid_json`", body = ErrorBody),
        JsonBody,
        Internal))]
pub async fn set_currency(
    State(state): State<AppState>,
    headers: HeaderMap,
    AppJson(request): AppJson<CurrencyChoiceRequest>,
) -> ApiResult<Response> {
    let switch = choice::switch_to(&state, &headers, &request.currency)?;
    let view = CurrencyChoiceView {
        current: switch.current.code().to_owned(),
        previous: switch.previous.code().to_owned(),
    };
    let mut response = Json(view).into_response();
    switch.write(
        response.headers_mut(),
        crate::cookies::secure_cookies(&headers, &state),
    );
    Ok(response)
}
