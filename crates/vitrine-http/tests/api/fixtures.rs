//! A small catalogue modelled on WooCommerce's sample data, written through the import port.

use rust_decimal::Decimal;
use vitrine_domain::catalogue::fixtures::{
    attribute, bundle_product, on_sale, selections, simple_product, variable_product,
};
use vitrine_domain::catalogue::{
    CatalogVisibility, ExternalLink, Image, Pricing, Product, ProductId, ProductKind, Shipping,
};
use vitrine_domain::ports::{CatalogueImport, CatalogueStore};

/// Text that must never escape its script element or reach the page as markup.
pub const EVIL: &str = "</script><script>alert(1)</script>";

#[derive(Debug, Clone)]
pub struct Ids {
    pub hoodie: i64,
    pub blue_yes: i64,
    pub vneck: i64,
    pub beanie: i64,
    pub pocket: i64,
    pub collection: i64,
    pub pennant: i64,
    pub bundle: i64,
}

impl Ids {
    /// The same products' ids in WooCommerce's sample CSV (which has no bundle).
    pub fn sample() -> Self {
        Self {
            hoodie: 45,
            blue_yes: 90,
            vneck: 44,
            beanie: 48,
            pocket: 64,
            collection: 87,
            pennant: 89,
            bundle: 0,
        }
    }
}

async fn image(import: &mut dyn CatalogueImport, file: &str, colour: Option<&str>) -> Image {
    let source_url = format!("https://shop.example/wp-content/uploads/{file}");
    Image {
        id: import
            .ensure_image(&source_url)
            .await
            .expect("image registers"),
        source_url,
        alt: String::new(),
        title: String::new(),
        caption: String::new(),
        colour: colour.map(Into::into),
    }
}

pub async fn seed(store: &dyn CatalogueStore) -> Ids {
    let mut import = store.begin_import().await.expect("import begins");
    let im = import.as_mut();
    let clothing = im
        .ensure_category(None, "Clothing")
        .await
        .expect("category");
    let hoodies = im
        .ensure_category(Some(clothing), "Hoodies")
        .await
        .expect("category");
    let tshirts = im
        .ensure_category(Some(clothing), "Tshirts")
        .await
        .expect("category");
    let accessories = im
        .ensure_category(Some(clothing), "Accessories")
        .await
        .expect("category");
    let music = im.ensure_category(None, "Music").await.expect("category");
    let warm = im.ensure_tag("Warm").await.expect("tag");

    let mut hoodie = variable_product(
        45,
        "Hoodie",
        &[(79, 4500), (80, 4500), (81, 4500), (90, 4500)],
    );
    hoodie.sku = Some("woo-hoodie".into());
    hoodie.short_description = "This is a variable product.".into();
    hoodie.categories = vec![hoodies];
    hoodie.shipping = Shipping {
        weight: Some(Decimal::new(15, 1)),
        ..Shipping::default()
    };
    hoodie.attributes = vec![
        attribute("Color", &["Blue", "Green", "Red"]),
        attribute("Logo", &["Yes", "No"]),
    ];
    hoodie.default_attributes = vec![("color".into(), "Blue".into())];
    hoodie.images = vec![image(im, "hoodie-2.jpg", Some("blue")).await];
    let combos = [
        ("Red", "No", "hoodie-red.jpg"),
        ("Green", "No", "hoodie-green.jpg"),
        ("Blue", "No", "hoodie-blue.jpg"),
        ("Blue", "Yes", "hoodie-with-logo.jpg"),
    ];
    for (v, (colour, logo, file)) in hoodie.variations.iter_mut().zip(combos) {
        v.attributes = selections(&[("color", Some(colour)), ("logo", Some(logo))]);
        v.image = Some(image(im, file, Some(colour)).await);
        v.sku = Some(format!(
            "woo-hoodie-{}-{}",
            colour.to_lowercase(),
            logo.to_lowercase()
        ));
    }
    hoodie.variations[0].pricing = on_sale(4500, 4200);

    let mut vneck = variable_product(44, "V-Neck T-Shirt", &[(76, 2000), (77, 2000), (78, 1500)]);
    vneck.featured = true;
    vneck.categories = vec![tshirts];
    vneck.attributes = vec![
        attribute("Color", &["Blue", "Green", "Red"]),
        attribute("Size", &["Large", "Medium", "Small"]),
    ];
    for (v, colour) in vneck.variations.iter_mut().zip(["Red", "Green", "Blue"]) {
        v.attributes = selections(&[("color", Some(colour)), ("size", None)]);
    }

    let mut beanie = simple_product(48, "Beanie", 2000);
    beanie.pricing = on_sale(2000, 1800);
    beanie.sku = Some("woo-beanie".into());
    // Stored as it is: the page sanitises rich text when it renders it.
    beanie.short_description = format!("Warm and cosy. {EVIL}");
    // Plain text is only escaped: it must stay text inside the inlined page data.
    let wool = format!("Wool {EVIL}");
    beanie.attributes = vec![attribute("Material", &[wool.as_str()])];
    beanie.categories = vec![accessories];
    beanie.tags = vec![warm];
    beanie.images = vec![image(im, "beanie-2.jpg", Some("red")).await];

    let mut with_logo = simple_product(46, "Hoodie with Logo", 4500);
    with_logo.categories = vec![hoodies];
    let mut tshirt = simple_product(47, "T-Shirt", 1800);
    tshirt.categories = vec![tshirts];

    let mut pocket = simple_product(64, "Hoodie with Pocket", 4500);
    pocket.pricing = on_sale(4500, 3500);
    pocket.visibility = CatalogVisibility::Hidden;
    pocket.categories = vec![hoodies];

    let mut collection = simple_product(87, "Logo Collection", 0);
    collection.kind = ProductKind::Grouped;
    collection.pricing = Pricing::default();
    collection.categories = vec![clothing];
    collection.grouped_children = [46, 47, 48].map(ProductId).to_vec();

    let mut pennant = simple_product(89, "WordPress Pennant", 1105);
    pennant.kind = ProductKind::External;
    pennant.external = Some(ExternalLink {
        url: "https://mercantile.wordpress.org/product/wordpress-pennant/".into(),
        button_text: "Buy on the WordPress swag store!".into(),
    });

    let mut album = simple_product(73, "Album", 1500);
    album.is_virtual = true;
    album.downloadable = true;
    album.categories = vec![music];

    let bundle = bundle_product(95, "Winter Bundle", 500, &[(48, 1, 1800), (46, 1, 4000)]);

    let all: [&Product; 10] = [
        &hoodie,
        &vneck,
        &beanie,
        &with_logo,
        &tshirt,
        &pocket,
        &collection,
        &pennant,
        &album,
        &bundle,
    ];
    for product in all {
        im.upsert_product(product).await.expect("product stores");
    }
    import.commit().await.expect("import commits");
    Ids {
        hoodie: 45,
        blue_yes: 90,
        vneck: 44,
        beanie: 48,
        pocket: 64,
        collection: 87,
        pennant: 89,
        bundle: 95,
    }
}
