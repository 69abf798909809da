//! Making a [`TantivyIndex`]: in RAM (tests), or kept on disk in a directory of its own, so a
//! restart opens the last commit and catches up from the change number it records instead of
//! building again. The commit's payload records the schema version, that change number and the
//! facet terms' names; an index that is missing, unreadable, of another schema or without a
//! payload is emptied and must be built again ([`published`](SearchIndex::published) is None).

use std::collections::HashMap;
use std::path::Path;
use std::sync::atomic::AtomicI64;
use std::sync::{Mutex, RwLock};

use serde::{Deserialize, Serialize};
use tantivy::collector::Count;
use tantivy::directory::MmapDirectory;
use tantivy::query::AllQuery;
use tantivy::schema::Schema;
use tantivy::{Index, IndexReader, IndexWriter, ReloadPolicy};
use vitrine_domain::search::{INDEX_THREADS_NICE, SearchError};

use crate::{NOT_PUBLISHED, TantivyIndex, counts, fail, schema, top};

/// Raised whenever the fields, their analysers or the documents' meaning change: an index
/// written under another number is built again.
pub(crate) const SCHEMA_VERSION: u32 = 5;

/// The writer's indexing memory, the index's largest allocation while it builds: tantivy's
/// minimum is 15 MB; more makes fewer segments (and merges) on a full build.
const WRITER_HEAP_BYTES: usize = 32 * 1024 * 1024;

/// What each commit records beside the documents.
#[derive(Debug, Default, Serialize, Deserialize)]
pub(crate) struct Payload {
    pub schema: u32,
    /// The catalogue change number the commit reflects.
    pub catalogue: i64,
    /// The facet terms' display names (`color=blue` → ("Color", "Blue")).
    pub names: counts::Names,
}

impl TantivyIndex {
    /// An index in this process's memory: built from nothing at every start.
    pub fn in_memory() -> Result<Self, SearchError> {
        let (schema, _) = schema::build();
        Self::from_index(Index::create_in_ram(schema), None)
    }

    /// The index kept in `dir` (created if missing; one serving process per directory, which
    /// tantivy's writer lock enforces). A usable last commit is opened as it is; anything
    /// else is cleared out of the directory (only tantivy's own files) and started empty.
    pub fn open(dir: &Path) -> Result<Self, SearchError> {
        std::fs::create_dir_all(dir)
            .map_err(|e| SearchError(format!("cannot create {}: {e}", dir.display())))?;
        let (schema, _) = schema::build();
        match usable(dir, &schema) {
            Ok(Some((index, payload))) => return Self::from_index(index, Some(payload)),
            Ok(None) => {}
            Err(e) => tracing::warn!(
                error = %e,
                dir = %dir.display(),
                "the search index on disk is unreadable: building it again"
            ),
        }
        clear(dir)?;
        let index = Index::create_in_dir(dir, schema).map_err(fail)?;
        Self::from_index(index, None)
    }

    fn from_index(index: Index, payload: Option<Payload>) -> Result<Self, SearchError> {
        schema::register_analysers(&index);
        let (_, fields) = schema::build();
        let writer = background_writer(&index)?;
        // Merged when published instead (`compact`), so the reader sees the merged segments.
        writer.set_merge_policy(Box::new(tantivy::indexer::NoMergePolicy));
        let reader = reader(&index)?;
        let (published, names) = match payload {
            Some(p) => (p.catalogue, p.names),
            None => (NOT_PUBLISHED, HashMap::new()),
        };
        Ok(Self {
            index,
            fields,
            writer: Mutex::new(writer),
            reader,
            names: RwLock::new(names),
            staged_since_clear: Mutex::new(None),
            pruning: top::Pruning::default(),
            published: AtomicI64::new(published),
        })
    }
}

/// The index's writer, with one indexing thread (the shop's requests need the other cores
/// more), made on a short-lived thread at a lowered OS priority: tantivy starts its indexing
/// and merging threads with the writer and they inherit that thread's nice value, so a build
/// takes the CPU only when requests leave it. The application's index jobs run the same way
/// ([`INDEX_THREADS_NICE`], ADR 0034); commits start new indexing threads
/// from the committing thread.
fn background_writer(index: &Index) -> Result<IndexWriter, SearchError> {
    std::thread::scope(|scope| {
        scope
            .spawn(|| {
                if let Err(e) = rustix::process::nice(INDEX_THREADS_NICE) {
                    tracing::debug!(error = %e, "the search index's threads keep their priority");
                }
                index.writer_with_num_threads(1, WRITER_HEAP_BYTES)
            })
            .join()
    })
    .map_err(|_| SearchError("the thread making the index's writer panicked".to_owned()))?
    .map_err(|e| SearchError(format!("cannot take the index's writer: {e}")))
}

/// Documents carry no stored fields (ids come from a fast field), so the document store's
/// block cache would only hold memory.
fn reader(index: &Index) -> Result<IndexReader, SearchError> {
    index
        .reader_builder()
        .reload_policy(ReloadPolicy::Manual)
        .doc_store_cache_num_blocks(0)
        .try_into()
        .map_err(fail)
}

/// The index in `dir` with its payload when it can serve: it exists, has this schema and
/// schema version, and every segment opens and answers a count.
fn usable(dir: &Path, schema: &Schema) -> Result<Option<(Index, Payload)>, tantivy::TantivyError> {
    let directory = MmapDirectory::open(dir)?;
    if !Index::exists(&directory)? {
        return Ok(None);
    }
    let index = Index::open(directory)?;
    if index.schema() != *schema {
        tracing::info!(dir = %dir.display(), "the search index on disk has other fields: building it again");
        return Ok(None);
    }
    let payload = index
        .load_metas()?
        .payload
        .and_then(|p| serde_json::from_str::<Payload>(&p).ok())
        .filter(|p| p.schema == SCHEMA_VERSION);
    let Some(payload) = payload else {
        tracing::info!(dir = %dir.display(), "the search index on disk is of another version: building it again");
        return Ok(None);
    };
    schema::register_analysers(&index);
    reader(&index)
        .map_err(|e| tantivy::TantivyError::SystemError(e.0))?
        .searcher()
        .search(&AllQuery, &Count)?;
    Ok(Some((index, payload)))
}

/// Removes tantivy's files from `dir` (its metas and segment files, named by a 32-digit
/// hexadecimal segment id), leaving anything else a misconfigured directory may hold, and the
/// lock files (another process may hold them: its writer lock then refuses this one).
fn clear(dir: &Path) -> Result<(), SearchError> {
    let io = |e: std::io::Error| SearchError(format!("cannot clear {}: {e}", dir.display()));
    for entry in std::fs::read_dir(dir).map_err(io)? {
        let entry = entry.map_err(io)?;
        let name = entry.file_name();
        let name = name.to_string_lossy();
        let stem = name.split('.').next().unwrap_or_default();
        let tantivys = matches!(&*name, "meta.json" | ".managed.json")
            || (stem.len() == 32 && stem.bytes().all(|b| b.is_ascii_hexdigit()));
        if tantivys && entry.file_type().map_err(io)?.is_file() {
            std::fs::remove_file(entry.path()).map_err(io)?;
        }
    }
    Ok(())
}

#[cfg(test)]
#[path = "open_tests.rs"]
mod tests;
