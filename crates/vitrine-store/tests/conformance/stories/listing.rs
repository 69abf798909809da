//! Storefront listings: visibility, paging, sort orders, filters and search.

use vitrine_domain::catalogue::fixtures::{CREATED_AT, CURRENCY, simple_product};
use vitrine_domain::catalogue::{
    ListingFilter, ListingPage, ListingQuery, ListingSort, PageRequest, Product, ProductId,
    ProductKind, Slug,
};
use vitrine_domain::ports::CatalogueStore;
use vitrine_store::Database;

use super::{ids, import_all, seed};

async fn list(
    store: &dyn CatalogueStore,
    filter: ListingFilter,
    sort: ListingSort,
    page: u32,
    per_page: u32,
) -> ListingPage<Product> {
    let query = ListingQuery {
        layered: Default::default(),
        filter,
        sort,
        page: PageRequest { page, per_page },
    };
    store
        .list_products(&query, CREATED_AT)
        .await
        .expect("list products")
}

async fn listed(store: &dyn CatalogueStore, filter: ListingFilter) -> Vec<i64> {
    ids(&list(store, filter, ListingSort::MenuOrder, 1, 100)
        .await
        .items)
}

async fn searched(store: &dyn CatalogueStore, text: &str) -> Vec<i64> {
    listed(store, ListingFilter::Search(text.into())).await
}

pub async fn listings_honour_catalogue_visibility(db: Database) {
    let store: &dyn CatalogueStore = &db.catalogue(CURRENCY);
    seed::shop(store).await;
    assert_eq!(
        listed(store, ListingFilter::Shop).await,
        [104, 103, 107, 109, 102, 101]
    );
    assert_eq!(
        searched(store, "gift").await,
        [106],
        "search-only shows in search"
    );
    assert!(
        searched(store, "poster").await.is_empty(),
        "catalog-only stays out of search"
    );
    assert!(
        searched(store, "beanie").await.is_empty(),
        "hidden is never listed"
    );
    assert!(
        searched(store, "scarf").await.is_empty(),
        "drafts are never listed"
    );
    let beanie = Slug::parse("beanie").expect("slug");
    let found = store.product_by_slug(&beanie).await.expect("by slug");
    assert_eq!(
        found.map(|p| p.id),
        Some(ProductId(105)),
        "hidden is still reachable by link"
    );
}

pub async fn listings_page_with_a_total(db: Database) {
    let store: &dyn CatalogueStore = &db.catalogue(CURRENCY);
    seed::shop(store).await;
    let first = list(store, ListingFilter::Shop, ListingSort::MenuOrder, 1, 4).await;
    assert_eq!(
        (ids(&first.items), first.total),
        (vec![104, 103, 107, 109], 6)
    );
    assert_eq!(first.total_pages(), 2);
    let second = list(store, ListingFilter::Shop, ListingSort::MenuOrder, 2, 4).await;
    assert_eq!((ids(&second.items), second.total), (vec![102, 101], 6));
    let beyond = list(store, ListingFilter::Shop, ListingSort::MenuOrder, 3, 4).await;
    assert_eq!((beyond.items.len(), beyond.total), (0, 6));
    let clamped = list(store, ListingFilter::Shop, ListingSort::MenuOrder, 0, 1000).await;
    assert_eq!(
        clamped.page,
        PageRequest {
            page: 1,
            per_page: PageRequest::MAX_PER_PAGE
        }
    );
    assert_eq!(clamped.items.len(), 6);
}

pub async fn listings_sort_every_way(db: Database) {
    let store: &dyn CatalogueStore = &db.catalogue(CURRENCY);
    seed::shop(store).await;
    let sorted =
        |sort| async move { ids(&list(store, ListingFilter::Shop, sort, 1, 100).await.items) };
    let menu_order = [104, 103, 107, 109, 102, 101];
    assert_eq!(
        sorted(ListingSort::MenuOrder).await,
        menu_order,
        "menu_order, then name"
    );
    // Nothing sold or rated: WooCommerce's tie-break, the newest id first (sales and reviews
    // are in the filters and orders stories).
    let newest_id = [109, 107, 104, 103, 102, 101];
    assert_eq!(sorted(ListingSort::Popularity).await, newest_id);
    assert_eq!(sorted(ListingSort::Rating).await, newest_id);
    assert_eq!(
        sorted(ListingSort::Date).await,
        [109, 107, 104, 103, 102, 101]
    );
    // Tee's cheapest variation (1500) ties the album; the hoodie sorts by its sale price;
    // the sticker has no price and goes last.
    assert_eq!(
        sorted(ListingSort::Price).await,
        [107, 104, 101, 102, 103, 109]
    );
    assert_eq!(
        sorted(ListingSort::PriceDesc).await,
        [103, 102, 104, 101, 107, 109]
    );
}

