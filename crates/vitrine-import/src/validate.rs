//! Cross-row checks (parents, variation attributes, grouped and bundled references, duplicate
//! IDs and SKUs) and the import plan: products with their variations, invalid rows left out.

use std::collections::BTreeMap;

use vitrine_domain::catalogue::ProductKind;

use crate::index::{Found, InvalidRow, RowIndex};
use crate::issue::RowIssue;
use crate::lists::Reference;
use crate::parse::ParsedFile;
use crate::row::ProductRow;

/// A product row and the variation rows that name it as their parent, in file order.
#[derive(Debug, Clone)]
pub struct PlannedProduct {
    pub row: ProductRow,
    pub variations: Vec<ProductRow>,
}

#[derive(Debug, Clone, Default)]
pub struct Plan {
    pub products: Vec<PlannedProduct>,
    pub products_seen: usize,
    pub variations_seen: usize,
    pub warnings: Vec<RowIssue>,
    /// Errors of the rows left out (only with `skip_invalid_rows`).
    pub skipped: Vec<RowIssue>,
    /// Rows left out, known by ID and SKU, so later checks can name them.
    pub invalid: Vec<InvalidRow>,
}

/// Checks the parsed file. Without `skip_invalid` any error fails the whole file, and all of
/// them are returned; with it, invalid rows (and rows that depend on them) are left out.
pub fn plan(file: ParsedFile, skip_invalid: bool) -> Result<Plan, Vec<RowIssue>> {
    if !file.header_errors.is_empty() {
        return Err(file.header_errors);
    }
    let mut plan = Plan {
        warnings: file.warnings,
        ..Plan::default()
    };
    let mut errors: BTreeMap<u64, Vec<RowIssue>> = BTreeMap::new();
    let mut rows = Vec::new();
    for outcome in file.rows {
        if outcome.variation {
            plan.variations_seen += 1;
        } else {
            plan.products_seen += 1;
        }
        plan.warnings.extend(outcome.warnings);
        match outcome.parsed {
            Ok(row) => rows.push(row),
            Err(issues) => {
                plan.invalid.push(InvalidRow {
                    row: outcome.row,
                    id: outcome.id,
                    sku: outcome.sku,
                });
                errors.entry(outcome.row).or_default().extend(issues);
            }
        }
    }
    settle(&mut plan, rows, errors, skip_invalid)?;
    Ok(plan)
}

impl Plan {
    /// Leaves out rows found invalid later (in the store), and any row depending on them.
    pub fn drop_rows(&mut self, issues: Vec<RowIssue>) {
        let mut errors: BTreeMap<u64, Vec<RowIssue>> = BTreeMap::new();
        for issue in std::mem::take(&mut self.skipped).into_iter().chain(issues) {
            errors.entry(issue.row).or_default().push(issue);
        }
        let mut rows: Vec<ProductRow> = std::mem::take(&mut self.products)
            .into_iter()
            .flat_map(|p| std::iter::once(p.row).chain(p.variations))
            .collect();
        rows.sort_by_key(|r| r.row);
        // Only reachable with skipping on, so settling cannot fail.
        let _ = settle(self, rows, errors, true);
    }
}

/// Runs the cross-row checks; when skipping, drops the rows at fault and checks again until
/// nothing more fails (a variation of a dropped parent goes too).
fn settle(
    plan: &mut Plan,
    mut rows: Vec<ProductRow>,
    mut errors: BTreeMap<u64, Vec<RowIssue>>,
    skip_invalid: bool,
) -> Result<(), Vec<RowIssue>> {
    loop {
        let (bad, good): (Vec<_>, Vec<_>) =
            rows.into_iter().partition(|r| errors.contains_key(&r.row));
        plan.invalid.extend(bad.into_iter().map(|r| InvalidRow {
            row: r.row,
            id: r.id,
            sku: r.sku,
        }));
        rows = good;
        let found = cross_check(&rows, &plan.invalid, skip_invalid);
        if found.is_empty() {
            break;
        }
        for issue in found {
            errors.entry(issue.row).or_default().push(issue);
        }
        if !skip_invalid {
            break;
        }
    }
    let all: Vec<RowIssue> = errors.into_values().flatten().collect();
    if !skip_invalid && !all.is_empty() {
        return Err(all);
    }
    plan.skipped = all;
    plan.products = group_variations(rows);
    Ok(())
}

