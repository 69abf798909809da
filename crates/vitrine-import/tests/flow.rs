//! The import flow on the in-memory store: all-or-nothing, skipping, links to stored
//! products, and stable ids and dates on re-import.

mod support;

use time::macros::datetime;
use vitrine_domain::catalogue::ProductId;
use vitrine_domain::money::Currency;
use vitrine_import::{
    ImportError, ImportOptions, ImportReport, NoProgress, import_woocommerce_csv,
};

use support::MemoryStore;

const SAMPLE: &str = include_str!("fixtures/woocommerce-sample-products.csv");

async fn run(store: &MemoryStore, csv: &str, skip: bool) -> Result<ImportReport, ImportError> {
    let options = ImportOptions {
        skip_invalid_rows: skip,
        ..ImportOptions::new(Currency::USD)
    };
    import_woocommerce_csv(csv.as_bytes(), store, options, &NoProgress).await
}

/// The sample with one cell of the row of `sku` replaced.
fn sample_with(sku: &str, from: &str, to: &str) -> String {
    SAMPLE
        .lines()
        .map(|l| {
            if l.contains(&format!(",{sku},")) {
                l.replacen(from, to, 1)
            } else {
                l.to_owned()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[tokio::test]
async fn a_file_with_one_bad_row_changes_nothing() {
    let store = MemoryStore::default();
    run(&store, SAMPLE, false).await.expect("sample imports");
    let before = store.snapshot();
    let bad = sample_with("woo-belt", ",55,65,", ",55,sixty,")
        .replace("Hoodie with Zipper", "Zip Hoodie");
    let err = run(&store, &bad, false)
        .await
        .expect_err("the bad row fails the file");
    assert_eq!(
        err.issues()
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>(),
        [r#"row 7, column "Regular price": "sixty" is not a decimal amount"#]
    );
    assert_eq!(
        store.snapshot(),
        before,
        "not even the renamed hoodie was written"
    );
}

#[tokio::test]
async fn skipping_imports_the_valid_rows_and_reports_the_skipped_ones() {
    let store = MemoryStore::default();
    let bad = sample_with(
        "woo-hoodie",
        "variable,woo-hoodie,Hoodie",
        "variable,woo-hoodie,",
    );
    let report = run(&store, &bad, true)
        .await
        .expect("skipping imports the rest");
    // The Hoodie (row 3) has no name; its four variations go with it.
    assert_eq!(report.skipped_rows(), [3, 19, 20, 21, 26]);
    assert_eq!(report.created, 17);
    assert_eq!(store.snapshot().products.len(), 17);
    assert!(report.to_string().ends_with("; 5 rows skipped"), "{report}");
}

#[tokio::test]
async fn a_grouped_child_is_found_in_the_shop_by_sku() {
    let store = MemoryStore::default();
    run(&store, SAMPLE, false).await.expect("sample");
    let csv = "Type,SKU,Name,Grouped products,Upsells\ngrouped,caps,Caps,\"woo-cap, woo-beanie\",nowhere\n";
    let report = run(&store, csv, false)
        .await
        .expect("linked to stored products");
    let caps = store.product_named("Caps");
    assert_eq!(caps.grouped_children, [ProductId(60), ProductId(48)]);
    assert!(caps.upsells.is_empty());
    assert_eq!(
        report.warnings[0].to_string(),
        r#"row 2, column "Upsells": ignored nowhere: no such product in the file or the shop"#
    );
}

#[tokio::test]
async fn a_grouped_child_in_neither_file_nor_shop_is_an_error() {
    let store = MemoryStore::default();
    let csv = "Type,SKU,Name,Grouped products\ngrouped,caps,Caps,\"woo-cap\"\n";
    let err = run(&store, csv, false).await.expect_err("unknown child");
    assert_eq!(
        err.to_string(),
        "1 error in the file, nothing was imported:\n  row 2, column \"Grouped products\": \
         no product woo-cap in the file or the shop"
    );
    assert!(store.snapshot().products.is_empty());
}

#[tokio::test]
async fn a_sku_that_belongs_to_another_stored_product_is_an_error() {
    let store = MemoryStore::default();
    run(&store, SAMPLE, false).await.expect("sample");
    let csv = "ID,Type,SKU,Name\n500,simple,woo-cap,Another cap\n";
    let err = run(&store, csv, false).await.expect_err("taken SKU");
    assert_eq!(
        err.issues()[0].to_string(),
        r#"row 2, column "SKU": SKU "woo-cap" already belongs to product 60"#
    );
}

#[tokio::test]
async fn a_fresh_id_never_takes_an_id_the_file_sets() {
    let store = MemoryStore::default();
    let csv = "ID,Type,SKU,Name\n,simple,a,A\n1,simple,b,B\n";
    run(&store, csv, false).await.expect("imports");
    let a = store.product_named("A");
    assert_ne!(a.id, ProductId(1));
    assert_eq!(store.product_named("B").id, ProductId(1));
}

#[tokio::test]
async fn a_reimport_keeps_dates_slugs_and_the_ids_of_unnamed_variations() {
    let store = MemoryStore::default();
    let csv = "Type,SKU,Name,Parent,Regular price,Attribute 1 name,Attribute 1 value(s)\n\
               variable,tee,Tee,,,Size,\"S, M\"\n\
               variation,,,tee,5,Size,S\n\
               variation,,,tee,6,Size,M\n";
    let first = ImportOptions {
        now: datetime!(2026-01-01 0:00 UTC),
        ..ImportOptions::default()
    };
    import_woocommerce_csv(csv.as_bytes(), &store, first, &NoProgress)
        .await
        .expect("first");
    let before = store.product_named("Tee");
    let renamed = csv.replace("variable,tee,Tee", "variable,tee,Better Tee");
    let report = run(&store, &renamed, false).await.expect("second");
    assert_eq!(report.updated, 1);
    let after = store.product_named("Better Tee");
    assert_eq!(
        (after.id, after.created_at),
        (before.id, datetime!(2026-01-01 0:00 UTC))
    );
    assert_eq!(
        after.slug.as_str(),
        "tee",
        "a stored product keeps its slug"
    );
    let ids = |p: &vitrine_domain::catalogue::Product| {
        p.variations.iter().map(|v| v.id).collect::<Vec<_>>()
    };
    assert_eq!(ids(&after), ids(&before));
    assert_eq!(after.variations[0].name, "Better Tee - S");
}
