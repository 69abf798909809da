//! Reading a whole WooCommerce CSV export into typed rows. Pure: no I/O besides the reader.

use std::io::Read;

use vitrine_domain::money::Currency;

use crate::columns::Columns;
use crate::issue::RowIssue;
use crate::row::{RowOutcome, parse_row};

/// Every row of a file, parsed on its own (no cross-row checks yet).
pub struct ParsedFile {
    pub rows: Vec<RowOutcome>,
    /// Problems with the header (missing Type or Name, a column twice): fatal.
    pub header_errors: Vec<RowIssue>,
    pub warnings: Vec<RowIssue>,
}

/// Parses the file; an I/O failure of the reader aborts, anything in the data is reported
/// per row. A cell that is not UTF-8 fails its row.
pub fn parse_csv<R: Read>(reader: R, currency: Currency) -> Result<ParsedFile, csv::Error> {
    let mut csv = csv::ReaderBuilder::new()
        .has_headers(true)
        .flexible(true)
        .from_reader(reader);
    let header = csv.headers()?.clone();
    let outcome = Columns::from_header(header.iter());
    let mut file = ParsedFile {
        rows: Vec::new(),
        header_errors: outcome.errors,
        warnings: outcome.warnings,
    };
    for (index, record) in csv.records().enumerate() {
        let row = index as u64 + 2;
        match record {
            Ok(record) => file
                .rows
                .push(parse_row(&outcome.columns, &record, row, currency)),
            Err(e) if e.is_io_error() => return Err(e),
            Err(e) => file.rows.push(RowOutcome {
                row,
                id: None,
                sku: None,
                variation: false,
                parsed: Err(vec![unreadable(&outcome.columns, row, &e)]),
                warnings: Vec::new(),
            }),
        }
    }
    Ok(file)
}

fn unreadable(columns: &Columns, row: u64, e: &csv::Error) -> RowIssue {
    match e.kind() {
        csv::ErrorKind::Utf8 { err, .. } => RowIssue::new(
            row,
            Some(columns.header_at(err.field())),
            "the cell is not valid UTF-8 text",
        ),
        _ => RowIssue::new(row, None, format!("unreadable row: {e}")),
    }
}
