//! `[search]` and `[sqlite]`: where the search index is kept and how long a search waits for
//! its first build, and how much memory each SQLite connection may use (ADR 0021).

use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::Deserialize;
use vitrine_store::SqliteTuning;

/// `[search]`, as written.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SearchFile {
    /// The index's directory, one per serving instance; by default `search-index` beside a
    /// SQLite database file, otherwise `data/search-index`.
    pub index_dir: Option<PathBuf>,
    /// How long a search waits for the index's first build before answering 503
    /// `search_unavailable` (default 10,000).
    pub wait_milliseconds: Option<u64>,
}

/// `[search]`, checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchSettings {
    pub index_dir: PathBuf,
    pub wait: Duration,
}

impl SearchFile {
    pub(super) fn check(&self, default_dir: PathBuf) -> anyhow::Result<SearchSettings> {
        let wait = match self.wait_milliseconds {
            None => vitrine_app::search::WAIT,
            Some(ms @ 0..=600_000) => Duration::from_millis(ms),
            Some(ms) => anyhow::bail!("[search] wait_milliseconds: {ms} is over 600000"),
        };
        Ok(SearchSettings {
            index_dir: self.index_dir.clone().unwrap_or(default_dir),
            wait,
        })
    }
}

/// `[sqlite]`, as written: megabytes each connection maps of the file and keeps as page cache.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SqliteFile {
    pub mmap_megabytes: Option<u64>,
    pub cache_megabytes: Option<u64>,
    /// Connections for browsing reads run in place (ADR 0041); 0 sends them to the pool.
    pub reads_in_place: Option<usize>,
}

impl SqliteFile {
    pub(super) fn check(&self) -> anyhow::Result<SqliteTuning> {
        let default = SqliteTuning::default();
        let mmap_bytes = match self.mmap_megabytes {
            None => default.mmap_bytes,
            Some(mb @ 0..=65_536) => mb * 1024 * 1024,
            Some(mb) => anyhow::bail!("[sqlite] mmap_megabytes: {mb} is over 65536"),
        };
        let cache_kib = match self.cache_megabytes {
            None => default.cache_kib,
            Some(mb @ 1..=4_096) => mb * 1024,
            Some(mb) => anyhow::bail!("[sqlite] cache_megabytes: {mb} is not between 1 and 4096"),
        };
        let in_place_connections = match self.reads_in_place {
            None => default.in_place_connections,
            Some(n @ 0..=8) => n,
            Some(n) => anyhow::bail!("[sqlite] reads_in_place: {n} is over 8"),
        };
        Ok(SqliteTuning {
            mmap_bytes,
            cache_kib,
            in_place_connections,
        })
    }
}

/// `name` beside a SQLite database file, so the shop's derived files stay with its data;
/// `data/name` for PostgreSQL or an in-memory database.
pub(super) fn beside_database(database_url: &str, name: &str) -> PathBuf {
    let file = database_url
        .strip_prefix("sqlite://")
        .or_else(|| database_url.strip_prefix("sqlite:"))
        .map(|rest| rest.split('?').next().unwrap_or_default())
        .filter(|path| !path.is_empty() && !path.contains(":memory:"));
    match file.and_then(|f| Path::new(f).parent()) {
        Some(parent) => parent.join(name),
        None => Path::new("data").join(name),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_index_lives_beside_a_sqlite_file_and_waits_ten_seconds_by_default() {
        let settings = SearchFile::default()
            .check(beside_database(
                "sqlite:///srv/shop/shop.db",
                "search-index",
            ))
            .expect("checked");
        assert_eq!(settings.index_dir, PathBuf::from("/srv/shop/search-index"));
        assert_eq!(settings.wait, Duration::from_secs(10));
        assert_eq!(
            beside_database("postgres://db/shop", "search-index"),
            PathBuf::from("data/search-index")
        );
    }

    #[test]
    fn sqlite_maps_nothing_by_default_and_refuses_a_zero_cache() {
        let tuning = SqliteFile::default().check().expect("checked");
        assert_eq!(tuning.mmap_bytes, 0);
        assert_eq!(tuning.cache_kib, 4 * 1024);
        assert!((1..=8).contains(&tuning.in_place_connections));
        let set = SqliteFile {
            mmap_megabytes: Some(256),
            cache_megabytes: Some(16),
            reads_in_place: Some(0),
        };
        let tuning = set.check().expect("checked");
        assert_eq!(
            (
                tuning.mmap_bytes,
                tuning.cache_kib,
                tuning.in_place_connections
            ),
            (256 << 20, 16 * 1024, 0)
        );
        let zero = SqliteFile {
            cache_megabytes: Some(0),
            ..SqliteFile::default()
        };
        assert!(zero.check().is_err());
        let many = SqliteFile {
            reads_in_place: Some(9),
            ..SqliteFile::default()
        };
        assert!(many.check().is_err());
    }
}
