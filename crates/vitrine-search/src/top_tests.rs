//! Suggestions' pruned top K (ADR 0024) against the ranking it replaces: every match scored
//! and keyed (score, menu order, name length, id), on generated catalogues whose names tie by
//! the thousand, built in rank-key order (the pruned path) or in id order with a catch-up on
//! top (segments out of order: the full walk), with and without a category: one word, one word
//! in a category, two words, typos and dashed SKUs (walked in rank order until the K-th score
//! reaches the query's bound, ADR 0030, or has stood long enough, ADR 0047).

use tantivy::query::{BooleanQuery, Occur, Scorer};
use tantivy::{DocId, DocSet, Score, TERMINATED};
use vitrine_domain::catalogue::{CategoryId, ProductId, ProductStats};
use vitrine_domain::search::{SearchDocument, SearchIndex, SearchText};

use crate::TantivyIndex;
use crate::ahead::{Ahead, Reach};
use crate::query::{self, Typos};
use crate::shape::Shape;
use crate::top;

const ADJECTIVES: [&str; 5] = ["Classic", "Cozy", "Bold", "Handmade", "Urban"];
const NOUNS: [&str; 6] = [
    "Hoodie",
    "Hood",
    "Mug",
    "Lamp",
    "Cotton Cap",
    "Hoodie Dress",
];

fn generated(products: i64) -> Vec<SearchDocument> {
    let mut seed = 13u64;
    let mut next = move |n: u64| {
        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
        ((seed >> 33) % n) as usize
    };
    (1..=products)
        .map(|i| {
            let name = format!(
                "{} {} {i}",
                ADJECTIVES[next(5)],
                NOUNS[next(NOUNS.len() as u64)]
            );
            let category = 1 + next(4) as i64;
            SearchDocument {
                id: ProductId(i),
                name,
                skus: vec![format!("gen-{i:06}")],
                categories: vec![CategoryId(category)],
                terms: vec![["Hoodies", "Mugs", "Lamps", "Cotton"][category as usize - 1].into()],
                filter_terms: Vec::new(),
                menu_order: i64::from(next(10) == 0),
                price: Some(100),
                created_at: i,
                stats: ProductStats::default(),
            }
        })
        .collect()
}

const TEXTS: [&str; 24] = [
    "hoo",
    // A prefix held by the name field only (one clause left: pruned alone, ADR 0042).
    "coz",
    "han",
    // A word no document holds: nothing, and nothing walked.
    "zzz",
    "cozy zzz",
    "hoodei",
    "cozy hodie",
    "lamp 12",
    "gen-00",
    "gen-000",
    "hood",
    "hoodie",
    "hodie",
    "cozy hoo",
    "mug",
    "lam",
    "cotton",
    "cot ca",
    "gen-0001",
    "gen-00012",
    "urban",
    // A name word one product holds, and the prefix of others' (the bound falls once that
    // product is passed, ADR 0048); the same beside another word.
    "123",
    "cozy 12",
    "hoodie 1234",
];

/// What the index answered before ADR 0024: every match scored, keyed, sorted.
fn reference(
    index: &TantivyIndex,
    text: &SearchText,
    typos: Typos,
    category: Option<CategoryId>,
    limit: usize,
) -> Vec<ProductId> {
    let mut clauses = vec![(
        Occur::Must,
        query::text_query(&index.index, &index.fields, text, typos),
    )];
    if let Some(category) = category {
        clauses.push((Occur::Must, query::category_query(&index.fields, category)));
    }
    let searcher = index.reader.searcher();
    index
        .ranked(&searcher, &BooleanQuery::new(clauses), limit, 0)
        .expect("ranked")
}

