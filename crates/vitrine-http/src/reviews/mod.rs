//! Product reviews (spec §2, §3 "Review form", §5): list a product's approved reviews, submit
//! a review, and the reviews a product page carries in its page data (ADR 0004).

mod handlers;
mod highlights;

use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub use handlers::{NewReviewRequest, ReviewListResponse, ReviewResponse};
pub use highlights::highlights;

use crate::state::AppState;

pub use vitrine_app::reviews::{LIST_REVIEWS, PAGE_REVIEWS};

#[derive(OpenApi)]
#[openapi(tags((name = "reviews", description = "Product reviews: approved ones are public; \
    new ones wait for approval unless the shop approves them at once (`[shop.reviews]`).")))]
struct ReviewsDoc;

/// The review endpoints with their OpenAPI description.
pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(ReviewsDoc::openapi())
        .routes(routes!(handlers::list_reviews, handlers::add_review))
}
