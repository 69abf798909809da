//! The review adapter: one row per review; approved ones are listed newest first and summed
//! for a product's average rating.

use async_trait::async_trait;
use sqlx::any::AnyRow;
use sqlx::{Any, Executor, Row};
use time::OffsetDateTime;
use vitrine_domain::catalogue::ProductId;
use vitrine_domain::ports::{ReviewStore, ReviewsAdded};
use vitrine_domain::review::{NewReview, Rating, Review, ReviewId, ReviewStatus, ReviewSummary};

use crate::db::Database;
use crate::error::{StoreResult, db_error};

const INSERT: &str = "INSERT INTO reviews (product_id, author, email, rating, body, status, \
    verified_owner, created_at, import_key) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) \
    ON CONFLICT (import_key) DO NOTHING RETURNING id";

const COLUMNS: &str =
    "id, product_id, author, email, rating, body, status, verified_owner, created_at";

/// [`ReviewStore`] over SQLite or PostgreSQL. Cheap to clone.
#[derive(Debug, Clone)]
pub struct SqlReviewStore {
    db: Database,
}

impl SqlReviewStore {
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

/// Inserts one review; `None` when its import key is already stored.
async fn insert<'e, E>(executor: E, review: &NewReview) -> StoreResult<Option<ReviewId>>
where
    E: Executor<'e, Database = Any>,
{
    let row = sqlx::query(INSERT)
        .bind(review.product_id.0)
        .bind(review.author.as_str())
        .bind(review.email.as_deref())
        .bind(review.rating.map(|r| i64::from(r.stars())))
        .bind(review.text.as_str())
        .bind(review.status.as_str())
        .bind(i64::from(review.verified_owner))
        .bind(review.created_at.unix_timestamp())
        .bind(review.import_key.as_deref())
        .fetch_optional(executor)
        .await
        .map_err(db_error)?;
    row.map(|r| r.try_get::<i64, _>("id").map(ReviewId))
        .transpose()
        .map_err(db_error)
}

/// An approved review with stars moves its product's average rating.
fn counts_for_rating(review: &NewReview) -> bool {
    review.status == ReviewStatus::Approved && review.rating.is_some()
}

fn decode(row: &AnyRow) -> StoreResult<Review> {
    let corrupt = |what: &str| vitrine_domain::ports::StoreError::Corrupt(what.to_owned());
    let rating: Option<i64> = row.try_get("rating").map_err(db_error)?;
    let status: String = row.try_get("status").map_err(db_error)?;
    let created_at: i64 = row.try_get("created_at").map_err(db_error)?;
    Ok(Review {
        id: ReviewId(row.try_get("id").map_err(db_error)?),
        product_id: ProductId(row.try_get("product_id").map_err(db_error)?),
        author: row.try_get("author").map_err(db_error)?,
        email: row.try_get("email").map_err(db_error)?,
        rating: rating
            .map(|r| Rating::new(r).ok_or_else(|| corrupt("review rating out of range")))
            .transpose()?,
        text: row.try_get("body").map_err(db_error)?,
        status: ReviewStatus::parse(&status).ok_or_else(|| corrupt("unknown review status"))?,
        verified_owner: row.try_get::<i64, _>("verified_owner").map_err(db_error)? != 0,
        created_at: OffsetDateTime::from_unix_timestamp(created_at)
            .map_err(|_| corrupt("review time out of range"))?,
    })
}

#[async_trait]
impl ReviewStore for SqlReviewStore {
    async fn add_review(&self, review: &NewReview) -> StoreResult<Review> {
        let mut tx = self.db.begin_write().await?;
        let id = insert(&mut *tx, review).await?.ok_or_else(|| {
            vitrine_domain::ports::StoreError::Conflict("review already imported".into())
        })?;
        if counts_for_rating(review) {
            crate::catalogue::refresh_rating(&mut tx, review.product_id).await?;
        }
        tx.commit().await.map_err(db_error)?;
        Ok(Review {
            id,
            product_id: review.product_id,
            author: review.author.clone(),
            email: review.email.clone(),
            rating: review.rating,
            text: review.text.clone(),
            // Stored to the second, so answer what a later read returns.
            created_at: review
                .created_at
                .replace_nanosecond(0)
                .unwrap_or(review.created_at),
            status: review.status,
            verified_owner: review.verified_owner,
        })
    }

    async fn add_reviews(&self, reviews: &[NewReview]) -> StoreResult<ReviewsAdded> {
        let mut tx = self.db.begin_write().await?;
        let mut outcome = ReviewsAdded::default();
        let mut rated = std::collections::BTreeSet::new();
        for review in reviews {
            match insert(&mut *tx, review).await? {
                Some(_) => {
                    outcome.added += 1;
                    if counts_for_rating(review) {
                        rated.insert(review.product_id);
                    }
                }
                None => outcome.unchanged += 1,
            }
        }
        for product in rated {
            crate::catalogue::refresh_rating(&mut tx, product).await?;
        }
        tx.commit().await.map_err(db_error)?;
        Ok(outcome)
    }

    async fn approved_reviews(&self, product: ProductId, limit: u32) -> StoreResult<Vec<Review>> {
        let sql = format!(
            "SELECT {COLUMNS} FROM reviews WHERE product_id = $1 AND status = 'approved' \
             ORDER BY created_at DESC, id DESC LIMIT $2"
        );
        let rows = sqlx::query(&sql)
            .bind(product.0)
            .bind(i64::from(limit))
            .fetch_all(self.db.pool())
            .await
            .map_err(db_error)?;
        rows.iter().map(decode).collect()
    }

    async fn highlights(&self, min_stars: u8, limit: u32) -> StoreResult<Vec<Review>> {
        let sql = format!(
            "SELECT {COLUMNS} FROM reviews WHERE status = 'approved' AND rating >= $1 \
             ORDER BY created_at DESC, id DESC LIMIT $2"
        );
        let rows = sqlx::query(&sql)
            .bind(i64::from(min_stars))
            .bind(i64::from(limit))
            .fetch_all(self.db.pool())
            .await
            .map_err(db_error)?;
        rows.iter().map(decode).collect()
    }

    async fn review_summary(&self, product: ProductId) -> StoreResult<ReviewSummary> {
        // SUM is NUMERIC on PostgreSQL, which `Any` cannot carry: cast back to BIGINT.
        let row = sqlx::query(
            "SELECT COUNT(*) AS count, COUNT(rating) AS rated, \
             CAST(COALESCE(SUM(rating), 0) AS BIGINT) AS rating_sum \
             FROM reviews WHERE product_id = $1 AND status = 'approved'",
        )
        .bind(product.0)
        .fetch_one(self.db.pool())
        .await
        .map_err(db_error)?;
        let number = |column: &str| -> StoreResult<u64> {
            let value: i64 = row.try_get(column).map_err(db_error)?;
            Ok(u64::try_from(value).unwrap_or(0))
        };
        Ok(ReviewSummary {
            count: number("count")?,
            rated: number("rated")?,
            rating_sum: number("rating_sum")?,
        })
    }
}
