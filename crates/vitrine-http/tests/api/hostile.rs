//! Imported HTML is sanitised (issue 11): the crafted CSV of the import crate's fixtures goes
//! through the real importer, then no payload is in the product page's HTML, its inlined
//! data, JSON-LD, the page-data API or the variations; and markup stored before sanitising
//! existed is cleaned when a page renders it.

use serde_json::Value;
use vitrine_domain::catalogue::fixtures::{CURRENCY, simple_product};
use vitrine_domain::catalogue::{ExternalLink, ProductKind};
use vitrine_domain::ports::CatalogueStore;

use crate::helpers::{TestApp, inline_data, json_ld};

/// What would run or load in a browser; compared in lower case. The page's own scripts are
/// counted separately.
const PAYLOADS: [&str; 15] = [
    "onerror",
    "onload",
    "ontoggle",
    "onfocus",
    "javascript:",
    "avascript:",
    "data:text",
    "<iframe",
    "srcdoc",
    "<svg",
    "<object",
    "<embed",
    "<form",
    "<style",
    "<math",
];

/// The openings of the page frame's own elements (storefront/frame.rs): its icons and chevrons, the
/// currency flag, the search form, and the consent gate's style rules. A payload could not
/// pass for one of these: imported markup is sanitised to text and a few inline tags.
const FRAME_OWN: [&str; 6] = [
    "<svg viewbox=\"0 0 24 24\" width=\"20\" height=\"20\" fill=\"none\"",
    "<svg viewbox=\"0 0 24 24\" width=\"14\" height=\"14\" fill=\"none\"",
    "<svg class=\"currency-flag currency-flag--small\" viewbox=\"0 0 30 20\" aria-hidden=\"true\"",
    "<form method=\"get\" action=\"/\" role=\"search\" aria-label=\"search products\"",
    "<style>.vitrine-consent-decided #root>.vitrine-consent[inert]{display:none}</style>",
    "<noscript><style>#root>.vitrine-consent{display:none}</style></noscript>",
];

fn assert_no_payload(place: &str, text: &str) {
    let mut lower = text.to_ascii_lowercase();
    for own in FRAME_OWN {
        lower = lower.replace(own, "");
    }
    for payload in PAYLOADS {
        assert!(!lower.contains(payload), "{place}: {payload:?} in {text}");
    }
}

/// Every string in a JSON document (page data, JSON-LD), each checked as markup would be.
fn assert_no_payload_in_json(place: &str, value: &Value) {
    match value {
        Value::String(text) => {
            assert_no_payload(place, text);
            assert!(
                !text.to_ascii_lowercase().contains("<script"),
                "{place}: {text}"
            );
        }
        Value::Array(items) => items
            .iter()
            .for_each(|v| assert_no_payload_in_json(place, v)),
        Value::Object(map) => map
            .iter()
            .for_each(|(k, v)| assert_no_payload_in_json(&format!("{place}.{k}"), v)),
        _ => {}
    }
}

/// The page's own script elements: the inlined data, the video players' addresses, JSON-LD
/// and the app's module scripts.
fn assert_only_the_pages_own_scripts(html: &str) {
    let lower = html.to_ascii_lowercase();
    let own = [
        "<script id=\"vitrine-data\" type=\"application/json\">",
        "<script id=\"vitrine-video\" type=\"application/json\">",
        "<script type=\"application/ld+json\">",
        "<script type=\"module\"",
        // The consent gate (head_scripts.rs GATE_SCRIPT), admitted by its hash in the CSP.
        "<script>(function(d){var c=d.cookie,",
        // The app's loader (head_scripts.rs ENTRY_LOADER, ADR 0031), admitted the same way.
        "<script data-entry=\"/assets/",
    ];
    for (at, _) in lower.match_indices("<script") {
        assert!(
            own.iter().any(|o| lower[at..].starts_with(o)),
            "a foreign script at {at}: {}",
            &html[at..html.len().min(at + 120)]
        );
    }
}

