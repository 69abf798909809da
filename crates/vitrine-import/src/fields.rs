//! Parsers for single WooCommerce CSV cells: flags, enums, numbers, prices, dates, text.
//! Each returns `Ok(None)` for an empty cell and an error message without row or column,
//! which the row parser adds.

use std::str::FromStr;

use rust_decimal::Decimal;
use time::macros::format_description;
use time::{Date, OffsetDateTime, PrimitiveDateTime, Time};
use vitrine_domain::catalogue::{Backorders, CatalogVisibility, ProductStatus, StockStatus};
use vitrine_domain::money::{Currency, Money, MoneyError};

pub type Cell<T> = Result<Option<T>, String>;

/// Undoes WooCommerce's spreadsheet-formula guard: the exporter prefixes a cell starting with
/// `=`, `+`, `-`, `@`, tab or carriage return with `'`.
pub fn unguard(cell: &str) -> &str {
    let mut chars = cell.chars();
    match (chars.next(), chars.next()) {
        (Some('\''), Some('=' | '+' | '-' | '@' | '\t' | '\r')) => &cell[1..],
        _ => cell,
    }
}

/// Descriptions: the exporter writes a newline as `\n` and a literal `\n` as `\\n`.
pub fn unescape_text(cell: &str) -> String {
    let mut out = String::with_capacity(cell.len());
    let mut rest = cell;
    while let Some(at) = rest.find('\\') {
        out.push_str(&rest[..at]);
        let tail = &rest[at..];
        if let Some(after) = tail.strip_prefix("\\\\n") {
            out.push_str("\\n");
            rest = after;
        } else if let Some(after) = tail.strip_prefix("\\n") {
            out.push('\n');
            rest = after;
        } else {
            out.push('\\');
            rest = &tail[1..];
        }
    }
    out.push_str(rest);
    out
}

fn word(cell: &str) -> String {
    cell.trim().to_ascii_lowercase()
}

/// WooCommerce flags: 1/0, yes/no, true/false.
pub fn parse_bool(cell: &str) -> Cell<bool> {
    match word(cell).as_str() {
        "" => Ok(None),
        "1" | "yes" | "true" => Ok(Some(true)),
        "0" | "no" | "false" => Ok(Some(false)),
        other => Err(format!("{other:?} is not 1 or 0")),
    }
}

/// "Published": 1 publish, 0 private, -1 draft (or the status words).
pub fn parse_published(cell: &str) -> Cell<ProductStatus> {
    match word(cell).as_str() {
        "" => Ok(None),
        "1" | "publish" => Ok(Some(ProductStatus::Publish)),
        "0" | "private" => Ok(Some(ProductStatus::Private)),
        "-1" | "draft" => Ok(Some(ProductStatus::Draft)),
        other => Err(format!(
            "{other:?} is not 1 (published), 0 (private) or -1 (draft)"
        )),
    }
}

/// "In stock?": 1, 0 or backorder.
pub fn parse_stock_status(cell: &str) -> Cell<StockStatus> {
    match word(cell).as_str() {
        "" => Ok(None),
        "1" | "instock" => Ok(Some(StockStatus::InStock)),
        "0" | "outofstock" => Ok(Some(StockStatus::OutOfStock)),
        "backorder" | "onbackorder" => Ok(Some(StockStatus::OnBackorder)),
        other => Err(format!("{other:?} is not 1, 0 or backorder")),
    }
}

/// "Backorders allowed?": 0, 1 or notify.
pub fn parse_backorders(cell: &str) -> Cell<Backorders> {
    match word(cell).as_str() {
        "" => Ok(None),
        "0" | "no" => Ok(Some(Backorders::No)),
        "1" | "yes" => Ok(Some(Backorders::Yes)),
        "notify" => Ok(Some(Backorders::Notify)),
        other => Err(format!("{other:?} is not 0, 1 or notify")),
    }
}

