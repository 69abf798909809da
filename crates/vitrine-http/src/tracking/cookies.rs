//! The tracking cookies the server sets: the visitor session `vitrine_sid` (browser session)
//! and the consent decision id `vitrine_consent_id`, both HttpOnly and SameSite=Lax.

use axum::http::HeaderValue;
use axum::http::header::SET_COOKIE;
use axum::response::Response;
use vitrine_app::tracking::TrackingState;
use vitrine_app::tracking::ids::{SESSION_COOKIE, SessionId};

/// `Set-Cookie` value for an HttpOnly, SameSite=Lax cookie; `max_age` `None` lasts the
/// browser session.
pub(crate) fn set_cookie(
    name: &str,
    value: &str,
    max_age: Option<u64>,
    secure: bool,
) -> Option<HeaderValue> {
    let mut text = format!("{name}={value}; Path=/; HttpOnly; SameSite=Lax");
    if let Some(secs) = max_age {
        text.push_str(&format!("; Max-Age={secs}"));
    }
    if secure {
        text.push_str("; Secure");
    }
    HeaderValue::from_str(&text).ok()
}

/// Sets the `vitrine_sid` cookie for a session made by this request (browser session).
pub(crate) fn give_session(response: &mut Response, state: &TrackingState, session: &SessionId) {
    let secure = state.settings().secure_cookies;
    if let Some(value) = set_cookie(SESSION_COOKIE, session.as_str(), None, secure) {
        response.headers_mut().append(SET_COOKIE, value);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cookies_are_http_only_and_lax() {
        let v = set_cookie("vitrine_sid", "x", None, true).expect("valid");
        assert_eq!(v, "vitrine_sid=x; Path=/; HttpOnly; SameSite=Lax; Secure");
        let v = set_cookie("vitrine_consent", "d", Some(60), false).expect("valid");
        assert_eq!(
            v,
            "vitrine_consent=d; Path=/; HttpOnly; SameSite=Lax; Max-Age=60"
        );
    }
}
