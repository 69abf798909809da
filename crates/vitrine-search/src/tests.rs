//! The index on its own: ranking, typos, prefixes, SKUs, filters and orders.

use vitrine_domain::catalogue::fixtures::{CREATED_AT, attribute, simple_product};
use vitrine_domain::catalogue::{
    AttributeFilter, CatalogVisibility, CategoryId, CategoryTree, LayeredFilter, ListingSort,
    PageRequest, Product, ProductId, ProductStats,
};
use vitrine_domain::search::{SearchDocument, SearchFilter, SearchIndex, SearchText};

use crate::TantivyIndex;

pub(crate) fn product(id: i64, name: &str, sku: &str, price: i64) -> Product {
    let mut p = simple_product(id, name, price);
    p.sku = Some(sku.to_owned());
    p
}

pub(crate) fn document(p: &Product, stats: ProductStats) -> Option<SearchDocument> {
    SearchDocument::of(p, &CategoryTree::default(), &[], stats, CREATED_AT)
}

fn index(products: &[Product]) -> TantivyIndex {
    let index = TantivyIndex::in_memory().expect("index");
    let docs: Vec<SearchDocument> = products
        .iter()
        .filter_map(|p| document(p, ProductStats::default()))
        .collect();
    index.stage(&docs, &[], true).expect("stage");
    index.publish(1).expect("publish");
    index
}

fn catalogue() -> Vec<Product> {
    let mut hidden = product(5, "Hoodie with Pocket", "woo-hoodie-with-pocket", 3500);
    hidden.visibility = CatalogVisibility::Hidden;
    let mut catalogue_only = product(6, "Hoodie Poster", "woo-poster", 1000);
    catalogue_only.visibility = CatalogVisibility::Catalog;
    let mut search_only = product(7, "Hoodie Gift Card", "woo-hoodie-gift-card", 2500);
    search_only.visibility = CatalogVisibility::Search;
    let mut logo = product(2, "Hoodie with Logo", "woo-hoodie-with-logo", 4500);
    logo.menu_order = 1;
    vec![
        logo,
        product(1, "Hoodie", "woo-hoodie", 4200),
        product(3, "Belt", "woo-belt", 5500),
        product(4, "Beanie", "woo-beanie", 1800),
        hidden,
        catalogue_only,
        search_only,
    ]
}

pub(crate) fn suggest(index: &TantivyIndex, text: &str) -> Vec<i64> {
    let text = SearchText::parse(text).expect("text");
    index
        .suggest(&text, None, 10)
        .expect("suggest")
        .into_iter()
        .map(|id| id.0)
        .collect()
}

#[test]
fn a_typo_of_one_letter_finds_the_word_and_the_shortest_name_comes_first() {
    let index = index(&catalogue());
    let found = suggest(&index, "hodie");
    assert_eq!(found.first(), Some(&1), "{found:?}");
    assert!(found.contains(&2));
}

#[test]
fn three_letters_match_as_a_prefix_hidden_and_catalogue_only_never() {
    let index = index(&catalogue());
    assert_eq!(
        suggest(&index, "hoo"),
        [1, 7, 2],
        "ties: menu order, then the shorter name"
    );
    assert_eq!(index.len().expect("len"), 5);
}

#[test]
fn a_sku_finds_its_product_first_whole_or_begun() {
    let index = index(&catalogue());
    assert_eq!(suggest(&index, "woo-belt").first(), Some(&3));
    assert_eq!(suggest(&index, "WOO-BEL").first(), Some(&3));
}

#[test]
fn an_update_replaces_and_a_removal_removes() {
    let index = index(&catalogue());
    let mut renamed = product(4, "Bobble Hat", "woo-bobble-hat", 1800);
    renamed.menu_order = 0;
    let doc = document(&renamed, ProductStats::default()).expect("findable");
    index.apply(&[doc], &[ProductId(3)], 1).expect("apply");
    assert!(suggest(&index, "beanie").is_empty());
    assert_eq!(suggest(&index, "bobble"), [4]);
    assert!(suggest(&index, "belt").is_empty());
}

