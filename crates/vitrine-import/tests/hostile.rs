//! A crafted WooCommerce CSV full of script payloads: descriptions, short descriptions,
//! purchase notes and variation descriptions keep their formatting and lose every payload;
//! names, categories, tags and attribute values become plain text; an external product's
//! `javascript:` link is refused.

mod support;

use vitrine_domain::catalogue::Product;
use vitrine_domain::money::Currency;
use vitrine_import::{
    ImportError, ImportOptions, ImportReport, NoProgress, import_woocommerce_csv,
};

use support::MemoryStore;

const HOSTILE: &str = include_str!("fixtures/hostile-products.csv");

/// What would run, or load, in a shopper's browser; compared in lower case. A payload's code
/// may survive as visible text (`ipt>window.__xss=…` of a split `<scr<script>ipt>`), which is
/// inert, as it is in WooCommerce.
const PAYLOADS: [&str; 16] = [
    "<script",
    "</script",
    "onerror",
    "onload",
    "ontoggle",
    "onfocus",
    "javascript:",
    "avascript",
    "data:",
    "<iframe",
    "srcdoc",
    "<svg",
    "<style",
    "<object",
    "<embed",
    "<form",
];

async fn run(store: &MemoryStore, csv: &str) -> Result<ImportReport, ImportError> {
    let options = ImportOptions::new(Currency::USD);
    import_woocommerce_csv(csv.as_bytes(), store, options, &NoProgress).await
}

fn assert_no_payload(field: &str, text: &str) {
    let lower = text.to_ascii_lowercase();
    for payload in PAYLOADS {
        assert!(
            !lower.contains(payload),
            "{field}: {payload:?} survived in {text:?}"
        );
    }
}

async fn imported() -> MemoryStore {
    let store = MemoryStore::default();
    let report = run(&store, HOSTILE)
        .await
        .expect("the crafted file imports");
    assert_eq!(report.created, 2, "{report}");
    store
}

fn tee(store: &MemoryStore) -> Product {
    store.product_named("XSS Tee")
}

#[tokio::test]
async fn rich_fields_keep_their_formatting_and_lose_every_payload() {
    let store = imported().await;
    let tee = tee(&store);
    for (field, html) in [
        ("description", &tee.description),
        ("short description", &tee.short_description),
        ("purchase note", &tee.purchase_note),
    ] {
        assert_no_payload(field, html);
    }
    let description = &tee.description;
    for kept in [
        "<p>Soft <strong>cotton</strong>, <em>washed</em>.</p>",
        "<ul><li>Machine wash</li></ul><h2>Sizes</h2>",
        r#"<a href="https://example.com/size-guide" rel="noopener noreferrer">Size guide</a>"#,
        "<summary>Details</summary>More",
        // The links stay as text; their javascript: and data: targets go.
        r#"<a rel="noopener noreferrer">Link one</a>"#,
        r#"<a rel="noopener noreferrer">Link two</a>"#,
        r#"<a rel="noopener noreferrer">Link three</a>"#,
    ] {
        assert!(
            description.contains(kept),
            "{kept:?} missing in {description}"
        );
    }
    assert!(
        tee.short_description
            .starts_with("<p>Short and <strong>soft</strong>.</p>")
    );
    assert!(tee.purchase_note.starts_with("<p>Thanks for buying!</p>"));
}

#[tokio::test]
async fn names_terms_and_attribute_values_become_plain_text() {
    let store = imported().await;
    let tee = tee(&store);
    assert_eq!(tee.slug.as_str(), "xss-tee");
    let data = store.snapshot();
    let categories: Vec<&str> = data.categories.iter().map(|(_, n)| n.as_str()).collect();
    assert_eq!(categories, ["Clothing", "Hostile"]);
    assert_eq!(data.tags, ["bold-tag"], "a tag with no text is dropped");
    let material = &tee.attributes[0];
    assert_eq!(material.name, "Material");
    assert_eq!(material.options, ["Cotton", "Wool"]);
}

#[tokio::test]
async fn variation_descriptions_are_sanitised_and_their_options_still_match() {
    let store = imported().await;
    let hoodie = store.product_named("XSS Hoodie");
    assert_no_payload("hoodie description", &hoodie.description);
    assert_eq!(hoodie.variations.len(), 2);
    for variation in &hoodie.variations {
        assert_no_payload("variation description", &variation.description);
    }
    let small = &hoodie.variations[0];
    assert_eq!(small.description, r#"Small hoodie <img src="x">"#);
    assert_eq!(small.name, "XSS Hoodie - Small");
    let large = &hoodie.variations[1];
    // `open` goes too: no attribute of `details` is allowed, so nothing toggles on load.
    assert_eq!(
        large.description,
        "<details><summary>Large</summary></details>"
    );
}

#[tokio::test]
async fn an_external_product_linking_to_javascript_is_refused() {
    let csv = "Type,Name,External URL,Button text\n\
               external,Trap,javascript:alert(document.cookie),<b>Buy</b>\n\
               external,Fine,https://example.com/buy,<b>Buy</b> now\n";
    let store = MemoryStore::default();
    let err = run(&store, csv)
        .await
        .expect_err("the javascript: link fails the file");
    let issues: Vec<String> = err.issues().iter().map(ToString::to_string).collect();
    assert_eq!(
        issues,
        [
            r#"row 2, column "External URL": "javascript:alert(document.cookie)" is not a web address (http:// or https://)"#
        ]
    );
    assert!(store.snapshot().products.is_empty());
    let fine = csv.replace("javascript:alert(document.cookie)", "http://example.com/");
    run(&store, &fine).await.expect("web links import");
    let product = store.product_named("Fine");
    let link = product.external.expect("a buy link");
    assert_eq!(link.url, "https://example.com/buy");
    assert_eq!(link.button_text, "Buy now");
}

#[tokio::test]
async fn a_name_with_no_text_left_is_a_missing_name() {
    let csv = "Type,Name,Regular price\nsimple,<img src=x onerror=alert(1)>,10\n";
    let err = run(&MemoryStore::default(), csv)
        .await
        .expect_err("no name");
    let issues: Vec<String> = err.issues().iter().map(ToString::to_string).collect();
    assert_eq!(issues, [r#"row 2, column "Name": a product needs a name"#]);
}
