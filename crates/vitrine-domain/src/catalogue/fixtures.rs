//! Product builders for tests in this and other crates (feature `fixtures`; never in a
//! release): the one place test products are made, so a new product field is added once.

use time::OffsetDateTime;
use time::macros::datetime;

use super::*;
use crate::money::{Currency, Money};

/// When every fixture product was created unless a test says otherwise.
pub const CREATED_AT: OffsetDateTime = datetime!(2026-01-01 0:00 UTC);

/// The currency of every fixture price (the shop settings' default).
pub const CURRENCY: Currency = Currency::USD;

/// `minor` cents of [`CURRENCY`].
pub const fn usd(minor: i64) -> Money {
    Money::new(minor, CURRENCY)
}

/// A published, visible simple product priced `price` cents, slug from its name.
pub fn simple_product(id: i64, name: &str, price: i64) -> Product {
    Product {
        id: ProductId(id),
        kind: ProductKind::Simple,
        sku: None,
        name: name.to_owned(),
        slug: slug_for(name),
        status: ProductStatus::Publish,
        featured: false,
        visibility: CatalogVisibility::Visible,
        short_description: String::new(),
        description: String::new(),
        pricing: Pricing {
            regular: Some(usd(price)),
            ..Pricing::default()
        },
        fixed_prices: FixedPrices::default(),
        tax_status: "taxable".into(),
        tax_class: String::new(),
        inventory: Inventory::default(),
        shipping: Shipping::default(),
        downloadable: false,
        is_virtual: false,
        downloads: Vec::new(),
        download_limit: None,
        download_expiry_days: None,
        reviews_allowed: true,
        purchase_note: String::new(),
        categories: Vec::new(),
        tags: Vec::new(),
        images: Vec::new(),
        attributes: Vec::new(),
        default_attributes: Vec::new(),
        variations: Vec::new(),
        grouped_children: Vec::new(),
        upsells: Vec::new(),
        cross_sells: Vec::new(),
        external: None,
        bundle: None,
        menu_order: 0,
        created_at: CREATED_AT,
    }
}

/// A variable product with one enabled variation per `(variation id, price)`, each matching
/// any attribute value.
pub fn variable_product(id: i64, name: &str, variations: &[(i64, i64)]) -> Product {
    Product {
        kind: ProductKind::Variable,
        pricing: Pricing::default(),
        variations: variations
            .iter()
            .map(|&(vid, price)| variation(vid, &[], price))
            .collect(),
        ..simple_product(id, name, 0)
    }
}

/// A published bundle of `(product id, quantity, price)` items on top of `base_price` (cents).
pub fn bundle_product(id: i64, name: &str, base_price: i64, items: &[(i64, u32, i64)]) -> Product {
    let items = items
        .iter()
        .map(|&(product_id, quantity, price)| BundleItem {
            product_id: ProductId(product_id),
            quantity,
            price: usd(price),
        })
        .collect();
    Product {
        kind: ProductKind::Bundle,
        pricing: Pricing::default(),
        bundle: Some(Bundle {
            base_price: usd(base_price),
            items,
        }),
        ..simple_product(id, name, 0)
    }
}

/// An enabled variation priced `price` with these attribute values (`None`: any value).
pub fn variation(id: i64, pairs: &[(&str, Option<&str>)], price: i64) -> Variation {
    Variation {
        id: VariationId(id),
        sku: None,
        name: String::new(),
        enabled: true,
        attributes: selections(pairs),
        pricing: Pricing {
            regular: Some(usd(price)),
            ..Pricing::default()
        },
        fixed_prices: FixedPrices::default(),
        inventory: Inventory::default(),
        shipping: Shipping::default(),
        image: None,
        description: String::new(),
        is_virtual: false,
        downloadable: false,
        menu_order: 0,
    }
}

/// Prices in cents with a sale price and no sale dates, so the sale is always on.
pub fn on_sale(regular: i64, sale: i64) -> Pricing {
    Pricing {
        regular: Some(usd(regular)),
        sale: Some(usd(sale)),
        ..Pricing::default()
    }
}

/// Attribute slug → value pairs of a variation (`None`: any value).
pub fn selections(pairs: &[(&str, Option<&str>)]) -> Vec<AttributeSelection> {
    pairs
        .iter()
        .map(|(a, v)| AttributeSelection {
            attribute: (*a).into(),
            value: v.map(Into::into),
        })
        .collect()
}

/// A visible attribute used for variations, its slug the lower-cased name.
pub fn attribute(name: &str, options: &[&str]) -> Attribute {
    Attribute {
        name: name.to_owned(),
        slug: name.to_lowercase(),
        options: options.iter().map(|o| (*o).to_owned()).collect(),
        visible: true,
        variation: true,
        global: false,
    }
}

/// The sample Hoodie: Color × Logo with four of six combinations; Red/No on sale 42 (was 45).
pub fn hoodie() -> Product {
    let mut p = simple_product(45, "Hoodie", 0);
    p.kind = ProductKind::Variable;
    p.pricing = Pricing::default();
    p.attributes = vec![
        attribute("Color", &["Blue", "Green", "Red"]),
        attribute("Logo", &["Yes", "No"]),
    ];
    let mut red = variation(79, &[("color", Some("Red")), ("logo", Some("No"))], 4500);
    red.pricing.sale = Some(usd(4200));
    p.variations = vec![
        red,
        variation(80, &[("color", Some("Green")), ("logo", Some("No"))], 4500),
        variation(81, &[("color", Some("Blue")), ("logo", Some("No"))], 4500),
        variation(90, &[("color", Some("Blue")), ("logo", Some("Yes"))], 4500),
    ];
    p
}

/// The sample V-Neck T-Shirt: one variation per colour, any size.
pub fn vneck() -> Product {
    let mut p = simple_product(44, "Awesome V-Neck T-Shirt", 0);
    p.kind = ProductKind::Variable;
    p.pricing = Pricing::default();
    p.attributes = vec![
        attribute("Color", &["Blue", "Green", "Red"]),
        attribute("Size", &["Large", "Medium", "Small"]),
    ];
    p.variations = vec![
        variation(76, &[("color", Some("Red")), ("size", None)], 2000),
        variation(77, &[("color", Some("Green")), ("size", None)], 2000),
        variation(78, &[("color", Some("Blue")), ("size", None)], 1500),
    ];
    p
}

/// Test builders may panic: a fixture name without letters or digits is a broken test.
fn slug_for(name: &str) -> Slug {
    slugify(name).expect("fixture product names contain letters or digits")
}