#[test]
fn results_page_sort_and_filter_by_price_and_category() {
    let mut products = catalogue();
    products[1].categories = vec![CategoryId(9)];
    let index = index(&products);
    let text = SearchText::parse("hoodie").expect("text");
    let page = PageRequest {
        page: 1,
        per_page: 2,
    };
    let hits = index
        .search(&text, &SearchFilter::default(), ListingSort::Price, page)
        .expect("search");
    assert_eq!(
        (hits.ids, hits.total),
        (vec![ProductId(7), ProductId(1)], 3)
    );
    let second = index
        .search(
            &text,
            &SearchFilter::default(),
            ListingSort::Price,
            PageRequest { page: 2, ..page },
        )
        .expect("page 2");
    assert_eq!(second.ids, [ProductId(2)]);
    let desc = index
        .search(
            &text,
            &SearchFilter::default(),
            ListingSort::PriceDesc,
            page,
        )
        .expect("desc");
    assert_eq!(desc.ids, [ProductId(2), ProductId(1)]);
    let window = SearchFilter {
        layered: LayeredFilter {
            min_price: Some(4200),
            max_price: Some(4500),
            ..LayeredFilter::default()
        },
        ..SearchFilter::default()
    };
    let priced = index
        .search(&text, &window, ListingSort::Price, page)
        .expect("priced");
    assert_eq!(
        (priced.ids, priced.total),
        (vec![ProductId(1), ProductId(2)], 2)
    );
    let in_category = SearchFilter {
        category: Some(CategoryId(9)),
        ..SearchFilter::default()
    };
    let hits = index
        .search(&text, &in_category, ListingSort::MenuOrder, page)
        .expect("category");
    assert_eq!(hits.ids, [ProductId(1)]);
}

fn ids(hits: &[ProductId]) -> Vec<i64> {
    hits.iter().map(|id| id.0).collect()
}

#[test]
fn staged_batches_are_searched_only_once_published() {
    let index = index(&catalogue());
    let scarf = document(
        &product(8, "Hoodie Scarf", "woo-scarf", 900),
        ProductStats::default(),
    );
    index
        .stage(&[scarf.expect("findable")], &[], true)
        .expect("stage");
    assert_eq!(
        suggest(&index, "hoo"),
        [1, 7, 2],
        "the old index answers meanwhile"
    );
    index.publish(1).expect("publish");
    assert_eq!(suggest(&index, "hoo"), [8], "a clear then the new batch");
}

#[test]
fn a_full_build_keeps_one_document_per_product_staged_twice_and_drops_removed_ones() {
    let index = index(&catalogue());
    let doc = |id, name: &str, sku: &str| {
        document(&product(id, name, sku, 900), ProductStats::default()).expect("findable")
    };
    // A full build: the clear, then batches; product 8 changes while the build runs, so it
    // comes again in a later batch, and product 9 is staged then removed.
    index
        .stage(
            &[
                doc(8, "Hoodie Scarf", "woo-8"),
                doc(9, "Hoodie Cap", "woo-9"),
            ],
            &[],
            true,
        )
        .expect("first batch");
    index
        .stage(&[doc(8, "Hoodie Shawl", "woo-8")], &[ProductId(9)], false)
        .expect("second batch");
    index.publish(1).expect("publish");
    assert_eq!(
        suggest(&index, "hoo"),
        [8],
        "one document for 8, none for 9"
    );
    assert!(
        suggest(&index, "scarf").is_empty(),
        "the first version of 8 is gone"
    );
    assert_eq!(suggest(&index, "shawl"), [8]);
    // After publishing, an update deletes the previous document as before.
    index
        .stage(&[doc(8, "Hoodie Wrap", "woo-8")], &[], false)
        .expect("update");
    index.publish(2).expect("publish");
    assert!(suggest(&index, "shawl").is_empty());
    assert_eq!(suggest(&index, "wrap"), [8]);
}

