//! Live search (issue 13, spec §3, §7): `GET /api/v1/search/suggestions` answers the header
//! search box from the in-process index (`vitrine_app::search`), priced in the shopper's
//! currency like listing cards. Answers are kept in the read cache (per catalogue version,
//! prices and currency), so a repeated prefix is one lookup.

use std::collections::HashMap;
use std::sync::Arc;

use axum::extract::State;
use axum::http::HeaderMap;
use axum::http::header::CONTENT_TYPE;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, OpenApi, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use vitrine_app::catalogue::Products;
use vitrine_app::pricing::Pricer;
use vitrine_app::read_cache::Rendered;
use vitrine_app::search::Search;
use vitrine_domain::catalogue::{CategoryId, ProductId};
use vitrine_domain::money::Currency;

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
        let ids = state
            .shop()
            .search()
            .suggestion_ids(&query, category)
            .await?;
        let body = suggestion_list(state, currency, pricer, &ids).await?;
        Ok(([(CONTENT_TYPE, "application/json")], body).into_response())
    })
    .await
}

/// `{"suggestions":[…]}` for `ids` in order, each product's suggestion kept on its own in the
/// read cache (ADR 0035): a query asked for the first time is mostly made of products other
/// queries suggested, so only the ones never rendered under the current stamp are read from
/// the catalogue and rendered. The bytes are those of [`SuggestionsResponse`] serialised.
async fn suggestion_list(
    state: &AppState,
    currency: Currency,
    pricer: Pricer,
    ids: &[ProductId],
) -> ApiResult<Vec<u8>> {
    let cache = state.shop().read_cache();
    let stamp = cache.stamp(currency).await?;
    let address = |id: ProductId| format!("suggestion {}", id.0);
    let mut parts: HashMap<ProductId, Arc<Rendered>> = HashMap::with_capacity(ids.len());
    if let Some(stamp) = &stamp {
        for &id in ids {
            if let Some(part) = cache.peek(stamp, &address(id)) {
                parts.insert(id, part);
            }
        }
    }
    let missing: Vec<ProductId> = ids
        .iter()
        .copied()
        .filter(|id| !parts.contains_key(id))
        .collect();
    if !missing.is_empty() {
        let products = state
            .shop()
            .catalogue()
            .published_products_in_place(&missing)
            .await?;
        // Made after the stamp was taken: kept parts are never older than their stamp's prices.
        let pricer = match stamp {
            Some(_) => state.shop().pricing().pricer(currency)?,
            None => pricer,
        };
        for view in suggestion_views(state, &pricer, &products)? {
            let id = ProductId(view.id);
            let body = serde_json::to_vec(&view).map_err(ApiError::internal)?;
            let part = Rendered::new(200, Vec::new(), body.into());
            let part = match &stamp {
                Some(stamp) => cache.keep(stamp, &address(id), part),
                None => Arc::new(part),
            };
            parts.insert(id, part);
        }
    }
    Ok(joined(ids.iter().filter_map(|id| parts.get(id))))
}

/// The list's bytes from its parts, as `serde_json` writes [`SuggestionsResponse`].
fn joined<'a>(parts: impl Iterator<Item = &'a Arc<Rendered>>) -> Vec<u8> {
    let mut body = br#"{"suggestions":["#.to_vec();
    for (i, part) in parts.enumerate() {
        if i > 0 {
            body.push(b',');
        }
        body.extend_from_slice(&part.body);
    }
    body.extend_from_slice(b"]}");
    body
}

#[derive(OpenApi)]
struct SearchDoc;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(SearchDoc::openapi()).routes(routes!(get_suggestions))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn view(id: i64, name: &str) -> SuggestionView {
        SuggestionView {
            value: name.to_owned(),
            id,
            url: format!("/product/{id}/"),
            img: String::new(),
            price: "<span>$1.00</span>".to_owned(),
            price_text: "$1.00".to_owned(),
        }
    }

    #[test]
    fn the_joined_parts_are_the_response_serialised() {
        for views in [
            vec![],
            vec![view(1, "Hoodie")],
            vec![view(1, "A \"B\""), view(2, "Ü")],
        ] {
            let parts: Vec<Arc<Rendered>> = views
                .iter()
                .map(|v| {
                    let body = serde_json::to_vec(v).expect("serialises");
                    Arc::new(Rendered::new(200, Vec::new(), body.into()))
                })
                .collect();
            let whole = serde_json::to_vec(&SuggestionsResponse { suggestions: views })
                .expect("serialises");
            assert_eq!(joined(parts.iter()), whole);
        }
    }
}
