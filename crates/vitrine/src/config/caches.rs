//! `[read_cache]` and `[listing_cache]`: what each instance keeps per catalogue version.

use serde::Deserialize;

/// `[read_cache]`: how many megabytes of rendered reads each instance keeps (0: off), how
/// often it reads the catalogue's change counter (the staleness bound for writes made through
/// another instance) and how often clock-only changes (scheduled sales) are rendered again.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReadCacheFile {
    pub max_megabytes: Option<u64>,
    pub poll_milliseconds: Option<u64>,
    pub slice_seconds: Option<u64>,
}

impl ReadCacheFile {
    pub(super) fn check(&self) -> anyhow::Result<vitrine_app::read_cache::ReadCachePolicy> {
        use vitrine_app::read_cache as rc;
        let max_bytes = match self.max_megabytes {
            None => rc::DEFAULT_MAX_BYTES,
            Some(mb @ 0..=65_536) => mb * 1024 * 1024,
            Some(mb) => anyhow::bail!("[read_cache] max_megabytes: {mb} is over 65536"),
        };
        let poll = match self.poll_milliseconds {
            None => rc::DEFAULT_POLL,
            Some(ms @ 0..=60_000) => std::time::Duration::from_millis(ms),
            Some(ms) => anyhow::bail!("[read_cache] poll_milliseconds: {ms} is over 60000"),
        };
        let slice = match self.slice_seconds {
            None => rc::DEFAULT_SLICE,
            Some(s @ 1..=86_400) => std::time::Duration::from_secs(s),
            Some(s) => anyhow::bail!("[read_cache] slice_seconds: {s} is not between 1 and 86400"),
        };
        Ok(rc::ReadCachePolicy {
            max_bytes,
            poll,
            slice,
        })
    }
}

/// `[listing_cache]`: how many megabytes of listings' ids and filter-panel counts each
/// instance keeps (0: off), and of decoded products for listing pages and searches
/// (`product_megabytes`, 0: off). Kept per catalogue version, read through the same counter
/// reader as `[read_cache]` (its `poll_milliseconds` is the staleness bound).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ListingCacheFile {
    pub max_megabytes: Option<u64>,
    pub product_megabytes: Option<u64>,
}

impl ListingCacheFile {
    pub(super) fn check(&self) -> anyhow::Result<vitrine_app::catalogue::ListingCachePolicy> {
        let max_bytes = match self.max_megabytes {
            None => vitrine_app::catalogue::LISTING_CACHE_BYTES,
            Some(mb @ 0..=65_536) => mb * 1024 * 1024,
            Some(mb) => anyhow::bail!("[listing_cache] max_megabytes: {mb} is over 65536"),
        };
        let product_bytes = match self.product_megabytes {
            None => vitrine_app::catalogue::KEPT_PRODUCT_BYTES,
            Some(mb @ 0..=65_536) => mb * 1024 * 1024,
            Some(mb) => anyhow::bail!("[listing_cache] product_megabytes: {mb} is over 65536"),
        };
        Ok(vitrine_app::catalogue::ListingCachePolicy {
            max_bytes,
            product_bytes,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_listing_cache_defaults_on_and_zero_turns_it_off() {
        let default = ListingCacheFile::default().check().expect("default");
        assert_eq!(
            default.max_bytes,
            vitrine_app::catalogue::LISTING_CACHE_BYTES
        );
        assert_eq!(
            default.product_bytes,
            vitrine_app::catalogue::KEPT_PRODUCT_BYTES
        );
        let off: ListingCacheFile =
            toml::from_str("max_megabytes = 0\nproduct_megabytes = 0").expect("parses");
        let off = off.check().expect("checked");
        assert_eq!((off.max_bytes, off.product_bytes), (0, 0));
        let big: ListingCacheFile = toml::from_str("max_megabytes = 70000").expect("parses");
        assert!(big.check().is_err());
        let big: ListingCacheFile = toml::from_str("product_megabytes = 70000").expect("parses");
        assert!(big.check().is_err());
        assert!(toml::from_str::<ListingCacheFile>("max_bytes = 1").is_err());
    }
}
