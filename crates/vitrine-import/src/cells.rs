//! Reading one CSV record by column, recording every bad cell with its row and header.

use csv::StringRecord;
use vitrine_domain::rich_text::{plain_text, safe_html};

use crate::columns::{Columns, Field};
use crate::fields::{Cell, unescape_text, unguard};
use crate::issue::RowIssue;

pub struct Cells<'a> {
    pub columns: &'a Columns,
    record: &'a StringRecord,
    pub row: u64,
    pub errors: Vec<RowIssue>,
    pub warnings: Vec<RowIssue>,
}

impl<'a> Cells<'a> {
    pub fn new(columns: &'a Columns, record: &'a StringRecord, row: u64) -> Self {
        Self {
            columns,
            record,
            row,
            errors: Vec::new(),
            warnings: Vec::new(),
        }
    }

    /// The cell at a column position, with the formula guard removed; "" when absent.
    pub fn at(&self, index: Option<usize>) -> &'a str {
        index
            .and_then(|i| self.record.get(i))
            .map(unguard)
            .unwrap_or("")
    }

    pub fn raw(&self, field: Field) -> &'a str {
        self.at(self.columns.index(field))
    }

    /// Trimmed text, `None` when blank.
    pub fn opt(&self, field: Field) -> Option<String> {
        let text = self.raw(field).trim();
        (!text.is_empty()).then(|| text.to_owned())
    }

    pub fn text(&self, field: Field) -> String {
        self.raw(field).trim().to_owned()
    }

    /// A name or label: the text WooCommerce would show, without markup (names are escaped
    /// wherever they appear, so this is for the words, not for safety alone).
    pub fn plain(&self, field: Field) -> String {
        plain_text(self.raw(field))
    }

    /// A description or note: WooCommerce's `\n` unescaped, then only safe formatting HTML
    /// kept (`vitrine_domain::rich_text`), so nothing stored can run in a shopper's browser.
    pub fn rich(&self, field: Field) -> String {
        safe_html(&unescape_text(self.raw(field).trim()))
    }

    /// Parses a cell, recording a failure against its column.
    pub fn parse<T>(&mut self, field: Field, parser: impl FnOnce(&str) -> Cell<T>) -> Option<T> {
        let cell = self.raw(field);
        self.parse_cell(self.columns.index(field), cell, parser)
    }

    /// Like [`Cells::parse`] for a numbered column ("Attribute 2 visible").
    pub fn parse_at<T>(
        &mut self,
        index: Option<usize>,
        parser: impl FnOnce(&str) -> Cell<T>,
    ) -> Option<T> {
        let cell = self.at(index);
        self.parse_cell(index, cell, parser)
    }

    fn parse_cell<T>(
        &mut self,
        index: Option<usize>,
        cell: &str,
        parser: impl FnOnce(&str) -> Cell<T>,
    ) -> Option<T> {
        match parser(cell) {
            Ok(value) => value,
            Err(message) => {
                let column = index.map(|i| self.columns.header_at(i).to_owned());
                self.errors
                    .push(RowIssue::new(self.row, column.as_deref(), message));
                None
            }
        }
    }

    pub fn error(&mut self, field: Field, message: impl Into<String>) {
        let column = self.columns.header_name(field).to_owned();
        self.errors
            .push(RowIssue::new(self.row, Some(&column), message));
    }

    pub fn error_at(&mut self, index: Option<usize>, message: impl Into<String>) {
        let column = index.map(|i| self.columns.header_at(i).to_owned());
        self.errors
            .push(RowIssue::new(self.row, column.as_deref(), message));
    }

    pub fn warn(&mut self, field: Field, message: impl Into<String>) {
        let column = self.columns.header_name(field).to_owned();
        self.warnings
            .push(RowIssue::new(self.row, Some(&column), message));
    }
}
