//! `GET` and `POST /api/v1/products/{id}/reviews`.

use std::net::SocketAddr;

use axum::Json;
use axum::extract::{ConnectInfo, Extension, State};
use axum::http::{HeaderMap, StatusCode};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use vitrine_domain::catalogue::ProductId;
use vitrine_domain::review::ReviewSubmission;

use super::LIST_REVIEWS;
use crate::error::{ApiResult, ErrorBody};
use crate::extract::{AppJson, AppPath, client_key};
use crate::responses::{Internal, ProductNotFound, RateLimited};
use crate::shop;
use crate::state::AppState;
use crate::views::{ReviewView, ReviewsPart};

/// A product's approved reviews, newest first, with their count and average rating.
#[derive(Debug, Serialize, ToSchema)]
pub struct ReviewListResponse {
    pub reviews: Vec<ReviewView>,
    /// Approved reviews of the product.
    pub review_count: u32,
    /// Mean of their ratings to two decimals; 0 when none is rated.
    pub average_rating: f64,
}

/// A review as submitted through the form. Text fields are plain text.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewReviewRequest {
    /// 1–5 stars; required when the shop requires a rating.
    #[serde(default)]
    #[schema(minimum = 1, maximum = 5)]
    pub rating: Option<i64>,
    #[serde(default)]
    pub text: String,
    #[serde(default)]
    pub author: String,
    /// Kept private; never shown.
    #[serde(default)]
    pub email: Option<String>,
}

/// `{ "review": ReviewView }`: the stored review (`pending` unless the shop auto-approves).
#[derive(Debug, Serialize, ToSchema)]
pub struct ReviewResponse {
    pub review: ReviewView,
}

/// List a product's approved reviews.
#[utoipa::path(get, path = "/api/v1/products/{id}/reviews", tag = "reviews",
    params(("id" = i64, Path, description = "Product id")),
    responses(
        (status = 200, body = ReviewListResponse),
        (status = 400, description = "`invalid_parameter` (id not a number)", body = ErrorBody),
        ProductNotFound,
        Internal))]
pub async fn list_reviews(
    State(state): State<AppState>,
    AppPath(id): AppPath<i64>,
) -> ApiResult<Json<ReviewListResponse>> {
    let product = shop::product_by_id(&state, id).await?;
    let ReviewsPart {
        reviews,
        count,
        average,
    } = {
        let found = state
            .shop()
            .reviews()
            .of_product(&product, LIST_REVIEWS)
            .await?;
        ReviewsPart::new(&found.summary, &found.reviews)
    };
    Ok(Json(ReviewListResponse {
        reviews,
        review_count: count,
        average_rating: average,
    }))
}

/// Submit a review of a product.
///
/// Stored reviews are braked per client address (5 at once, then 2 a minute; refused ones
/// do not count): 429 `rate_limited` with `Retry-After`.
#[utoipa::path(post, path = "/api/v1/products/{id}/reviews", tag = "reviews",
    params(("id" = i64, Path, description = "Product id")),
    request_body = NewReviewRequest,
    responses(
        (status = 201, body = ReviewResponse),
        (status = 400, description = "`invalid_json`, `invalid_parameter`", body = ErrorBody),
        (status = 403, description = "`reviews_closed`: the product takes no reviews", body = ErrorBody),
        ProductNotFound,
        (status = 415, description = "`unsupported_media_type`", body = ErrorBody),
        (status = 422, description = "`rating_required` (message: the shop's text), \
            `invalid_review`; `field` names the field", body = ErrorBody),
        RateLimited,
        Internal))]
pub async fn add_review(
    State(state): State<AppState>,
    AppPath(id): AppPath<i64>,
    headers: HeaderMap,
    peer: Option<Extension<ConnectInfo<SocketAddr>>>,
    AppJson(request): AppJson<NewReviewRequest>,
) -> ApiResult<(StatusCode, Json<ReviewResponse>)> {
    let submission = ReviewSubmission {
        author: request.author,
        email: request.email,
        rating: request.rating,
        text: request.text,
    };
    let client = client_key(&state, &headers, peer);
    let stored = state
        .shop()
        .reviews()
        .submit(ProductId(id), &submission, &client)
        .await?;
    let review = ReviewView::new(&stored);
    Ok((StatusCode::CREATED, Json(ReviewResponse { review })))
}
