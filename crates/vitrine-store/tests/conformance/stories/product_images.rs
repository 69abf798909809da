//! Which products show an image (ADR 0044): the media route draws an image as its product on
//! every instance and after any restart, so the link is stored, not remembered.

use vitrine_domain::catalogue::fixtures::{CURRENCY, hoodie, simple_product};
use vitrine_domain::catalogue::{Image, ImageId, ProductId, ProductStatus};
use vitrine_domain::ports::CatalogueStore;
use vitrine_store::Database;
use vitrine_store::fixtures::{forget_migration, overwrite_document};

use super::import_all;

fn image(id: i64) -> Image {
    Image {
        id: ImageId(id),
        source_url: format!("https://example.com/{id}.jpg"),
        alt: String::new(),
        title: String::new(),
        caption: String::new(),
        colour: None,
    }
}

async fn showing(store: &dyn CatalogueStore, image: i64, limit: u32) -> Vec<i64> {
    store
        .products_with_image(ImageId(image), limit)
        .await
        .expect("products with image")
        .into_iter()
        .map(|id| id.0)
        .collect()
}

/// A hoodie with its own images 1 and 2 and its variations' 3 and 2; a collection sharing 1.
fn products() -> Vec<vitrine_domain::catalogue::Product> {
    let mut hoodie = hoodie();
    hoodie.images = vec![image(1), image(2)];
    hoodie.variations[0].image = Some(image(3));
    hoodie.variations[1].image = Some(image(2));
    let mut collection = simple_product(30, "Logo Collection", 0);
    collection.images = vec![image(1)];
    vec![hoodie, collection]
}

/// Products that are not published, before the others by id, showing image 1.
fn unpublished() -> Vec<vitrine_domain::catalogue::Product> {
    [(27, ProductStatus::Draft), (28, ProductStatus::Private)]
        .into_iter()
        .map(|(id, status)| {
            let mut p = simple_product(id, &format!("Unpublished {id}"), 0);
            p.status = status;
            p.images = vec![image(1)];
            p
        })
        .collect()
}

pub async fn images_lead_to_the_products_showing_them(db: Database) {
    let store: &dyn CatalogueStore = &db.catalogue(CURRENCY);
    let [mut hoodie, collection] = <[_; 2]>::try_from(products()).expect("two");
    import_all(store, &[hoodie.clone(), collection.clone()]).await;
    import_all(store, &unpublished()).await;
    assert_eq!(
        showing(store, 1, 16).await,
        [30, 45],
        "published, in id order"
    );
    assert_eq!(
        showing(store, 1, 1).await,
        [30],
        "at most the limit, counted over published products only"
    );
    assert_eq!(
        showing(store, 2, 16).await,
        [45],
        "own and a variation's: once"
    );
    assert_eq!(showing(store, 3, 16).await, [45], "a variation's image");
    assert!(showing(store, 4, 16).await.is_empty());

    hoodie.images = vec![image(4)];
    hoodie.variations[0].image = None;
    import_all(store, &[hoodie]).await;
    assert_eq!(showing(store, 1, 16).await, [30], "a rewrite replaces them");
    assert_eq!(showing(store, 2, 16).await, [45], "still a variation's");
    assert!(showing(store, 3, 16).await.is_empty());
    assert_eq!(showing(store, 4, 16).await, [45]);
    assert_eq!(
        store.product_by_id(ProductId(30)).await.expect("read"),
        Some(collection)
    );
}

/// A shop stored before the links (migration 0022) finds its products from their documents;
/// a document that does not parse adds nothing and stops nothing.
pub async fn images_of_products_stored_before_the_links_are_found(db: Database) {
    let store: &dyn CatalogueStore = &db.catalogue(CURRENCY);
    let mut broken = simple_product(31, "Broken", 100);
    broken.images = vec![image(5)];
    let mut all = products();
    all.push(broken);
    import_all(store, &all).await;
    overwrite_document(&db, ProductId(31), "{not json")
        .await
        .expect("overwrite");
    forget_migration(
        &db,
        22,
        &[
            "DROP TABLE product_images",
            "DELETE FROM id_counters WHERE name = 'product_images_filled'",
        ],
    )
    .await
    .expect("forget migration 22");
    db.migrate().await.expect("migrate again");
    assert_eq!(showing(store, 1, 16).await, [30, 45]);
    assert_eq!(showing(store, 2, 16).await, [45]);
    assert_eq!(showing(store, 3, 16).await, [45]);
    assert!(showing(store, 5, 16).await.is_empty());
}
