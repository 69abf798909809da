//! Small product builders for tests in this and other crates (feature `fixtures`).

use time::macros::datetime;

use super::*;

pub fn simple(id: i64, name: &str, price: i64) -> Product {
    Product {
        id: ProductId(id),
        kind: ProductKind::Simple,
        sku: Some(format!("sku-{id}")),
        name: name.to_owned(),
        slug: slugify(name).unwrap_or_else(|| Slug::parse("product").expect("valid slug")),
        status: ProductStatus::Publish,
        featured: false,
        visibility: CatalogVisibility::Visible,
        short_description: String::new(),
        description: String::new(),
        pricing: Pricing {
            regular: Some(price),
            ..Pricing::default()
        },
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
        created_at: datetime!(2026-01-01 0:00 UTC),
    }
}

pub fn variation(id: i64, pairs: &[(&str, Option<&str>)], price: i64) -> Variation {
    Variation {
        id: VariationId(id),
        sku: None,
        name: String::new(),
        enabled: true,
        attributes: pairs
            .iter()
            .map(|(a, v)| AttributeSelection {
                attribute: (*a).into(),
                value: v.map(Into::into),
            })
            .collect(),
        pricing: Pricing {
            regular: Some(price),
            ..Pricing::default()
        },
        inventory: Inventory::default(),
        shipping: Shipping::default(),
        image: None,
        description: String::new(),
        is_virtual: false,
        downloadable: false,
        menu_order: 0,
    }
}

fn attribute(name: &str, options: &[&str]) -> Attribute {
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
    let mut p = simple(45, "Hoodie", 0);
    p.kind = ProductKind::Variable;
    p.pricing = Pricing::default();
    p.attributes = vec![
        attribute("Color", &["Blue", "Green", "Red"]),
        attribute("Logo", &["Yes", "No"]),
    ];
    let mut red = variation(79, &[("color", Some("Red")), ("logo", Some("No"))], 4500);
    red.pricing.sale = Some(4200);
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
    let mut p = simple(44, "Awesome V-Neck T-Shirt", 0);
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
