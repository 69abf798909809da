//! Storefront HTML: head metadata, JSON-LD, inlined data, plain body, redirects, 404.

use crate::fixtures::EVIL;
use crate::helpers::{TestApp, inline_data, json_ld};

#[tokio::test]
async fn a_product_page_has_head_metadata_json_ld_and_data() {
    let app = TestApp::spawn().await;
    let res = app.get("/product/hoodie/").await;
    assert_eq!(res.status, 200);
    assert!(res.header("content-type").starts_with("text/html"));
    let html = &res.text;
    assert!(html.contains("<title>Hoodie – Vitrine</title>"));
    assert!(html.contains("<meta name=\"description\" content=\"This is a variable product.\" />"));
    assert!(
        html.contains("<link rel=\"canonical\" href=\"http://127.0.0.1:8080/product/hoodie/\" />")
    );
    assert!(html.contains("<meta property=\"og:type\" content=\"product\" />"));
    assert!(html.contains(
        "<meta property=\"og:url\" content=\"http://127.0.0.1:8080/product/hoodie/\" />"
    ));
    assert!(html.contains("<meta property=\"og:image\" content=\"http://127.0.0.1:8080/media/"));
    // The gallery's main image (the page's LCP) downloads beside the script, at high priority.
    let preload = html
        .split("<link rel=\"preload\" as=\"image\" href=\"/media/")
        .nth(1)
        .expect("a preload of the main image");
    let preload = &preload[..preload.find("/>").expect("the link ends")];
    assert!(preload.contains("fetchpriority=\"high\""));
    assert!(preload.contains("imagesizes=\"(min-width: 850px) 560px, 100vw\""));
    assert!(html.contains("<meta property=\"product:price:amount\" content=\"42.00\" />"));
    assert!(html.contains("<meta property=\"product:price:currency\" content=\"USD\" />"));
    let docs = json_ld(html);
    let product = docs
        .iter()
        .find(|d| d["@type"] == "Product")
        .expect("Product JSON-LD");
    assert_eq!(product["sku"], "woo-hoodie");
    assert_eq!(product["offers"]["@type"], "AggregateOffer");
    assert_eq!(product["offers"]["lowPrice"], "42.00");
    assert_eq!(product["offers"]["highPrice"], "45.00");
    assert_eq!(product["offers"]["priceCurrency"], "USD");
    assert_eq!(
        product["offers"]["availability"],
        "https://schema.org/InStock"
    );
    assert!(docs.iter().any(|d| d["@type"] == "BreadcrumbList"));
    assert_eq!(inline_data(html)["route"], "product");
    assert!(html.contains("<h1 class=\"product__title\">Hoodie</h1>"));
    assert!(html.contains("<span class=\"price-amount\">$42.00 – $45.00</span>"));
}

#[tokio::test]
async fn a_single_priced_product_has_a_plain_offer() {
    let app = TestApp::spawn().await;
    let html = app.get("/product/beanie/").await.text;
    let docs = json_ld(&html);
    let product = docs
        .iter()
        .find(|d| d["@type"] == "Product")
        .expect("Product JSON-LD");
    assert_eq!(product["offers"]["@type"], "Offer");
    assert_eq!(product["offers"]["price"], "18.00");
}

#[tokio::test]
async fn script_closing_text_cannot_break_out_of_the_page_data() {
    let app = TestApp::spawn().await;
    let html = app.get("/product/beanie/").await.text;
    assert!(
        !html.contains("<script>alert(1)"),
        "no injected script anywhere"
    );
    let data = inline_data(&html);
    let material = &data["product"]["attributes"][0]["options"][0];
    assert_eq!(
        material,
        &format!("Wool {EVIL}"),
        "the text itself is intact"
    );
    assert!(html.contains("\\u003c/script\\u003e"));
    let short = data["product"]["short_description"].as_str().unwrap();
    assert_eq!(
        short, "Warm and cosy. ",
        "stored markup is sanitised when rendered"
    );
}

