//! Imports: atomic commits, idempotent upserts, and the uniqueness of slugs, SKUs and ids.

use vitrine_domain::catalogue::fixtures::{CURRENCY, simple_product, usd, variable_product};
use vitrine_domain::catalogue::{ProductId, Slug, VariationId};
use vitrine_domain::ports::{CatalogueStore, StoreError, UpsertOutcome};
use vitrine_store::Database;
use vitrine_store::fixtures::{backdate, updated_at};

use super::{stored, upsert};

pub async fn a_dropped_import_leaves_nothing_and_a_commit_shows_everything(db: Database) {
    let store: &dyn CatalogueStore = &db.catalogue(CURRENCY);

    let mut import = store.begin_import().await.expect("begin");
    let clothing = import
        .ensure_category(None, "Clothing")
        .await
        .expect("category");
    let mut hoodie = simple_product(1, "Hoodie", 4500);
    hoodie.categories = vec![clothing];
    assert_eq!(
        upsert(import.as_mut(), &hoodie).await,
        UpsertOutcome::Created
    );
    let own_write = import
        .existing_product(ProductId(1))
        .await
        .expect("own write");
    assert_eq!(
        own_write.as_ref(),
        Some(&hoodie),
        "the import sees its own writes"
    );
    assert!(
        import
            .existing_product(ProductId(2))
            .await
            .expect("none")
            .is_none()
    );
    assert_eq!(
        store.count_products().await.expect("count"),
        0,
        "invisible before commit"
    );
    drop(import);

    assert_eq!(store.count_products().await.expect("count"), 0);
    assert!(stored(store, 1).await.is_none());
    assert!(
        store
            .categories()
            .await
            .expect("categories")
            .all()
            .is_empty()
    );

    let mut import = store.begin_import().await.expect("begin again");
    let clothing = import
        .ensure_category(None, "Clothing")
        .await
        .expect("category");
    hoodie.categories = vec![clothing];
    assert_eq!(
        upsert(import.as_mut(), &hoodie).await,
        UpsertOutcome::Created
    );
    upsert(import.as_mut(), &simple_product(2, "Cap", 1500)).await;
    import.commit().await.expect("commit");

    assert_eq!(store.count_products().await.expect("count"), 2);
    assert_eq!(stored(store, 1).await, Some(hoodie));
    assert_eq!(store.categories().await.expect("categories").all().len(), 1);
}

pub async fn upserting_the_same_product_again_changes_nothing(db: Database) {
    let store: &dyn CatalogueStore = &db.catalogue(CURRENCY);
    let tee = variable_product(10, "Tee", &[(11, 1500), (12, 1800)]);

    let mut import = store.begin_import().await.expect("begin");
    assert_eq!(upsert(import.as_mut(), &tee).await, UpsertOutcome::Created);
    assert_eq!(
        upsert(import.as_mut(), &tee).await,
        UpsertOutcome::Unchanged
    );
    import.commit().await.expect("commit");
    // Marks the row so that any write, even within the same second, would show.
    backdate(&db, ProductId(10)).await.expect("backdate");

    let mut import = store.begin_import().await.expect("re-import");
    assert_eq!(
        upsert(import.as_mut(), &tee).await,
        UpsertOutcome::Unchanged
    );
    import.commit().await.expect("commit");
    assert_eq!(updated_at(&db, ProductId(10)).await.expect("read"), Some(0));

    let mut cheaper = tee.clone();
    cheaper.variations[1].pricing.regular = Some(usd(1700));
    let mut import = store.begin_import().await.expect("changed import");
    assert_eq!(
        upsert(import.as_mut(), &cheaper).await,
        UpsertOutcome::Updated
    );
    assert_eq!(
        upsert(import.as_mut(), &cheaper).await,
        UpsertOutcome::Unchanged
    );
    import.commit().await.expect("commit");
    assert!(updated_at(&db, ProductId(10)).await.expect("read") > Some(0));
    assert_eq!(stored(store, 10).await, Some(cheaper));
}

pub async fn a_failed_upsert_keeps_the_rest_of_the_import(db: Database) {
    let store: &dyn CatalogueStore = &db.catalogue(CURRENCY);
    let mut import = store.begin_import().await.expect("begin");
    upsert(import.as_mut(), &simple_product(1, "Hoodie", 4500)).await;
    let clash = simple_product(2, "Hoodie", 3000); // same slug `hoodie`
    let err = import.upsert_product(&clash).await.expect_err("slug taken");
    assert!(matches!(err, StoreError::Conflict(_)), "got {err:?}");
    // The transaction is still usable (PostgreSQL would refuse it without the savepoint).
    upsert(import.as_mut(), &simple_product(3, "Cap", 1500)).await;
    import.commit().await.expect("commit");

    assert_eq!(store.count_products().await.expect("count"), 2);
    assert!(
        stored(store, 2).await.is_none(),
        "the failed product left no trace"
    );
}

