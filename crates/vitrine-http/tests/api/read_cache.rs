//! Catalogue reads kept as rendered bytes per catalogue version (issue 16 item 3, ADR 0018):
//! the product JSON, listings and storefront pages answer with a strong `ETag` and `304` for
//! it; every catalogue write — a product edit, an import, stock taken by an order, a saved
//! discount rule, a content block — shows at once in both JSON and HTML, on this instance and
//! on another one over the same database; a different currency gets different bytes.

use axum::http::Method;
use serde_json::{Value, json};
use vitrine_app::read_cache::ReadCachePolicy;
use vitrine_domain::account::Role;
use vitrine_domain::money::Currency;
use vitrine_import::{ImportOptions, NoProgress, import_woocommerce_csv};

use crate::checkout_app::{BEANIE, Shop, visa};
use crate::helpers::{Login, NOW, TestApp, TestResponse};
use crate::pricing_support::{EUR, T_SHIRT};

const KEPT: u64 = 16 * 1024 * 1024;
const T_SHIRT_PAGE: &str = "/product/t-shirt/";

async fn cached_shop() -> Shop {
    Shop::with(|p| p.read_cache = ReadCachePolicy::exact(KEPT)).await
}

fn product_uri(id: i64) -> String {
    format!("/api/v1/products/{id}")
}

/// A 200 with a strong tag; the same request with that tag is a 304 with no body.
async fn tagged(app: &TestApp, uri: &str, headers: &[(&str, &str)]) -> (TestResponse, String) {
    let res = app.get_with(uri, headers).await;
    assert_eq!(res.status, 200, "{uri}: {}", res.text);
    let tag = res.header("etag").to_owned();
    assert!(
        tag.starts_with('"') && tag.ends_with('"') && tag.len() > 2,
        "{uri}: a strong tag, got {tag:?}"
    );
    let mut again: Vec<(&str, &str)> = headers.to_vec();
    again.push(("if-none-match", &tag));
    let not_modified = app.get_with(uri, &again).await;
    assert_eq!(not_modified.status, 304, "{uri}");
    assert_eq!(not_modified.header("etag"), tag, "{uri}");
    assert!(not_modified.text.is_empty(), "{uri}: no body");
    (res, tag)
}

/// The JSON and the page of one product, with their tags.
async fn both(app: &TestApp, id: i64, page: &str) -> (Value, String, String, String) {
    let (json, json_tag) = tagged(app, &product_uri(id), &[]).await;
    let (html, html_tag) = tagged(app, page, &[]).await;
    (json.json(), json_tag, html.text, html_tag)
}

async fn admin(app: &TestApp) -> Login {
    app.add_user("owner@example.com", Role::Administrator).await;
    app.login("owner@example.com").await
}

#[tokio::test]
async fn a_kept_read_answers_304_for_its_tag_and_a_product_edit_shows_in_json_and_html() {
    let shop = cached_shop().await;
    let app = &shop.app;
    let (json, json_tag, html, html_tag) = both(app, T_SHIRT, T_SHIRT_PAGE).await;
    // Kept: the same bytes and tag again.
    let (again, again_tag) = tagged(app, &product_uri(T_SHIRT), &[]).await;
    assert_eq!((again.json(), again_tag), (json.clone(), json_tag.clone()));
    let (listing, list_tag) = tagged(app, "/api/v1/products?per_page=50", &[]).await;
    let (shop_page, shop_tag) = tagged(app, "/shop/", &[]).await;
    assert!(!html.contains("Tee of the week"));

    shop.change_product(T_SHIRT, |p| p.name = "Tee of the week".into())
        .await;

    let (json, new_json_tag, html, new_html_tag) = both(app, T_SHIRT, T_SHIRT_PAGE).await;
    assert_eq!(json["product"]["name"], "Tee of the week");
    assert!(html.contains("Tee of the week"), "the page shows the edit");
    assert_ne!(new_json_tag, json_tag);
    assert_ne!(new_html_tag, html_tag);
    let (new_listing, new_list_tag) = tagged(app, "/api/v1/products?per_page=50", &[]).await;
    assert_ne!(new_list_tag, list_tag);
    assert!(
        new_listing.text.contains("Tee of the week") && !listing.text.contains("Tee of the week")
    );
    let (new_shop_page, new_shop_tag) = tagged(app, "/shop/", &[]).await;
    assert_ne!(new_shop_tag, shop_tag);
    assert!(
        new_shop_page.text.contains("Tee of the week")
            && !shop_page.text.contains("Tee of the week")
    );
    // The old tag no longer matches: the full new body comes back.
    let res = app
        .get_with(&product_uri(T_SHIRT), &[("if-none-match", &json_tag)])
        .await;
    assert_eq!(res.status, 200);
}

