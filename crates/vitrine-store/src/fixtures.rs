//! Catalogue builders and test-only database helpers (feature `fixtures`; never in a release).

use time::OffsetDateTime;
use time::macros::datetime;
use vitrine_domain::catalogue::{
    CatalogVisibility, Inventory, Pricing, Product, ProductId, ProductKind, ProductStatus,
    Shipping, Slug, Variation, VariationId, slugify,
};

use crate::db::Database;
use crate::error::{StoreResult, db_error};

/// When every fixture product was created unless a test says otherwise.
pub const CREATED_AT: OffsetDateTime = datetime!(2026-01-01 0:00 UTC);

/// A published, visible simple product priced `price` minor units, slug from its name.
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
        created_at: CREATED_AT,
    }
}

/// A variable product with one enabled variation per `(variation id, price)`.
pub fn variable_product(id: i64, name: &str, variations: &[(i64, i64)]) -> Product {
    Product {
        kind: ProductKind::Variable,
        pricing: Pricing::default(),
        variations: variations
            .iter()
            .map(|&(vid, price)| variation(vid, price))
            .collect(),
        ..simple_product(id, name, 0)
    }
}

/// An enabled variation priced `price`, matching any attribute value.
pub fn variation(id: i64, price: i64) -> Variation {
    Variation {
        id: VariationId(id),
        sku: None,
        name: String::new(),
        enabled: true,
        attributes: Vec::new(),
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

/// Replaces a stored product's JSON document verbatim, to test how bad data is reported.
pub async fn overwrite_document(db: &Database, id: ProductId, raw: &str) -> StoreResult<()> {
    sqlx::query("UPDATE products SET document = $1 WHERE id = $2")
        .bind(raw)
        .bind(id.0)
        .execute(db.pool())
        .await
        .map_err(db_error)?;
    Ok(())
}

/// Sets `updated_at` to 0 so a test can tell whether anything rewrote the row since.
pub async fn backdate(db: &Database, id: ProductId) -> StoreResult<()> {
    sqlx::query("UPDATE products SET updated_at = 0 WHERE id = $1")
        .bind(id.0)
        .execute(db.pool())
        .await
        .map_err(db_error)?;
    Ok(())
}

/// The `updated_at` column (unix seconds), to prove an unchanged upsert wrote nothing.
pub async fn updated_at(db: &Database, id: ProductId) -> StoreResult<Option<i64>> {
    sqlx::query_scalar("SELECT updated_at FROM products WHERE id = $1")
        .bind(id.0)
        .fetch_optional(db.pool())
        .await
        .map_err(db_error)
}

/// Test builders may panic: a fixture name without letters or digits is a broken test.
fn slug_for(name: &str) -> Slug {
    slugify(name).expect("fixture product names contain letters or digits")
}