#[tokio::test]
async fn a_listing_page_lists_product_links_without_the_hidden_product() {
    let app = TestApp::spawn().await;
    let res = app.get("/shop/").await;
    assert_eq!(res.status, 200);
    let html = &res.text;
    assert!(html.contains("<title>Shop – Vitrine</title>"));
    assert!(html.contains("<meta property=\"og:type\" content=\"website\" />"));
    assert!(html.contains("href=\"/product/hoodie/\">Hoodie</a>"));
    assert!(!html.contains("Hoodie with Pocket"));
    assert!(html.contains("Showing all 9 results"));
    let docs = json_ld(html);
    let list = docs
        .iter()
        .find(|d| d["@type"] == "ItemList")
        .expect("ItemList JSON-LD");
    assert_eq!(list["itemListElement"][0]["@type"], "ListItem");
    assert_eq!(list["itemListElement"][0]["position"], 1);
    assert!(
        list["itemListElement"][0]["url"]
            .as_str()
            .unwrap()
            .starts_with("http://127.0.0.1:8080/product/")
    );
    let hidden = app.get("/product/hoodie-with-pocket/").await;
    assert_eq!(hidden.status, 200, "a hidden product's page opens by URL");
}

#[tokio::test]
async fn category_tag_search_and_paged_listings_render() {
    let app = TestApp::spawn().await;
    let category = app.get("/product-category/clothing/hoodies/").await;
    assert_eq!(category.status, 200);
    assert!(
        category
            .text
            .contains("<h1 class=\"page-title\">Hoodies</h1>")
    );
    assert_eq!(
        inline_data(&category.text)["context"]["slug"],
        "clothing/hoodies"
    );
    let tag = app.get("/product-tag/warm/").await;
    assert!(tag.text.contains("href=\"/product/beanie/\">Beanie</a>"));
    let search = app.get("/?s=hoodie&post_type=product").await;
    assert_eq!(search.status, 200);
    assert_eq!(inline_data(&search.text)["context"]["kind"], "search");
    assert!(
        search
            .text
            .contains("<meta name=\"robots\" content=\"noindex, follow\" />")
    );
    let home = app.get("/").await;
    let data = inline_data(&home.text);
    assert_eq!(data["route"], "home");
    assert_eq!(data["featured"][0]["name"], "V-Neck T-Shirt");
    assert_eq!(data["listing"]["meta"]["total"], 9);
    assert_eq!(
        app.get("/shop/page/2/").await.status,
        404,
        "past the last page"
    );
    assert_eq!(app.get("/product-category/nope/").await.status, 404);
}

#[tokio::test]
async fn unknown_pages_answer_404_with_the_not_found_page() {
    let app = TestApp::spawn().await;
    let res = app.get("/no-such-page/").await;
    assert_eq!(res.status, 404);
    assert!(res.header("content-type").starts_with("text/html"));
    assert_eq!(inline_data(&res.text)["route"], "not_found");
    assert!(res.text.contains("<h1>Page not found</h1>"));
    assert_eq!(app.get("/product/nope/").await.status, 404);
}

#[tokio::test]
async fn addresses_without_a_trailing_slash_redirect_permanently() {
    let app = TestApp::spawn().await;
    let res = app.get("/product/hoodie?attribute_color=Blue").await;
    assert_eq!(res.status, 301);
    assert_eq!(
        res.header("location"),
        "/product/hoodie/?attribute_color=Blue"
    );
    assert_eq!(app.get("/shop").await.header("location"), "/shop/");
    assert_eq!(app.get("/nope").await.status, 404, "nothing to redirect to");
}

#[tokio::test]
async fn storefront_pages_refuse_other_methods() {
    let app = TestApp::spawn().await;
    let res = app.post_raw("/shop/", None, "").await;
    assert_eq!(res.status, 405);
}

