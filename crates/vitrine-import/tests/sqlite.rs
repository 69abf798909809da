//! End to end on the real store (SQLite in a temporary folder): the demo import, its re-run,
//! a bad file that leaves the database untouched, and a generated catalogue.

use vitrine_domain::money::Currency;
use vitrine_domain::ports::CatalogueStore;
use vitrine_import::{
    GenerateOptions, ImportError, ImportOptions, ImportReport, NoProgress, import_woocommerce_csv,
    write_catalogue_csv,
};
use vitrine_store::{Database, SqlCatalogueStore};

const SAMPLE: &str = include_str!("fixtures/woocommerce-sample-products.csv");
const EXTRAS: &str = include_str!("../../../data/demo-extras.csv");

async fn store() -> (tempfile::TempDir, SqlCatalogueStore) {
    let dir = tempfile::tempdir().expect("temp dir");
    let url = format!("sqlite://{}", dir.path().join("shop.db").display());
    let db = Database::connect(&url).await.expect("connect");
    db.migrate().await.expect("migrate");
    (dir, db.catalogue(Currency::USD))
}

async fn import(store: &SqlCatalogueStore, csv: &str) -> Result<ImportReport, ImportError> {
    let options = ImportOptions::new(Currency::USD);
    import_woocommerce_csv(csv.as_bytes(), store, options, &NoProgress).await
}

#[tokio::test]
async fn the_demo_import_run_twice_changes_nothing_the_second_time() {
    let (_dir, store) = store().await;
    let first = import(&store, SAMPLE).await.expect("sample");
    assert_eq!(
        (first.products_seen, first.variations_seen, first.created),
        (18, 7, 18)
    );
    let extras = import(&store, EXTRAS).await.expect("extras");
    assert_eq!(extras.created, 2);
    assert_eq!(store.count_products().await.expect("count"), 20);

    let again = import(&store, SAMPLE).await.expect("sample again");
    assert_eq!((again.created, again.updated, again.unchanged), (0, 0, 18));
    let extras = import(&store, EXTRAS).await.expect("extras again");
    assert_eq!(
        (extras.created, extras.updated, extras.unchanged),
        (0, 0, 2)
    );
    assert_eq!(store.count_products().await.expect("count"), 20);
}

#[tokio::test]
async fn a_file_with_a_bad_row_leaves_the_database_empty() {
    let (_dir, store) = store().await;
    let bad = SAMPLE.replacen(
        ",taxable,,1,,0,0,2,10,6,3,1,,,45,",
        ",taxable,,1,,0,0,2,10,6,3,1,,,4.5.6,",
        1,
    );
    let err = import(&store, &bad).await.expect_err("bad price");
    assert_eq!(
        err.issues()
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>(),
        [r#"row 4, column "Regular price": "4.5.6" is not a decimal amount"#]
    );
    assert_eq!(store.count_products().await.expect("count"), 0);
}

#[tokio::test]
async fn a_failure_found_in_the_store_rolls_back_the_whole_file() {
    let (_dir, store) = store().await;
    import(&store, SAMPLE).await.expect("sample");
    let csv = "Type,SKU,Name,Regular price,Grouped products\n\
               simple,new-one,New One,5,\n\
               grouped,set,Set,,\"woo-cap, missing-sku\"\n";
    let err = import(&store, csv).await.expect_err("missing child");
    assert_eq!(
        err.issues()[0].to_string(),
        r#"row 3, column "Grouped products": no product missing-sku in the file or the shop"#
    );
    assert_eq!(store.count_products().await.expect("count"), 18);
}

#[tokio::test]
async fn a_generated_catalogue_imports_and_reimports_unchanged() {
    let (_dir, store) = store().await;
    let mut csv = Vec::new();
    let options = GenerateOptions {
        products: 300,
        variations: Some(2000),
        seed: 11,
    };
    let written = write_catalogue_csv(&mut csv, &options).expect("generated");
    let csv = String::from_utf8(csv).expect("utf-8");
    let first = import(&store, &csv).await.expect("generated import");
    assert_eq!(first.created, written.products);
    assert_eq!(first.variations_seen, written.variations);
    assert!(first.warnings.is_empty(), "{:?}", first.warnings);
    let again = import(&store, &csv).await.expect("re-import");
    assert_eq!(
        (again.created, again.updated, again.unchanged),
        (0, 0, written.products)
    );
}
