//! Page tokens: an HMAC over (session id, issued-at, page path) that the token endpoint hands
//! the browser for one page of one visitor, so only that visitor can post server-side events,
//! and only for the page it is on (ADR 0007).

use hmac::Mac;
use time::{Duration, OffsetDateTime};

use crate::ids::{SessionId, keyed_digest};
use crate::page::PagePath;

/// v2 binds the page; v1 tokens (session only) no longer verify.
const PURPOSE: &str = "vitrine-page-token-v2";
/// Tolerated clock difference between shop instances.
const FUTURE_SKEW: i64 = 60;

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum TokenError {
    #[error("page token is malformed")]
    Malformed,
    #[error("page token signature does not match (another visitor's, or made up)")]
    BadSignature,
    #[error("page token has expired")]
    Expired,
    #[error("page token was issued for another page")]
    OtherPage,
}

/// `<issued-at unix seconds>.<hex HMAC-SHA256(secret, purpose|session|issued-at|page)>.<page>`.
/// The session id itself is not in the token (it travels in the HttpOnly cookie); the page is,
/// so a token used on another page is told apart from a forged one.
pub fn issue_page_token(
    secret: &[u8],
    session: &SessionId,
    page: &PagePath,
    now: OffsetDateTime,
) -> String {
    let issued_at = now.unix_timestamp().to_string();
    let mac = keyed_digest(
        secret,
        PURPOSE,
        &[session.as_str(), &issued_at, page.as_str()],
    );
    let signature = hex::encode(mac.finalize().into_bytes());
    format!("{issued_at}.{signature}.{}", page.as_str())
}

/// Checks the signature in constant time, then the age (at most `max_age`, not from the
/// future). Returns the page the token was issued for; the caller compares it with the event's.
pub fn verify_page_token(
    secret: &[u8],
    session: &SessionId,
    token: &str,
    now: OffsetDateTime,
    max_age: Duration,
) -> Result<PagePath, TokenError> {
    let (issued_at, rest) = token.split_once('.').ok_or(TokenError::Malformed)?;
    let (signature, page) = rest.split_once('.').ok_or(TokenError::Malformed)?;
    let issued: i64 = issued_at.parse().map_err(|_| TokenError::Malformed)?;
    let signature = hex::decode(signature).map_err(|_| TokenError::Malformed)?;
    // Only the normalised spelling is ever issued; anything else was not made here.
    let path = PagePath::parse(page)
        .ok()
        .filter(|p| p.as_str() == page)
        .ok_or(TokenError::Malformed)?;
    keyed_digest(secret, PURPOSE, &[session.as_str(), issued_at, page])
        .verify_slice(&signature)
        .map_err(|_| TokenError::BadSignature)?;
    let age = now.unix_timestamp().saturating_sub(issued);
    if age < -FUTURE_SKEW || age > max_age.whole_seconds() {
        return Err(TokenError::Expired);
    }
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECRET: &[u8] = b"0123456789abcdef0123456789abcdef";
    const MAX_AGE: Duration = Duration::minutes(30);

    fn at(secs: i64) -> OffsetDateTime {
        OffsetDateTime::from_unix_timestamp(1_741_608_000 + secs).expect("valid")
    }

    fn session() -> SessionId {
        SessionId::parse("0123456789abcdef0123456789abcdef").expect("valid id")
    }

    fn page(path: &str) -> PagePath {
        PagePath::parse(path).expect("page path")
    }

    fn verify(token: &str, secs: i64) -> Result<PagePath, TokenError> {
        verify_page_token(SECRET, &session(), token, at(secs), MAX_AGE)
    }

    #[test]
    fn a_fresh_token_verifies_for_its_session_and_names_its_page() {
        let token = issue_page_token(SECRET, &session(), &page("/product/hoodie/"), at(0));
        assert_eq!(verify(&token, 60), Ok(page("/product/hoodie/")));
    }

    #[test]
    fn a_token_for_another_session_is_forged() {
        let token = issue_page_token(SECRET, &session(), &page("/"), at(0));
        let other = SessionId::generate();
        let result = verify_page_token(SECRET, &other, &token, at(1), MAX_AGE);
        assert_eq!(result, Err(TokenError::BadSignature));
    }

    #[test]
    fn a_token_signed_with_another_secret_is_forged() {
        let secret = b"another-secret-another-secret!!!";
        let token = issue_page_token(secret, &session(), &page("/"), at(0));
        assert_eq!(verify(&token, 1), Err(TokenError::BadSignature));
    }

    #[test]
    fn moving_the_issue_time_breaks_the_signature() {
        let token = issue_page_token(SECRET, &session(), &page("/"), at(0));
        let (_, rest) = token.split_once('.').expect("dot");
        let tampered = format!("{}.{rest}", at(600).unix_timestamp());
        assert_eq!(verify(&tampered, 600), Err(TokenError::BadSignature));
    }

    #[test]
    fn moving_the_token_to_another_page_breaks_the_signature() {
        let token = issue_page_token(SECRET, &session(), &page("/cart/"), at(0));
        let moved = token.replace("/cart/", "/checkout/");
        assert_eq!(verify(&moved, 1), Err(TokenError::BadSignature));
    }

    #[test]
    fn a_token_lives_thirty_minutes_to_the_second() {
        let token = issue_page_token(SECRET, &session(), &page("/"), at(0));
        assert_eq!(verify(&token, 30 * 60), Ok(page("/")));
        assert_eq!(verify(&token, 30 * 60 + 1), Err(TokenError::Expired));
    }

    #[test]
    fn a_token_from_further_than_a_minute_ahead_has_not_started() {
        let token = issue_page_token(SECRET, &session(), &page("/"), at(0));
        assert_eq!(verify(&token, -60), Ok(page("/")));
        assert_eq!(verify(&token, -61), Err(TokenError::Expired));
    }

    #[test]
    fn garbage_session_only_and_unnormalised_tokens_are_malformed() {
        let token = issue_page_token(SECRET, &session(), &page("/"), at(0));
        let (issued, rest) = token.split_once('.').expect("dot");
        let (mac, _) = rest.split_once('.').expect("dot");
        let v1 = format!("{issued}.{mac}");
        let unnormalised = format!("{issued}.{mac}./shop/../");
        let not_a_page = format!("{issued}.{mac}./api/v1/products");
        for bad in [
            "",
            "abc",
            "12.zz./",
            "x.00./",
            "12.00.shop",
            &v1,
            &unnormalised,
            &not_a_page,
        ] {
            assert_eq!(verify(bad, 0), Err(TokenError::Malformed), "{bad:?}");
        }
    }
}
