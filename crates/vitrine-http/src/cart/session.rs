//! The shopper's session: read from the `vitrine_session` cookie, and the `Set-Cookie` lines
//! every cart answer sends (the session, HttpOnly; the cart hash, readable by scripts).

use std::convert::Infallible;

use axum::extract::FromRequestParts;
use axum::http::HeaderValue;
use axum::http::request::Parts;
use vitrine_domain::cart::SessionId;

use crate::cookies::{Lifetime, cookie, secure_cookies, set_cookie};
use crate::state::AppState;

/// HttpOnly cookie naming the shopper's server-side cart.
pub const SESSION_COOKIE: &str = "vitrine_session";
/// Script-readable cookie holding the cart hash ("" when empty), so a cached copy of the
/// cart in the browser can tell it is stale.
pub const CART_HASH_COOKIE: &str = "vitrine_cart_hash";
/// Both cookies live 30 days and are renewed by every cart answer.
const KEPT: Lifetime = Lifetime::Seconds(30 * 24 * 60 * 60);

/// What the request says about the shopper's session.
#[derive(Debug, Clone)]
pub struct Session {
    /// The cookie's id when it is well-formed; whether a cart exists for it is the store's say.
    pub id: Option<SessionId>,
    /// Cookies get `Secure` (`cookies::secure_cookies`).
    pub secure: bool,
}

impl FromRequestParts<AppState> for Session {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Infallible> {
        let id = cookie(&parts.headers, SESSION_COOKIE).and_then(SessionId::parse);
        Ok(Self {
            id,
            secure: secure_cookies(&parts.headers, state),
        })
    }
}

/// `Set-Cookie` for the session: HttpOnly, SameSite=Lax, Path=/, `Secure` when `secure`.
pub(crate) fn session_cookie(id: &SessionId, secure: bool) -> Option<HeaderValue> {
    set_cookie(SESSION_COOKIE, id.as_str(), KEPT, secure, true)
}

/// `Set-Cookie` for the cart hash: like the session's but readable by scripts.
pub(crate) fn cart_hash_cookie(hash: &str, secure: bool) -> Option<HeaderValue> {
    set_cookie(CART_HASH_COOKIE, hash, KEPT, secure, false)
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderMap;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.append(*name, HeaderValue::from_static(value));
        }
        map
    }

    #[test]
    fn the_session_cookie_is_found_among_others_and_across_headers() {
        let h = headers(&[
            ("cookie", "a=1; b=2"),
            ("cookie", "vitrine_session=abc; c=3"),
        ]);
        assert_eq!(cookie(&h, SESSION_COOKIE), Some("abc"));
        assert_eq!(cookie(&h, "missing"), None);
    }

    #[test]
    fn cookies_carry_the_required_flags() {
        let id = SessionId::from_bytes([1; 16]);
        let session = session_cookie(&id, true).expect("valid header");
        let text = session.to_str().expect("ascii");
        assert!(text.starts_with(&format!("vitrine_session={}; Path=/;", id.as_str())));
        for flag in ["HttpOnly", "SameSite=Lax", "Secure", "Max-Age=2592000"] {
            assert!(text.contains(flag), "{flag} in {text}");
        }
        let hash = cart_hash_cookie("", false).expect("valid header");
        let text = hash.to_str().expect("ascii");
        assert!(text.starts_with("vitrine_cart_hash=; Path=/;"));
        assert!(!text.contains("HttpOnly") && !text.contains("Secure"));
    }
}
