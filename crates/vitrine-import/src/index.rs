//! Finding the row an `id:N` or SKU reference points at, among valid and invalid rows.

use std::collections::HashMap;

use crate::issue::RowIssue;
use crate::lists::Reference;
use crate::row::ProductRow;

/// Where a reference leads inside the file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Found {
    /// Index into the valid rows.
    Row(usize),
    /// A row of the file that is invalid (or skipped); its row number.
    Invalid(u64),
    /// Not in the file; perhaps in the store.
    Missing,
}

#[derive(Default)]
pub struct RowIndex {
    by_id: HashMap<i64, usize>,
    by_sku: HashMap<String, usize>,
    by_sku_folded: HashMap<String, usize>,
    invalid_by_id: HashMap<i64, u64>,
    invalid_by_sku: HashMap<String, u64>,
}

/// A row left out of the import, known by its ID and SKU.
#[derive(Debug, Clone)]
pub struct InvalidRow {
    pub row: u64,
    pub id: Option<i64>,
    pub sku: Option<String>,
}

impl RowIndex {
    /// Indexes the rows, reporting a second row with an ID or SKU already taken (SKUs compare
    /// case-insensitively, as WooCommerce's database does).
    pub fn build(rows: &[ProductRow], invalid: &[InvalidRow]) -> (Self, Vec<RowIssue>) {
        let mut index = Self::default();
        let mut errors = Vec::new();
        for bad in invalid {
            if let Some(id) = bad.id {
                index.invalid_by_id.entry(id).or_insert(bad.row);
            }
            if let Some(sku) = &bad.sku {
                index
                    .invalid_by_sku
                    .entry(sku.to_lowercase())
                    .or_insert(bad.row);
            }
        }
        for (i, row) in rows.iter().enumerate() {
            if let Some(id) = row.id {
                if let Some(first) = index.by_id.get(&id) {
                    let message = format!("ID {id} is already used by row {}", rows[*first].row);
                    errors.push(RowIssue::new(row.row, Some("ID"), message));
                } else {
                    index.by_id.insert(id, i);
                }
            }
            if let Some(sku) = &row.sku {
                if let Some(first) = index.by_sku_folded.get(&sku.to_lowercase()) {
                    let message =
                        format!("SKU {sku:?} is already used by row {}", rows[*first].row);
                    errors.push(RowIssue::new(row.row, Some("SKU"), message));
                } else {
                    index.by_sku_folded.insert(sku.to_lowercase(), i);
                    index.by_sku.insert(sku.clone(), i);
                }
            }
        }
        (index, errors)
    }

    pub fn find(&self, reference: &Reference) -> Found {
        let (valid, invalid) = match reference {
            Reference::Id(id) => (self.by_id.get(id), self.invalid_by_id.get(id)),
            Reference::Sku(sku) => {
                let folded = sku.to_lowercase();
                let valid = self
                    .by_sku
                    .get(sku)
                    .or_else(|| self.by_sku_folded.get(&folded));
                (valid, self.invalid_by_sku.get(&folded))
            }
        };
        match (valid, invalid) {
            (Some(i), _) => Found::Row(*i),
            (None, Some(row)) => Found::Invalid(*row),
            (None, None) => Found::Missing,
        }
    }
}
