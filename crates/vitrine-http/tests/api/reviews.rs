//! Product reviews through the real router: submit (held or approved), list, the product
//! page's reviews, JSON-LD rating, and every refusal with its code.

use serde_json::{Value, json};
use vitrine_domain::catalogue::fixtures::simple_product;
use vitrine_domain::ports::CatalogueStore;
use vitrine_http::ShopSettings;
use vitrine_http::settings::Moderation;

use crate::helpers::{TestApp, inline_data, json_ld};
use vitrine_domain::catalogue::fixtures::CURRENCY;

const XSS: &str = "<img src=x onerror=alert(1)>";

fn reviews_url(id: i64) -> String {
    format!("/api/v1/products/{id}/reviews")
}

fn review(rating: Option<i64>, text: &str) -> Value {
    json!({ "rating": rating, "text": text, "author": "Ada", "email": "ada@example.com" })
}

async fn auto_approving() -> TestApp {
    let mut settings = ShopSettings::default();
    settings.reviews.moderation = Moderation::Approve;
    TestApp::with_settings(settings).await
}

#[tokio::test]
async fn a_new_review_is_held_for_approval_and_not_shown() {
    let app = TestApp::spawn().await;
    let url = reviews_url(app.ids.hoodie);
    let res = app.post_json(&url, &review(Some(4), "Warm.")).await;
    assert_eq!(res.status, 201, "{}", res.text);
    let stored = &res.json()["review"];
    assert_eq!(stored["status"], "pending");
    assert_eq!(stored["rating"], 4);
    assert_eq!(stored["author"], "Ada");
    assert_eq!(stored["text"], "Warm.");
    assert_eq!(stored["created_at"], "2026-11-22T12:00:00Z");
    assert_eq!(stored["verified_owner"], false);
    assert!(stored.get("email").is_none(), "the email is never answered");
    assert!(!res.text.contains("ada@example.com"));

    let list = app.get(&url).await.json();
    assert_eq!(list["reviews"], json!([]), "pending reviews are not listed");
    assert_eq!(list["review_count"], 0);
}

#[tokio::test]
async fn an_approved_review_reaches_the_list_the_page_data_and_json_ld() {
    let app = auto_approving().await;
    let url = reviews_url(app.ids.hoodie);
    for (stars, text) in [(5, "First."), (4, XSS)] {
        let res = app.post_json(&url, &review(Some(stars), text)).await;
        assert_eq!(res.status, 201, "{}", res.text);
        assert_eq!(res.json()["review"]["status"], "approved");
    }
    let list = app.get(&url).await.json();
    assert_eq!(list["review_count"], 2);
    assert_eq!(list["average_rating"], 4.5);
    assert_eq!(list["reviews"][1]["text"], "First.");
    assert_eq!(list["reviews"].as_array().map(Vec::len), Some(2));

    let html = app.get("/product/hoodie/").await.text;
    let product = &inline_data(&html)["product"];
    assert_eq!(product["review_count"], 2);
    assert_eq!(product["average_rating"], 4.5);
    assert_eq!(
        product["reviews"][0]["text"], XSS,
        "kept as plain text in the data"
    );
    assert_eq!(product["review_form"]["rating_required"], true);
    assert_eq!(
        product["review_form"]["required_rating_text"],
        "Please select a rating"
    );
    assert!(!html.contains("ada@example.com"), "emails stay private");
    assert!(
        !html.contains(XSS),
        "review text never reaches the page as markup"
    );
    assert!(
        html.contains("&lt;img src=x onerror=alert(1)&gt;"),
        "the body shows it escaped"
    );

    let ld = json_ld(&html);
    let doc = ld
        .iter()
        .find(|d| d["@type"] == "Product")
        .expect("Product");
    assert_eq!(doc["aggregateRating"]["ratingValue"], "4.50");
    assert_eq!(doc["aggregateRating"]["reviewCount"], 2);
    assert_eq!(doc["review"][0]["reviewRating"]["ratingValue"], 4);
    assert_eq!(doc["review"][0]["author"]["name"], "Ada");
}

