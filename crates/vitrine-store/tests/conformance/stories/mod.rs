//! The stories every backend must pass; each takes a freshly migrated, empty database.

mod account_details;
mod accounts;
mod brakes;
mod carts;
mod catalogue_import;
mod changes;
mod customers;
mod documents;
mod filters;
mod listing;
mod listing_order;
mod lookups;
mod media;
mod orders;
mod orders_after;
mod pricing_settings;
mod product_images;
mod reviews;
mod saved_methods;
mod seed;
mod taxonomy;
mod tracking;
mod tracking_upgrade;

pub use account_details::*;
pub use accounts::*;
pub use brakes::*;
pub use carts::*;
pub use catalogue_import::*;
pub use changes::*;
pub use customers::*;
pub use documents::*;
pub use filters::*;
pub use listing::*;
pub use listing_order::*;
pub use lookups::*;
pub use media::*;
pub use orders::*;
pub use orders_after::*;
pub use pricing_settings::*;
pub use product_images::*;
pub use reviews::*;
pub use saved_methods::*;
pub use taxonomy::*;
pub use tracking::*;
pub use tracking_upgrade::*;

use vitrine_domain::catalogue::{Product, ProductId};
use vitrine_domain::ports::{CatalogueImport, CatalogueStore, UpsertOutcome};

/// Ids of the products, in order, for comparing listings.
fn ids(products: &[Product]) -> Vec<i64> {
    products.iter().map(|p| p.id.0).collect()
}

/// Writes these products in one committed import.
async fn import_all(store: &dyn CatalogueStore, products: &[Product]) {
    let mut import = store.begin_import().await.expect("begin import");
    for product in products {
        upsert(import.as_mut(), product).await;
    }
    import.commit().await.expect("commit import");
}

async fn upsert(import: &mut dyn CatalogueImport, product: &Product) -> UpsertOutcome {
    import
        .upsert_product(product)
        .await
        .unwrap_or_else(|e| panic!("upsert product {}: {e}", product.id))
}

async fn stored(store: &dyn CatalogueStore, id: i64) -> Option<Product> {
    store
        .product_by_id(ProductId(id))
        .await
        .expect("read product")
}
