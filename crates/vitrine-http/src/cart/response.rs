//! A cart answer on the wire: the JSON body plus the session and cart-hash cookies, never
//! cached by browsers or proxies.

use axum::Json;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use vitrine_domain::cart::SessionId;

use super::session::{cart_hash_cookie, session_cookie};

pub(crate) struct CartAnswer<T> {
    pub body: T,
    /// The cart hash for `vitrine_cart_hash` ("" when empty).
    pub hash: String,
    /// Set (and renewed) in `vitrine_session` when the shopper has a stored cart.
    pub session: Option<SessionId>,
    pub secure: bool,
}

impl<T: Serialize> IntoResponse for CartAnswer<T> {
    fn into_response(self) -> Response {
        let mut response = Json(self.body).into_response();
        let headers = response.headers_mut();
        let session = self.session.and_then(|id| session_cookie(&id, self.secure));
        let hash = cart_hash_cookie(&self.hash, self.secure);
        for cookie in [session, hash].into_iter().flatten() {
            headers.append(header::SET_COOKIE, cookie);
        }
        crate::cookies::mark_private(headers);
        response
    }
}
