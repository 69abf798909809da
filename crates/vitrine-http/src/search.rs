//! Live search (issue 13, spec §3, §7): `GET /api/v1/search/suggestions` answers the header
//! search box from the in-process index (`vitrine_app::search`), priced in the shopper's
//! currency like listing cards. Answers are kept in the read cache (per catalogue version,
//! prices and currency), so a repeated prefix is one lookup.

use axum::Json;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, OpenApi, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use vitrine_app::catalogue::Products;
use vitrine_app::pricing::Pricer;
use vitrine_app::search::Search;
use vitrine_domain::catalogue::CategoryId;

use crate::currency::ReadCurrency;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::AppQuery;
use crate::read_cache::kept_answer;
use crate::responses::{Internal, NotModified, SearchUnavailable};
use crate::state::AppState;
use crate::views::{ImageView, price_of, product_url};

/// `GET /api/v1/search/suggestions` parameters (the theme's `ajax_search_products`).
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SuggestionParams {
    /// The text typed: 1–100 characters without control characters; fewer than 3 answer an
    /// empty list.
    #[param(min_length = 1, max_length = 100)]
    pub q: Option<String>,
    /// Only products in this category (by id) or below it (`product_cat`).
    #[param(value_type = Option<i64>)]
    pub category: Option<String>,
}

/// One suggestion (spec §3 "Search suggestion").
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct SuggestionView {
    /// The product's name.
    pub value: String,
    /// The product id; -1 means no link.
    pub id: i64,
    /// "/product/hoodie/"
    pub url: String,
    /// The thumbnail's address, "" when the product has no image.
    pub img: String,
    /// WooCommerce's price HTML in the shopper's currency, "" when the product has no price.
    pub price: String,
    /// The same price as plain text ("$18.00 – $45.00"), "" when none.
    pub price_text: String,
}

/// The suggestions of products read with their grouped children: a suggestion shows a name,
/// a link, a thumbnail and a price, so only those are made — not a card's sanitised short
/// description, stock, quantity and swatches (ADR 0032: a third of a suggestion request's
/// instructions outside the index went on parts it then dropped).
fn suggestion_views(
    state: &AppState,
    pricer: &Pricer,
    products: &Products,
) -> ApiResult<Vec<SuggestionView>> {
    let cx = state.view_context(pricer);
    products
        .items
        .iter()
        .map(|p| {
            state.media().remember(p);
            // Prices that cannot be added up come from stored data: a logged 500.
            let price = price_of(p, &products.children, &cx)?;
            Ok(SuggestionView {
                value: p.name.clone(),
                id: p.id.0,
                url: product_url(p),
                img: p
                    .images
                    .first()
                    .map(|i| ImageView::new(i, &p.name).thumb_src)
                    .unwrap_or_default(),
                price_text: price.as_ref().map(|p| p.text.clone()).unwrap_or_default(),
                price: price.map(|p| p.html).unwrap_or_default(),
            })
        })
        .collect()
}

/// `{ "suggestions": [...] }`, best first.
#[derive(Debug, Serialize, ToSchema)]
pub struct SuggestionsResponse {
    pub suggestions: Vec<SuggestionView>,
}

/// Products matching what the shopper is typing: name, SKU, categories, tags and attribute
/// values, as a prefix and with typos forgiven.
#[utoipa::path(get, path = "/api/v1/search/suggestions", tag = "catalogue",
    params(SuggestionParams),
    responses(
        (status = 200, body = SuggestionsResponse, headers(("ETag" = String,
            description = "Strong tag of these bytes (the same on every instance)"))),
        NotModified,
        (status = 400, description = "`invalid_parameter`: `q` empty, over 100 characters or \
            with a control character; `category` not a number or no such category",
            body = ErrorBody),
        SearchUnavailable,
        Internal))]
pub async fn get_suggestions(
    State(state): State<AppState>,
    headers: HeaderMap,
    AppQuery(params): AppQuery<SuggestionParams>,
    ReadCurrency(currency): ReadCurrency,
) -> ApiResult<Response> {
    let q = params.q.unwrap_or_default();
    let query = Search::suggestion_query(&q)?;
    let category = match params.category.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(raw) => Some(CategoryId(raw.parse().map_err(|_| {
            ApiError::invalid_parameter("category", "category must be a category id")
        })?)),
    };
    let address = format!("suggest {} {q}", category.map_or(-1, |c| c.0));
    let state = &state;
    kept_answer(state, &headers, currency, address, |pricer| async move {
        let products = state.shop().search().suggest(&query, category).await?;
        let suggestions = suggestion_views(state, &pricer, &products)?;
        Ok(Json(SuggestionsResponse { suggestions }).into_response())
    })
    .await
}

#[derive(OpenApi)]
struct SearchDoc;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(SearchDoc::openapi()).routes(routes!(get_suggestions))
}