fn pruned(
    index: &TantivyIndex,
    text: &SearchText,
    typos: Typos,
    category: Option<CategoryId>,
    limit: usize,
) -> Vec<ProductId> {
    let text = query::text_shape(&index.index, &index.fields, text, typos);
    let shape = match category {
        None => text,
        Some(c) => Shape::All(vec![
            text,
            Shape::Filter(query::category_term(&index.fields, c)),
        ]),
    };
    let searcher = index.reader.searcher();
    top::best(&searcher, &index.pruning, &shape, limit).expect("best")
}

fn assert_same_as_before(index: &TantivyIndex) {
    for raw in TEXTS {
        let text = SearchText::parse(raw).expect("text");
        for typos in [Typos::NotYet, Typos::Forgiven] {
            for category in [None, Some(CategoryId(1)), Some(CategoryId(4))] {
                for limit in [1, 3, 8] {
                    assert_eq!(
                        pruned(index, &text, typos, category, limit),
                        reference(index, &text, typos, category, limit),
                        "{raw:?} {typos:?} {category:?} top {limit}"
                    );
                }
            }
        }
    }
}

fn stage_in_batches(index: &TantivyIndex, docs: &[SearchDocument], clear: bool) {
    for (n, batch) in docs.chunks(250).enumerate() {
        index.stage(batch, &[], clear && n == 0).expect("stage");
    }
}

#[test]
fn a_build_in_rank_order_is_pruned_and_ranks_as_every_match_scored() {
    let index = TantivyIndex::in_memory().expect("index");
    let mut docs = generated(3000);
    docs.sort_by_key(top::rank_key);
    stage_in_batches(&index, &docs, true);
    index.publish(1).expect("publish");
    let searcher = index.reader.searcher();
    assert!(
        searcher
            .segment_readers()
            .iter()
            .all(|s| index.pruning.orders.knows_in_order(s.segment_id())),
        "every segment of a build in rank order is pruned"
    );
    assert_same_as_before(&index);
}

#[test]
fn segments_out_of_rank_order_and_catch_ups_rank_as_every_match_scored() {
    let index = TantivyIndex::in_memory().expect("index");
    // Id order, batch by batch: each batch is put in rank order, the whole is not.
    let docs = generated(3000);
    stage_in_batches(&index, &docs, true);
    index.publish(1).expect("publish");
    assert_same_as_before(&index);
    // Renamed products (shorter names now tie-break first) in catch-up segments.
    for round in 0..5i64 {
        let renamed: Vec<SearchDocument> = docs
            .iter()
            .filter(|d| d.id.0 % 97 == round)
            .map(|d| SearchDocument {
                name: format!("Hoodie {}", d.id.0),
                ..d.clone()
            })
            .collect();
        index.stage(&renamed, &[], false).expect("stage");
        index.publish(2 + round).expect("publish");
        assert_same_as_before(&index);
    }
}

#[test]
fn absent_terms_leave_the_shape_and_a_lone_clause_stands_alone() {
    let index = TantivyIndex::in_memory().expect("index");
    let mut docs = generated(300);
    docs.sort_by_key(top::rank_key);
    stage_in_batches(&index, &docs, true);
    index.publish(1).expect("publish");
    let searcher = index.reader.searcher();
    let present = |raw: &str| {
        let text = SearchText::parse(raw).expect("text");
        query::text_shape(&index.index, &index.fields, &text, Typos::NotYet)
            .present(&searcher)
            .expect("present")
    };
    // "coz": only the name's prefix term exists (no word "coz", no SKU or term beginning so).
    assert!(matches!(present("coz"), Some(Shape::Fixed(..))));
    // "hoo": the name's and the terms' ("Hoodies") prefixes, still a union.
    assert!(matches!(present("hoo"), Some(Shape::Any(ref c)) if c.len() == 2));
    assert!(present("zzz").is_none());
    assert!(
        present("cozy zzz").is_none(),
        "a word found nowhere: no match at all"
    );
}

/// Matches with scores, met in the order given (as a segment in rank-key order yields them).
struct Scripted {
    matches: Vec<(DocId, Score)>,
    at: usize,
    read: usize,
}