#[tokio::test]
async fn no_payload_of_the_crafted_csv_reaches_the_product_page() {
    let app = TestApp::imported("hostile-products.csv").await;
    for path in ["/product/xss-tee/", "/product/xss-hoodie/"] {
        let res = app.get(path).await;
        assert_eq!(res.status, 200, "{path}");
        let html = &res.text;
        assert_no_payload(path, html);
        assert_only_the_pages_own_scripts(html);
        let data = inline_data(html);
        assert_no_payload_in_json(path, &data);
        for doc in json_ld(html) {
            assert_no_payload_in_json(path, &doc);
        }
        let api = app.get(&format!("/api/v1/pages?path={path}")).await;
        assert_eq!(api.status, 200);
        assert_no_payload_in_json(&format!("pages API {path}"), &api.json());
    }
}

#[tokio::test]
async fn the_crafted_products_keep_their_formatting_and_plain_names() {
    let app = TestApp::imported("hostile-products.csv").await;
    let html = app.get("/product/xss-tee/").await.text;
    assert!(
        html.contains("<h1 class=\"product__title\">XSS Tee</h1>"),
        "the name is plain text"
    );
    let data = inline_data(&html);
    let product = &data["product"];
    assert_eq!(product["name"], "XSS Tee");
    let description = product["description"].as_str().expect("description");
    assert!(description.contains("<p>Soft <strong>cotton</strong>, <em>washed</em>.</p>"));
    assert!(description.contains(
        r#"<a href="https://example.com/size-guide" rel="noopener noreferrer">Size guide</a>"#
    ));
    let categories: Vec<&str> = product["categories"]
        .as_array()
        .expect("categories")
        .iter()
        .filter_map(|c| c["name"].as_str())
        .collect();
    assert_eq!(categories, ["Hostile"]);
    let tags: Vec<&str> = product["tags"]
        .as_array()
        .expect("tags")
        .iter()
        .filter_map(|t| t["name"].as_str())
        .collect();
    assert_eq!(tags, ["bold-tag"]);
    assert_eq!(product["attributes"][0]["name"], "Material");
    assert_eq!(
        product["attributes"][0]["options"],
        serde_json::json!(["Cotton", "Wool"])
    );
    let hoodie = app
        .get("/api/v1/pages?path=/product/xss-hoodie/")
        .await
        .json();
    let variations = hoodie["product"]["variations_form"]["product_variations"]
        .as_array()
        .expect("the two variations are embedded");
    assert_eq!(variations.len(), 2);
    assert!(
        variations[0]["variation_description"]
            .as_str()
            .is_some_and(|d| d.starts_with("<p>Small hoodie")),
        "{}",
        variations[0]
    );
}

#[tokio::test]
async fn markup_stored_before_sanitising_is_cleaned_when_a_page_renders_it() {
    let app = TestApp::spawn().await;
    let store = app.db.catalogue(CURRENCY);
    let mut trap = simple_product(9100, "Old Trap", 1000);
    trap.description =
        r#"<p>Kept</p><img src=x onerror="alert(1)"><script>alert(2)</script>"#.into();
    trap.short_description = r#"<svg onload="alert(3)"></svg>Short"#.into();
    trap.purchase_note = r#"<a href="javascript:alert(4)">Note</a>"#.into();
    let mut import = store.begin_import().await.expect("import begins");
    import
        .upsert_product(&trap)
        .await
        .expect("stored as it was");
    let mut link = simple_product(9101, "Old Link", 1000);
    link.kind = ProductKind::External;
    link.external = Some(ExternalLink {
        url: "javascript:alert(5)".into(),
        button_text: "Buy".into(),
    });
    import
        .upsert_product(&link)
        .await
        .expect("stored as it was");
    import.commit().await.expect("committed");
    let app = app.restarted();
    let html = app.get("/product/old-trap/").await.text;
    assert_no_payload("stored product", &html);
    assert_only_the_pages_own_scripts(&html);
    let product = &inline_data(&html)["product"];
    assert_eq!(product["description"], "<p>Kept</p><img src=\"x\">");
    assert_eq!(product["short_description"], "Short");
    assert_eq!(
        product["purchase_note"],
        "<a rel=\"noopener noreferrer\">Note</a>"
    );
    let html = app.get("/product/old-link/").await.text;
    assert_no_payload("stored external link", &html);
    let product = &inline_data(&html)["product"];
    assert_eq!(product["external"], Value::Null);
    assert_eq!(product["add_to_cart"]["url"], "/product/old-link/");
}
