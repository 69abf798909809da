//! The storefront's two inline scripts and the Content-Security-Policy sources that admit them
//! (tracking's `content_security_policy`): a leaf that storefront and tracking both use, so
//! neither module imports the other.
//!
//! - [`GATE_SCRIPT`] (storefront/frame.rs writes it in the head) hides, before the first paint,
//!   what a returning visitor has already answered.
//! - [`ENTRY_LOADER`] (storefront/assets.rs puts it where the build's entry `<script>` was)
//!   starts the app after the server's page has been painted (ADR 0031).

use std::sync::LazyLock;

use base64::Engine;
use sha2::{Digest, Sha256};

/// The head's inline script, before anything is painted: marks `<html>` for a visitor who
/// has already answered the cookie banner (`vitrine_consent`, web/src/features/consent/storage.ts)
/// and with each store notice they dismissed (`store_notice<id>=hidden`), so the frame hides
/// those before the first paint; and once the document is parsed, writes the header's cart count
/// (the server's "Cart, 0 items", an island the app replaces: ADR 0040) from this tab's copy of
/// the cart (`vitrine_cart` in sessionStorage, trusted as web/src/features/cart/cart-cache.ts
/// trusts it: its hash is the `vitrine_cart_hash` cookie's and it is under a day old). The page
/// is the same for every visitor; this reads only the visitor's cookies and storage.
pub const GATE_SCRIPT: &str = "(function(d){var c=d.cookie,h=d.documentElement.classList,m,r=/(?:^|; )store_notice([0-9a-f]{8})=hidden/g;\
if(/(?:^|; )vitrine_consent=/.test(c))h.add('vitrine-consent-decided');\
while((m=r.exec(c)))h.add('vitrine-notice-hidden-'+m[1]);\
d.addEventListener('DOMContentLoaded',function(){try{var a=d.querySelector('[data-island=cart] .cart-link'),\
k=/(?:^|; )vitrine_cart_hash=([^;]*)/.exec(d.cookie),e=JSON.parse(sessionStorage.getItem('vitrine_cart')),t,n;\
if(!a||!e||!e.cart)return;t=Date.now()-e.storedAt;n=e.cart.item_count;\
if(e.hash!==decodeURIComponent(k?k[1]:'')||!(t>=0&&t<864e5)||typeof n!=='number')return;\
a.setAttribute('aria-label','Cart, '+n+(n===1?' item':' items'));a.lastChild.textContent=n}catch(x){}})})(document)";

/// Starts the app once the document is parsed and the next frame — the server's page above the
/// fold — has been painted: the entry module (`data-entry` on this script) and the modules it
/// imports (`data-preload`, space-separated) are requested only then, so the app's download and
/// start-up follow the first paint instead of competing with it. The same text for every build
/// (the addresses are attributes), so its hash is a constant. A hidden tab that paints nothing
/// starts the app after a second.
pub const ENTRY_LOADER: &str = "(function(d){var t=d.currentScript,e=t.getAttribute('data-entry'),\
p=(t.getAttribute('data-preload')||'').split(' '),done=0;function add(n,a){var x=d.createElement(n);\
for(var k in a)x[k]=a[k];x.crossOrigin='';d.head.appendChild(x)}function run(){if(done)return;done=1;\
for(var i=0;i<p.length;i++)if(p[i])add('link',{rel:'modulepreload',href:p[i]});\
add('script',{type:'module',src:e})}function later(){requestAnimationFrame(function(){setTimeout(run,0)});\
setTimeout(run,1000)}if(d.readyState==='loading')d.addEventListener('DOMContentLoaded',later);else later()})(document)";

/// `'sha256-…'` of each inline script, the sources the Content-Security-Policy admits them by.
pub fn inline_script_hashes() -> &'static [String] {
    static HASHES: LazyLock<[String; 2]> =
        LazyLock::new(|| [csp_hash(GATE_SCRIPT), csp_hash(ENTRY_LOADER)]);
    HASHES.as_slice()
}

fn csp_hash(script: &str) -> String {
    let digest = Sha256::digest(script.as_bytes());
    format!(
        "'sha256-{}'",
        base64::engine::general_purpose::STANDARD.encode(digest)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_inline_script_is_admitted_by_its_own_hash() {
        let hashes = inline_script_hashes();
        assert_eq!(hashes.len(), 2);
        assert_ne!(hashes[0], hashes[1]);
        for hash in hashes {
            assert!(
                hash.starts_with("'sha256-") && hash.ends_with("='"),
                "{hash}"
            );
            assert_eq!(hash.len(), "'sha256-'".len() + 44);
        }
    }

    #[test]
    fn a_known_text_gives_the_known_hash() {
        // echo -n 'alert(1)' | openssl dgst -sha256 -binary | base64
        assert_eq!(
            csp_hash("alert(1)"),
            "'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='"
        );
    }
}
