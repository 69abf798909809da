//! The rules a submitted review must pass before it is stored (spec §5 "Review submit").

use time::OffsetDateTime;

use super::{NewReview, Rating, ReviewError, ReviewStatus, ReviewSubmission};
use crate::catalogue::ProductId;

/// Longest review text, in characters.
pub const MAX_TEXT_CHARS: usize = 5000;
/// Longest author name, in characters.
pub const MAX_AUTHOR_CHARS: usize = 100;
/// Longest email address (RFC 5321 path limit).
pub const MAX_EMAIL_CHARS: usize = 254;

/// The shop's review settings that decide what is accepted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReviewRules {
    /// A review without stars is refused (WooCommerce's default: on).
    pub rating_required: bool,
    /// The message a missing rating gets ("Please select a rating").
    pub required_rating_text: String,
}

impl Default for ReviewRules {
    fn default() -> Self {
        Self {
            rating_required: true,
            required_rating_text: "Please select a rating".into(),
        }
    }
}

/// Checks a submission and turns it into a review to store for `product_id`, written at `now`
/// with `status`. Names and text are trimmed; an empty email counts as none. The first rule
/// broken is reported, rating first (the form checks it first too).
pub fn validate(
    submission: &ReviewSubmission,
    rules: &ReviewRules,
    product_id: ProductId,
    now: OffsetDateTime,
    status: ReviewStatus,
) -> Result<NewReview, ReviewError> {
    let rating = match submission.rating {
        None if rules.rating_required => {
            return Err(ReviewError::RatingRequired(
                rules.required_rating_text.clone(),
            ));
        }
        None => None,
        Some(stars) => Some(Rating::new(stars).ok_or(ReviewError::InvalidRating)?),
    };
    let text = submission.text.trim();
    if text.is_empty() {
        return Err(ReviewError::TextRequired);
    }
    if text.chars().count() > MAX_TEXT_CHARS {
        return Err(ReviewError::TextTooLong {
            max: MAX_TEXT_CHARS,
        });
    }
    let author = submission.author.trim();
    if author.is_empty() {
        return Err(ReviewError::AuthorRequired);
    }
    if author.chars().count() > MAX_AUTHOR_CHARS {
        return Err(ReviewError::AuthorTooLong {
            max: MAX_AUTHOR_CHARS,
        });
    }
    let email = submission
        .email
        .as_deref()
        .map(str::trim)
        .filter(|e| !e.is_empty());
    if email.is_some_and(|e| !plausible_email(e)) {
        return Err(ReviewError::InvalidEmail);
    }
    Ok(NewReview {
        product_id,
        author: author.to_owned(),
        email: email.map(str::to_owned),
        rating,
        text: text.to_owned(),
        created_at: now,
        status,
        verified_owner: false,
        import_key: None,
    })
}

/// `local@domain.tld` without spaces: enough to catch typos; delivery is the real check.
fn plausible_email(email: &str) -> bool {
    if email.chars().count() > MAX_EMAIL_CHARS || email.chars().any(char::is_whitespace) {
        return false;
    }
    let Some((local, domain)) = email.rsplit_once('@') else {
        return false;
    };
    !local.is_empty() && domain.contains('.') && !domain.starts_with('.') && !domain.ends_with('.')
}

#[cfg(test)]
mod tests {
    use time::macros::datetime;

    use super::*;

    const NOW: OffsetDateTime = datetime!(2026-11-22 12:00 UTC);

    fn submission(rating: Option<i64>) -> ReviewSubmission {
        ReviewSubmission {
            author: "  Ada  ".into(),
            email: Some("ada@example.com".into()),
            rating,
            text: " Warm and soft. ".into(),
        }
    }

    fn check(s: &ReviewSubmission, rules: &ReviewRules) -> Result<NewReview, ReviewError> {
        validate(s, rules, ProductId(45), NOW, ReviewStatus::Pending)
    }

    fn optional_rating() -> ReviewRules {
        ReviewRules {
            rating_required: false,
            ..ReviewRules::default()
        }
    }

