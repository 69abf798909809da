//! Layered navigation (issue 13): attribute and price filters on every listing with counts
//! per term, the popularity and rating orders from reviews, renames raising the change
//! numbers of the products they touch, and term rows filled in for products stored earlier.

use time::Duration;
use vitrine_domain::catalogue::fixtures::{CREATED_AT, CURRENCY, attribute, simple_product};
use vitrine_domain::catalogue::{
    AttributeFilter, CategoryId, FilterCounts, LayeredFilter, ListingFilter, ListingQuery,
    ListingSort, PageRequest, Product, ProductId, TagId,
};
use vitrine_domain::ports::{CatalogueStore, ReviewStore};
use vitrine_domain::review::{NewReview, Rating, ReviewStatus};
use vitrine_store::Database;

use super::{ids, import_all};

/// A product with the global attributes Color and Size and a custom Logo.
fn dressed(id: i64, name: &str, price: i64, colours: &[&str], sizes: &[&str]) -> Product {
    let mut p = simple_product(id, name, price);
    let mut colour = attribute("Color", colours);
    colour.slug = "pa_color".into();
    colour.global = true;
    let mut size = attribute("Size", sizes);
    size.slug = "pa_size".into();
    size.global = true;
    p.attributes = vec![colour, size, attribute("Logo", &["Yes"])];
    p
}

/// 1 blue S, 2 red L, 3 blue+red S, 4 green L (clothing), 5 "Navy Blue" M (tagged), 6 blue
/// without a price.
async fn wardrobe(store: &dyn CatalogueStore) -> (CategoryId, TagId) {
    let mut import = store.begin_import().await.expect("begin");
    let clothing = import
        .ensure_category(None, "Clothing")
        .await
        .expect("category");
    let sale = import.ensure_tag("Sale").await.expect("tag");
    import.commit().await.expect("commit");
    let mut green = dressed(4, "Green Tee", 4000, &["Green"], &["Large"]);
    green.categories = vec![clothing];
    let mut navy = dressed(5, "Navy Tee", 5000, &["Navy Blue"], &["Medium"]);
    navy.tags = vec![sale];
    let mut unpriced = dressed(6, "Blue Sample", 0, &["Blue"], &["Small"]);
    unpriced.pricing = Default::default();
    import_all(
        store,
        &[
            dressed(1, "Blue Tee", 1000, &["Blue"], &["Small"]),
            dressed(2, "Red Tee", 2000, &["Red"], &["Large"]),
            dressed(3, "Both Tee", 3000, &["Blue", "Red"], &["Small"]),
            green,
            navy,
            unpriced,
        ],
    )
    .await;
    (clothing, sale)
}

fn colour(terms: &[&str], match_all: bool) -> AttributeFilter {
    AttributeFilter {
        attribute: "color".into(),
        terms: terms.iter().map(|t| (*t).to_owned()).collect(),
        match_all,
    }
}

fn by(attributes: Vec<AttributeFilter>, min: Option<i64>, max: Option<i64>) -> LayeredFilter {
    LayeredFilter {
        attributes,
        min_price: min,
        max_price: max,
    }
}

async fn page(
    store: &dyn CatalogueStore,
    filter: ListingFilter,
    layered: LayeredFilter,
    sort: ListingSort,
    per_page: u32,
) -> (Vec<i64>, u64) {
    let query = ListingQuery {
        filter,
        layered,
        sort,
        page: PageRequest { page: 1, per_page },
    };
    let found = store.list_products(&query, CREATED_AT).await.expect("list");
    (ids(&found.items), found.total)
}

fn terms(counts: &FilterCounts, attribute: &str) -> Vec<(String, String, u64)> {
    counts
        .attributes
        .iter()
        .find(|a| a.attribute == attribute)
        .map(|a| {
            a.terms
                .iter()
                .map(|t| (t.term.clone(), t.name.clone(), t.count))
                .collect()
        })
        .unwrap_or_default()
}

