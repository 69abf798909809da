//! A listing's whole order (`listing_order`, what the application keeps per catalogue
//! version, ADR 0020) is exactly the pages `list_products` serves, one after the other.

use vitrine_domain::catalogue::fixtures::{CREATED_AT, CURRENCY};
use vitrine_domain::catalogue::{
    LayeredFilter, ListingFilter, ListingQuery, ListingSort, PageRequest, ProductId,
};
use vitrine_domain::ports::CatalogueStore;
use vitrine_store::Database;

use super::{ids, seed};

const SORTS: [ListingSort; 6] = [
    ListingSort::MenuOrder,
    ListingSort::Popularity,
    ListingSort::Rating,
    ListingSort::Date,
    ListingSort::Price,
    ListingSort::PriceDesc,
];

/// Every page of two products, concatenated, and the total the pages report.
async fn paged(
    store: &dyn CatalogueStore,
    filter: &ListingFilter,
    layered: &LayeredFilter,
    sort: ListingSort,
) -> (Vec<i64>, u64) {
    let mut all = Vec::new();
    let mut page = 1;
    loop {
        let query = ListingQuery {
            filter: filter.clone(),
            layered: layered.clone(),
            sort,
            page: PageRequest { page, per_page: 2 },
        };
        let found = store
            .list_products(&query, CREATED_AT)
            .await
            .expect("list products");
        if found.items.is_empty() {
            return (all, found.total);
        }
        all.extend(ids(&found.items));
        page += 1;
    }
}

pub async fn the_listing_order_is_every_page_in_turn(db: Database) {
    let store: &dyn CatalogueStore = &db.catalogue(CURRENCY);
    let shop = seed::shop(store).await;
    let filters = [
        ListingFilter::Shop,
        ListingFilter::Featured,
        ListingFilter::Tag(shop.winter),
        ListingFilter::Categories(vec![shop.clothing]),
        ListingFilter::Categories(vec![shop.music, shop.hoodies]),
    ];
    let windows = [
        LayeredFilter::default(),
        LayeredFilter {
            min_price: Some(1500),
            max_price: Some(3000),
            ..LayeredFilter::default()
        },
    ];
    let mut nonempty = 0;
    for filter in &filters {
        for layered in &windows {
            for sort in SORTS {
                let order = store
                    .listing_order(filter, layered, sort)
                    .await
                    .expect("listing order")
                    .expect("the SQL store lists every id");
                let order: Vec<i64> = order.iter().map(|ProductId(id)| *id).collect();
                let (pages, total) = paged(store, filter, layered, sort).await;
                assert_eq!(order, pages, "{filter:?} {layered:?} {sort:?}");
                assert_eq!(order.len() as u64, total, "{filter:?} {layered:?} {sort:?}");
                nonempty += usize::from(!order.is_empty());
            }
        }
    }
    assert!(nonempty >= 24, "most listings hold products ({nonempty})");
    // Hidden (105), search-only (106) and draft (108) products are never in a listing's order.
    let shop_order = store
        .listing_order(
            &ListingFilter::Shop,
            &LayeredFilter::default(),
            ListingSort::Date,
        )
        .await
        .expect("listing order")
        .expect("ids");
    assert!(shop_order.iter().all(|id| ![105, 106, 108].contains(&id.0)));
}
