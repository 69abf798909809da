//! Listings kept per catalogue version (issue 16 item 4, ADR 0020): with the listing cache
//! on, every page of every listing — shop, category, tag, featured, attribute and price
//! filters, each sort, the last page and past the end — and its filter panel are exactly what
//! the store's own query answers without it; a product edit, an import and an order's sales
//! show at once on two instances over the same database, SQLite and PostgreSQL alike — in
//! listings, search suggestions and search results (their products kept per version, ADR 0035).

use serde_json::Value;
use vitrine_app::catalogue::ListingCachePolicy;
use vitrine_domain::catalogue::{CatalogVisibility, Pricing, Product, ProductId};
use vitrine_domain::money::{Currency, Money};
use vitrine_domain::ports::CatalogueStore;
use vitrine_http::ShopSettings;
use vitrine_import::{ImportOptions, NoProgress, import_woocommerce_csv};
use vitrine_store::Database;

use crate::checkout_app::{BEANIE, Shop, visa};
use crate::helpers::{NOW, TestApp, inline_data};

const KEPT: ListingCachePolicy = ListingCachePolicy {
    max_bytes: 1024 * 1024,
    product_bytes: 1024 * 1024,
};
const SORTS: [&str; 6] = [
    "menu_order",
    "popularity",
    "rating",
    "date",
    "price",
    "price-desc",
];
const T_SHIRT: i64 = 47;

/// Two products a page, so the sample's listings have several.
fn settings() -> ShopSettings {
    ShopSettings {
        per_page: 2,
        ..ShopSettings::default()
    }
}

fn kept(app: &TestApp) -> TestApp {
    app.instance(settings(), |p| p.listing_cache = KEPT)
}

fn plain(app: &TestApp) -> TestApp {
    app.instance(settings(), |p| p.listing_cache = ListingCachePolicy::OFF)
}

/// The same answer from every instance (status and body), returned.
async fn same(apps: &[&TestApp], uri: &str) -> (u16, String) {
    let first = apps[0].get(uri).await;
    for app in &apps[1..] {
        let other = app.get(uri).await;
        assert_eq!(other.status, first.status, "{uri}");
        assert_eq!(other.text, first.text, "{uri}: the same bytes");
        for header in ["x-wp-total", "x-wp-totalpages", "link"] {
            assert_eq!(
                other.header(header),
                first.header(header),
                "{uri}: {header}"
            );
        }
    }
    (first.status.as_u16(), first.text)
}

async fn listing_json(apps: &[&TestApp], uri: &str) -> Value {
    let (status, text) = same(apps, uri).await;
    assert_eq!(status, 200, "{uri}: {text}");
    serde_json::from_str(&text).expect("JSON")
}

fn ids(list: &Value) -> Vec<i64> {
    list["products"]
        .as_array()
        .expect("products")
        .iter()
        .map(|p| p["id"].as_i64().expect("id"))
        .collect()
}

/// Every page of the sample's listings and sorts, one past the last, API and storefront.
async fn pages_equal_the_uncached_query(app: TestApp) {
    let cached = kept(&app);
    let uncached = plain(&app);
    let apps = [&cached, &uncached];
    let lists = [
        "",
        "&category=clothing",
        "&category=clothing/tshirts",
        "&tag=nothing-here",
        "&featured=1",
    ];
    let mut walked = 0;
    for list in lists {
        for sort in SORTS {
            let uri =
                |page: u64| format!("/api/v1/products?per_page=3&orderby={sort}{list}&page={page}");
            let first = same(&apps, &uri(1)).await;
            let pages = match first.0 {
                200 => {
                    serde_json::from_str::<Value>(&first.1).expect("JSON")["meta"]["total_pages"]
                        .as_u64()
                        .expect("pages")
                }
                _ => 0,
            };
            for page in 2..=pages + 1 {
                same(&apps, &uri(page)).await;
                walked += 1;
            }
        }
    }
    assert!(walked > 30, "several pages walked ({walked})");
    // Hidden products are left out (the sample's Hoodie with Pocket).
    let all = listing_json(&apps, "/api/v1/products?per_page=100").await;
    assert!(!ids(&all).is_empty());
    assert!(
        all["products"]
            .as_array()
            .expect("products")
            .iter()
            .all(|p| p["name"] != "Hoodie with Pocket")
    );

    // The storefront's pages, with attribute and price filters and their filter panels.
    let filters = [
        "",
        "filter_color=blue&",
        "filter_color=blue,red&query_type_color=or&",
        "filter_color=blue&filter_size=large&",
        "min_price=15&max_price=40&",
    ];
    for base in ["/shop/", "/product-category/clothing/"] {
        for filter in filters {
            for sort in ["menu_order", "price", "price-desc", "popularity"] {
                for page in 1..=4 {
                    let path = if page == 1 {
                        base.to_owned()
                    } else {
                        format!("{base}page/{page}/")
                    };
                    let (status, text) =
                        same(&apps, &format!("{path}?{filter}orderby={sort}")).await;
                    if status == 200 && page == 1 {
                        let data = inline_data(&text);
                        assert!(data["filters"].is_object(), "{path}: a filter panel");
                    }
                }
            }
        }
    }
}