pub async fn listings_filter_by_attribute_terms_and_price_with_counts(db: Database) {
    let store: &dyn CatalogueStore = &db.catalogue(CURRENCY);
    let (clothing, sale) = wardrobe(store).await;
    let shop = ListingFilter::Shop;
    let sort = ListingSort::Price;
    let any = by(vec![colour(&["blue", "red"], false)], None, None);
    assert_eq!(
        page(store, shop.clone(), any, sort, 10).await,
        (vec![1, 2, 3, 6], 4),
        "or: any of the terms; priceless last"
    );
    let every = by(vec![colour(&["blue", "red"], true)], None, None);
    assert_eq!(
        page(store, shop.clone(), every, sort, 10).await,
        (vec![3], 1)
    );
    let navy = by(vec![colour(&["navy-blue"], false)], None, None);
    assert_eq!(
        page(store, shop.clone(), navy, sort, 10).await,
        (vec![5], 1)
    );
    // Both ends inclusive; a product without a price is outside any window.
    let window = by(vec![], Some(2000), Some(4000));
    assert_eq!(
        page(store, shop.clone(), window, sort, 10).await,
        (vec![2, 3, 4], 3)
    );
    let blue_small_cheap = by(
        vec![
            colour(&["blue"], false),
            AttributeFilter {
                attribute: "size".into(),
                terms: vec!["small".into()],
                match_all: false,
            },
        ],
        None,
        Some(2500),
    );
    assert_eq!(
        page(store, shop.clone(), blue_small_cheap, sort, 10).await,
        (vec![1], 1)
    );
    // The total counts every filtered product, not the page.
    let blue = by(vec![colour(&["blue"], false)], None, None);
    assert_eq!(
        page(store, shop.clone(), blue.clone(), sort, 2).await,
        (vec![1, 3], 3)
    );
    // Category and tag listings take the same filters.
    let category = ListingFilter::Categories(vec![clothing]);
    let red = by(vec![colour(&["red"], false)], None, None);
    assert_eq!(
        page(store, category.clone(), red, sort, 10).await,
        (vec![], 0)
    );
    let green = by(vec![colour(&["green"], false)], None, None);
    assert_eq!(page(store, category, green, sort, 10).await, (vec![4], 1));
    let tag = ListingFilter::Tag(sale);
    assert_eq!(
        page(store, tag, by(vec![], Some(4500), None), sort, 10).await,
        (vec![5], 1)
    );

    // Counts: colour terms as if no colour were chosen (an `or` filter), sizes under it.
    let counts = store.filter_counts(&shop, &blue).await.expect("counts");
    let names: Vec<&str> = counts.attributes.iter().map(|a| a.name.as_str()).collect();
    assert_eq!(names, ["Color", "Size"], "global attributes only, by name");
    let named = |t: &str, n: &str, c: u64| (t.to_owned(), n.to_owned(), c);
    assert_eq!(
        terms(&counts, "color"),
        [
            named("blue", "Blue", 3),
            named("green", "Green", 1),
            named("navy-blue", "Navy Blue", 1),
            named("red", "Red", 2),
        ]
    );
    assert_eq!(terms(&counts, "size"), [named("small", "Small", 3)]);
    assert_eq!(counts.price, Some((1000, 3000)), "the blue ones' prices");
    // No filter chosen (one pass over the listed products' terms): the same colour counts,
    // every size, the whole span; a category counts only its own products.
    let open = store
        .filter_counts(&shop, &LayeredFilter::default())
        .await
        .expect("counts");
    let names: Vec<&str> = open.attributes.iter().map(|a| a.name.as_str()).collect();
    assert_eq!(names, ["Color", "Size"], "global attributes only, by name");
    assert_eq!(terms(&open, "color"), terms(&counts, "color"));
    assert_eq!(
        terms(&open, "size"),
        [
            named("large", "Large", 2),
            named("medium", "Medium", 1),
            named("small", "Small", 3),
        ]
    );
    assert_eq!(open.price, Some((1000, 5000)));
    let clothes = store
        .filter_counts(
            &ListingFilter::Categories(vec![clothing]),
            &LayeredFilter::default(),
        )
        .await
        .expect("counts");
    assert_eq!(terms(&clothes, "color"), [named("green", "Green", 1)]);
    assert_eq!(terms(&clothes, "size"), [named("large", "Large", 1)]);
    assert_eq!(clothes.price, Some((4000, 4000)));
    // An `and` filter counts its own terms under itself.
    let and = store
        .filter_counts(&shop, &by(vec![colour(&["blue"], true)], None, None))
        .await
        .expect("counts");
    assert_eq!(
        terms(&and, "color"),
        [named("blue", "Blue", 3), named("red", "Red", 1)]
    );
    // The price window narrows the counts but not the span.
    let priced = store
        .filter_counts(&shop, &by(vec![], Some(1500), Some(3500)))
        .await
        .expect("counts");
    assert_eq!(terms(&priced, "size")[0], named("large", "Large", 1));
    assert_eq!(priced.price, Some((1000, 5000)));
}

pub async fn a_rewritten_product_replaces_its_terms(db: Database) {
    let store: &dyn CatalogueStore = &db.catalogue(CURRENCY);
    wardrobe(store).await;
    let mut repainted = dressed(1, "Blue Tee", 1000, &["Green"], &["Small"]);
    repainted.name = "Green Tee Two".into();
    import_all(store, &[repainted]).await;
    let blue = by(vec![colour(&["blue"], false)], None, None);
    let (found, _) = page(store, ListingFilter::Shop, blue, ListingSort::Price, 10).await;
    assert_eq!(found, [3, 6]);
}

fn review(product: i64, stars: i64, minutes: i64, status: ReviewStatus) -> NewReview {
    NewReview {
        product_id: ProductId(product),
        author: format!("Shopper {minutes}"),
        email: None,
        rating: Rating::new(stars),
        text: "Fine".into(),
        created_at: CREATED_AT + Duration::minutes(minutes),
        status,
        verified_owner: false,
        import_key: None,
    }
}