pub fn parse_visibility(cell: &str) -> Cell<CatalogVisibility> {
    match word(cell).as_str() {
        "" => Ok(None),
        "visible" => Ok(Some(CatalogVisibility::Visible)),
        "catalog" => Ok(Some(CatalogVisibility::Catalog)),
        "search" => Ok(Some(CatalogVisibility::Search)),
        "hidden" => Ok(Some(CatalogVisibility::Hidden)),
        other => Err(format!(
            "{other:?} is not visible, catalog, search or hidden"
        )),
    }
}

pub fn parse_tax_status(cell: &str) -> Cell<String> {
    match word(cell).as_str() {
        "" => Ok(None),
        w @ ("taxable" | "shipping" | "none") => Ok(Some(w.to_owned())),
        other => Err(format!("{other:?} is not taxable, shipping or none")),
    }
}

/// The exporter writes `.5` for half a unit; Rust's decimal parser wants `0.5`.
fn with_leading_zero(text: &str) -> String {
    match text.strip_prefix('.') {
        Some(rest) => format!("0.{rest}"),
        None => text.to_owned(),
    }
}

/// Weights and dimensions: a non-negative decimal.
pub fn parse_measure(cell: &str) -> Cell<Decimal> {
    let text = cell.trim();
    if text.is_empty() {
        return Ok(None);
    }
    match Decimal::from_str(&with_leading_zero(text)) {
        Ok(d) if d.is_sign_negative() && !d.is_zero() => Err(format!("{text:?} is negative")),
        Ok(d) => Ok(Some(d.normalize())),
        Err(_) => Err(format!("{text:?} is not a decimal number")),
    }
}

pub fn parse_int(cell: &str) -> Cell<i64> {
    let text = cell.trim();
    if text.is_empty() {
        return Ok(None);
    }
    text.parse()
        .map(Some)
        .map_err(|_| format!("{text:?} is not a whole number"))
}

/// A price in the shop currency.
pub fn parse_price(cell: &str, currency: Currency) -> Cell<Money> {
    let text = cell.trim();
    if text.is_empty() {
        return Ok(None);
    }
    Money::parse(&with_leading_zero(text), currency)
        .map(Some)
        .map_err(|e| match e {
            MoneyError::NotADecimal(_) => format!("{text:?} is not a decimal amount"),
            other => other.to_string(),
        })
}

/// Sale dates: `2026-11-22`, `2026-11-22 13:00:00`, `2026-11-22T13:00:00` or RFC 3339, taken
/// as UTC when no offset is given. A date alone means the start of that day, or its last
/// second when `end_of_day` (WooCommerce ends a sale at 23:59:59 of its last day).
pub fn parse_date(cell: &str, end_of_day: bool) -> Cell<OffsetDateTime> {
    let text = cell.trim();
    if text.is_empty() {
        return Ok(None);
    }
    let day = format_description!("[year]-[month]-[day]");
    let space = format_description!("[year]-[month]-[day] [hour]:[minute]:[second]");
    let tee = format_description!("[year]-[month]-[day]T[hour]:[minute]:[second]");
    let rfc = &time::format_description::well_known::Rfc3339;
    if let Ok(date) = Date::parse(text, day) {
        let time = if end_of_day {
            Time::from_hms(23, 59, 59).map_err(|e| e.to_string())?
        } else {
            Time::MIDNIGHT
        };
        return Ok(Some(PrimitiveDateTime::new(date, time).assume_utc()));
    }
    if let Ok(at) = OffsetDateTime::parse(text, rfc) {
        return Ok(Some(at.to_offset(time::UtcOffset::UTC)));
    }
    PrimitiveDateTime::parse(text, space)
        .or_else(|_| PrimitiveDateTime::parse(text, tee))
        .map(|at| Some(at.assume_utc()))
        .map_err(|_| format!("{text:?} is not a date (YYYY-MM-DD or YYYY-MM-DD HH:MM:SS)"))
}

#[cfg(test)]
#[path = "fields_tests.rs"]
mod tests;