impl Scripted {
    fn new(scores: impl IntoIterator<Item = Score>) -> Self {
        let matches = (0..).zip(scores).collect();
        Self {
            matches,
            at: 0,
            read: 1,
        }
    }
}

impl DocSet for Scripted {
    fn advance(&mut self) -> DocId {
        self.at += 1;
        self.read = self.read.max(self.at + 1);
        self.doc()
    }

    fn doc(&self) -> DocId {
        self.matches.get(self.at).map_or(TERMINATED, |m| m.0)
    }

    fn size_hint(&self) -> u32 {
        self.matches.len() as u32
    }
}

impl Scorer for Scripted {
    fn score(&mut self) -> Score {
        self.matches[self.at].1
    }
}

#[test]
fn a_walk_ends_at_the_bound_or_when_its_kth_has_stood_long_enough() {
    let alive = |_| true;
    let patience = top::PATIENCE as usize;
    // The bound reached by the first three: nothing after them is read.
    let mut at_bound = Scripted::new([3.0, 3.0, 3.0, 1.0, 3.0]);
    let top = top::walk_in_order(&mut at_bound, &alive, &mut Ahead::flat(3.0), 3);
    assert_eq!(top.docs(), [0, 1, 2]);
    assert_eq!(at_bound.read, 3, "stops at the third match");

    // A bound nothing reaches ("clothing ba"): a better match within the patience joins…
    let mut scores = vec![1.0; 3 + patience];
    scores[2 + patience] = 2.0;
    let mut within = Scripted::new(scores);
    let top = top::walk_in_order(&mut within, &alive, &mut Ahead::flat(2.5), 3);
    assert_eq!(top.docs(), [2 + patience as u32, 0, 1]);

    // …and one after the K-th stood for PATIENCE matches is not read.
    let mut scores = vec![1.0; 4 + patience];
    scores[3 + patience] = 2.0;
    let mut after = Scripted::new(scores);
    let top = top::walk_in_order(&mut after, &alive, &mut Ahead::flat(2.5), 3);
    assert_eq!(top.docs(), [0, 1, 2]);
    assert_eq!(after.read, 3 + patience, "the K-th stood for the patience");

    // Matches that are deleted do not count.
    let mut scores = vec![1.0; 4 + patience];
    scores[3 + patience] = 2.0;
    let mut deleted = Scripted::new(scores);
    let top = top::walk_in_order(&mut deleted, &|doc| doc != 5, &mut Ahead::flat(2.5), 3);
    assert_eq!(top.docs(), [3 + patience as u32, 0, 1]);
}

#[test]
fn a_walk_ends_once_past_the_last_document_of_a_clause_no_other_match_reaches() {
    let alive = |_| true;
    // "gen-123": the name word "123" (one product, doc 1, scoring 5 beside the SKU's 2) keeps
    // the whole bound (7) out of reach; past doc 1 it is what the SKU's products score.
    let reach = Reach::Any(vec![
        Reach::Leaf {
            best: 5.0,
            last: Some(1),
        },
        Reach::open(2.0),
    ]);
    let mut scores = vec![2.0; 10 + top::PATIENCE as usize];
    scores[1] = 5.0;
    let mut walked = Scripted::new(scores.clone());
    let top = top::walk_in_order(&mut walked, &alive, &mut Ahead::of(&reach), 3);
    assert_eq!(top.docs(), [1, 0, 2]);
    assert_eq!(
        walked.read, 3,
        "stops at the third match, past the rare clause"
    );

    // The same walk with the whole bound throughout reads to its patience.
    let mut flat = Scripted::new(scores);
    let top = top::walk_in_order(&mut flat, &alive, &mut Ahead::flat(7.0), 3);
    assert_eq!(top.docs(), [1, 0, 2]);
    assert_eq!(flat.read, 3 + top::PATIENCE as usize);
}
