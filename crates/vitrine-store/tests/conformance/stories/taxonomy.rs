//! Categories, tags and images: find-or-create, the tree, and the menu's product counts.

use std::collections::BTreeMap;

use vitrine_domain::catalogue::Slug;
use vitrine_domain::catalogue::fixtures::CURRENCY;
use vitrine_domain::ports::{CatalogueStore, StoreError};
use vitrine_store::Database;

use super::seed;

pub async fn categories_form_a_tree_with_paths(db: Database) {
    let store: &dyn CatalogueStore = &db.catalogue(CURRENCY);
    let mut import = store.begin_import().await.expect("begin");
    let clothing = import
        .ensure_category(None, "Clothing")
        .await
        .expect("clothing");
    let again = import
        .ensure_category(None, " clothing ")
        .await
        .expect("same slug");
    assert_eq!(again, clothing, "matched by slug under the same parent");
    let tshirts = import
        .ensure_category(Some(clothing), "Tshirts")
        .await
        .expect("child");
    let top_tshirts = import
        .ensure_category(None, "Tshirts")
        .await
        .expect("top level");
    assert_ne!(
        top_tshirts, tshirts,
        "the same slug may live under different parents"
    );
    let err = import
        .ensure_category(None, "!!!")
        .await
        .expect_err("no slug");
    assert!(matches!(err, StoreError::Conflict(_)), "got {err:?}");
    import.commit().await.expect("commit");

    let tree = store.categories().await.expect("categories");
    assert_eq!(tree.all().len(), 3);
    assert_eq!(tree.path(tshirts), ["clothing", "tshirts"]);
    assert_eq!(
        tree.by_path(&["clothing", "tshirts"]).map(|c| c.id),
        Some(tshirts)
    );
    assert_eq!(tree.by_path(&["tshirts"]).map(|c| c.id), Some(top_tshirts));
    let child = tree.get(tshirts).expect("stored");
    assert_eq!(
        (child.name.as_str(), child.parent),
        ("Tshirts", Some(clothing))
    );
}

pub async fn tags_and_images_are_found_or_created_once(db: Database) {
    let store: &dyn CatalogueStore = &db.catalogue(CURRENCY);
    let mut import = store.begin_import().await.expect("begin");
    let winter = import.ensure_tag("Winter").await.expect("tag");
    assert_eq!(import.ensure_tag("winter").await.expect("again"), winter);
    let cosy = import.ensure_tag("Cosy Knits").await.expect("tag");
    let image = import
        .ensure_image("https://example.com/a.jpg")
        .await
        .expect("image");
    let same = import
        .ensure_image("https://example.com/a.jpg")
        .await
        .expect("again");
    let other = import
        .ensure_image("https://example.com/b.jpg")
        .await
        .expect("other");
    assert_eq!(image, same);
    assert_ne!(image, other);
    import.commit().await.expect("commit");

    let tags = store.tags().await.expect("tags");
    let names: Vec<_> = tags.iter().map(|t| (t.id, t.name.as_str())).collect();
    assert_eq!(
        names,
        [(cosy, "Cosy Knits"), (winter, "Winter")],
        "sorted by name"
    );
    let slug = Slug::parse("cosy-knits").expect("slug");
    let found = store.tag_by_slug(&slug).await.expect("by slug");
    assert_eq!(found.map(|t| t.id), Some(cosy));
    let missing = Slug::parse("summer").expect("slug");
    assert!(
        store
            .tag_by_slug(&missing)
            .await
            .expect("by slug")
            .is_none()
    );
}

pub async fn category_counts_include_descendants_and_only_listed_products(db: Database) {
    let catalogue = db.catalogue(CURRENCY);
    let shop = seed::shop(&catalogue).await;
    let counts = catalogue.category_product_counts().await.expect("counts");
    // Clothing: tee and polo (tshirts) plus hoodie; the hidden beanie and draft scarf don't count.
    let expected = BTreeMap::from([
        (shop.clothing, 3),
        (shop.tshirts, 2),
        (shop.hoodies, 1),
        (shop.music, 3),
    ]);
    assert_eq!(counts, expected);
}
