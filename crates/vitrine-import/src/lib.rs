//! Catalogue import from WooCommerce's product CSV export, and a generator of large catalogues
//! in the same format for benchmarks. See docs/import.md.

mod attributes;
mod build;
mod cells;
mod colour;
mod columns;
mod fields;
mod fixed_prices;
mod generate;
mod import;
mod index;
mod issue;
mod lists;
mod parse;
mod progress;
mod resolve;
mod reviews;
mod row;
mod selections;
mod validate;

use std::fmt;

use time::OffsetDateTime;
use vitrine_domain::money::Currency;

pub use attributes::RowAttribute;
pub use generate::words as catalogue_words;
pub use generate::{GenerateOptions, GenerateSummary, write_catalogue_csv};
pub use import::import_woocommerce_csv;
pub use issue::{ImportError, RowIssue};
pub use lists::{BundledRef, Reference, TypeSpec};
pub use parse::{ParsedFile, parse_csv};
pub use progress::{NoProgress, Progress, TerminalProgress};
pub use reviews::{ReviewImportReport, import_reviews_csv};
pub use row::ProductRow;
pub use validate::{Plan, PlannedProduct, plan};

/// How to import.
#[derive(Debug, Clone)]
pub struct ImportOptions {
    /// The shop currency the prices of the file are in.
    pub currency: Currency,
    /// Import the valid rows and report the others instead of rejecting the whole file.
    pub skip_invalid_rows: bool,
    /// `created_at` of products new to the store (existing ones keep theirs).
    pub now: OffsetDateTime,
}

impl ImportOptions {
    /// All-or-nothing import in `currency`, new products stamped with the current second.
    pub fn new(currency: Currency) -> Self {
        let now = OffsetDateTime::now_utc();
        Self {
            currency,
            skip_invalid_rows: false,
            now: now.replace_nanosecond(0).unwrap_or(now),
        }
    }
}

impl Default for ImportOptions {
    fn default() -> Self {
        Self::new(Currency::USD)
    }
}

/// What an import did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ImportReport {
    /// Product rows (not variations) in the file, valid or not.
    pub products_seen: usize,
    pub variations_seen: usize,
    /// Products (each with its variations) written new, changed, or found identical.
    pub created: usize,
    pub updated: usize,
    pub unchanged: usize,
    pub warnings: Vec<RowIssue>,
    /// Errors of the rows left out under `skip_invalid_rows`.
    pub skipped: Vec<RowIssue>,
}

impl ImportReport {
    /// Numbers of the rows left out.
    pub fn skipped_rows(&self) -> Vec<u64> {
        let mut rows: Vec<u64> = self.skipped.iter().map(|i| i.row).collect();
        rows.dedup();
        rows
    }
}

impl fmt::Display for ImportReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} products and {} variations read: {} created, {} updated, {} unchanged",
            self.products_seen, self.variations_seen, self.created, self.updated, self.unchanged
        )?;
        if !self.warnings.is_empty() {
            write!(f, "; {} warnings", self.warnings.len())?;
        }
        if !self.skipped.is_empty() {
            write!(f, "; {} rows skipped", self.skipped_rows().len())?;
        }
        Ok(())
    }
}
