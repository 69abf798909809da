//! `vitrine import reviews-csv FILE`: product reviews from a small CSV, all-or-nothing and
//! idempotent. Columns (header row, any order): `product` (the product's slug), `author`,
//! `email` (optional), `rating` (1–5, optional), `date` (`YYYY-MM-DD` or RFC 3339, UTC),
//! `verified_owner` (optional, 1/0/yes/no/true/false), `status` (optional:
//! approved/pending/spam, default approved), `text`.

use std::collections::HashMap;
use std::fmt;
use std::io::Read;

use time::format_description::well_known::Rfc3339;
use time::macros::format_description;
use time::{Date, OffsetDateTime};
use vitrine_domain::catalogue::{ProductId, Slug};
use vitrine_domain::ports::{CatalogueStore, ReviewStore};
use vitrine_domain::review::{NewReview, ReviewRules, ReviewStatus, ReviewSubmission, validate};

use crate::issue::{ImportError, RowIssue};

const REQUIRED: [&str; 4] = ["product", "author", "date", "text"];
const OPTIONAL: [&str; 4] = ["email", "rating", "verified_owner", "status"];

/// What a review import did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ReviewImportReport {
    pub rows: u64,
    pub added: u64,
    /// Already imported by an earlier run: left as they were.
    pub unchanged: u64,
}

impl fmt::Display for ReviewImportReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} reviews read: {} added, {} unchanged",
            self.rows, self.added, self.unchanged
        )
    }
}

/// Reads every row, checks them all, and stores them in one transaction only when none is
/// at fault. Importing the same file again adds nothing.
pub async fn import_reviews_csv<R: Read>(
    reader: R,
    catalogue: &dyn CatalogueStore,
    reviews: &dyn ReviewStore,
) -> Result<ReviewImportReport, ImportError> {
    let mut csv = csv::ReaderBuilder::new()
        .has_headers(true)
        .from_reader(reader);
    let header: Vec<String> = csv.headers()?.iter().map(|h| h.trim().to_owned()).collect();
    let index: HashMap<&str, usize> = header
        .iter()
        .enumerate()
        .map(|(i, h)| (h.as_str(), i))
        .collect();
    let mut issues: Vec<RowIssue> = header
        .iter()
        .filter(|h| !REQUIRED.contains(&h.as_str()) && !OPTIONAL.contains(&h.as_str()))
        .map(|h| RowIssue::new(1, Some(h), "unknown column"))
        .collect();
    issues.extend(
        REQUIRED
            .iter()
            .filter(|c| !index.contains_key(**c))
            .map(|c| RowIssue::new(1, Some(c), "required column is missing")),
    );
    if !issues.is_empty() {
        return Err(ImportError::Invalid(issues));
    }
    let mut products: HashMap<String, Option<ProductId>> = HashMap::new();
    let mut planned = Vec::new();
    let mut rows = 0;
    for (n, record) in csv.records().enumerate() {
        let record = record?;
        let row = n as u64 + 2;
        rows += 1;
        let cell = |column: &str| {
            index
                .get(column)
                .and_then(|i| record.get(*i))
                .map(str::trim)
                .unwrap_or_default()
        };
        let slug = cell("product");
        if !products.contains_key(slug) {
            let found = match Slug::parse(slug) {
                Ok(parsed) => catalogue.product_by_slug(&parsed).await?.map(|p| p.id),
                Err(_) => None,
            };
            products.insert(slug.to_owned(), found);
        }
        match parse_row(row, &cell, products.get(slug).copied().flatten()) {
            Ok(review) => planned.push(review),
            Err(mut row_issues) => issues.append(&mut row_issues),
        }
    }
    if !issues.is_empty() {
        return Err(ImportError::Invalid(issues));
    }
    let added = reviews.add_reviews(&planned).await?;
    Ok(ReviewImportReport {
        rows,
        added: added.added,
        unchanged: added.unchanged,
    })
}

fn parse_row<'a>(
    row: u64,
    cell: &dyn Fn(&str) -> &'a str,
    product: Option<ProductId>,
) -> Result<NewReview, Vec<RowIssue>> {
    let mut issues = Vec::new();
    let mut issue =
        |column: &str, message: String| issues.push(RowIssue::new(row, Some(column), message));
    if product.is_none() {
        issue(
            "product",
            format!("no product has the slug {:?}", cell("product")),
        );
    }
    let rating = match cell("rating") {
        "" => None,
        text => match text.parse::<i64>() {
            Ok(stars) => Some(stars),
            Err(_) => {
                issue("rating", format!("{text:?} is not a whole number of stars"));
                None
            }
        },
    };
    let created_at = parse_date(cell("date"));
    if created_at.is_none() {
        issue(
            "date",
            format!("{:?} is not a date (YYYY-MM-DD or RFC 3339)", cell("date")),
        );
    }
    let verified_owner = match cell("verified_owner").to_ascii_lowercase().as_str() {
        "" | "0" | "no" | "false" => false,
        "1" | "yes" | "true" => true,
        other => {
            issue("verified_owner", format!("{other:?} is not yes or no"));
            false
        }
    };
    let status = match cell("status") {
        "" => ReviewStatus::Approved,
        text => ReviewStatus::parse(text).unwrap_or_else(|| {
            issue(
                "status",
                format!("{text:?} is not approved, pending or spam"),
            );
            ReviewStatus::Approved
        }),
    };
    let submission = ReviewSubmission {
        author: cell("author").to_owned(),
        email: Some(cell("email").to_owned()),
        rating,
        text: cell("text").to_owned(),
    };
    // Historic reviews may carry no stars; a rating that is given must still be 1–5.
    let rules = ReviewRules {
        rating_required: false,
        ..ReviewRules::default()
    };
    // Checked even when product or date is wrong, so every fault of the row is reported.
    let checked = validate(
        &submission,
        &rules,
        product.unwrap_or(ProductId(0)),
        created_at.unwrap_or(OffsetDateTime::UNIX_EPOCH),
        status,
    );
    if let Err(err) = &checked {
        issue(err.field(), err.to_string());
    }
    match checked {
        Ok(mut review) if issues.is_empty() => {
            review.verified_owner = verified_owner;
            review.import_key = Some(format!(
                "csv:{}:{}:{}",
                review.product_id.0,
                review.created_at.unix_timestamp(),
                review.author
            ));
            Ok(review)
        }
        _ => Err(issues),
    }
}

fn parse_date(text: &str) -> Option<OffsetDateTime> {
    if let Ok(at) = OffsetDateTime::parse(text, &Rfc3339) {
        return Some(at.to_offset(time::UtcOffset::UTC));
    }
    Date::parse(text, format_description!("[year]-[month]-[day]"))
        .ok()
        .map(|d| d.midnight().assume_utc())
}
