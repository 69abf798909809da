//! Two-word suggestions led by their beginnings' pair (ADR 0043): what the lead must never
//! lose.

use vitrine_domain::catalogue::{ProductId, ProductStats};
use vitrine_domain::search::{SearchDocument, SearchIndex};

use crate::TantivyIndex;
use crate::beginnings::MAX_PAIR_BEGINNINGS;
use crate::tests::suggest;

fn doc(id: i64, name: &str, terms: &[String]) -> SearchDocument {
    SearchDocument {
        id: ProductId(id),
        name: name.to_owned(),
        skus: vec![format!("woo-{id}")],
        categories: Vec::new(),
        terms: terms.to_vec(),
        filter_terms: Vec::new(),
        menu_order: 0,
        price: Some(1000),
        created_at: id,
        stats: ProductStats::default(),
    }
}

fn index(docs: &[SearchDocument]) -> TantivyIndex {
    let index = TantivyIndex::in_memory().expect("index");
    index.stage(docs, &[], true).expect("stage");
    index.publish(1).expect("publish");
    index
}

#[test]
fn two_words_are_found_in_different_fields_in_either_order_and_in_one_word() {
    let index = index(&[
        doc(1, "Cotton Hoodie", &["Kitchen".to_owned()]),
        doc(2, "Kitchen Mug", &[]),
        doc(3, "Hooded Hoodie", &[]),
        doc(4, "Cotton Mug", &["Kitchen".to_owned()]),
    ]);
    assert_eq!(suggest(&index, "cot kit"), [4, 1], "name and term words");
    assert_eq!(suggest(&index, "kit cot"), [4, 1], "either order");
    assert_eq!(
        suggest(&index, "hoo hoodi"),
        [1, 3],
        "two words of one beginning"
    );
    assert_eq!(
        suggest(&index, "cot kit mug"),
        [4],
        "three words: the rarest pair leads, the others still hold"
    );
    assert!(
        suggest(&index, "hoo kit mug").is_empty(),
        "no product holds all three"
    );
    assert_eq!(suggest(&index, "mug woo-2"), [2], "a SKU word");
}

#[test]
fn a_product_with_too_many_beginnings_for_its_pairs_is_still_found() {
    let many: Vec<String> = (0..=MAX_PAIR_BEGINNINGS)
        .map(|n| {
            let letter = |k: usize| char::from(b'a' + u8::try_from(k % 26).expect("a letter"));
            format!("{}{}z", letter(n / 26), letter(n))
        })
        .collect();
    let index = index(&[doc(1, "Cotton Hoodie", &many), doc(2, "Cotton Mug", &[])]);
    assert_eq!(suggest(&index, "cot hoo"), [1]);
    assert_eq!(suggest(&index, "aaz baz"), [1], "two of its many terms");
    assert_eq!(suggest(&index, "cot mug"), [2], "the others by their pairs");
}

#[test]
fn two_words_with_typos_are_found_through_the_pairs_their_automata_allow() {
    let index = index(&[
        doc(1, "Cotton Hoodie", &["Hoodies".to_owned()]),
        doc(2, "Cotton Mug", &[]),
        doc(3, "Linen Hoodie", &[]),
    ]);
    assert_eq!(suggest(&index, "coton hodie"), [1], "a typo in each word");
    assert_eq!(
        suggest(&index, "hodie coton"),
        [1],
        "the pair's second word first"
    );
    assert_eq!(
        suggest(&index, "xotton hoodie"),
        [1],
        "a typo in a beginning"
    );
    assert_eq!(
        suggest(&index, "hodie linnen"),
        [3],
        "either order, words of several matching terms"
    );
}

