//! The real WooCommerce sample export, imported into the in-memory store: every product type
//! comes out as the storefront expects it.

mod support;

use vitrine_domain::catalogue::{
    BundleItem, CatalogVisibility, Product, ProductId, ProductKind, VariationId,
};
use vitrine_domain::money::{Currency, Money};
use vitrine_import::{ImportOptions, ImportReport, NoProgress, import_woocommerce_csv};

use support::MemoryStore;

const SAMPLE: &str = include_str!("fixtures/woocommerce-sample-products.csv");
const EXTRAS: &str = include_str!("../../../data/demo-extras.csv");

async fn import(store: &MemoryStore, csv: &str) -> ImportReport {
    let options = ImportOptions::new(Currency::USD);
    import_woocommerce_csv(csv.as_bytes(), store, options, &NoProgress)
        .await
        .unwrap_or_else(|e| panic!("import failed: {e}"))
}

fn usd(minor: i64) -> Money {
    Money::new(minor, Currency::USD)
}

fn selection(p: &Product, id: i64) -> Vec<(String, Option<String>)> {
    let v = p.variation(VariationId(id)).expect("variation");
    v.attributes
        .iter()
        .map(|a| (a.attribute.clone(), a.value.clone()))
        .collect()
}

fn pair(a: &str, v: Option<&str>) -> (String, Option<String>) {
    (a.to_owned(), v.map(str::to_owned))
}

#[tokio::test]
async fn the_sample_gives_18_products_and_7_variations() {
    let store = MemoryStore::default();
    let report = import(&store, SAMPLE).await;
    assert_eq!((report.products_seen, report.variations_seen), (18, 7));
    assert_eq!(
        (report.created, report.updated, report.unchanged),
        (18, 0, 0)
    );
    assert!(report.warnings.is_empty(), "{:?}", report.warnings);
    let data = store.snapshot();
    assert_eq!(data.products.len(), 18);
    let variations: usize = data.products.values().map(|p| p.variations.len()).sum();
    assert_eq!(variations, 7);
}

#[tokio::test]
async fn the_hoodie_has_colour_and_logo_with_four_variations() {
    let store = MemoryStore::default();
    import(&store, SAMPLE).await;
    let hoodie = store.product_named("Hoodie");
    assert_eq!(hoodie.kind, ProductKind::Variable);
    let names: Vec<_> = hoodie
        .attributes
        .iter()
        .map(|a| (a.slug.as_str(), a.variation))
        .collect();
    assert_eq!(names, [("color", true), ("logo", true)]);
    assert_eq!(hoodie.variations.len(), 4);
    assert_eq!(
        selection(&hoodie, 79),
        [pair("color", Some("Red")), pair("logo", Some("No"))]
    );
    assert_eq!(
        selection(&hoodie, 80),
        [pair("color", Some("Green")), pair("logo", Some("No"))]
    );
    assert_eq!(
        selection(&hoodie, 81),
        [pair("color", Some("Blue")), pair("logo", Some("No"))]
    );
    assert_eq!(
        selection(&hoodie, 90),
        [pair("color", Some("Blue")), pair("logo", Some("Yes"))]
    );
    let red = hoodie.variation(VariationId(79)).expect("red");
    assert_eq!(
        (red.pricing.sale, red.pricing.regular),
        (Some(usd(4200)), Some(usd(4500)))
    );
    assert_eq!(red.sku.as_deref(), Some("woo-hoodie-red"));
    let first = hoodie.variations.first().map(|v| v.id);
    assert_eq!(first, Some(VariationId(90)), "variations follow Position");
}

#[tokio::test]
async fn the_v_neck_variations_take_any_size() {
    let store = MemoryStore::default();
    import(&store, SAMPLE).await;
    let tee = store.product_named("Awesome V-Neck T-Shirt");
    assert_eq!(tee.variations.len(), 3);
    assert_eq!(
        selection(&tee, 76),
        [pair("color", Some("Red")), pair("size", None)]
    );
    assert!(tee.variations.iter().all(|v| v.value_of("size").is_none()));
}

