//! The storefront head's one inline script (storefront/frame.rs writes it) and the
//! Content-Security-Policy source that admits it (tracking's `content_security_policy`): a leaf
//! both use, so neither module imports the other.

use std::sync::LazyLock;

use base64::Engine;
use sha2::{Digest, Sha256};

/// The head's one inline script, before anything is painted: marks `<html>` for a visitor who
/// has already answered the cookie banner (`vitrine_consent`, web/src/features/consent/storage.ts)
/// and with each store notice they dismissed (`store_notice<id>=hidden`), so the frame hides
/// those before the first paint. The page is the same for every visitor; this reads only the
/// visitor's cookies. Allowed by its hash in `script-src` ([`gate_script_hash`]).
pub const GATE_SCRIPT: &str = "(function(d){var c=d.cookie,h=d.documentElement.classList,m,r=/(?:^|; )store_notice([0-9a-f]{8})=hidden/g;\
if(/(?:^|; )vitrine_consent=/.test(c))h.add('vitrine-consent-decided');\
while((m=r.exec(c)))h.add('vitrine-notice-hidden-'+m[1])})(document)";

/// `'sha256-…'` of [`GATE_SCRIPT`], the source the Content-Security-Policy admits it by.
pub fn gate_script_hash() -> &'static str {
    static HASH: LazyLock<String> = LazyLock::new(|| {
        let digest = Sha256::digest(GATE_SCRIPT.as_bytes());
        format!(
            "'sha256-{}'",
            base64::engine::general_purpose::STANDARD.encode(digest)
        )
    });
    &HASH
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_gate_is_admitted_by_its_hash() {
        let hash = gate_script_hash();
        assert!(
            hash.starts_with("'sha256-") && hash.ends_with("='"),
            "{hash}"
        );
        assert_eq!(hash.len(), "'sha256-'".len() + 44);
    }
}
