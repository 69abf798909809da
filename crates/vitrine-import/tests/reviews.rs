//! The review importer on the real store: the demo reviews, a re-run, and a bad file that
//! names every fault by row and column and leaves the database untouched.

use vitrine_domain::catalogue::ProductId;
use vitrine_domain::money::Currency;
use vitrine_domain::ports::ReviewStore;
use vitrine_domain::review::Rating;
use vitrine_import::{ImportOptions, NoProgress, import_reviews_csv, import_woocommerce_csv};
use vitrine_store::Database;

const SAMPLE: &str = include_str!("fixtures/woocommerce-sample-products.csv");
const DEMO_REVIEWS: &str = include_str!("../../../data/demo-reviews.csv");
const HOODIE: ProductId = ProductId(45);
const BEANIE: ProductId = ProductId(48);

async fn shop() -> (tempfile::TempDir, Database) {
    let dir = tempfile::tempdir().expect("temp dir");
    let url = format!("sqlite://{}", dir.path().join("shop.db").display());
    let db = Database::connect(&url).await.expect("connect");
    db.migrate().await.expect("migrate");
    import_woocommerce_csv(
        SAMPLE.as_bytes(),
        &db.catalogue(Currency::USD),
        ImportOptions::new(Currency::USD),
        &NoProgress,
    )
    .await
    .expect("sample imports");
    (dir, db)
}

#[tokio::test]
async fn the_demo_reviews_import_once_and_a_rerun_adds_nothing() {
    let (_dir, db) = shop().await;
    let catalogue = db.catalogue(Currency::USD);
    let report = import_reviews_csv(DEMO_REVIEWS.as_bytes(), &catalogue, &db.reviews())
        .await
        .expect("demo reviews import");
    assert_eq!((report.rows, report.added, report.unchanged), (5, 5, 0));
    let again = import_reviews_csv(DEMO_REVIEWS.as_bytes(), &catalogue, &db.reviews())
        .await
        .expect("again");
    assert_eq!((again.added, again.unchanged), (0, 5));

    let hoodie = db
        .reviews()
        .approved_reviews(HOODIE, 10)
        .await
        .expect("list");
    assert_eq!(hoodie.len(), 3);
    assert_eq!(hoodie[0].author, "Priya Nair", "newest first");
    assert_eq!(hoodie[0].email, None, "an empty email is none");
    assert!(hoodie[0].verified_owner);
    assert_eq!(hoodie[2].rating.map(Rating::stars), Some(5));
    let beanie = db.reviews().review_summary(BEANIE).await.expect("summary");
    assert_eq!((beanie.count, beanie.average()), (2, Some(3.5)));
}

#[tokio::test]
async fn a_bad_file_names_each_fault_and_imports_nothing() {
    let (_dir, db) = shop().await;
    let csv = "product,author,date,text,rating,verified_owner\n\
               hoodie,Ada,2026-10-01,Fine,5,1\n\
               nope,,2026-13-01,,9,maybe\n\
               beanie,Bo,2026-10-02,Good,six,0\n";
    let err = import_reviews_csv(csv.as_bytes(), &db.catalogue(Currency::USD), &db.reviews())
        .await
        .expect_err("refused");
    let faults: Vec<(u64, Option<&str>)> = err
        .issues()
        .iter()
        .map(|i| (i.row, i.column.as_deref()))
        .collect();
    assert_eq!(
        faults,
        [
            (3, Some("product")),
            (3, Some("date")),
            (3, Some("verified_owner")),
            (3, Some("rating")),
            (4, Some("rating")),
        ],
        "{err}"
    );
    let stored = db
        .reviews()
        .approved_reviews(HOODIE, 10)
        .await
        .expect("list");
    assert!(stored.is_empty(), "the good row was not imported either");
}

#[tokio::test]
async fn unknown_and_missing_columns_are_refused_up_front() {
    let (_dir, db) = shop().await;
    let err = import_reviews_csv(
        "product,author,stars,text\nhoodie,Ada,5,Fine\n".as_bytes(),
        &db.catalogue(Currency::USD),
        &db.reviews(),
    )
    .await
    .expect_err("refused");
    let text = err.to_string();
    assert!(
        text.contains("row 1, column \"stars\": unknown column"),
        "{text}"
    );
    assert!(
        text.contains("row 1, column \"date\": required column is missing"),
        "{text}"
    );
}
