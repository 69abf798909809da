//! Unit tests of the single-cell parsers.

use super::*;
use time::macros::datetime;

fn usd(minor: i64) -> Money {
    Money::new(minor, Currency::USD)
}

#[test]
fn flags_accept_one_zero_yes_no_true_false_and_blank() {
    assert_eq!(parse_bool("1"), Ok(Some(true)));
    assert_eq!(parse_bool(" yes "), Ok(Some(true)));
    assert_eq!(parse_bool("FALSE"), Ok(Some(false)));
    assert_eq!(parse_bool(""), Ok(None));
    assert_eq!(parse_bool("maybe"), Err("\"maybe\" is not 1 or 0".into()));
}

#[test]
fn published_maps_one_zero_minus_one_to_publish_private_draft() {
    assert_eq!(parse_published("1"), Ok(Some(ProductStatus::Publish)));
    assert_eq!(parse_published("0"), Ok(Some(ProductStatus::Private)));
    assert_eq!(parse_published("-1"), Ok(Some(ProductStatus::Draft)));
    assert!(parse_published("2").is_err());
}

#[test]
fn in_stock_accepts_one_zero_and_backorder() {
    assert_eq!(parse_stock_status("1"), Ok(Some(StockStatus::InStock)));
    assert_eq!(parse_stock_status("0"), Ok(Some(StockStatus::OutOfStock)));
    assert_eq!(
        parse_stock_status("backorder"),
        Ok(Some(StockStatus::OnBackorder))
    );
    assert!(parse_stock_status("lots").is_err());
}

#[test]
fn backorders_accept_zero_one_and_notify() {
    assert_eq!(parse_backorders("0"), Ok(Some(Backorders::No)));
    assert_eq!(parse_backorders("1"), Ok(Some(Backorders::Yes)));
    assert_eq!(parse_backorders("notify"), Ok(Some(Backorders::Notify)));
    assert!(parse_backorders("sometimes").is_err());
}

#[test]
fn visibility_and_tax_status_take_woocommerce_words_only() {
    assert_eq!(
        parse_visibility("hidden"),
        Ok(Some(CatalogVisibility::Hidden))
    );
    assert_eq!(
        parse_visibility("Catalog"),
        Ok(Some(CatalogVisibility::Catalog))
    );
    assert!(parse_visibility("secret").is_err());
    assert_eq!(parse_tax_status("taxable"), Ok(Some("taxable".into())));
    assert!(parse_tax_status("exempt").is_err());
}

#[test]
fn measures_accept_a_leading_decimal_point() {
    assert_eq!(parse_measure(".5"), Ok(Some(Decimal::new(5, 1))));
    assert_eq!(parse_measure("1.50"), Ok(Some(Decimal::new(15, 1))));
    assert_eq!(parse_measure(""), Ok(None));
    assert!(parse_measure("heavy").is_err());
    assert!(parse_measure("-2").is_err());
}

#[test]
fn whole_numbers_reject_fractions_and_words() {
    assert_eq!(parse_int(" 42 "), Ok(Some(42)));
    assert_eq!(parse_int("-3"), Ok(Some(-3)));
    assert!(parse_int("4.5").is_err());
    assert!(parse_int("many").is_err());
}

#[test]
fn prices_become_minor_units_of_the_shop_currency() {
    assert_eq!(parse_price("11.05", Currency::USD), Ok(Some(usd(1105))));
    assert_eq!(parse_price("45", Currency::USD), Ok(Some(usd(4500))));
    assert_eq!(parse_price(".5", Currency::USD), Ok(Some(usd(50))));
    assert_eq!(parse_price("", Currency::USD), Ok(None));
    assert_eq!(
        parse_price("abc", Currency::USD),
        Err("\"abc\" is not a decimal amount".into())
    );
    assert!(parse_price("1.005", Currency::USD).is_err());
    assert!(parse_price("-4", Currency::USD).is_err());
    assert_eq!(
        parse_price("99999999999999999999", Currency::USD),
        Err("amount overflow".into())
    );
}

#[test]
fn a_sale_end_date_alone_lasts_until_the_end_of_that_day() {
    assert_eq!(
        parse_date("2026-11-22", false),
        Ok(Some(datetime!(2026-11-22 0:00 UTC)))
    );
    assert_eq!(
        parse_date("2026-11-22", true),
        Ok(Some(datetime!(2026-11-22 23:59:59 UTC)))
    );
    assert_eq!(
        parse_date("2026-11-22 13:30:00", true),
        Ok(Some(datetime!(2026-11-22 13:30 UTC)))
    );
    assert_eq!(
        parse_date("2026-11-22T13:30:00+01:00", false),
        Ok(Some(datetime!(2026-11-22 12:30 UTC)))
    );
    assert!(parse_date("22/11/2026", false).is_err());
    assert!(parse_date("2026-02-30", false).is_err());
}

#[test]
fn escaped_newlines_in_descriptions_become_real_ones() {
    assert_eq!(unescape_text("one\\ntwo"), "one\ntwo");
    assert_eq!(unescape_text("literal \\\\n stays"), "literal \\n stays");
    assert_eq!(unescape_text("C:\\path"), "C:\\path");
}

#[test]
fn the_spreadsheet_formula_guard_is_removed() {
    assert_eq!(unguard("'=SUM(A1)"), "=SUM(A1)");
    assert_eq!(unguard("'-1"), "-1");
    assert_eq!(unguard("'quoted'"), "'quoted'");
}