#[test]
fn popularity_and_rating_orders_break_ties_on_the_newer_id() {
    let index = TantivyIndex::in_memory().expect("index");
    let stats = |total_sales, average_rating, rating_count| ProductStats {
        total_sales,
        average_rating,
        rating_count,
    };
    let docs = [
        document(&product(1, "Hoodie", "h1", 100), stats(5, 400, 2)),
        document(&product(2, "Hoodie Blue", "h2", 100), stats(9, 450, 1)),
        document(&product(3, "Hoodie Red", "h3", 100), stats(5, 450, 4)),
        document(&product(4, "Hoodie Green", "h4", 100), stats(0, 0, 0)),
    ];
    let docs: Vec<SearchDocument> = docs.into_iter().flatten().collect();
    index.apply(&docs, &[], 1).expect("apply");
    let text = SearchText::parse("hoodie").expect("text");
    let page = PageRequest {
        page: 1,
        per_page: 10,
    };
    let order = |sort| {
        ids(&index
            .search(&text, &SearchFilter::default(), sort, page)
            .expect("search")
            .ids)
    };
    assert_eq!(order(ListingSort::Popularity), [2, 3, 1, 4]);
    assert_eq!(order(ListingSort::Rating), [3, 2, 1, 4]);
}

pub(crate) fn coloured(
    id: i64,
    name: &str,
    price: i64,
    colours: &[&str],
    sizes: &[&str],
) -> Product {
    let mut p = product(id, name, &format!("sku-{id}"), price);
    let mut colour = attribute("Color", colours);
    colour.slug = "pa_color".into();
    colour.global = true;
    let mut size = attribute("Size", sizes);
    size.slug = "pa_size".into();
    size.global = true;
    let mut logo = attribute("Logo", &["Yes"]);
    logo.global = false;
    p.attributes = vec![colour, size, logo];
    p
}

#[test]
fn attribute_filters_match_any_or_every_term_and_count_the_others() {
    let index = TantivyIndex::in_memory().expect("index");
    let docs: Vec<SearchDocument> = [
        coloured(1, "Tee Blue", 1000, &["Blue"], &["Small"]),
        coloured(2, "Tee Red", 2000, &["Red"], &["Large"]),
        coloured(3, "Tee Both", 3000, &["Blue", "Red"], &["Small"]),
        coloured(4, "Tee Green", 4000, &["Green"], &["Large"]),
    ]
    .iter()
    .filter_map(|p| document(p, ProductStats::default()))
    .collect();
    index.apply(&docs, &[], 1).expect("apply");
    let text = SearchText::parse("tee").expect("text");
    let filter = |terms: &[&str], match_all: bool| SearchFilter {
        layered: LayeredFilter {
            attributes: vec![AttributeFilter {
                attribute: "color".into(),
                terms: terms.iter().map(|t| (*t).to_owned()).collect(),
                match_all,
            }],
            ..LayeredFilter::default()
        },
        ..SearchFilter::default()
    };
    let page = PageRequest {
        page: 1,
        per_page: 10,
    };
    let found = |f: &SearchFilter| {
        let mut found = ids(&index
            .search(&text, f, ListingSort::Price, page)
            .expect("search")
            .ids);
        found.sort_unstable();
        found
    };
    assert_eq!(found(&filter(&["blue", "red"], false)), [1, 2, 3]);
    assert_eq!(found(&filter(&["blue", "red"], true)), [3]);

    let counts = index
        .filter_counts(&text, &filter(&["blue"], false))
        .expect("counts");
    let names: Vec<&str> = counts.attributes.iter().map(|a| a.name.as_str()).collect();
    assert_eq!(names, ["Color", "Size"], "global attributes only, by name");
    let terms = |i: usize| -> Vec<(String, u64)> {
        counts.attributes[i]
            .terms
            .iter()
            .map(|t| (t.name.clone(), t.count))
            .collect()
    };
    // Colour counts ignore the colour chosen (an `or` filter); sizes count under it.
    assert_eq!(
        terms(0),
        [("Blue".into(), 2), ("Green".into(), 1), ("Red".into(), 2)]
    );
    assert_eq!(terms(1), [("Small".into(), 2)]);
    assert_eq!(counts.price, Some((1000, 3000)), "the blue ones' prices");
}