#[test]
fn a_typo_walk_finds_the_same_with_its_terms_kept_open_or_read_whole() {
    // "hodie" within one typo matches every "hoodie…" word: 40 terms are kept open and read as
    // the walk goes, 80 are more than a walk keeps open and are read whole (walked.rs).
    for terms in [40usize, 80] {
        let docs: Vec<SearchDocument> = (0..terms)
            .map(|n| {
                let letter = |k: usize| char::from(b'a' + u8::try_from(k % 26).expect("a letter"));
                let id = i64::try_from(n).expect("an id") + 1;
                doc(id, &format!("Hoodie{}{}", letter(n / 26), letter(n)), &[])
            })
            .collect();
        let index = index(&docs);
        assert_eq!(
            suggest(&index, "hodie"),
            (1..=10).collect::<Vec<i64>>(),
            "{terms} terms"
        );
        assert_eq!(
            suggest(&index, "hodie hoodiebb").first(),
            Some(&28),
            "{terms} terms, in a conjunction: \"Hoodiebb\" first"
        );
    }
}

fn suggest_within(index: &TantivyIndex, text: &str, category: i64) -> Vec<i64> {
    let text = vitrine_domain::search::SearchText::parse(text).expect("text");
    index
        .suggest(
            &text,
            Some(vitrine_domain::catalogue::CategoryId(category)),
            10,
        )
        .expect("suggest")
        .into_iter()
        .map(|id| id.0)
        .collect()
}

/// 200 mugs in category 1; in category 2 a hoodie and three mugs (by name, by a term, by a
/// SKU); a hoodie in category 3.
fn shelves() -> TantivyIndex {
    let within = |mut d: SearchDocument, category: i64| {
        d.categories = vec![vitrine_domain::catalogue::CategoryId(category)];
        d
    };
    let mut docs: Vec<SearchDocument> = (1..=200)
        .map(|id| within(doc(id, &format!("Mug {id}"), &[]), 1))
        .collect();
    docs.push(within(doc(201, "Hoodie", &[]), 2));
    docs.push(within(doc(202, "Blue Mug", &[]), 2));
    docs.push(within(doc(203, "Cup", &["Mugs".to_owned()]), 2));
    let mut plate = doc(204, "Plate", &[]);
    plate.skus = vec!["mugplate-204".to_owned()];
    docs.push(within(plate, 2));
    docs.push(within(doc(205, "Cotton Hoodie", &[]), 3));
    index(&docs)
}

/// ADR 0046: one word within a category is led by the category's products of its beginning
/// when they are a thin share of the word's, and left out when the category has none.
#[test]
fn one_word_within_a_category_is_led_by_the_categorys_beginnings_when_they_are_few() {
    use crate::pairs::{Lead, category_lead};
    let index = shelves();
    let searcher = index.reader.searcher();
    let f = &index.fields;
    let lead = |category: i64, word: &str| {
        let held = crate::query::word_held(&searcher, f, word).expect("held");
        category_lead(&searcher, f.category_prefixes, category, word, held, 10).expect("lead")
    };
    assert!(
        matches!(lead(2, "mug"), Lead::Clause(_)),
        "3 of the 203 mugs: led"
    );
    assert!(matches!(lead(1, "mug"), Lead::Unled), "200 of 203: not led");
    assert!(
        matches!(lead(3, "mug"), Lead::Nothing),
        "none in category 3"
    );
    assert!(
        matches!(lead(2, "mu"), Lead::Unled),
        "shorter than a beginning"
    );
}

/// Led, unled or left out, a word within a category finds the category's matches only, ranked
/// as without the lead: the SKU's beginning first, then the name, then the term.
#[test]
fn one_word_within_a_category_finds_the_same_led_or_not() {
    let index = shelves();
    assert_eq!(suggest_within(&index, "mug", 2), [204, 202, 203]);
    assert_eq!(
        suggest_within(&index, "mug", 1),
        (1..=10).collect::<Vec<i64>>()
    );
    assert!(suggest_within(&index, "mug", 3).is_empty());
    assert_eq!(suggest_within(&index, "hoo", 3), [205]);
    assert_eq!(suggest_within(&index, "hoo", 2), [201]);
    assert_eq!(
        suggest_within(&index, "hodie", 3),
        [205],
        "a typo: the walk within the category, not led"
    );
}
