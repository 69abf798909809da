//! The tracking cookies the server sets: the visitor session `vitrine_sid` (browser session)
//! and the consent decision id `vitrine_consent_id`, both HttpOnly, through the shop's one
//! cookie writer and its one `Secure` rule (`crate::cookies`).

use axum::http::header::SET_COOKIE;
use axum::response::Response;
use vitrine_app::tracking::consent::CONSENT_COOKIE;
use vitrine_app::tracking::ids::{SESSION_COOKIE, SessionId};

use crate::cookies::{Lifetime, set_cookie};

/// Sets the `vitrine_sid` cookie for a session made by this request (browser session).
pub(crate) fn give_session(response: &mut Response, session: &SessionId, secure: bool) {
    let cookie = set_cookie(
        SESSION_COOKIE,
        session.as_str(),
        Lifetime::Browser,
        secure,
        true,
    );
    if let Some(value) = cookie {
        response.headers_mut().append(SET_COOKIE, value);
    }
}

/// Sets the `vitrine_consent_id` cookie naming the decision just recorded, kept `max_age`
/// seconds (until the banner asks again).
pub(crate) fn give_consent(response: &mut Response, decision_id: &str, max_age: u64, secure: bool) {
    let lifetime = Lifetime::Seconds(max_age);
    if let Some(value) = set_cookie(CONSENT_COOKIE, decision_id, lifetime, secure, true) {
        response.headers_mut().append(SET_COOKIE, value);
    }
}
