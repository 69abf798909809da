//! A walk's falling bound (ADR 0048): the steps of a shape's reach, and each term's last
//! document found from its skip list.

use tantivy::schema::{STRING, Schema};
use tantivy::{Index, IndexWriter, TantivyDocument, Term};

use crate::ahead::{Ahead, Lasts, Reach};

fn leaf(best: f32, last: Option<u32>) -> Reach {
    Reach::Leaf { best, last }
}

#[test]
fn the_bound_falls_as_the_walk_passes_each_clause_s_last_document() {
    // (a: 4 up to doc 10, or b: 2 up to doc 50) and c: 1 up to doc 30.
    let reach = Reach::All(vec![
        Reach::Any(vec![leaf(4.0, Some(10)), leaf(2.0, Some(50))]),
        leaf(1.0, Some(30)),
    ]);
    let mut ahead = Ahead::of(&reach);
    assert_eq!(ahead.after(0), Some(7.0));
    assert_eq!(ahead.after(9), Some(7.0), "doc 10 may still match a");
    assert_eq!(ahead.after(10), Some(3.0), "past a: b and c");
    assert_eq!(ahead.after(29), Some(3.0));
    assert_eq!(
        ahead.after(30),
        None,
        "past c the conjunction matches nothing"
    );
    assert_eq!(ahead.after(60), None);
}

#[test]
fn a_union_keeps_what_is_left_and_an_absent_clause_counts_for_nothing() {
    let reach = Reach::Any(vec![leaf(4.0, None), leaf(2.0, Some(5)), Reach::open(1.0)]);
    let mut ahead = Ahead::of(&reach);
    assert_eq!(ahead.after(0), Some(3.0), "the absent clause adds nothing");
    assert_eq!(
        ahead.after(5),
        Some(1.0),
        "the open clause stays to the end"
    );
    assert_eq!(ahead.after(1_000_000), Some(1.0));
    let absent = Reach::All(vec![leaf(4.0, None), Reach::open(1.0)]);
    assert_eq!(Ahead::of(&absent).after(0), None);
}

#[test]
fn a_term_s_last_document_is_found_whatever_its_count_of_blocks() {
    let mut builder = Schema::builder();
    let field = builder.add_text_field("w", STRING);
    let index = Index::create_in_ram(builder.build());
    let mut writer: IndexWriter = index
        .writer_with_num_threads(1, 15_000_000)
        .expect("writer");
    // "a" in 128 documents (one full block, then an empty last one), "b" in 300, "c" in 5,
    // "d" in 256 (two full blocks), "z" in every one of 1,100 (kept: `kept.rs`).
    for i in 0..1100u32 {
        let mut doc = TantivyDocument::default();
        for (word, every, count) in [("a", 3, 128), ("b", 2, 300), ("c", 100, 5), ("d", 1, 256)] {
            if i % every == 0 && i / every < count {
                doc.add_text(field, word);
            }
        }
        doc.add_text(field, "z");
        writer.add_document(doc).expect("add");
    }
    writer.commit().expect("commit");
    let searcher = index.reader().expect("reader").searcher();
    let segments = searcher.segment_readers();
    assert_eq!(segments.len(), 1);
    let lasts = Lasts::default();
    let last = |word: &str| {
        lasts
            .of(&segments[0], &Term::from_field_text(field, word))
            .expect("last")
    };
    assert_eq!(last("a"), Some(127 * 3));
    assert_eq!(last("b"), Some(299 * 2));
    assert_eq!(last("c"), Some(400));
    assert_eq!(last("d"), Some(255));
    assert_eq!(last("z"), Some(1099));
    assert_eq!(last("y"), None, "a term the segment does not hold");
    assert_eq!(last("a"), Some(127 * 3), "found again");
    assert_eq!(lasts.len(), 1, "only the term with many postings is kept");
    assert_eq!(last("z"), Some(1099));
}