#[tokio::test]
async fn an_import_shows_in_json_and_html() {
    let shop = cached_shop().await;
    let app = &shop.app;
    let (_, json_tag, _, html_tag) = both(app, T_SHIRT, T_SHIRT_PAGE).await;
    let csv = format!(
        "ID,Type,SKU,Name,Published,\"Visibility in catalog\",\"Regular price\"\n\
         {T_SHIRT},simple,woo-tshirt,\"Imported tee\",1,visible,21\n"
    );
    let options = ImportOptions {
        now: NOW,
        ..ImportOptions::new(Currency::USD)
    };
    import_woocommerce_csv(
        csv.as_bytes(),
        &app.db.catalogue(Currency::USD),
        options,
        &NoProgress,
    )
    .await
    .expect("the CSV imports");
    let (json, new_json_tag, html, new_html_tag) = both(app, T_SHIRT, T_SHIRT_PAGE).await;
    assert_eq!(json["product"]["name"], "Imported tee", "{json}");
    assert!(html.contains("Imported tee"));
    assert_ne!(new_json_tag, json_tag);
    assert_ne!(new_html_tag, html_tag);
}

#[tokio::test]
async fn stock_taken_by_an_order_shows_in_json_and_html() {
    let shop = cached_shop().await;
    shop.change_product(BEANIE, |p| p.inventory.stock_quantity = Some(5))
        .await;
    let app = &shop.app;
    let (json, json_tag, _, html_tag) = both(app, BEANIE, "/product/beanie/").await;
    assert_eq!(json["product"]["stock"]["quantity"], 5, "{json}");

    let buyer = shop.buyer(BEANIE, 2).await;
    let res = buyer.checkout(&shop, None, &visa()).await;
    assert_eq!(res.status, 200, "{}", res.text);
    assert_eq!(shop.stock(BEANIE).await, Some(3));

    let (json, new_json_tag, html, new_html_tag) = both(app, BEANIE, "/product/beanie/").await;
    assert_eq!(json["product"]["stock"]["quantity"], 3, "{json}");
    assert_ne!(new_json_tag, json_tag);
    assert_ne!(new_html_tag, html_tag);
    assert!(
        html.contains("\"quantity\":3"),
        "the page's data has the new stock"
    );
}

#[tokio::test]
async fn a_saved_discount_rule_shows_in_json_and_html() {
    let shop = cached_shop().await;
    let app = &shop.app;
    let (json, json_tag, _, html_tag) = both(app, T_SHIRT, T_SHIRT_PAGE).await;
    let before = json["product"].clone();
    let login = admin(app).await;
    let rules = json!({
        "stacking": "first_match",
        "rules": [{
            "id": "half-tshirt", "title": "Half price",
            "filter": { "products": [T_SHIRT] },
            "action": { "kind": "product", "adjustment": { "percent": "50" } }
        }]
    });
    let res = app
        .send(
            Method::PUT,
            "/api/v1/pricing/settings/discounts",
            &login.headers(),
            Some(&rules),
        )
        .await;
    assert_eq!(res.status, 200, "{}", res.text);
    let (json, new_json_tag, _, new_html_tag) = both(app, T_SHIRT, T_SHIRT_PAGE).await;
    assert_ne!(json["product"], before, "the price follows the rule");
    assert_ne!(new_json_tag, json_tag);
    assert_ne!(new_html_tag, html_tag);
}

