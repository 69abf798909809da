//! The index on disk: reopened as committed, or emptied when it cannot be trusted.

use std::path::Path;

use vitrine_domain::catalogue::ProductStats;
use vitrine_domain::search::{SearchDocument, SearchIndex, SearchText};

use crate::TantivyIndex;
use crate::tests::{coloured, document, product, suggest};

fn docs() -> Vec<SearchDocument> {
    [
        product(1, "Hoodie", "woo-hoodie", 4200),
        product(3, "Belt", "woo-belt", 5500),
        coloured(9, "Tee Blue", 1000, &["Blue"], &["Small"]),
    ]
    .iter()
    .filter_map(|p| document(p, ProductStats::default()))
    .collect()
}

fn built(dir: &Path, version: i64) {
    let index = TantivyIndex::open(dir).expect("open");
    assert_eq!(index.published(), None, "a new directory holds no build");
    index.stage(&docs(), &[], true).expect("stage");
    index.publish(version).expect("publish");
}

#[test]
fn a_reopened_index_keeps_its_documents_change_number_and_facet_names() {
    let dir = tempfile::tempdir().expect("dir");
    built(dir.path(), 41);
    let index = TantivyIndex::open(dir.path()).expect("reopen");
    assert_eq!(index.published(), Some(41));
    assert_eq!(suggest(&index, "hoo"), [1]);
    assert_eq!(suggest(&index, "woo-belt"), [3]);
    let tee = SearchText::parse("tee").expect("text");
    let counts = index
        .filter_counts(&tee, &Default::default())
        .expect("counts");
    let names: Vec<&str> = counts.attributes.iter().map(|a| a.name.as_str()).collect();
    assert_eq!(names, ["Color", "Size"], "names kept with the commit");
    assert_eq!(counts.attributes[0].terms[0].name, "Blue");

    // A catch-up after the restart: one product gone, the change number moves on.
    index
        .apply(&[], &[vitrine_domain::catalogue::ProductId(1)], 42)
        .expect("apply");
    drop(index);
    let index = TantivyIndex::open(dir.path()).expect("reopen again");
    assert_eq!(index.published(), Some(42));
    assert!(suggest(&index, "hoo").is_empty());
}

#[test]
fn an_unreadable_index_is_emptied_and_other_files_are_left_alone() {
    let dir = tempfile::tempdir().expect("dir");
    built(dir.path(), 7);
    std::fs::write(dir.path().join("meta.json"), "{ not json").expect("corrupt");
    std::fs::write(dir.path().join("notes.txt"), "mine").expect("other file");
    let index = TantivyIndex::open(dir.path()).expect("open");
    assert_eq!(index.published(), None, "must be built again");
    assert_eq!(index.len().expect("len"), 0);
    assert!(dir.path().join("notes.txt").is_file());
    index.stage(&docs(), &[], true).expect("stage");
    index.publish(8).expect("publish");
    assert_eq!(suggest(&index, "hoo"), [1]);
}

#[test]
fn a_missing_segment_file_or_another_schema_version_means_a_new_build() {
    let dir = tempfile::tempdir().expect("dir");
    built(dir.path(), 7);
    let segment_file = std::fs::read_dir(dir.path())
        .expect("list")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .find(|p| p.extension().is_some_and(|x| x == "idx"))
        .expect("a segment's postings");
    std::fs::remove_file(segment_file).expect("remove");
    assert_eq!(
        TantivyIndex::open(dir.path()).expect("open").published(),
        None
    );

    built(dir.path(), 9);
    let meta = std::fs::read_to_string(dir.path().join("meta.json")).expect("meta");
    let older = meta.replace(
        &format!("\\\"schema\\\":{}", super::SCHEMA_VERSION),
        "\\\"schema\\\":0",
    );
    assert_ne!(meta, older, "the payload names its schema version");
    std::fs::write(dir.path().join("meta.json"), older).expect("write");
    assert_eq!(
        TantivyIndex::open(dir.path()).expect("open").published(),
        None
    );
}

#[test]
fn a_second_process_on_the_same_directory_is_refused() {
    let dir = tempfile::tempdir().expect("dir");
    let _first = TantivyIndex::open(dir.path()).expect("open");
    let second = TantivyIndex::open(dir.path());
    assert!(second.is_err(), "tantivy's writer lock holds");
}
