//! Product reviews: a product's approved reviews, submitting one (validation, moderation and
//! the spam brake), and the home page's highlights.

use std::sync::Arc;

use time::OffsetDateTime;
use vitrine_domain::brake::{Attempt, BrakeScope};
use vitrine_domain::catalogue::{Product, ProductId};
use vitrine_domain::ports::ReviewStore;
use vitrine_domain::review::{
    Review, ReviewRules, ReviewStatus, ReviewSubmission, ReviewSummary, validate,
};

use crate::brake::{BrakeKind, Brakes};
use crate::catalogue::Catalogue;
use crate::clock::Clock;
use crate::error::{AppError, AppResult, Refusal};

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
pub struct ProductReviews {
    pub summary: ReviewSummary,
    pub reviews: Vec<Review>,
}

/// A review quoted on the home page with the product it is about.
#[derive(Debug, Clone, PartialEq)]
pub struct Highlight {
    pub review: Review,
    pub product: Product,
}

/// Reviews through their port, with the shop's policy and the spam brake. Cheap to clone.
#[derive(Clone)]
pub struct Reviews {
    inner: Arc<Inner>,
}

struct Inner {
    store: Arc<dyn ReviewStore>,
    catalogue: Catalogue,
    policy: ReviewPolicy,
    brakes: Brakes,
    clock: Clock,
}

impl Reviews {
    pub fn new(
        store: Arc<dyn ReviewStore>,
        catalogue: Catalogue,
        policy: ReviewPolicy,
        brakes: Brakes,
        clock: Clock,
    ) -> Self {
        Self {
            inner: Arc::new(Inner {
                store,
                catalogue,
                policy,
                brakes,
                clock,
            }),
        }
    }

    fn now(&self) -> OffsetDateTime {
        (self.inner.clock)()
    }

    /// The approved reviews of a product (none when the product takes no reviews).
    pub async fn of_product(&self, product: &Product, limit: u32) -> AppResult<ProductReviews> {
        if !product.reviews_allowed {
            return Ok(ProductReviews::default());
        }
        let store = &self.inner.store;
        let summary = store.review_summary(product.id).await?;
        let reviews = if summary.count == 0 {
            Vec::new()
        } else {
            store.approved_reviews(product.id, limit).await?
        };
        Ok(ProductReviews { summary, reviews })
    }

    /// Checks and stores a review of a published product from `client` (its address). The
    /// spam brake (`BrakeRule::REVIEW` per address: 5 at once, then 2 a minute) is reserved
    /// once the review is known to be valid and before it is stored, atomically in the shared
    /// store, so parallel submissions cannot all pass it. A refused review (closed product,
    /// invalid) reserves nothing; one the store fails to keep gives its attempt back.
    pub async fn submit(
        &self,
        product: ProductId,
        submission: &ReviewSubmission,
        client: &str,
    ) -> AppResult<Review> {
        let product = self.inner.catalogue.product(product).await?;
        if !product.reviews_allowed {
            return Err(AppError::refused(Refusal::ReviewsClosed));
        }
        let policy = &self.inner.policy;
        let review = validate(
            submission,
            &policy.rules,
            product.id,
            self.now(),
            policy.new_status,
        )?;
        let brakes = &self.inner.brakes;
        let reserved = brakes
            .reserve(
                BrakeKind::Review,
                vec![Attempt::new(BrakeScope::Review, client)],
            )
            .await?;
        match self.inner.store.add_review(&review).await {
            Ok(stored) => Ok(stored),
            Err(error) => {
                brakes.release(reserved).await;
                Err(error.into())
            }
        }
    }

    /// The newest well-rated approved reviews with their products.
    pub async fn highlights(&self) -> AppResult<Vec<Highlight>> {
        let reviews = self
            .inner
            .store
            .highlights(HIGHLIGHT_MIN_STARS, HIGHLIGHTS)
            .await?;
        if reviews.is_empty() {
            return Ok(Vec::new());
        }
        let mut ids: Vec<ProductId> = reviews.iter().map(|r| r.product_id).collect();
        ids.sort_unstable();
        ids.dedup();
        let products = self.inner.catalogue.store().products_by_ids(&ids).await?;
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