#[tokio::test]
async fn a_product_without_reviews_has_no_rating_in_json_ld() {
    let app = TestApp::spawn().await;
    let html = app.get("/product/hoodie/").await.text;
    let product = &inline_data(&html)["product"];
    assert_eq!(product["review_count"], 0);
    assert_eq!(product["reviews"], json!([]));
    let ld = json_ld(&html);
    let doc = ld
        .iter()
        .find(|d| d["@type"] == "Product")
        .expect("Product");
    assert!(doc.get("aggregateRating").is_none());
}

#[tokio::test]
async fn a_missing_rating_is_refused_with_the_shops_text_and_nothing_is_stored() {
    let mut settings = ShopSettings::default();
    settings.reviews.required_rating_text = "Pick some stars".into();
    settings.reviews.moderation = Moderation::Approve;
    let app = TestApp::with_settings(settings).await;
    let url = reviews_url(app.ids.hoodie);
    let res = app.post_json(&url, &review(None, "No stars")).await;
    assert_eq!(res.status, 422);
    assert_eq!(
        res.json(),
        json!({"code": "rating_required", "message": "Pick some stars", "field": "rating"})
    );
    assert_eq!(app.get(&url).await.json()["review_count"], 0);
}

#[tokio::test]
async fn a_rating_is_optional_when_the_shop_says_so() {
    let mut settings = ShopSettings::default();
    settings.reviews.rating_required = false;
    let app = TestApp::with_settings(settings).await;
    let res = app
        .post_json(&reviews_url(app.ids.hoodie), &review(None, "No stars"))
        .await;
    assert_eq!(res.status, 201, "{}", res.text);
    assert_eq!(res.json()["review"]["rating"], Value::Null);
}

#[tokio::test]
async fn invalid_reviews_name_the_field_at_fault() {
    let app = TestApp::spawn().await;
    let url = reviews_url(app.ids.hoodie);
    for (body, field) in [
        (review(Some(6), "Too many"), "rating"),
        (review(Some(0), "Too few"), "rating"),
        (review(Some(3), "   "), "text"),
        (review(Some(3), &"x".repeat(5001)), "text"),
        (
            json!({"rating": 3, "text": "Fine", "author": " "}),
            "author",
        ),
        (
            json!({"rating": 3, "text": "Fine", "author": "Bo", "email": "bo"}),
            "email",
        ),
    ] {
        let res = app.post_json(&url, &body).await;
        assert_eq!(res.status, 422, "{field}: {}", res.text);
        let error = res.json();
        assert_eq!(error["code"], "invalid_review");
        assert_eq!(error["field"], field);
    }
    let res = app
        .post_raw(&url, Some("application/json"), "{\"rating\":")
        .await;
    assert_eq!(res.status, 400);
    assert_eq!(res.json()["code"], "invalid_json");
}

#[tokio::test]
async fn unknown_products_and_closed_reviews_are_refused() {
    let app = TestApp::spawn().await;
    let res = app
        .post_json(&reviews_url(999_999), &review(Some(5), "Hi"))
        .await;
    assert_eq!(res.status, 404);
    assert_eq!(res.json()["code"], "product_not_found");
    assert_eq!(app.get(&reviews_url(999_999)).await.status, 404);

    let store = app.db.catalogue(CURRENCY);
    let mut closed = simple_product(777, "Closed Mug", 900);
    closed.reviews_allowed = false;
    let mut import = store.begin_import().await.expect("import");
    import.upsert_product(&closed).await.expect("upsert");
    import.commit().await.expect("commit");
    let res = app
        .post_json(&reviews_url(777), &review(Some(5), "Hi"))
        .await;
    assert_eq!(res.status, 403);
    assert_eq!(res.json()["code"], "reviews_closed");
}

#[tokio::test]
async fn a_burst_of_reviews_from_one_address_is_slowed_down_and_nothing_more_is_stored() {
    let app = auto_approving().await;
    let url = reviews_url(app.ids.hoodie);
    for n in 0..5 {
        let res = app
            .post_json(&url, &review(Some(5), &format!("Great {n}")))
            .await;
        assert_eq!(res.status, 201, "{}", res.text);
    }
    // A refused submission does not count against the address.
    assert_eq!(
        app.post_json(&url, &review(Some(9), "Bad")).await.status,
        422
    );
    let res = app.post_json(&url, &review(Some(5), "One more")).await;
    assert_eq!(res.status, 429, "{}", res.text);
    assert_eq!(res.json()["code"], "rate_limited");
    assert_eq!(app.get(&url).await.json()["review_count"], 5);
}
