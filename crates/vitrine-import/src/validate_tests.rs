//! Row and cross-row checks, run on small CSV files.

use vitrine_domain::money::Currency;

use super::*;
use crate::parse::parse_csv;

const HEAD: &str = "ID,Type,SKU,Name,Regular price,Sale price,Parent,Grouped products,\
Attribute 1 name,Attribute 1 value(s),Attribute 2 name,Attribute 2 value(s)";

fn check_with(csv: &str, skip: bool) -> Result<Plan, Vec<RowIssue>> {
    let file = parse_csv(csv.as_bytes(), Currency::USD).expect("readable");
    plan(file, skip)
}

fn errors(csv: &str) -> Vec<String> {
    match check_with(csv, false) {
        Ok(_) => Vec::new(),
        Err(issues) => issues.iter().map(ToString::to_string).collect(),
    }
}

fn file(rows: &[&str]) -> String {
    format!("{HEAD}\n{}\n", rows.join("\n"))
}

#[test]
fn a_bad_price_names_its_row_and_column() {
    let csv = file(&["1,simple,a,A,10,,,,,,,", "2,simple,b,B,abc,,,,,,,"]);
    assert_eq!(
        errors(&csv),
        [r#"row 3, column "Regular price": "abc" is not a decimal amount"#]
    );
}

#[test]
fn every_error_of_the_file_is_reported_not_only_the_first() {
    let csv = file(&[
        "1,gift,a,A,10,,,,,,,",
        "2,simple,b,,x,,,,,,,",
        "3,simple,c,C,1,,,,,,,",
    ]);
    let found = errors(&csv);
    assert_eq!(found.len(), 3, "{found:?}");
    assert!(found[0].starts_with(r#"row 2, column "Type": unknown type "gift""#));
    assert_eq!(found[1], r#"row 3, column "Name": a product needs a name"#);
    assert!(found[2].starts_with(r#"row 3, column "Regular price""#));
}

#[test]
fn the_type_and_name_columns_are_required() {
    let found = errors("ID,SKU\n1,a\n");
    assert_eq!(
        found,
        [
            r#"row 1: the "Type" column is missing"#,
            r#"row 1: the "Name" column is missing"#
        ]
    );
}

#[test]
fn columns_may_come_in_any_order_and_unknown_ones_give_one_warning() {
    let csv = "Name,Colour code,Meta: _x,Type,Wrapping\nCap,#f00,1,simple,yes\n";
    let plan = check_with(csv, false).expect("valid");
    assert_eq!(plan.products[0].row.name, "Cap");
    assert_eq!(plan.warnings.len(), 1);
    assert_eq!(
        plan.warnings[0].to_string(),
        r#"row 1: ignored unknown columns "Colour code", "Wrapping""#
    );
}

#[test]
fn a_quoted_cell_over_several_lines_is_still_one_row() {
    let csv = "Type,Name,Stock\nsimple,\"Two\nlines\",1\nsimple,B,many\n";
    assert_eq!(
        errors(csv),
        [r#"row 3, column "Stock": "many" is not a whole number"#]
    );
}

#[test]
fn a_row_with_more_cells_than_the_header_is_an_error() {
    let found = errors("Type,Name\nsimple,A,surplus\n");
    assert_eq!(found, ["row 2: 3 cells but the header has 2"]);
}

#[test]
fn a_variation_may_have_no_name_but_needs_a_resolvable_parent() {
    let csv = file(&[
        "1,variable,v,V,,,,,Color,\"Red, Blue\",,",
        "2,variation,,,5,,v,,Color,Red,,",
        "3,variation,,,5,,,,Color,Red,,",
        "4,variation,,,5,,id:99,,Color,Red,,",
    ]);
    assert_eq!(
        errors(&csv),
        [
            r#"row 4, column "Parent": a variation needs a Parent (id:N or the parent's SKU)"#,
            r#"row 5, column "Parent": no product id:99 in the file"#,
        ]
    );
}

#[test]
fn a_variation_of_a_product_that_is_not_variable_is_an_error() {
    let csv = file(&["1,simple,s,S,5,,,,,,,", "2,variation,,,5,,id:1,,,,,"]);
    assert_eq!(
        errors(&csv),
        [r#"row 3, column "Parent": the parent id:1 (row 2) is not a variable product"#]
    );
}

#[test]
fn a_variation_value_must_be_one_of_the_parents_options() {
    let csv = file(&[
        "1,variable,v,V,,,,,Color,\"Red, Blue\",Size,\"S, M\"",
        "2,variation,,,5,,v,,Color,Purple,Size,",
        "3,variation,,,5,,v,,Colour,Red,,",
        "4,variation,,,5,,v,,Color,red,Size,M",
    ]);
    assert_eq!(
        errors(&csv),
        [
            r#"row 3, column "Attribute 1 value(s)": "Purple" is not one of the parent's Color values (Red, Blue)"#,
            r#"row 4, column "Attribute 1 name": the parent has no attribute "Colour""#,
        ]
    );
}

#[test]
fn a_duplicate_sku_or_id_is_an_error_of_the_later_row() {
    let csv = file(&[
        "1,simple,cap,A,5,,,,,,,",
        "2,simple,CAP,B,5,,,,,,,",
        "1,simple,c,C,5,,,,,,,",
    ]);
    assert_eq!(
        errors(&csv),
        [
            r#"row 3, column "SKU": SKU "CAP" is already used by row 2"#,
            r#"row 4, column "ID": ID 1 is already used by row 2"#,
        ]
    );
}

#[test]
fn a_grouped_product_cannot_group_a_grouped_product() {
    let csv = file(&["1,grouped,g1,G1,,,,,,,,", "2,grouped,g2,G2,,,,g1,,,,"]);
    assert_eq!(
        errors(&csv),
        [r#"row 3, column "Grouped products": g1 (row 2) cannot be grouped"#]
    );
}

#[test]
fn a_sale_price_above_the_regular_price_is_only_a_warning() {
    let plan = check_with(&file(&["1,simple,a,A,40,45,,,,,,"]), false).expect("valid");
    assert_eq!(
        plan.warnings[0].to_string(),
        r#"row 2, column "Sale price": sale price 45 is above the regular price 40; it is ignored, as WooCommerce does"#
    );
}

#[test]
fn bad_flags_dates_and_enums_are_errors_of_their_column() {
    let csv = "Type,Name,Is featured?,Date sale price starts,Date sale price ends,Visibility in catalog,Published\n\
               simple,A,perhaps,2026-13-01,,everywhere,3\n\
               simple,B,,2026-12-01,2026-11-01,,\n";
    let found = errors(csv);
    assert_eq!(found.len(), 5, "{found:?}");
    assert!(found[0].starts_with(r#"row 2, column "Is featured?""#));
    assert!(
        found
            .iter()
            .any(|e| e.starts_with(r#"row 2, column "Date sale price starts""#))
    );
    assert!(
        found
            .iter()
            .any(|e| e.starts_with(r#"row 2, column "Visibility in catalog""#))
    );
    assert!(
        found
            .iter()
            .any(|e| e.starts_with(r#"row 2, column "Published""#))
    );
    assert_eq!(
        found[4],
        r#"row 3, column "Date sale price ends": the sale ends before it starts"#
    );
}

#[test]
fn a_bundle_needs_items_and_a_default_must_be_an_option() {
    let csv = "Type,Name,Bundled items,Attribute 3 name,Attribute 3 value(s),Attribute 3 default\n\
               bundle,Box,,,,\n\
               variable,Tee,,Size,\"S, M\",L\n";
    assert_eq!(
        errors(csv),
        [
            r#"row 2, column "Bundled items": a bundle needs at least one item"#,
            r#"row 3, column "Attribute 3 default": "L" is not one of the values of "Size""#,
        ]
    );
}

#[test]
fn a_bundle_whose_total_price_is_too_large_is_an_error_of_its_items() {
    let csv = "Type,Name,Regular price,Bundled items\n\
               bundle,Vault,1,id:48×2@50000000000000000\n\
               bundle,Box,1,id:48×2@5\n";
    assert_eq!(
        errors(csv),
        [r#"row 2, column "Bundled items": the bundle's total price is too large"#]
    );
}

#[test]
fn skipping_leaves_out_bad_rows_and_the_variations_of_a_bad_parent() {
    let csv = file(&[
        "1,variable,v,V,,,,,Color,\"Red, Blue\",,",
        "2,variation,,,abc,,v,,Color,Red,,",
        "3,variable,w,,,,,,Color,Red,,",
        "4,variation,,,5,,w,,Color,Red,,",
        "5,simple,s,S,5,,,,,,,",
    ]);
    let plan = check_with(&csv, true).expect("skipping never fails on rows");
    let kept: Vec<u64> = plan.products.iter().map(|p| p.row.row).collect();
    assert_eq!(kept, [2, 6]);
    assert!(plan.products[0].variations.is_empty());
    let skipped: Vec<u64> = plan.skipped.iter().map(|i| i.row).collect();
    assert_eq!(skipped, [3, 4, 5]);
    assert_eq!(
        plan.skipped[2].to_string(),
        r#"row 5, column "Parent": its parent w (row 4) is invalid"#
    );
}
