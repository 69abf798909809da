//! Layered navigation on the sample catalogue (issue 13): attribute and price filters on the
//! shop, category, tag and search pages with counts per term, sorts by rating, and a renamed
//! category found by search at once.

use serde_json::Value;
use time::Duration;
use vitrine_domain::catalogue::fixtures::CURRENCY;
use vitrine_domain::catalogue::{CategoryId, ProductId};
use vitrine_domain::ports::{CatalogueStore, ReviewStore};
use vitrine_domain::review::{NewReview, Rating, ReviewStatus};

use crate::helpers::{NOW, TestApp, inline_data};

async fn page(app: &TestApp, uri: &str) -> Value {
    let response = app.get(uri).await;
    assert_eq!(response.status, 200, "{uri}: {}", response.text);
    inline_data(&response.text)
}

fn names(data: &Value) -> Vec<String> {
    data["listing"]["products"]
        .as_array()
        .expect("products")
        .iter()
        .map(|p| p["name"].as_str().expect("name").to_owned())
        .collect()
}

/// `name (count)` of each term of an attribute in the filter panel, checked ones marked `*`.
fn terms(data: &Value, attribute: &str) -> Vec<String> {
    data["filters"]["attributes"]
        .as_array()
        .expect("attributes")
        .iter()
        .find(|a| a["attribute"] == attribute)
        .map(|a| {
            a["terms"]
                .as_array()
                .expect("terms")
                .iter()
                .map(|t| {
                    let chosen = if t["chosen"] == true { "*" } else { "" };
                    format!(
                        "{}{chosen} ({})",
                        t["name"].as_str().expect("name"),
                        t["count"]
                    )
                })
                .collect()
        })
        .unwrap_or_default()
}

#[tokio::test]
async fn the_shop_filters_by_colour_and_price_and_counts_each_term() {
    let app = TestApp::sample().await;
    let all = page(&app, "/shop/").await;
    assert_eq!(
        terms(&all, "color"),
        ["Blue (4)", "Gray (2)", "Green (3)", "Red (4)", "Yellow (1)"],
        "the hidden Hoodie with Pocket is not counted"
    );
    assert_eq!(
        terms(&all, "size"),
        ["Large (1)", "Medium (1)", "Small (1)"]
    );
    assert!(
        terms(&all, "logo").is_empty(),
        "a custom attribute offers no filter"
    );
    let span = &all["filters"]["price"];
    assert_eq!(
        (span["min"].as_i64(), span["max"].as_i64()),
        (Some(2), Some(90)),
        "the Single on sale at 2.00 to the Sunglasses at 90.00"
    );
    let blue = page(&app, "/shop/?filter_color=blue&orderby=price").await;
    assert_eq!(
        names(&blue),
        [
            "Awesome V-Neck T-Shirt",
            "Polo",
            "Hoodie",
            "Hoodie with Logo"
        ]
    );
    assert_eq!(
        blue["listing"]["meta"]["result_count"],
        "Showing all 4 results"
    );
    assert_eq!(
        terms(&blue, "color"),
        [
            "Blue* (4)",
            "Gray (2)",
            "Green (3)",
            "Red (4)",
            "Yellow (1)"
        ],
        "an `or` colour counts as if none were chosen"
    );
    assert_eq!(
        terms(&blue, "size"),
        ["Large (1)", "Medium (1)", "Small (1)"]
    );
    assert_eq!(blue["filters"]["active"], true);
    let window = page(
        &app,
        "/shop/?filter_color=blue&min_price=16&max_price=44&orderby=price",
    )
    .await;
    assert_eq!(names(&window), ["Polo", "Hoodie"]);
    let both = page(&app, "/shop/?filter_color=blue,red&query_type_color=and").await;
    assert_eq!(
        names(&both).len(),
        2,
        "the V-Neck and the Hoodie are both: {:?}",
        names(&both)
    );
}

#[tokio::test]
async fn category_tag_and_search_pages_take_the_same_filters() {
    let app = TestApp::sample().await;
    let hoodies = page(
        &app,
        "/product-category/clothing/hoodies/?filter_color=blue",
    )
    .await;
    assert_eq!(names(&hoodies), ["Hoodie", "Hoodie with Logo"]);
    assert_eq!(
        terms(&hoodies, "color"),
        ["Blue* (2)", "Green (1)", "Red (1)"]
    );
    let searched = page(&app, "/?s=hoo&post_type=product&filter_color=red").await;
    assert_eq!(names(&searched), ["Hoodie"]);
    assert_eq!(
        terms(&searched, "color"),
        ["Blue (2)", "Green (1)", "Red* (1)"],
        "counted by the search index"
    );
    let span = &searched["filters"]["price"];
    assert_eq!(
        (span["min"].as_i64(), span["max"].as_i64()),
        (Some(42), Some(42)),
        "the red Hoodie's span"
    );
}

