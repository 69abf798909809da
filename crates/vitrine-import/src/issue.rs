//! Errors and warnings of an import, each pinned to a spreadsheet row and column.

use std::fmt;

use vitrine_domain::ports::StoreError;

/// One problem in the file. `row` counts like a spreadsheet: the header is row 1, the first
/// product row 2 (a quoted cell spanning several lines is still one row).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RowIssue {
    pub row: u64,
    /// The column header as written in the file; `None` when the whole row is at fault.
    pub column: Option<String>,
    pub message: String,
}

impl RowIssue {
    pub fn new(row: u64, column: Option<&str>, message: impl Into<String>) -> Self {
        Self {
            row,
            column: column.map(str::to_owned),
            message: message.into(),
        }
    }
}

impl fmt::Display for RowIssue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.column {
            Some(column) => write!(f, "row {}, column {column:?}: {}", self.row, self.message),
            None => write!(f, "row {}: {}", self.row, self.message),
        }
    }
}

/// Why an import wrote nothing.
#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    /// Every error of the file, in row order.
    #[error("{} in the file, nothing was imported:\n{}", count(.0.len()), lines(.0))]
    Invalid(Vec<RowIssue>),
    #[error("cannot read the CSV file: {0}")]
    Read(#[from] csv::Error),
    #[error("the catalogue store failed: {0}")]
    Store(#[from] StoreError),
}

impl ImportError {
    /// The row errors, if the file was at fault.
    pub fn issues(&self) -> &[RowIssue] {
        match self {
            Self::Invalid(issues) => issues,
            _ => &[],
        }
    }
}

fn count(n: usize) -> String {
    if n == 1 {
        "1 error".into()
    } else {
        format!("{n} errors")
    }
}

fn lines(issues: &[RowIssue]) -> String {
    issues
        .iter()
        .map(|i| format!("  {i}"))
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_issue_names_its_row_and_column() {
        let issue = RowIssue::new(7, Some("Regular price"), "\"abc\" is not a decimal amount");
        assert_eq!(
            issue.to_string(),
            r#"row 7, column "Regular price": "abc" is not a decimal amount"#
        );
        assert_eq!(RowIssue::new(3, None, "bad").to_string(), "row 3: bad");
    }

    #[test]
    fn an_invalid_file_lists_every_error() {
        let err = ImportError::Invalid(vec![
            RowIssue::new(2, Some("Type"), "a"),
            RowIssue::new(5, Some("Stock"), "b"),
        ]);
        let text = err.to_string();
        assert!(text.starts_with("2 errors in the file, nothing was imported:"));
        assert!(
            text.contains("row 2, column \"Type\": a")
                && text.contains("row 5, column \"Stock\": b")
        );
    }
}
