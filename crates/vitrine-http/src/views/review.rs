//! The public wire shapes of reviews. A reviewer's email is never part of them.

use serde::Serialize;
use time::format_description::well_known::Rfc3339;
use utoipa::ToSchema;
use vitrine_domain::review::{Rating, Review, ReviewSummary};

use crate::settings::ReviewSettings;

/// A review as shoppers see it. `text` is plain text: render it escaped, never as HTML.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct ReviewView {
    pub id: i64,
    pub author: String,
    /// 1–5 stars; null when the review carries no rating.
    #[schema(required = true, minimum = 1, maximum = 5)]
    pub rating: Option<u8>,
    /// Plain text, as written.
    pub text: String,
    /// RFC 3339, UTC.
    pub created_at: String,
    /// The reviewer bought the product ("verified owner").
    pub verified_owner: bool,
    /// `approved` for listed reviews; a new review is `pending` until approved.
    #[schema(value_type = String, example = "pending")]
    pub status: &'static str,
}

impl ReviewView {
    pub fn new(review: &Review) -> Self {
        Self {
            id: review.id.0,
            author: review.author.clone(),
            rating: review.rating.map(Rating::stars),
            text: review.text.clone(),
            created_at: review
                .created_at
                .format(&Rfc3339)
                .unwrap_or_else(|_| review.created_at.unix_timestamp().to_string()),
            verified_owner: review.verified_owner,
            status: review.status.as_str(),
        }
    }
}

/// What the review form needs to know about the shop's rules.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct ReviewFormView {
    /// Submitting without a rating is refused (the form alerts `required_rating_text`).
    pub rating_required: bool,
    pub required_rating_text: String,
}

impl ReviewFormView {
    pub fn new(settings: &ReviewSettings) -> Self {
        Self {
            rating_required: settings.rating_required,
            required_rating_text: settings.required_rating_text.clone(),
        }
    }
}

/// A product's approved reviews with their count and average, as its page shows them.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ReviewsPart {
    pub reviews: Vec<ReviewView>,
    pub count: u32,
    /// 0 when no approved review is rated (WooCommerce's "0").
    pub average: f64,
}

impl ReviewsPart {
    pub fn new(summary: &ReviewSummary, reviews: &[Review]) -> Self {
        Self {
            reviews: reviews.iter().map(ReviewView::new).collect(),
            count: u32::try_from(summary.count).unwrap_or(u32::MAX),
            average: summary.average().map_or(0.0, round_2),
        }
    }
}

/// Two decimals, as WooCommerce stores `_wc_average_rating`.
fn round_2(value: f64) -> f64 {
    (value * 100.0).round() / 100.0
}

/// A review quoted on the home page. `text` is plain text: render it escaped.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct ReviewHighlightView {
    pub id: i64,
    pub author: String,
    #[schema(minimum = 1, maximum = 5)]
    pub rating: u8,
    pub text: String,
    pub product_name: String,
    pub product_url: String,
}