async fn read(db: &Database, id: i64) -> Product {
    db.catalogue(Currency::USD)
        .product_by_id(ProductId(id))
        .await
        .expect("read")
        .expect("stored")
}

async fn write(db: &Database, product: &Product) {
    let store = db.catalogue(Currency::USD);
    let mut import = store.begin_import().await.expect("begin");
    import.upsert_product(product).await.expect("upsert");
    import.commit().await.expect("commit");
}

/// Edits, an import and an order's sales, each seen by two cached instances at once.
async fn writes_show_on_every_instance(shop: Shop) {
    let db = shop.app.db.clone();
    let one = shop
        .app
        .instance(ShopSettings::default(), |p| p.listing_cache = KEPT);
    let two = shop
        .app
        .instance(ShopSettings::default(), |p| p.listing_cache = KEPT);
    let uncached = shop.app.instance(ShopSettings::default(), |_| {});
    let apps = [&one, &two, &uncached];
    let by_price = "/api/v1/products?orderby=price&per_page=100";
    let before = listing_json(&apps, by_price).await;
    let popular = listing_json(&apps, "/api/v1/products?orderby=popularity&per_page=3").await;
    let (_, shop_page) = same(&apps, "/shop/").await;
    let span = inline_data(&shop_page)["filters"]["price"].clone();
    // Suggestions and search results read their products through the kept copies (ADR 0035).
    let suggest = "/api/v1/search/suggestions?q=t-shirt";
    let (_, suggested) = same(&apps, suggest).await;
    assert!(!suggested.contains("9,999"), "{suggested}");

    // A price edit moves the T-Shirt down the price order and widens the span.
    let mut tshirt = read(&db, T_SHIRT).await;
    tshirt.pricing = Pricing {
        regular: Some(Money::new(999_900, Currency::USD)),
        ..Pricing::default()
    };
    write(&db, &tshirt).await;
    let after = listing_json(&apps, by_price).await;
    let at = |list: &Value| ids(list).iter().position(|&id| id == T_SHIRT);
    assert!(at(&after) > at(&before), "{after}");
    let (_, shop_page) = same(&apps, "/shop/").await;
    assert_ne!(inline_data(&shop_page)["filters"]["price"], span);
    let (_, suggested) = same(&apps, suggest).await;
    assert!(suggested.contains("9,999"), "{suggested}");
    let (_, results) = same(&apps, "/?s=t-shirt&post_type=product").await;
    assert!(
        results.contains("9,999"),
        "the search results page shows the new price"
    );

    // Hidden: out of every listing, and the totals drop by one.
    tshirt.visibility = CatalogVisibility::Hidden;
    write(&db, &tshirt).await;
    let hidden = listing_json(&apps, by_price).await;
    assert!(!ids(&hidden).contains(&T_SHIRT));
    assert_eq!(
        hidden["meta"]["total"].as_u64(),
        before["meta"]["total"].as_u64().map(|t| t - 1)
    );

    // An import (the CSV importer, as `vitrine import` runs it) adds the cheapest product.
    let csv = "ID,Type,SKU,Name,Published,\"Visibility in catalog\",\"Regular price\"\n\
               500,simple,scarf,\"Imported scarf\",1,visible,0.50\n";
    let options = ImportOptions {
        now: NOW,
        ..ImportOptions::new(Currency::USD)
    };
    import_woocommerce_csv(
        csv.as_bytes(),
        &db.catalogue(Currency::USD),
        options,
        &NoProgress,
    )
    .await
    .expect("the CSV imports");
    let imported = listing_json(&apps, by_price).await;
    assert_eq!(ids(&imported).first(), Some(&500), "{imported}");
    assert_eq!(
        imported["meta"]["total"].as_u64(),
        hidden["meta"]["total"].as_u64().map(|t| t + 1)
    );

    // An order's sales reorder the popularity listing (and its stock is the new stock).
    let buyer = shop.buyer(BEANIE, 2).await;
    let res = buyer.checkout(&shop, None, &visa()).await;
    assert_eq!(res.status, 200, "{}", res.text);
    let now_popular = listing_json(&apps, "/api/v1/products?orderby=popularity&per_page=3").await;
    assert_eq!(ids(&now_popular).first(), Some(&BEANIE), "{now_popular}");
    assert_ne!(ids(&now_popular), ids(&popular));
}

crate::account_area_app::on_both!(writes_show_on_every_instance);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_pages_equal_the_uncached_query() {
    pages_equal_the_uncached_query(TestApp::sample().await).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_pages_equal_the_uncached_query() {
    let Some((name, url, mut admin)) = crate::cart_instances::schema().await else {
        return;
    };
    let db = Database::connect(&url).await.expect("pool");
    db.migrate().await.expect("migrate");
    pages_equal_the_uncached_query(TestApp::sample_on(db.clone()).await).await;
    db.close().await;
    sqlx::raw_sql(&format!("DROP SCHEMA {name} CASCADE"))
        .execute(&mut admin)
        .await
        .expect("drop schema");
}