pub async fn the_rating_order_follows_approved_reviews(db: Database) {
    let store: &dyn CatalogueStore = &db.catalogue(CURRENCY);
    wardrobe(store).await;
    let reviews = db.reviews();
    let before = store.catalogue_version().await.expect("version");
    // 2: 4 and 5 stars (4.50 over 2); 3 and 4: one 5 each (tied, the newer id first); 1: a
    // pending 5 counts for nothing.
    reviews
        .add_review(&review(2, 4, 1, ReviewStatus::Approved))
        .await
        .expect("review");
    reviews
        .add_reviews(&[
            review(2, 5, 2, ReviewStatus::Approved),
            review(3, 5, 3, ReviewStatus::Approved),
            review(4, 5, 4, ReviewStatus::Approved),
            review(1, 5, 5, ReviewStatus::Pending),
        ])
        .await
        .expect("reviews");
    let stats = store
        .product_stats(&[ProductId(1), ProductId(2), ProductId(3)])
        .await
        .expect("stats");
    assert_eq!(stats[&ProductId(2)].average_rating, 450);
    assert_eq!(stats[&ProductId(2)].rating_count, 2);
    assert_eq!(stats[&ProductId(1)].rating_count, 0);
    let (order, _) = page(
        store,
        ListingFilter::Shop,
        LayeredFilter::default(),
        ListingSort::Rating,
        10,
    )
    .await;
    assert_eq!(
        order,
        [4, 3, 2, 6, 5, 1],
        "best, then most rated, then newer id"
    );
    // Each rated product was re-numbered for the search indexes.
    let changed = store
        .products_changed_since(before, ProductId(0), 10)
        .await
        .expect("changed");
    assert_eq!(ids(&changed), [2, 3, 4]);
}

pub async fn renaming_a_category_or_tag_renumbers_the_products_that_carry_it(db: Database) {
    let store: &dyn CatalogueStore = &db.catalogue(CURRENCY);
    let mut import = store.begin_import().await.expect("begin");
    let clothing = import
        .ensure_category(None, "Clothing")
        .await
        .expect("category");
    let tees = import
        .ensure_category(Some(clothing), "Tees")
        .await
        .expect("category");
    import.commit().await.expect("commit");
    let (_, sale) = wardrobe(store).await;
    let mut tee = simple_product(7, "Plain Tee", 900);
    tee.categories = vec![tees];
    import_all(store, &[tee]).await;

    let before = store.catalogue_version().await.expect("version");
    assert!(
        store
            .rename_category(clothing, "Apparel")
            .await
            .expect("rename")
    );
    let changed = store
        .products_changed_since(before, ProductId(0), 10)
        .await
        .expect("changed");
    assert_eq!(ids(&changed), [4, 7], "its products and its subcategories'");
    let tree = store.categories().await.expect("tree");
    assert_eq!(tree.get(clothing).map(|c| c.name.as_str()), Some("Apparel"));
    assert_eq!(
        tree.get(clothing).map(|c| c.slug.as_str()),
        Some("clothing"),
        "the address stays"
    );

    let before = store.catalogue_version().await.expect("version");
    assert!(store.rename_tag(sale, "Clearance").await.expect("rename"));
    let changed = store
        .products_changed_since(before, ProductId(0), 10)
        .await
        .expect("changed");
    assert_eq!(ids(&changed), [5]);
    let tags = store.tags().await.expect("tags");
    assert_eq!(tags[0].name, "Clearance");

    assert!(!store.rename_tag(TagId(999), "X").await.expect("rename"));
    assert!(
        !store
            .rename_category(CategoryId(999), "X")
            .await
            .expect("rename")
    );
    assert_eq!(
        store.catalogue_version().await.expect("version"),
        before + 1,
        "an unknown id renames and renumbers nothing"
    );
}

pub async fn terms_of_products_stored_before_the_filters_are_filled_in(db: Database) {
    let store: &dyn CatalogueStore = &db.catalogue(CURRENCY);
    wardrobe(store).await;
    // As a database migrated before 0011 would be: no term rows, the fill not yet done.
    for statement in [
        "DELETE FROM product_terms",
        "UPDATE id_counters SET last_id = 0 WHERE name = 'product_terms_filled'",
    ] {
        sqlx::query(statement)
            .execute(db.pool())
            .await
            .expect("reset");
    }
    let blue = by(vec![colour(&["blue"], false)], None, None);
    let (found, _) = page(
        store,
        ListingFilter::Shop,
        blue.clone(),
        ListingSort::Price,
        10,
    )
    .await;
    assert!(found.is_empty());
    db.migrate().await.expect("migrate again");
    let (found, _) = page(store, ListingFilter::Shop, blue, ListingSort::Price, 10).await;
    assert_eq!(found, [1, 3, 6]);
}