fn group_variations(rows: Vec<ProductRow>) -> Vec<PlannedProduct> {
    let (index, _) = RowIndex::build(&rows, &[]);
    let mut children: BTreeMap<usize, Vec<ProductRow>> = BTreeMap::new();
    let mut products = Vec::new();
    let parents: Vec<Option<usize>> = rows
        .iter()
        .map(|r| match (&r.parent, r.is_variation()) {
            (Some(p), true) => match index.find(p) {
                Found::Row(i) => Some(i),
                _ => None,
            },
            _ => None,
        })
        .collect();
    for (i, (row, parent)) in rows.into_iter().zip(parents).enumerate() {
        match parent {
            Some(p) => children.entry(p).or_default().push(row),
            None => products.push((i, row)),
        }
    }
    products
        .into_iter()
        .map(|(i, row)| PlannedProduct {
            row,
            variations: children.remove(&i).unwrap_or_default(),
        })
        .collect()
}

/// Every cross-row error of the valid rows. A row pointing at an invalid row is an error only
/// when `dependents` is set (skipping, where it says why the row was left out); otherwise the
/// invalid row's own error says it all.
pub fn cross_check(rows: &[ProductRow], invalid: &[InvalidRow], dependents: bool) -> Vec<RowIssue> {
    let (index, mut errors) = RowIndex::build(rows, invalid);
    let mut dependent = Vec::new();
    for row in rows {
        if row.is_variation() {
            check_variation(row, rows, &index, &mut errors, &mut dependent);
        }
        if row.kind() == Some(ProductKind::Grouped) {
            for child in &row.grouped {
                if let Some((issue, is_dependent)) =
                    check_member(row, child, "Grouped products", rows, &index)
                {
                    if is_dependent {
                        &mut dependent
                    } else {
                        &mut errors
                    }
                    .push(issue);
                }
            }
        }
        if row.kind() == Some(ProductKind::Bundle) {
            for item in &row.bundled {
                if let Some((issue, is_dependent)) =
                    check_member(row, &item.item, "Bundled items", rows, &index)
                {
                    if is_dependent {
                        &mut dependent
                    } else {
                        &mut errors
                    }
                    .push(issue);
                }
            }
        }
    }
    if dependents {
        errors.append(&mut dependent);
    }
    errors
}

fn check_variation(
    row: &ProductRow,
    rows: &[ProductRow],
    index: &RowIndex,
    errors: &mut Vec<RowIssue>,
    dependent: &mut Vec<RowIssue>,
) {
    let mut error = |column: &str, message: String| {
        errors.push(RowIssue::new(row.row, Some(column), message));
    };
    let Some(reference) = &row.parent else {
        return error(
            "Parent",
            "a variation needs a Parent (id:N or the parent's SKU)".into(),
        );
    };
    let parent = match index.find(reference) {
        Found::Row(i) => &rows[i],
        Found::Invalid(at) => {
            let message = format!("its parent {reference} (row {at}) is invalid");
            return dependent.push(RowIssue::new(row.row, Some("Parent"), message));
        }
        Found::Missing => return error("Parent", format!("no product {reference} in the file")),
    };
    if parent.kind() != Some(ProductKind::Variable) {
        let message = format!(
            "the parent {reference} (row {}) is not a variable product",
            parent.row
        );
        return error("Parent", message);
    }
    for attribute in &row.attributes {
        let Some(own) = parent
            .attributes
            .iter()
            .find(|a| a.name.eq_ignore_ascii_case(&attribute.name))
        else {
            let message = format!("the parent has no attribute {:?}", attribute.name);
            error(&attribute.name_header, message);
            continue;
        };
        match attribute.values.as_slice() {
            [] => {}
            [value] if own.values.iter().any(|v| v.eq_ignore_ascii_case(value)) => {}
            [value] => {
                let message = format!(
                    "{value:?} is not one of the parent's {} values ({})",
                    own.name,
                    own.values.join(", ")
                );
                error(&attribute.values_header, message);
            }
            _ => error(
                &attribute.values_header,
                "a variation takes one value per attribute".into(),
            ),
        }
    }
}

/// A bundled item must be a simple product and a grouped child any product but a grouped one,
/// when it is in the file; one not in the file is looked up in the store later.
fn check_member(
    row: &ProductRow,
    member: &Reference,
    column: &str,
    rows: &[ProductRow],
    index: &RowIndex,
) -> Option<(RowIssue, bool)> {
    let bundle = column == "Bundled items";
    let message = match index.find(member) {
        Found::Row(i) => match rows[i].kind() {
            Some(ProductKind::Simple) => return None,
            Some(k) if !bundle && k != ProductKind::Grouped => return None,
            _ if bundle => (
                format!("{member} (row {}) is not a simple product", rows[i].row),
                false,
            ),
            _ => (
                format!("{member} (row {}) cannot be grouped", rows[i].row),
                false,
            ),
        },
        Found::Invalid(at) => (format!("{member} (row {at}) is invalid"), true),
        Found::Missing => return None,
    };
    Some((RowIssue::new(row.row, Some(column), message.0), message.1))
}

#[cfg(test)]
#[path = "validate_tests.rs"]
mod tests;
