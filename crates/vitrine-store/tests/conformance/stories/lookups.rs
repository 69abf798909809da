//! Reads by id, id list and variation; the database handle; corrupt stored data.

use vitrine_domain::catalogue::fixtures::{CREATED_AT, CURRENCY};
use vitrine_domain::catalogue::{
    ListingFilter, ListingQuery, ListingSort, PageRequest, ProductId, VariationId,
};
use vitrine_domain::order::OrderStore;
use vitrine_domain::ports::{CatalogueStore, StoreError};
use vitrine_store::fixtures::overwrite_document;
use vitrine_store::{Backend, Database};

use super::orders::{new_order, stocked, take};
use super::{ids, seed, stored};

pub async fn database_pings_and_migrates_twice(db: Database) {
    db.ping().await.expect("ping");
    db.migrate()
        .await
        .expect("migrations already applied are skipped");
    assert_eq!(
        db.catalogue(CURRENCY)
            .count_products()
            .await
            .expect("count"),
        0
    );
}

pub async fn products_by_ids_keep_the_order_asked(db: Database) {
    let store: &dyn CatalogueStore = &db.catalogue(CURRENCY);
    seed::shop(store).await;
    let asked = [104, 999, 101, 105, 104].map(ProductId);
    let found = store.products_by_ids(&asked).await.expect("by ids");
    assert_eq!(
        ids(&found),
        [104, 101, 105, 104],
        "unknown skipped, hidden included"
    );
    assert!(store.products_by_ids(&[]).await.expect("none").is_empty());
}

/// ADR 0041: on a SQLite file a read in place answers what the pool answers, stock levels
/// included (here after an order took two of five units); PostgreSQL has no reads in place.
pub async fn products_read_in_place_are_the_pools_with_their_stock(db: Database) {
    let store: &dyn CatalogueStore = &db.catalogue(CURRENCY);
    seed::shop(store).await;
    stocked(&db, 5).await;
    db.orders()
        .place_order(&new_order("s1", "h1", 2), &take(1, 2), None)
        .await
        .expect("place");
    let asked = [104, 999, 1, 101, 105, 104].map(ProductId);
    let pooled = store.products_by_ids(&asked).await.expect("by ids");
    match store.products_by_ids_in_place(&asked) {
        None => assert_eq!(
            db.backend(),
            Backend::Postgres,
            "a SQLite file reads in place"
        ),
        Some(found) => {
            let found = found.expect("read in place");
            assert_eq!(ids(&found), [104, 1, 101, 105, 104]);
            assert_eq!(found, pooled);
            assert_eq!(found[1].inventory.stock_quantity, Some(3));
            assert!(
                store
                    .products_by_ids_in_place(&[])
                    .expect("a file reads in place")
                    .expect("none")
                    .is_empty()
            );
        }
    }
}

pub async fn a_variation_leads_to_its_product(db: Database) {
    let store: &dyn CatalogueStore = &db.catalogue(CURRENCY);
    seed::shop(store).await;
    let tee = store
        .product_of_variation(VariationId(1012))
        .await
        .expect("lookup");
    assert_eq!(tee.map(|p| p.id), Some(ProductId(101)));
    let not_a_variation = store
        .product_of_variation(VariationId(101))
        .await
        .expect("lookup");
    assert!(not_a_variation.is_none());
    let tee = stored(store, 101).await.expect("stored");
    assert_eq!(tee.variations.len(), 2, "the document keeps its variations");
}

pub async fn a_corrupt_document_is_an_error_not_a_panic(db: Database) {
    let store: &dyn CatalogueStore = &db.catalogue(CURRENCY);
    seed::shop(store).await;
    overwrite_document(&db, ProductId(104), "{\"id\": 104, \"name\":")
        .await
        .expect("overwrite");
    let err = store
        .product_by_id(ProductId(104))
        .await
        .expect_err("corrupt");
    assert!(matches!(err, StoreError::Corrupt(_)), "got {err:?}");
    let query = ListingQuery {
        layered: Default::default(),
        filter: ListingFilter::Shop,
        sort: ListingSort::MenuOrder,
        page: PageRequest {
            page: 1,
            per_page: 10,
        },
    };
    let err = store
        .list_products(&query, CREATED_AT)
        .await
        .expect_err("corrupt listing");
    assert!(matches!(err, StoreError::Corrupt(_)), "got {err:?}");
    assert!(
        stored(store, 101).await.is_some(),
        "other products still read"
    );
}
