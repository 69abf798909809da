//! Page tokens: an HMAC over (session id, issued-at) that the server embeds in each HTML page,
//! so only a page this shop served to this visitor can post server-side events.

use hmac::Mac;
use time::{Duration, OffsetDateTime};

use crate::ids::{SessionId, keyed_digest};

const PURPOSE: &str = "vitrine-page-token-v1";
/// Tolerated clock difference between shop instances.
const FUTURE_SKEW: i64 = 60;

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum TokenError {
    #[error("page token is malformed")]
    Malformed,
    #[error("page token signature does not match")]
    BadSignature,
    #[error("page token has expired")]
    Expired,
}

/// `<issued-at unix seconds>.<hex HMAC-SHA256(secret, purpose|session|issued-at)>`. The session
/// id itself is not in the token (it travels in the HttpOnly cookie).
pub fn issue_page_token(secret: &[u8], session: &SessionId, now: OffsetDateTime) -> String {
    let issued_at = now.unix_timestamp().to_string();
    let mac = keyed_digest(secret, PURPOSE, &[session.as_str(), &issued_at]);
    format!("{issued_at}.{}", hex::encode(mac.finalize().into_bytes()))
}

/// Checks the signature in constant time, then the age (at most `max_age`, not from the future).
pub fn verify_page_token(
    secret: &[u8],
    session: &SessionId,
    token: &str,
    now: OffsetDateTime,
    max_age: Duration,
) -> Result<(), TokenError> {
    let (issued_at, signature) = token.split_once('.').ok_or(TokenError::Malformed)?;
    let issued: i64 = issued_at.parse().map_err(|_| TokenError::Malformed)?;
    let signature = hex::decode(signature).map_err(|_| TokenError::Malformed)?;
    keyed_digest(secret, PURPOSE, &[session.as_str(), issued_at])
        .verify_slice(&signature)
        .map_err(|_| TokenError::BadSignature)?;
    let age = now.unix_timestamp() - issued;
    if age < -FUTURE_SKEW || age > max_age.whole_seconds() {
        return Err(TokenError::Expired);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECRET: &[u8] = b"0123456789abcdef0123456789abcdef";

    fn at(secs: i64) -> OffsetDateTime {
        OffsetDateTime::from_unix_timestamp(1_741_608_000 + secs).expect("valid")
    }

    fn session() -> SessionId {
        SessionId::parse("0123456789abcdef0123456789abcdef").expect("valid id")
    }

    #[test]
    fn a_fresh_token_verifies_for_its_session() {
        let token = issue_page_token(SECRET, &session(), at(0));
        assert_eq!(
            verify_page_token(SECRET, &session(), &token, at(60), Duration::hours(24)),
            Ok(())
        );
    }

    #[test]
    fn a_token_for_another_session_is_forged() {
        let token = issue_page_token(SECRET, &session(), at(0));
        let other = SessionId::generate();
        let result = verify_page_token(SECRET, &other, &token, at(1), Duration::hours(24));
        assert_eq!(result, Err(TokenError::BadSignature));
    }

    #[test]
    fn a_token_signed_with_another_secret_is_forged() {
        let token = issue_page_token(b"another-secret-another-secret!!!", &session(), at(0));
        let result = verify_page_token(SECRET, &session(), &token, at(1), Duration::hours(24));
        assert_eq!(result, Err(TokenError::BadSignature));
    }

    #[test]
    fn moving_the_issue_time_breaks_the_signature() {
        let token = issue_page_token(SECRET, &session(), at(0));
        let (_, sig) = token.split_once('.').expect("dot");
        let tampered = format!("{}.{sig}", at(3600).unix_timestamp());
        let result =
            verify_page_token(SECRET, &session(), &tampered, at(3600), Duration::hours(24));
        assert_eq!(result, Err(TokenError::BadSignature));
    }

    #[test]
    fn an_old_token_has_expired() {
        let token = issue_page_token(SECRET, &session(), at(0));
        let later = at(24 * 3600 + 1);
        assert_eq!(
            verify_page_token(SECRET, &session(), &token, later, Duration::hours(24)),
            Err(TokenError::Expired)
        );
    }

    #[test]
    fn garbage_is_malformed() {
        for bad in ["", "abc", "12.zz", "x.00"] {
            let result = verify_page_token(SECRET, &session(), bad, at(0), Duration::hours(1));
            assert_eq!(result, Err(TokenError::Malformed), "{bad:?}");
        }
    }
}
