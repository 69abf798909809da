//! The catalogue's change counter (migration 0010): what each instance's search index polls.

use vitrine_domain::catalogue::ProductId;
use vitrine_domain::catalogue::fixtures::{CURRENCY, simple_product};
use vitrine_domain::ports::CatalogueStore;
use vitrine_store::Database;

use super::{ids, import_all};

async fn changed(store: &dyn CatalogueStore, since: i64, after: i64, limit: u32) -> Vec<i64> {
    let products = store
        .products_changed_since(since, ProductId(after), limit)
        .await
        .expect("changed products");
    ids(&products)
}

pub async fn every_write_raises_the_change_counter_and_is_found_after_the_last_seen(db: Database) {
    let store: &dyn CatalogueStore = &db.catalogue(CURRENCY);
    assert_eq!(store.catalogue_version().await.expect("version"), 0);
    let (a, b, c) = (
        simple_product(201, "Alpha", 100),
        simple_product(202, "Beta", 200),
        simple_product(203, "Gamma", 300),
    );
    import_all(store, &[a.clone(), b.clone(), c]).await;
    let seen = store.catalogue_version().await.expect("version");
    assert_eq!(seen, 3, "one number per product written");
    assert_eq!(changed(store, 0, 0, 10).await, [201, 202, 203]);
    assert_eq!(changed(store, 0, 0, 2).await, [201, 202], "paged by limit");
    assert_eq!(
        changed(store, 0, 202, 10).await,
        [203],
        "then after the last id"
    );
    assert!(changed(store, seen, 0, 10).await.is_empty());

    // An unchanged product writes nothing, so it raises nothing.
    import_all(store, &[a]).await;
    assert_eq!(store.catalogue_version().await.expect("version"), seen);

    let mut renamed = b;
    renamed.name = "Beta Two".into();
    import_all(store, &[renamed]).await;
    assert_eq!(store.catalogue_version().await.expect("version"), seen + 1);
    let caught_up = store
        .products_changed_since(seen, ProductId(0), 10)
        .await
        .expect("changes");
    assert_eq!(ids(&caught_up), [202]);
    assert_eq!(caught_up[0].name, "Beta Two");
}

pub async fn a_dropped_import_raises_no_change(db: Database) {
    let store: &dyn CatalogueStore = &db.catalogue(CURRENCY);
    {
        let mut import = store.begin_import().await.expect("begin");
        import
            .upsert_product(&simple_product(301, "Dropped", 100))
            .await
            .expect("upsert");
    }
    assert_eq!(store.catalogue_version().await.expect("version"), 0);
    assert!(changed(store, 0, 0, 10).await.is_empty());
}
