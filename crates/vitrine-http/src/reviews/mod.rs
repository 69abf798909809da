//! Product reviews (spec §2, §3 "Review form", §5): list a product's approved reviews, submit
//! a review, and the reviews a product page carries in its page data (ADR 0004).

mod handlers;
mod highlights;
mod view;

use std::sync::Arc;

use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use vitrine_domain::catalogue::Product;
use vitrine_domain::ports::ReviewStore;

pub use handlers::{NewReviewRequest, ReviewListResponse, ReviewResponse};
pub use highlights::{HIGHLIGHT_MIN_STARS, HIGHLIGHTS, ReviewHighlightView, highlights};
pub use view::{ReviewFormView, ReviewView, ReviewsPart};

use crate::error::{ApiError, ApiResult};
use crate::state::AppState;

/// How many of the newest approved reviews a product page embeds.
pub const PAGE_REVIEWS: u32 = 20;
/// How many the review list endpoint answers at most.
pub const LIST_REVIEWS: u32 = 100;
/// Reviews one client address may have stored at once, then per minute (spam brake).
pub const SUBMISSIONS_BURST: u32 = 5;
pub const SUBMISSIONS_PER_MINUTE: u32 = 2;

impl AppState {
    /// This state with reviews stored in `store` (the binary passes the database's review
    /// adapter). Without it products show no reviews and submitting one answers 500.
    pub fn with_reviews(mut self, store: Arc<dyn ReviewStore>) -> Self {
        self.reviews = Some(store);
        self
    }

    pub(crate) fn reviews(&self) -> ApiResult<&dyn ReviewStore> {
        self.reviews.as_deref().ok_or_else(|| {
            ApiError::internal(anyhow::anyhow!(
                "no review store configured: build the state with AppState::with_reviews"
            ))
        })
    }
}

/// The approved reviews, count and average a product's page shows (nothing without a store).
pub async fn reviews_part(
    state: &AppState,
    product: &Product,
    limit: u32,
) -> ApiResult<ReviewsPart> {
    let Some(store) = state.reviews.as_deref() else {
        return Ok(ReviewsPart::default());
    };
    if !product.reviews_allowed {
        return Ok(ReviewsPart::default());
    }
    let summary = store.review_summary(product.id).await?;
    let reviews = if summary.count == 0 {
        Vec::new()
    } else {
        store.approved_reviews(product.id, limit).await?
    };
    Ok(ReviewsPart::new(&summary, &reviews))
}

#[derive(OpenApi)]
#[openapi(tags((name = "reviews", description = "Product reviews: approved ones are public; \
    new ones wait for approval unless the shop approves them at once (`[shop.reviews]`).")))]
struct ReviewsDoc;

/// The review endpoints with their OpenAPI description.
pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(ReviewsDoc::openapi())
        .routes(routes!(handlers::list_reviews, handlers::add_review))
}
