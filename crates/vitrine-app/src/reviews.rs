//! Product reviews: a product's approved reviews, submitting one (validation, moderation and
//! the spam brake), and the home page's highlights.

use vitrine_domain::catalogue::{Product, ProductId};
use vitrine_domain::review::{
    Review, ReviewRules, ReviewStatus, ReviewSubmission, ReviewSummary, validate,
};

use crate::error::{AppError, AppResult, Refusal};
use crate::shop::Shop;

/// How many of the newest approved reviews a product page embeds.
pub const PAGE_REVIEWS: u32 = 20;
/// How many the review list answers at most.
pub const LIST_REVIEWS: u32 = 100;
/// Reviews the home page's slider shows, and the stars they need.
pub const HIGHLIGHTS: u32 = 6;
pub const HIGHLIGHT_MIN_STARS: u8 = 4;

/// What the shop accepts and what a new review's status is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReviewPolicy {
    pub rules: ReviewRules,
    /// `Pending` (held until approved) or `Approved` (shown at once).
    pub new_status: ReviewStatus,
}

impl Default for ReviewPolicy {
    fn default() -> Self {
        Self {
            rules: ReviewRules::default(),
            new_status: ReviewStatus::Pending,
        }
    }
}

/// A product's approved reviews (newest first) with their count and rating sum.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Reviews {
    pub summary: ReviewSummary,
    pub reviews: Vec<Review>,
}

/// A review quoted on the home page with the product it is about.
#[derive(Debug, Clone, PartialEq)]
pub struct Highlight {
    pub review: Review,
    pub product: Product,
}

impl Shop {
    /// The approved reviews of a product (none when the product takes no reviews).
    pub async fn product_reviews(&self, product: &Product, limit: u32) -> AppResult<Reviews> {
        if !product.reviews_allowed {
            return Ok(Reviews::default());
        }
        let store = &self.ports().reviews;
        let summary = store.review_summary(product.id).await?;
        let reviews = if summary.count == 0 {
            Vec::new()
        } else {
            store.approved_reviews(product.id, limit).await?
        };
        Ok(Reviews { summary, reviews })
    }

    /// Checks and stores a review of a published product from `client` (its address). Only
    /// reviews about to be stored spend the client's brake: a refused one costs nothing.
    pub async fn submit_review(
        &self,
        product: ProductId,
        submission: &ReviewSubmission,
        client: &str,
    ) -> AppResult<Review> {
        let product = self.product(product).await?;
        if !product.reviews_allowed {
            return Err(AppError::refused(Refusal::ReviewsClosed));
        }
        let policy = &self.policies().reviews;
        let review = validate(
            submission,
            &policy.rules,
            product.id,
            self.now(),
            policy.new_status,
        )?;
        let brake = &self.inner().review_brake;
        if !brake.check(client) {
            return Err(AppError::Braked(brake.kind()));
        }
        Ok(self.ports().reviews.add_review(&review).await?)
    }

    /// The newest well-rated approved reviews with their products.
    pub async fn review_highlights(&self) -> AppResult<Vec<Highlight>> {
        let reviews = self
            .ports()
            .reviews
            .highlights(HIGHLIGHT_MIN_STARS, HIGHLIGHTS)
            .await?;
        if reviews.is_empty() {
            return Ok(Vec::new());
        }
        let mut ids: Vec<ProductId> = reviews.iter().map(|r| r.product_id).collect();
        ids.sort_unstable();
        ids.dedup();
        let products = self.ports().catalogue.products_by_ids(&ids).await?;
        Ok(reviews
            .into_iter()
            .filter_map(|review| {
                let product = products.iter().find(|p| p.id == review.product_id)?;
                Some(Highlight {
                    product: product.clone(),
                    review,
                })
            })
            .collect())
    }
}
