//! Reviews: add one, import many all-or-nothing and once, list approved newest first, summarise.

use time::Duration;
use vitrine_domain::catalogue::ProductId;
use vitrine_domain::catalogue::fixtures::{CREATED_AT, CURRENCY, simple_product};
use vitrine_domain::ports::{ReviewStore, ReviewsAdded, StoreError};
use vitrine_domain::review::{NewReview, Rating, ReviewStatus};
use vitrine_store::Database;

use super::import_all;

const HOODIE: ProductId = ProductId(45);
const BEANIE: ProductId = ProductId(48);

async fn with_products(db: &Database) {
    let store = db.catalogue(CURRENCY);
    import_all(
        &store,
        &[
            simple_product(HOODIE.0, "Hoodie", 4500),
            simple_product(BEANIE.0, "Beanie", 1800),
        ],
    )
    .await;
}

fn review(product: ProductId, author: &str, stars: Option<i64>, minutes: i64) -> NewReview {
    NewReview {
        product_id: product,
        author: author.into(),
        email: Some(format!("{}@example.com", author.to_lowercase())),
        rating: stars.and_then(Rating::new),
        text: format!("{author} says <b>hi</b> & \"bye\""),
        created_at: CREATED_AT + Duration::minutes(minutes),
        status: ReviewStatus::Approved,
        verified_owner: false,
        import_key: None,
    }
}

fn authors(reviews: &[vitrine_domain::review::Review]) -> Vec<&str> {
    reviews.iter().map(|r| r.author.as_str()).collect()
}

pub async fn a_review_is_stored_as_written_and_read_back(db: Database) {
    with_products(&db).await;
    let store = db.reviews();
    let mut new = review(HOODIE, "Ada", Some(4), 0);
    new.verified_owner = true;
    new.text = "<img src=x onerror=alert(1)>\nline two — ünïcode".into();
    let stored = store.add_review(&new).await.expect("add review");
    assert!(stored.id.0 > 0);
    assert_eq!(stored.text, new.text);
    let listed = store.approved_reviews(HOODIE, 10).await.expect("list");
    assert_eq!(
        listed,
        vec![stored.clone()],
        "read back exactly as answered"
    );
    assert_eq!(listed[0].email.as_deref(), Some("ada@example.com"));
    assert!(listed[0].verified_owner);
    assert_eq!(listed[0].rating.map(Rating::stars), Some(4));
    assert_eq!(listed[0].created_at, CREATED_AT);
    let second = store
        .add_review(&review(HOODIE, "Bo", None, 1))
        .await
        .expect("add another");
    assert!(second.id > stored.id, "ids grow");
    assert_eq!(second.rating, None, "an unrated review is kept unrated");
}

pub async fn only_approved_reviews_are_listed_newest_first(db: Database) {
    with_products(&db).await;
    let store = db.reviews();
    let mut pending = review(HOODIE, "Pending", Some(1), 50);
    pending.status = ReviewStatus::Pending;
    let mut spam = review(HOODIE, "Spam", Some(1), 60);
    spam.status = ReviewStatus::Spam;
    for r in [
        review(HOODIE, "Old", Some(5), 0),
        review(HOODIE, "New", Some(3), 30),
        review(HOODIE, "Tie", Some(4), 30),
        pending,
        spam,
        review(BEANIE, "Other", Some(2), 90),
    ] {
        store.add_review(&r).await.expect("add");
    }
    let listed = store.approved_reviews(HOODIE, 10).await.expect("list");
    assert_eq!(
        authors(&listed),
        ["Tie", "New", "Old"],
        "newest first, a tie goes to the later id"
    );
    assert!(listed.iter().all(|r| r.status == ReviewStatus::Approved));
    let limited = store.approved_reviews(HOODIE, 2).await.expect("list");
    assert_eq!(authors(&limited), ["Tie", "New"]);
    let none = store
        .approved_reviews(ProductId(999), 10)
        .await
        .expect("list");
    assert!(none.is_empty());
}

pub async fn the_summary_counts_approved_reviews_and_sums_their_ratings(db: Database) {
    with_products(&db).await;
    let store = db.reviews();
    let empty = store.review_summary(HOODIE).await.expect("summary");
    assert_eq!((empty.count, empty.rated, empty.rating_sum), (0, 0, 0));
    assert_eq!(empty.average(), None);
    let mut pending = review(HOODIE, "Pending", Some(1), 9);
    pending.status = ReviewStatus::Pending;
    for r in [
        review(HOODIE, "A", Some(5), 0),
        review(HOODIE, "B", Some(4), 1),
        review(HOODIE, "C", None, 2),
        pending,
        review(BEANIE, "D", Some(1), 3),
    ] {
        store.add_review(&r).await.expect("add");
    }
    let summary = store.review_summary(HOODIE).await.expect("summary");
    assert_eq!(
        summary.count, 3,
        "unrated approved reviews count, pending ones do not"
    );
    assert_eq!(summary.rated, 2);
    assert_eq!(summary.rating_sum, 9);
    assert_eq!(summary.average(), Some(4.5));
}

pub async fn imported_reviews_are_added_once_and_all_or_nothing(db: Database) {
    with_products(&db).await;
    let store = db.reviews();
    let keyed = |author: &str, minutes| {
        let mut r = review(HOODIE, author, Some(5), minutes);
        r.import_key = Some(format!("demo:{author}"));
        r
    };
    let batch = [keyed("A", 0), keyed("B", 1)];
    assert_eq!(
        store.add_reviews(&batch).await.expect("import"),
        ReviewsAdded {
            added: 2,
            unchanged: 0
        }
    );
    assert_eq!(
        store.add_reviews(&batch).await.expect("import again"),
        ReviewsAdded {
            added: 0,
            unchanged: 2
        },
        "importing the same file again adds nothing"
    );
    // A review of a product that does not exist fails the whole batch.
    let mut orphan = keyed("Orphan", 3);
    orphan.product_id = ProductId(999);
    let err = store
        .add_reviews(&[keyed("C", 2), orphan])
        .await
        .expect_err("missing product");
    assert!(matches!(err, StoreError::Conflict(_)), "{err:?}");
    let listed = store.approved_reviews(HOODIE, 10).await.expect("list");
    assert_eq!(
        authors(&listed),
        ["B", "A"],
        "C was rolled back with the batch"
    );
}

pub async fn highlights_are_the_newest_well_rated_approved_reviews(db: Database) {
    with_products(&db).await;
    let store = db.reviews();
    let mut pending = review(BEANIE, "Pending", Some(5), 9);
    pending.status = ReviewStatus::Pending;
    for new in [
        review(HOODIE, "Old", Some(5), 0),
        review(BEANIE, "Four", Some(4), 1),
        review(HOODIE, "Three", Some(3), 2),
        review(HOODIE, "Unrated", None, 3),
        review(BEANIE, "New", Some(5), 4),
        pending,
    ] {
        store.add_review(&new).await.expect("add");
    }
    let four_up = store.highlights(4, 10).await.expect("highlights");
    assert_eq!(authors(&four_up), ["New", "Four", "Old"]);
    let top = store.highlights(5, 1).await.expect("highlights");
    assert_eq!(authors(&top), ["New"]);
}