pub async fn a_grouped_product_sorts_by_its_cheapest_child(db: Database) {
    let store: &dyn CatalogueStore = &db.catalogue(CURRENCY);
    let mut set = simple_product(3, "Set", 0);
    set.kind = ProductKind::Grouped;
    set.grouped_children = vec![ProductId(1), ProductId(2)];
    let middle = simple_product(4, "Middle", 1000);
    import_all(
        store,
        &[
            simple_product(1, "Pricey", 5000),
            simple_product(2, "Cheap", 500),
            set,
            middle,
        ],
    )
    .await;
    let by_price = list(store, ListingFilter::Shop, ListingSort::Price, 1, 10).await;
    assert_eq!(ids(&by_price.items), [2, 3, 4, 1]);
}

pub async fn listings_filter_by_category_tag_and_featured(db: Database) {
    let store: &dyn CatalogueStore = &db.catalogue(CURRENCY);
    let shop = seed::shop(store).await;
    let in_categories = |c: Vec<_>| listed(store, ListingFilter::Categories(c));
    assert_eq!(
        in_categories(vec![shop.clothing]).await,
        [103, 102, 101],
        "with descendants"
    );
    assert_eq!(in_categories(vec![shop.tshirts]).await, [102, 101]);
    assert_eq!(
        in_categories(vec![shop.hoodies, shop.music]).await,
        [104, 103, 107, 109]
    );
    assert!(in_categories(vec![]).await.is_empty());
    assert_eq!(
        listed(store, ListingFilter::Tag(shop.winter)).await,
        [103],
        "hidden beanie out"
    );
    assert_eq!(
        listed(store, ListingFilter::Featured).await,
        [101],
        "hidden and draft out"
    );
}

pub async fn search_matches_names_skus_and_descriptions(db: Database) {
    let store: &dyn CatalogueStore = &db.catalogue(CURRENCY);
    seed::shop(store).await;
    assert_eq!(searched(store, "HOODIE").await, [103], "name, any case");
    assert_eq!(searched(store, "tee-v").await, [101], "product SKU");
    assert_eq!(searched(store, "TEE-V-S").await, [101], "variation SKU");
    assert_eq!(searched(store, "vinyl").await, [104], "short description");
    assert_eq!(searched(store, "fleece").await, [103], "description");
    assert_eq!(
        searched(store, "warm  cotton").await,
        [103],
        "every word must match"
    );
    assert!(searched(store, "warm vinyl").await.is_empty());
    assert_eq!(searched(store, "100%").await, [103]);
    assert!(
        searched(store, "1_0").await.is_empty(),
        "_ is not a wildcard"
    );
    assert_eq!(
        searched(store, "%").await,
        [103],
        "% matches only a literal %"
    );
    let all = searched(store, "").await;
    assert_eq!(
        all,
        [104, 106, 103, 109, 102, 101],
        "an empty search lists what search shows"
    );
}

pub async fn related_products_follow_the_product_in_its_categories_and_wrap_around(db: Database) {
    let store: &dyn CatalogueStore = &db.catalogue(CURRENCY);
    let shop = seed::shop(store).await;
    let related = |id: i64, categories: Vec<vitrine_domain::catalogue::CategoryId>, limit: u32| async move {
        ids(&store
            .related_products(ProductId(id), &categories, limit)
            .await
            .expect("related products"))
    };
    // Music holds 104 Album, 107 Poster (catalog-only, still listed) and 109 Sticker.
    assert_eq!(related(107, vec![shop.music], 3).await, [109, 104]);
    assert_eq!(related(104, vec![shop.music], 1).await, [107]);
    assert_eq!(
        related(109, vec![shop.music], 5).await,
        [104, 107],
        "wraps around"
    );
    // Clothing itself only holds the hidden beanie and the draft scarf: never related.
    assert!(related(101, vec![shop.clothing], 3).await.is_empty());
    // Alone in its category, nothing is related; several categories merge in id order.
    assert!(related(103, vec![shop.hoodies], 3).await.is_empty());
    assert_eq!(
        related(101, vec![shop.tshirts, shop.music], 3).await,
        [102, 104, 107]
    );
}
