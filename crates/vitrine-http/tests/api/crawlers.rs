//! `/robots.txt` and WordPress's core sitemaps: what crawlers are told exists.

use vitrine_http::ShopSettings;

use crate::helpers::TestApp;

fn locs(xml: &str) -> Vec<String> {
    xml.split("<loc>")
        .skip(1)
        .filter_map(|rest| rest.split("</loc>").next())
        .map(str::to_owned)
        .collect()
}

#[tokio::test]
async fn robots_keep_out_of_the_shoppers_own_pages_and_point_at_the_sitemap() {
    let app = TestApp::spawn().await;
    let robots = app.get("/robots.txt").await;
    assert_eq!(robots.status, 200);
    assert!(robots.header("content-type").starts_with("text/plain"));
    assert_eq!(
        robots.text,
        "User-agent: *\nDisallow: /checkout/\nDisallow: /my-account/\n\
         \nSitemap: http://127.0.0.1:8080/wp-sitemap.xml\n"
    );
}

#[tokio::test]
async fn the_index_names_the_product_category_and_tag_sitemaps() {
    let app = TestApp::spawn().await;
    let index = app.get("/wp-sitemap.xml").await;
    assert_eq!(index.status, 200);
    assert!(index.header("content-type").starts_with("application/xml"));
    assert!(
        index
            .text
            .starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>")
    );
    assert_eq!(
        locs(&index.text),
        [
            "http://127.0.0.1:8080/wp-sitemap-posts-product-1.xml",
            "http://127.0.0.1:8080/wp-sitemap-taxonomies-product_cat-1.xml",
            "http://127.0.0.1:8080/wp-sitemap-taxonomies-product_tag-1.xml",
        ]
    );
}

#[tokio::test]
async fn the_product_sitemap_lists_every_listed_product_and_never_a_hidden_one() {
    let app = TestApp::spawn().await;
    let listed = app.get("/api/v1/products?per_page=100").await.json();
    let mut expected: Vec<String> = listed["products"]
        .as_array()
        .expect("products")
        .iter()
        .map(|p| {
            format!(
                "http://127.0.0.1:8080/product/{}/",
                p["slug"].as_str().expect("slug")
            )
        })
        .collect();
    let page = app.get("/wp-sitemap-posts-product-1.xml").await;
    assert_eq!(page.status, 200);
    let mut found = locs(&page.text);
    assert!(!found.is_empty());
    expected.sort();
    found.sort();
    assert_eq!(found, expected);
    assert!(
        !page.text.contains("/product/hoodie-with-pocket/"),
        "the hidden product is not in the sitemap"
    );
}

#[tokio::test]
async fn category_and_tag_sitemaps_list_terms_with_products() {
    let app = TestApp::spawn().await;
    let categories = locs(
        &app.get("/wp-sitemap-taxonomies-product_cat-1.xml")
            .await
            .text,
    );
    assert!(
        categories.contains(&"http://127.0.0.1:8080/product-category/clothing/hoodies/".to_owned()),
        "{categories:?}"
    );
    assert!(categories.contains(&"http://127.0.0.1:8080/product-category/clothing/".to_owned()));
    let tags = locs(
        &app.get("/wp-sitemap-taxonomies-product_tag-1.xml")
            .await
            .text,
    );
    assert_eq!(tags, ["http://127.0.0.1:8080/product-tag/warm/"]);
}

#[tokio::test]
async fn a_sitemap_page_past_the_last_is_the_shops_404_page() {
    let app = TestApp::spawn().await;
    for path in [
        "/wp-sitemap-posts-product-2.xml",
        "/wp-sitemap-posts-product-0.xml",
        "/wp-sitemap-posts-product-1.json",
        "/wp-sitemap-posts-product-01.xml",
    ] {
        let page = app.get(path).await;
        assert_eq!(page.status, 404, "{path}");
        assert!(
            page.header("content-type").starts_with("text/html"),
            "{path}"
        );
    }
}

#[tokio::test]
async fn a_coming_soon_shop_asks_robots_to_stay_out_and_lists_nothing() {
    let app = TestApp::with_settings(ShopSettings {
        coming_soon: true,
        ..ShopSettings::default()
    })
    .await;
    assert_eq!(
        app.get("/robots.txt").await.text,
        "User-agent: *\nDisallow: /\n"
    );
    assert!(locs(&app.get("/wp-sitemap.xml").await.text).is_empty());
    let page = app.get("/wp-sitemap-posts-product-1.xml").await;
    assert!(
        page.header("content-type").starts_with("text/html") && !page.text.contains("/product/"),
        "a sitemap page is the coming-soon page, as every storefront address"
    );
}
