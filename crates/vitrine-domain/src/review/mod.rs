//! Product reviews: the review as stored, the rules a submitted review must pass, and the
//! approved-reviews summary (average rating and count) a product page shows.

mod validate;

pub use validate::{MAX_AUTHOR_CHARS, MAX_EMAIL_CHARS, MAX_TEXT_CHARS, ReviewRules, validate};

use serde::{Deserialize, Serialize};
use time::OffsetDateTime;

use crate::catalogue::ProductId;

/// A stored review's id.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct ReviewId(pub i64);

/// A star rating, always 1 to 5.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Rating(u8);

impl Rating {
    pub const MIN: u8 = 1;
    pub const MAX: u8 = 5;

    /// `None` outside 1–5.
    pub fn new(stars: i64) -> Option<Self> {
        u8::try_from(stars)
            .ok()
            .filter(|s| (Self::MIN..=Self::MAX).contains(s))
            .map(Self)
    }

    pub fn stars(self) -> u8 {
        self.0
    }
}

/// Moderation state. Only approved reviews are ever shown or counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ReviewStatus {
    Pending,
    Approved,
    Spam,
}

impl ReviewStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Pending => "pending",
            Self::Approved => "approved",
            Self::Spam => "spam",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        match text {
            "pending" => Some(Self::Pending),
            "approved" => Some(Self::Approved),
            "spam" => Some(Self::Spam),
            _ => None,
        }
    }
}

/// What a shopper (or an import) submits, before the rules are applied. Text is untrusted
/// plain text: it is stored as written and escaped wherever it is shown.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ReviewSubmission {
    pub author: String,
    pub email: Option<String>,
    /// Stars as sent; checked against 1–5.
    pub rating: Option<i64>,
    pub text: String,
}

/// A review that passed the rules, ready to store: trimmed, rating in range.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewReview {
    pub product_id: ProductId,
    pub author: String,
    pub email: Option<String>,
    pub rating: Option<Rating>,
    pub text: String,
    pub created_at: OffsetDateTime,
    pub status: ReviewStatus,
    pub verified_owner: bool,
    /// Set by imports so that importing the same file again adds nothing.
    pub import_key: Option<String>,
}

/// A stored review. `email` is private to the shop: never put it in a public view.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Review {
    pub id: ReviewId,
    pub product_id: ProductId,
    pub author: String,
    pub email: Option<String>,
    pub rating: Option<Rating>,
    pub text: String,
    pub created_at: OffsetDateTime,
    pub status: ReviewStatus,
    pub verified_owner: bool,
}

/// Approved reviews of one product: how many, and the ratings they carry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ReviewSummary {
    /// Approved reviews, rated or not.
    pub count: u64,
    /// Approved reviews with a rating.
    pub rated: u64,
    /// Sum of those ratings.
    pub rating_sum: u64,
}

impl ReviewSummary {
    /// Mean of the approved ratings (WooCommerce's average), `None` when none is rated.
    pub fn average(&self) -> Option<f64> {
        // Counts of reviews stay far below 2^52, so the conversion is exact.
        (self.rated > 0).then(|| self.rating_sum as f64 / self.rated as f64)
    }
}

/// Why a submitted review was refused. Each variant has a stable code and names its field.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReviewError {
    /// The shop requires a rating and none was given; the message is the shop's text.
    #[error("{0}")]
    RatingRequired(String),
    #[error("The rating must be a whole number of stars from 1 to 5.")]
    InvalidRating,
    #[error("Please enter your name.")]
    AuthorRequired,
    #[error("Your name can be at most {max} characters.")]
    AuthorTooLong { max: usize },
    #[error("Please enter a valid email address.")]
    InvalidEmail,
    #[error("Please type your review.")]
    TextRequired,
    #[error("Your review can be at most {max} characters.")]
    TextTooLong { max: usize },
}

impl ReviewError {
    /// Stable snake_case code for the API envelope.
    pub fn code(&self) -> &'static str {
        match self {
            Self::RatingRequired(_) => "rating_required",
            _ => "invalid_review",
        }
    }

    /// The submitted field at fault.
    pub fn field(&self) -> &'static str {
        match self {
            Self::RatingRequired(_) | Self::InvalidRating => "rating",
            Self::AuthorRequired | Self::AuthorTooLong { .. } => "author",
            Self::InvalidEmail => "email",
            Self::TextRequired | Self::TextTooLong { .. } => "text",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ratings_exist_only_from_one_to_five_stars() {
        assert_eq!(Rating::new(0), None);
        assert_eq!(Rating::new(6), None);
        assert_eq!(Rating::new(-3), None);
        assert_eq!(Rating::new(1).map(Rating::stars), Some(1));
        assert_eq!(Rating::new(5).map(Rating::stars), Some(5));
    }

    #[test]
    fn the_average_counts_only_rated_reviews() {
        let summary = ReviewSummary {
            count: 3,
            rated: 2,
            rating_sum: 9,
        };
        assert_eq!(summary.average(), Some(4.5));
        assert_eq!(ReviewSummary::default().average(), None);
    }

    #[test]
    fn statuses_round_trip_through_their_names() {
        for status in [
            ReviewStatus::Pending,
            ReviewStatus::Approved,
            ReviewStatus::Spam,
        ] {
            assert_eq!(ReviewStatus::parse(status.as_str()), Some(status));
        }
        assert_eq!(ReviewStatus::parse("deleted"), None);
    }
}