#[tokio::test]
async fn filters_page_with_the_filtered_total() {
    let app = TestApp::sample().await;
    // 17 listed; 12 a page. Clothing in Blue, Green or Red: 7 products, one page.
    let clothing = page(&app, "/shop/?filter_color=blue,green,red").await;
    assert_eq!(clothing["listing"]["meta"]["total"], 7);
    assert_eq!(clothing["listing"]["meta"]["total_pages"], 1);
    let past = app.get("/shop/page/2/?filter_color=blue").await;
    assert_eq!(past.status, 404, "no second page of four");
}

#[tokio::test]
async fn unreadable_filters_are_ignored_not_errors() {
    let app = TestApp::sample().await;
    for uri in [
        "/shop/?min_price=lots&max_price=-1",
        "/shop/?filter_color=%01%02&query_type_color=sideways",
        "/shop/?filter_=blue&filter_color=",
    ] {
        let data = page(&app, uri).await;
        assert_eq!(data["listing"]["meta"]["total"], 17, "{uri}");
    }
    let unknown = page(&app, "/shop/?filter_color=plaid").await;
    assert_eq!(unknown["listing"]["meta"]["total"], 0);
    assert!(
        terms(&unknown, "color").contains(&"plaid* (0)".to_owned()),
        "a chosen term nothing carries still shows, to be unticked"
    );
}

fn review(product: i64, stars: i64, minute: i64) -> NewReview {
    NewReview {
        product_id: ProductId(product),
        author: format!("Shopper {minute}"),
        email: None,
        rating: Rating::new(stars),
        text: "Lovely".into(),
        created_at: NOW + Duration::minutes(minute),
        status: ReviewStatus::Approved,
        verified_owner: false,
        import_key: None,
    }
}

#[tokio::test]
async fn the_rating_order_puts_the_best_rated_first_on_listings_and_search() {
    let app = TestApp::sample().await;
    let reviews = app.db.reviews();
    // Hoodie with Logo (46) 5 stars; Hoodie (45) 4; Hoodie with Zipper (66) none.
    reviews.add_review(&review(46, 5, 1)).await.expect("review");
    reviews.add_review(&review(45, 4, 2)).await.expect("review");
    let hoodies = page(&app, "/product-category/clothing/hoodies/?orderby=rating").await;
    assert_eq!(
        names(&hoodies),
        ["Hoodie with Logo", "Hoodie", "Hoodie with Zipper"]
    );
    let searched = page(&app, "/?s=hoodie&post_type=product&orderby=rating").await;
    assert_eq!(
        names(&searched),
        ["Hoodie with Logo", "Hoodie", "Hoodie with Zipper"],
        "the index caught up with the reviews"
    );
    let popular = page(&app, "/?s=hoodie&post_type=product&orderby=popularity").await;
    assert_eq!(
        names(&popular),
        ["Hoodie with Zipper", "Hoodie with Logo", "Hoodie"],
        "nothing sold: the newest id first"
    );
}

#[tokio::test]
async fn a_renamed_category_is_found_by_its_new_name_on_every_instance() {
    let app = TestApp::sample().await;
    let other = app.restarted();
    assert_eq!(suggest(&other, "sweaters").await, 0);
    let store = app.db.catalogue(CURRENCY);
    let tree = store.categories().await.expect("tree");
    let hoodies: CategoryId = tree
        .all()
        .iter()
        .find(|c| c.name == "Hoodies")
        .map(|c| c.id)
        .expect("the sample's Hoodies");
    store
        .rename_category(hoodies, "Sweaters")
        .await
        .expect("rename");
    assert_eq!(
        suggest(&other, "sweaters").await,
        3,
        "the three listed hoodies, re-indexed without being written"
    );
}

async fn suggest(app: &TestApp, q: &str) -> usize {
    let response = app.get(&format!("/api/v1/search/suggestions?q={q}")).await;
    assert_eq!(response.status, 200, "{}", response.text);
    response.json()["suggestions"]
        .as_array()
        .expect("list")
        .len()
}
