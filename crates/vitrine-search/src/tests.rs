//! The index on its own: ranking, typos, prefixes, SKUs, filters and orders.

use vitrine_domain::catalogue::fixtures::{CREATED_AT, simple_product};
use vitrine_domain::catalogue::{
    CatalogVisibility, CategoryId, CategoryTree, ListingSort, PageRequest, Product, ProductId,
};
use vitrine_domain::search::{SearchDocument, SearchFilter, SearchIndex, SearchText};

use crate::TantivyIndex;

fn product(id: i64, name: &str, sku: &str, price: i64) -> Product {
    let mut p = simple_product(id, name, price);
    p.sku = Some(sku.to_owned());
    p
}

fn index(products: &[Product]) -> TantivyIndex {
    let index = TantivyIndex::in_memory().expect("index");
    let tree = CategoryTree::default();
    let docs: Vec<SearchDocument> = products
        .iter()
        .filter_map(|p| SearchDocument::of(p, &tree, &[], CREATED_AT))
        .collect();
    index.rebuild(&docs).expect("rebuild");
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

fn suggest(index: &TantivyIndex, text: &str) -> Vec<i64> {
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
    let doc =
        SearchDocument::of(&renamed, &CategoryTree::default(), &[], CREATED_AT).expect("findable");
    index.apply(&[doc], &[ProductId(3)]).expect("apply");
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
        min_price: Some(4200),
        max_price: Some(4500),
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