/// Issue 16 (LCP): the first HTML is the page as the shopper sees it above the fold, in the web
/// app's markup: the header and category bar, the gallery's main image at its final size (the
/// same candidate as the head's preload), the listing's cards; no script-only control left
/// working. ADR 0040: the frame (skip link, header, footer) is the server's for good, with the
/// places of the app's islands marked.
#[tokio::test]
async fn the_first_html_is_the_page_frame_in_the_apps_markup() {
    let app = TestApp::spawn().await;
    let html = app.get("/product/hoodie/").await.text;
    let body = &html[html.find("<div id=\"root\">").expect("root")..];
    for part in [
        "<div class=\"site\">",
        "<a class=\"skip-link\" href=\"#main\">Skip to content</a>",
        "<header class=\"site-header\" id=\"site-header\" tabindex=\"-1\" data-sticky=\"normal\"",
        "<a class=\"site-brand\" data-router-link=\"\" href=\"/\"><span class=\"site-brand__name\">Vitrine</span>",
        "<nav class=\"nav nav--bar\" aria-label=\"Main\">",
        "<div data-island=\"cart\"><a class=\"cart-link\" href=\"/cart/\" aria-label=\"Cart, 0 items\">",
        "<nav class=\"breadcrumbs\" aria-label=\"Breadcrumb\">",
        "<main id=\"main\" class=\"site-main\" tabindex=\"-1\">",
        "<img class=\"gallery__image\" sizes=\"(min-width: 850px) 560px, 100vw\" srcset=\"",
    ] {
        assert!(body.contains(part), "{part} in {body}");
    }
    // Every island's place, in the frame's order.
    let mut from = 0;
    for island in [
        "account-bars",
        "menu",
        "search",
        "account",
        "cart",
        "category-nav",
        "mini-cart",
        "currency-sidebar",
        "back-to-top",
        "consent",
    ] {
        let at = body[from..]
            .find(&format!("<div data-island=\"{island}\">"))
            .unwrap_or_else(|| panic!("{island} after {from} in {body}"));
        from += at;
    }
    // The footer is the server's: the shop's name, its lists (folded on phones by the app).
    let footer = &body[body.find("<footer class=\"site-footer\">").expect("footer")..];
    for part in [
        "<h2 id=\"footer-about\" class=\"site-footer__brand\">Vitrine</h2>",
        "<nav aria-labelledby=\"footer-shop\" data-fold=\"\">",
        "<a data-router-link=\"\" href=\"/shop/\">All products</a>",
        "<a href=\"/my-account/\">My account</a>",
        "Powered by Vitrine.",
    ] {
        assert!(footer.contains(part), "{part} in {footer}");
    }
    // No category bar link is current on a product page; the shop's link is on the shop's pages.
    let header = &body[body.find("<header").expect("header")..body.find("</header>").expect("end")];
    assert!(!header.contains("aria-current"), "{header}");
    // The main image is the preloaded one, fetched at high priority.
    let preload = html
        .split("<link rel=\"preload\" as=\"image\" href=\"")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .expect("preload");
    let image = body
        .split("<img class=\"gallery__image\"")
        .nth(1)
        .expect("image");
    assert!(image.contains(&format!("src=\"{preload}\"")), "{image}");
    assert!(image.contains("fetchpriority=\"high\""));
    // Buttons that need the script are inert until the app's replace them.
    assert!(
        body.contains(
            "class=\"menu-toggle\" aria-haspopup=\"dialog\" aria-expanded=\"false\" inert>"
        )
    );

    let shop = app.get("/shop/").await.text;
    assert!(
        shop.contains("<ul class=\"products\" style=\"--columns: 3;\"><li class=\"product-card\"")
    );
    assert!(shop.contains("<img class=\"product-card__image\" sizes=\"(min-width: 850px) 360px"));
    assert!(shop.contains("<h1 class=\"page-title\">Shop</h1>"));
    assert!(shop.contains(
        "<a class=\"nav__link active\" aria-current=\"page\" data-router-link=\"\" href=\"/shop/\">Shop</a>"
    ));
}