#[tokio::test]
async fn grouped_external_hidden_and_downloadable_products_keep_their_kind() {
    let store = MemoryStore::default();
    import(&store, SAMPLE).await;
    let logo = store.product_named("Logo Collection");
    assert_eq!(logo.kind, ProductKind::Grouped);
    assert_eq!(
        logo.grouped_children,
        [ProductId(46), ProductId(47), ProductId(48)]
    );

    let pennant = store.product_named("WordPress Pennant");
    assert_eq!(pennant.kind, ProductKind::External);
    let link = pennant.external.expect("external link");
    assert_eq!(
        link.url,
        "https://mercantile.wordpress.org/product/wordpress-pennant/"
    );
    assert_eq!(link.button_text, "Buy on the WordPress swag store!");
    assert_eq!(pennant.pricing.regular, Some(usd(1105)));

    let pocket = store.product_named("Hoodie with Pocket");
    assert_eq!(pocket.visibility, CatalogVisibility::Hidden);
    assert!(pocket.featured);

    let album = store.product_named("Album");
    assert!(album.downloadable && album.is_virtual);
    assert_eq!(album.downloads.len(), 2);
    assert_eq!(album.download_limit, Some(1));
}

#[tokio::test]
async fn categories_become_a_tree_and_images_get_colours_for_offline_artwork() {
    let store = MemoryStore::default();
    import(&store, SAMPLE).await;
    let data = store.snapshot();
    let clothing = data
        .categories
        .iter()
        .position(|c| c == &(None, "Clothing".to_owned()));
    let clothing = vitrine_domain::catalogue::CategoryId(clothing.expect("Clothing") as i64 + 1);
    assert!(
        data.categories
            .contains(&(Some(clothing), "Tshirts".to_owned()))
    );
    let hoodie = store.product_named("Hoodie");
    let colours: Vec<_> = hoodie.images.iter().map(|i| i.colour.as_deref()).collect();
    // hoodie-2.jpg is the red variation's picture; hoodie-with-logo-2.jpg the blue one's.
    assert_eq!(
        colours,
        [Some("red"), Some("blue"), Some("green"), Some("blue")]
    );
    assert!(hoodie.images.iter().all(|i| i.alt == "Hoodie"));
    let beanie = store.product_named("Beanie");
    assert_eq!(beanie.images[0].colour.as_deref(), Some("red"));
    assert_eq!(
        (beanie.pricing.sale, beanie.pricing.regular),
        (Some(usd(1800)), Some(usd(2000)))
    );
}

#[tokio::test]
async fn importing_the_sample_again_changes_nothing() {
    let store = MemoryStore::default();
    import(&store, SAMPLE).await;
    import(&store, EXTRAS).await;
    let before = store.snapshot();
    let again = import(&store, SAMPLE).await;
    assert_eq!((again.created, again.updated, again.unchanged), (0, 0, 18));
    let extras = import(&store, EXTRAS).await;
    assert_eq!(
        (extras.created, extras.updated, extras.unchanged),
        (0, 0, 2)
    );
    assert_eq!(store.snapshot(), before);
}

#[tokio::test]
async fn the_demo_extras_add_a_hoodie_and_beanie_bundle() {
    let store = MemoryStore::default();
    import(&store, SAMPLE).await;
    let report = import(&store, EXTRAS).await;
    assert_eq!((report.products_seen, report.created), (2, 2));
    let bundle = store.product_named("Hoodie & Beanie Bundle");
    assert_eq!(bundle.kind, ProductKind::Bundle);
    assert_eq!(bundle.slug.as_str(), "hoodie-beanie-bundle");
    let items = bundle.bundle.expect("bundle data");
    assert_eq!(items.base_price, usd(500));
    assert_eq!(
        items.items,
        [
            BundleItem {
                product_id: ProductId(46),
                quantity: 1,
                price: usd(4000)
            },
            BundleItem {
                product_id: ProductId(48),
                quantity: 1,
                price: usd(1600)
            },
        ]
    );
    assert_eq!(items.total(), Ok(usd(6100)));
    assert!(bundle.id.0 > 90, "a fresh id above the sample's");
    assert_eq!(bundle.images[0].colour.as_deref(), Some("blue"));
    assert!(bundle.description.contains('\n'));
}

#[tokio::test]
async fn the_tote_bag_carries_its_curcy_euro_price() {
    let store = MemoryStore::default();
    import(&store, SAMPLE).await;
    let report = import(&store, EXTRAS).await;
    assert!(report.skipped.is_empty(), "{:?}", report.skipped);
    let tote = store.product_named("Tote Bag");
    assert_eq!(tote.pricing.regular, Some(usd(2400)));
    assert_eq!(
        tote.fixed_prices.regular(Currency::EUR),
        Some(Money::new(1900, Currency::EUR))
    );
    assert_eq!(tote.fixed_prices.sale(Currency::EUR), None);
    assert_eq!(tote.fixed_prices.regular(Currency::USD), None);
}