    #[test]
    fn a_complete_review_is_trimmed_and_kept_pending() {
        let review = check(&submission(Some(4)), &ReviewRules::default()).expect("valid");
        assert_eq!(review.author, "Ada");
        assert_eq!(review.text, "Warm and soft.");
        assert_eq!(review.rating.map(Rating::stars), Some(4));
        assert_eq!(review.email.as_deref(), Some("ada@example.com"));
        assert_eq!(review.status, ReviewStatus::Pending);
        assert_eq!(review.product_id, ProductId(45));
        assert_eq!(review.created_at, NOW);
        assert!(!review.verified_owner);
    }

    #[test]
    fn a_missing_rating_is_refused_with_the_shops_text_when_required() {
        let rules = ReviewRules {
            rating_required: true,
            required_rating_text: "Pick some stars".into(),
        };
        let err = check(&submission(None), &rules).expect_err("refused");
        assert_eq!(err, ReviewError::RatingRequired("Pick some stars".into()));
        assert_eq!(err.code(), "rating_required");
        assert_eq!(err.field(), "rating");
        assert_eq!(err.to_string(), "Pick some stars");
    }

    #[test]
    fn a_missing_rating_is_fine_when_the_shop_does_not_require_one() {
        let review = check(&submission(None), &optional_rating()).expect("valid");
        assert_eq!(review.rating, None);
    }

    #[test]
    fn ratings_outside_one_to_five_are_invalid_even_when_optional() {
        for stars in [0, 6, -1, 50] {
            let err = check(&submission(Some(stars)), &optional_rating()).expect_err("refused");
            assert_eq!(err, ReviewError::InvalidRating, "{stars} stars");
            assert_eq!(err.code(), "invalid_review");
        }
    }

    #[test]
    fn blank_text_is_refused() {
        let mut s = submission(Some(5));
        s.text = " \n\t ".into();
        let err = check(&s, &ReviewRules::default()).expect_err("refused");
        assert_eq!(err, ReviewError::TextRequired);
        assert_eq!(err.field(), "text");
    }

    #[test]
    fn text_longer_than_the_limit_is_refused_and_the_limit_itself_is_fine() {
        let mut s = submission(Some(5));
        s.text = "é".repeat(MAX_TEXT_CHARS);
        assert!(
            check(&s, &ReviewRules::default()).is_ok(),
            "counted in characters"
        );
        s.text.push('x');
        assert_eq!(
            check(&s, &ReviewRules::default()),
            Err(ReviewError::TextTooLong {
                max: MAX_TEXT_CHARS
            })
        );
    }

    #[test]
    fn a_blank_or_overlong_author_is_refused() {
        let mut s = submission(Some(3));
        s.author = "   ".into();
        let err = check(&s, &ReviewRules::default()).expect_err("refused");
        assert_eq!(err, ReviewError::AuthorRequired);
        assert_eq!(err.field(), "author");
        s.author = "a".repeat(MAX_AUTHOR_CHARS + 1);
        assert_eq!(
            check(&s, &ReviewRules::default()),
            Err(ReviewError::AuthorTooLong {
                max: MAX_AUTHOR_CHARS
            })
        );
    }

    #[test]
    fn an_empty_email_counts_as_none_and_a_malformed_one_is_refused() {
        let mut s = submission(Some(3));
        s.email = Some("  ".into());
        assert_eq!(
            check(&s, &ReviewRules::default()).expect("valid").email,
            None
        );
        for bad in [
            "ada",
            "ada@",
            "@example.com",
            "ada@example",
            "a da@example.com",
        ] {
            s.email = Some(bad.into());
            let err = check(&s, &ReviewRules::default()).expect_err(bad);
            assert_eq!(err, ReviewError::InvalidEmail, "{bad}");
            assert_eq!(err.field(), "email");
        }
    }

    #[test]
    fn markup_in_the_text_is_kept_as_plain_text() {
        let mut s = submission(Some(2));
        s.text = "<img src=x onerror=alert(1)>".into();
        let review = check(&s, &ReviewRules::default()).expect("valid");
        assert_eq!(
            review.text, "<img src=x onerror=alert(1)>",
            "escaped when shown, not here"
        );
    }
}