pub async fn slugs_are_unique_and_free_ones_are_numbered(db: Database) {
    let store: &dyn CatalogueStore = &db.catalogue(CURRENCY);
    let hoodie = Slug::parse("hoodie").expect("slug");
    let mut import = store.begin_import().await.expect("begin");
    upsert(import.as_mut(), &simple_product(1, "Hoodie", 4500)).await;

    let own = import
        .unique_slug(&hoodie, ProductId(1))
        .await
        .expect("own slug");
    assert_eq!(own.as_str(), "hoodie", "a product keeps its own slug");
    let free = import
        .unique_slug(&hoodie, ProductId(2))
        .await
        .expect("free slug");
    assert_eq!(free.as_str(), "hoodie-2");
    let mut second = simple_product(2, "Hoodie", 4000);
    second.slug = free;
    upsert(import.as_mut(), &second).await;
    let third = import
        .unique_slug(&hoodie, ProductId(3))
        .await
        .expect("third");
    assert_eq!(third.as_str(), "hoodie-3");
    let other = Slug::parse("hoodie-with-logo").expect("slug");
    let untouched = import
        .unique_slug(&other, ProductId(3))
        .await
        .expect("unused");
    assert_eq!(untouched, other);

    let err = import
        .upsert_product(&simple_product(3, "Hoodie", 1))
        .await
        .expect_err("duplicate slug");
    assert!(matches!(err, StoreError::Conflict(_)), "got {err:?}");
}

pub async fn skus_are_unique_across_products_and_variations(db: Database) {
    let store: &dyn CatalogueStore = &db.catalogue(CURRENCY);
    let mut cap = simple_product(1, "Cap", 1500);
    cap.sku = Some("CAP".into());
    let mut tee = variable_product(2, "Tee", &[(3, 1500)]);
    tee.sku = Some("TEE".into());
    tee.variations[0].sku = Some("TEE-S".into());
    let mut import = store.begin_import().await.expect("begin");
    upsert(import.as_mut(), &cap).await;
    upsert(import.as_mut(), &tee).await;

    assert_eq!(
        import.product_id_by_sku("CAP").await.expect("sku"),
        Some(ProductId(1))
    );
    assert_eq!(
        import.product_id_by_sku("TEE-S").await.expect("sku"),
        Some(ProductId(3))
    );
    assert_eq!(import.product_id_by_sku("NOPE").await.expect("sku"), None);
    assert_eq!(import.product_id_by_sku("  ").await.expect("blank"), None);

    let mut same_product_sku = simple_product(4, "Cap Two", 1500);
    same_product_sku.sku = Some("CAP".into());
    let mut product_sku_of_variation = simple_product(5, "Small Tee", 1500);
    product_sku_of_variation.sku = Some("TEE-S".into());
    let mut variation_sku_of_product = variable_product(6, "Other Tee", &[(7, 1500)]);
    variation_sku_of_product.variations[0].sku = Some("CAP".into());
    for clash in [
        same_product_sku,
        product_sku_of_variation,
        variation_sku_of_product,
    ] {
        let err = import.upsert_product(&clash).await.expect_err("SKU taken");
        assert!(
            matches!(err, StoreError::Conflict(_)),
            "{}: got {err:?}",
            clash.name
        );
    }

    let mut blank_skus = simple_product(8, "Blank", 100);
    blank_skus.sku = Some(String::new());
    let mut also_blank = simple_product(9, "Also Blank", 100);
    also_blank.sku = Some(" ".into());
    upsert(import.as_mut(), &blank_skus).await;
    upsert(import.as_mut(), &also_blank).await;
    import.commit().await.expect("commit");
    assert_eq!(store.count_products().await.expect("count"), 4);
}

pub async fn ids_are_shared_by_products_and_variations_and_never_reused(db: Database) {
    let store: &dyn CatalogueStore = &db.catalogue(CURRENCY);
    let mut import = store.begin_import().await.expect("begin");
    assert_eq!(import.allocate_id().await.expect("first id"), 1);
    upsert(
        import.as_mut(),
        &variable_product(500, "Tee", &[(900, 1500)]),
    )
    .await;
    assert_eq!(import.allocate_id().await.expect("after variation"), 901);
    assert_eq!(import.allocate_id().await.expect("no reuse"), 902);

    for clash in [
        simple_product(900, "Is A Variation Id", 100),
        variable_product(600, "Reuses A Product Id", &[(500, 100)]),
        variable_product(601, "Reuses A Variation Id", &[(900, 100)]),
        variable_product(602, "Its Own Variation", &[(602, 100)]),
    ] {
        let err = import.upsert_product(&clash).await.expect_err("id taken");
        assert!(
            matches!(err, StoreError::Conflict(_)),
            "{}: got {err:?}",
            clash.name
        );
    }
    import.commit().await.expect("commit");

    let mut import = store.begin_import().await.expect("next import");
    assert_eq!(import.allocate_id().await.expect("after commit"), 903);
    drop(import);
    let tee = store
        .product_of_variation(VariationId(900))
        .await
        .expect("lookup");
    assert_eq!(tee.map(|p| p.id), Some(ProductId(500)));
}
