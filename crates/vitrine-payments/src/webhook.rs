//! Webhook signatures, Stripe's scheme (payments-anchors §4.6): `Stripe-Signature:
//! t=<unix>,v1=<hex>[,v1=…]`, where each `v1` is hex(HMAC-SHA256(secret, "{t}.{raw body}")).
//! One verifier for both providers, so the test provider's events exercise the production path.

use hmac::{Hmac, Mac};
use sha2::Sha256;
use vitrine_domain::payment::{WebhookError, WebhookEvent};

use crate::wire;

type HmacSha256 = Hmac<Sha256>;

/// Stripe's default: a signature more than five minutes away from now is refused.
pub const DEFAULT_TOLERANCE_SECS: i64 = 300;

/// A webhook signing secret, never empty (an empty key would make every signature forgeable).
#[derive(Clone, PartialEq, Eq)]
pub struct WebhookSecret(String);

impl std::fmt::Debug for WebhookSecret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("WebhookSecret(…)")
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the webhook secret is empty")]
pub struct EmptySecret;

impl WebhookSecret {
    pub fn new(secret: impl Into<String>) -> Result<Self, EmptySecret> {
        let secret = secret.into();
        if secret.is_empty() {
            Err(EmptySecret)
        } else {
            Ok(Self(secret))
        }
    }

    /// Whether `candidate` is this secret (constant time): the test provider's merchant-side
    /// facade calls (refunds, disputes) authenticate with it, as Stripe's take the secret key.
    pub fn matches(&self, candidate: &str) -> bool {
        use subtle::ConstantTimeEq;
        candidate.len() == self.0.len() && bool::from(candidate.as_bytes().ct_eq(self.0.as_bytes()))
    }

    fn mac(&self, timestamp: i64, body: &[u8]) -> HmacSha256 {
        // HMAC takes keys of any length; `new_from_slice` cannot fail for it.
        let mut mac = HmacSha256::new_from_slice(self.0.as_bytes())
            .unwrap_or_else(|_| unreachable!("HMAC accepts every key length"));
        mac.update(timestamp.to_string().as_bytes());
        mac.update(b".");
        mac.update(body);
        mac
    }
}

/// The `Stripe-Signature` header value for `body` sent at `timestamp`.
pub fn sign(secret: &WebhookSecret, body: &[u8], timestamp: i64) -> String {
    let signature = hex::encode(secret.mac(timestamp, body).finalize().into_bytes());
    format!("t={timestamp},v1={signature}")
}

/// The parts of a signature header: its timestamp and every `v1` signature (other schemes,
/// `v0` among them, are ignored, so a header with only those is refused).
fn parse_header(header: &str) -> Result<(i64, Vec<Vec<u8>>), WebhookError> {
    let header = header.trim();
    if header.is_empty() {
        return Err(WebhookError::MissingSignature);
    }
    let mut timestamp = None;
    let mut signatures = Vec::new();
    for part in header.split(',') {
        let (name, value) = part
            .trim()
            .split_once('=')
            .ok_or(WebhookError::MalformedSignature)?;
        match name {
            "t" => {
                let t = value
                    .parse::<i64>()
                    .map_err(|_| WebhookError::MalformedSignature)?;
                timestamp = Some(t);
            }
            // A v1 value that is not hex cannot match; skip it like a wrong one.
            "v1" => signatures.extend(hex::decode(value).ok()),
            _ => {}
        }
    }
    let timestamp = timestamp.ok_or(WebhookError::MalformedSignature)?;
    if signatures.is_empty() {
        return Err(WebhookError::BadSignature);
    }
    Ok((timestamp, signatures))
}

/// Checks `header` against the raw `body`, byte for byte, before anything parses it.
pub fn verify_signature(
    secret: &WebhookSecret,
    body: &[u8],
    header: &str,
    now: i64,
    tolerance_secs: i64,
) -> Result<(), WebhookError> {
    let (timestamp, signatures) = parse_header(header)?;
    // `verify_slice` compares in constant time, so a forger learns nothing from timing.
    let matches = signatures
        .iter()
        .any(|candidate| secret.mac(timestamp, body).verify_slice(candidate).is_ok());
    if !matches {
        return Err(WebhookError::BadSignature);
    }
    if now.abs_diff(timestamp) > tolerance_secs.unsigned_abs() {
        return Err(WebhookError::StaleTimestamp);
    }
    Ok(())
}

/// Verifies and parses webhook deliveries for one endpoint secret and mode.
#[derive(Debug, Clone)]
pub struct WebhookVerifier {
    secret: WebhookSecret,
    tolerance_secs: i64,
    livemode: bool,
}

impl WebhookVerifier {
    pub fn new(secret: WebhookSecret, tolerance_secs: i64, livemode: bool) -> Self {
        Self {
            secret,
            tolerance_secs,
            livemode,
        }
    }

    /// The signature, then the JSON, then the mode: a live event never reaches a test shop.
    pub fn verify(
        &self,
        body: &[u8],
        header: &str,
        now: i64,
    ) -> Result<WebhookEvent, WebhookError> {
        verify_signature(&self.secret, body, header, now, self.tolerance_secs)?;
        let event = wire::parse_event(body)?;
        if event.livemode != self.livemode {
            return Err(WebhookError::WrongMode);
        }
        Ok(event)
    }
}

#[cfg(test)]
#[path = "webhook_tests.rs"]
mod tests;