#[test]
fn a_number_forgives_no_typo_but_matches_as_a_prefix() {
    let index = index(&[
        product(1, "Mug", "gen-000042", 900),
        product(2, "Cap", "gen-000043", 900),
        product(3, "Lamp", "gen-004200", 900),
    ]);
    assert_eq!(suggest(&index, "000042"), [1], "000043 is one digit off");
    assert_eq!(suggest(&index, "gen-0042"), [3]);
    assert_eq!(suggest(&index, "gen-00004"), [1, 2]);
}

#[test]
fn typos_only_fill_a_list_exact_and_prefix_matches_leave_short() {
    let index = index(&[
        product(1, "Lamp", "l1", 900),
        product(2, "Lamp Shade", "l2", 900),
        product(3, "Clamp", "c1", 900),
    ]);
    let text = SearchText::parse("lamp").expect("text");
    let two = index.suggest(&text, None, 2).expect("suggest");
    assert_eq!(ids(&two), [1, 2], "the typo match is not needed");
    assert_eq!(suggest(&index, "lamp"), [1, 2, 3], "it fills a longer list");
}

#[test]
fn words_the_shop_holds_forgive_no_typo_beside_another_word() {
    let index = index(&[
        product(1, "Blue Lamp", "b1", 900),
        product(2, "Red Lamb Rug", "r1", 900),
        product(3, "Blue Scarf", "b2", 900),
    ]);
    // Both words are held, never together: no "Blue Lamp" for "blue lamb" (ADR 0047).
    assert!(suggest(&index, "blue lamb").is_empty());
    assert!(suggest(&index, "blue lam rug").is_empty());
    // A word no product holds forgives its typos; the held word beside it stays as typed.
    assert_eq!(suggest(&index, "blue lanp"), [1]);
    // One word forgives its typos whenever its list is short ("lamp" → "Lamb" too).
    assert_eq!(suggest(&index, "lamp"), [1, 2]);
}

#[test]
fn publishing_keeps_few_segments() {
    let index = TantivyIndex::in_memory().expect("index");
    for id in 1..=8 {
        let doc = document(
            &product(id, &format!("Hoodie {id}"), &format!("h{id}"), 100),
            ProductStats::default(),
        );
        index
            .apply(&[doc.expect("findable")], &[], id)
            .expect("apply");
    }
    let segments = index.index.searchable_segment_metas().expect("segments");
    assert!(segments.len() <= crate::MAX_SEGMENTS, "{}", segments.len());
    assert_eq!(suggest(&index, "hoodie").len(), 8);
    assert_eq!(index.published(), Some(8));
}

#[test]
fn tidying_merges_the_segments_an_interrupted_publish_left() {
    let index = TantivyIndex::in_memory().expect("index");
    let doc = |id: i64| {
        document(
            &product(id, &format!("Hoodie {id}"), &format!("h{id}"), 100),
            ProductStats::default(),
        )
        .expect("findable")
    };
    index.apply(&[doc(1)], &[], 1).expect("apply");
    // Commits without the publish's merge, as a process stopped during that merge leaves them.
    for id in 2..=6 {
        index.stage(&[doc(id)], &[], false).expect("stage");
        index.writer().expect("writer").commit().expect("commit");
    }
    index.reader.reload().expect("reload");
    let segments = || {
        index
            .index
            .searchable_segment_metas()
            .expect("segments")
            .len()
    };
    assert!(segments() > crate::MAX_SEGMENTS, "{}", segments());
    assert!(index.tidy().expect("tidy"), "merged");
    assert!(segments() <= crate::MAX_SEGMENTS, "{}", segments());
    assert_eq!(suggest(&index, "hoodie").len(), 6);
    assert!(!index.tidy().expect("tidy again"), "nothing left to merge");
}