#[tokio::test]
async fn another_currency_gets_other_bytes_and_every_visitor_of_one_currency_the_same() {
    let shop = cached_shop().await;
    let app = &shop.app;
    let login = admin(app).await;
    let currencies = json!({
        "base": "USD",
        "currencies": [
            { "code": "USD" },
            { "code": "EUR", "rate": "0.92", "symbol": "€", "position": "left" },
        ]
    });
    let res = app
        .send(
            Method::PUT,
            "/api/v1/pricing/settings/currencies",
            &login.headers(),
            Some(&currencies),
        )
        .await;
    assert_eq!(res.status, 200, "{}", res.text);
    for uri in [product_uri(T_SHIRT).as_str(), T_SHIRT_PAGE, "/shop/"] {
        let (usd, usd_tag) = tagged(app, uri, &[]).await;
        let (eur, eur_tag) = tagged(app, uri, &[EUR]).await;
        assert_ne!(usd_tag, eur_tag, "{uri}");
        assert_ne!(usd.text, eur.text, "{uri}");
        assert!(eur.text.contains("€"), "{uri}");
        // A signed-in visitor (or one with a cart) gets the very same bytes: nothing
        // personal is in them.
        let (signed_in, signed_in_tag) = tagged(app, uri, &login.headers()).await;
        assert_eq!(
            (signed_in.text, signed_in_tag),
            (usd.text, usd_tag),
            "{uri}"
        );
    }
}

#[tokio::test]
async fn another_instance_over_the_same_database_sees_a_write_made_through_the_first() {
    let shop = cached_shop().await;
    let first = shop.app.cached_instance();
    let second = shop.app.cached_instance();
    another_instance_sees_the_first_ones_writes(&shop, first, second).await;
}

/// The same on PostgreSQL: two instances, each with its own connection pool, over one schema
/// (runs when `VITRINE_TEST_POSTGRES_URL` is set; prints SKIPPED otherwise).
#[tokio::test]
async fn on_postgres_another_instance_with_its_own_pool_sees_a_write_made_through_the_first() {
    let Some((name, url, mut admin)) = crate::cart_instances::schema().await else {
        return;
    };
    let db = vitrine_store::Database::connect(&url)
        .await
        .expect("first pool");
    db.migrate().await.expect("migrate");
    let shop = Shop::on_with(Some(db), |p| p.read_cache = ReadCachePolicy::exact(KEPT)).await;
    let first = shop.app.cached_instance();
    let own_pool = vitrine_store::Database::connect(&url)
        .await
        .expect("second pool");
    let second = shop.app.cached_instance_over(own_pool);
    another_instance_sees_the_first_ones_writes(&shop, first, second).await;
    drop(shop);
    sqlx::raw_sql(&format!("DROP SCHEMA {name} CASCADE"))
        .execute(&mut admin)
        .await
        .expect("drop schema");
}

async fn another_instance_sees_the_first_ones_writes(shop: &Shop, first: TestApp, second: TestApp) {
    let (_, _, html, home_tag) = both(&second, T_SHIRT, "/").await;
    assert!(!html.contains("Our own story"));
    let (_, page_tag) = tagged(&second, T_SHIRT_PAGE, &[]).await;

    // A content block saved through the first instance…
    first.add_user("ed@example.com", Role::Editor).await;
    let editor = first.login("ed@example.com").await;
    let res = first
        .send(
            Method::PUT,
            "/api/v1/blocks/home-about",
            &editor.headers(),
            Some(&json!({ "title": "Our own story", "body": "Since 2026." })),
        )
        .await;
    assert_eq!(res.status, 200, "{}", res.text);
    // …shows on the second's home page.
    let (home, new_home_tag) = tagged(&second, "/", &[]).await;
    assert!(home.text.contains("Our own story"));
    assert_ne!(new_home_tag, home_tag);

    // A product written by an import process shows on both.
    shop.change_product(T_SHIRT, |p| p.name = "Tee everywhere".into())
        .await;
    for app in [&first, &second] {
        let (json, _) = tagged(app, &product_uri(T_SHIRT), &[]).await;
        assert_eq!(json.json()["product"]["name"], "Tee everywhere");
    }
    let (page, new_page_tag) = tagged(&second, T_SHIRT_PAGE, &[]).await;
    assert!(page.text.contains("Tee everywhere"));
    assert_ne!(new_page_tag, page_tag);
}
