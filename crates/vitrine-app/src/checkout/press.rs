//! A shopper's press — of "Place order" or "Pay for order" — as part of the provider's
//! idempotency keys (Stripe: one Idempotency-Key per action). A retry of one press replays
//! the provider's answer; a new press is a new request to the bank.

use vitrine_domain::payment::ProviderError;

/// One press as a key's last part: the request's own `Idempotency-Key` (hashed: any text up
/// to 255 characters, kept short), else a fresh random one (a request without a key is a
/// press of its own).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Press(String);

impl Press {
    /// The press a request stands for: its `Idempotency-Key` when it sent one.
    pub(super) fn of(key: Option<&str>) -> Self {
        match key.map(str::trim).filter(|k| !k.is_empty()) {
            Some(key) => Self(digest(key)),
            None => Self(hex::encode(rand::random::<[u8; 12]>())),
        }
    }

    pub(super) fn as_str(&self) -> &str {
        &self.0
    }
}

/// 24 hex digits of SHA-256: a bounded stand-in for any text in a key.
fn digest(text: &str) -> String {
    use sha2::{Digest, Sha256};
    hex::encode(&Sha256::digest(text.as_bytes())[..12])
}

/// A payment method id as a key's part: itself when short (Stripe's are under 32), else its
/// digest, so the key stays within the provider's 255 characters.
pub(super) fn key_part(id: &str) -> std::borrow::Cow<'_, str> {
    if id.len() <= 64 {
        id.into()
    } else {
        digest(id).into()
    }
}

/// How often a call whose key another request holds is tried (waits of 50, 100, 200 and 400 ms
/// between tries: about 3/4 s in all).
const IN_FLIGHT_TRIES: u32 = 5;

/// Runs a provider call made under an idempotency key, again while the provider says another
/// request holds that key — a twin of this press still running (a double submit, two tabs):
/// once the twin is done, the provider answers this call what it answered the twin, so both
/// shoppers' screens agree. Bounded: a key held by a request that died stays held for the
/// provider's lease, and the shopper is told to try again.
pub(super) async fn while_key_in_flight<T, F, Fut>(mut call: F) -> Result<T, ProviderError>
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Result<T, ProviderError>>,
{
    let mut wait = std::time::Duration::from_millis(50);
    for _ in 1..IN_FLIGHT_TRIES {
        match call().await {
            Err(ProviderError::Idempotency { message }) => {
                tracing::debug!(%message, "idempotency key in use: trying again");
                tokio::time::sleep(wait).await;
                wait *= 2;
            }
            other => return other,
        }
    }
    call().await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_key_is_one_press_and_another_key_another() {
        let first = Press::of(Some("3f1c-key"));
        assert_eq!(first, Press::of(Some(" 3f1c-key ")), "a retry of the press");
        assert_ne!(first, Press::of(Some("3f1c-kez")));
        assert_eq!(first.as_str().len(), 24);
        assert!(first.as_str().bytes().all(|b| b.is_ascii_hexdigit()));
    }

    #[test]
    fn a_request_without_a_key_is_a_press_of_its_own() {
        assert_ne!(Press::of(None), Press::of(None));
        assert_ne!(Press::of(Some("  ")), Press::of(Some("  ")));
        assert_eq!(Press::of(Some(&"k".repeat(255))).as_str().len(), 24);
    }

    #[test]
    fn a_payment_method_id_stays_as_it_is_up_to_64_characters() {
        let short = format!("pm_{}", "a".repeat(61));
        assert_eq!(key_part(&short), short.as_str());
        let long = format!("pm_{}", "a".repeat(62));
        assert_eq!(key_part(&long).len(), 24);
        assert_ne!(key_part(&long), key_part(&format!("pm_{}", "b".repeat(62))));
    }

    fn busy() -> ProviderError {
        ProviderError::Idempotency {
            message: "another in-progress request".into(),
        }
    }

    #[tokio::test(start_paused = true)]
    async fn a_key_held_by_a_twin_is_tried_again_until_the_twin_is_done() {
        let calls = std::cell::Cell::new(0);
        let answer = while_key_in_flight(|| {
            calls.set(calls.get() + 1);
            let n = calls.get();
            async move { if n < 3 { Err(busy()) } else { Ok(n) } }
        })
        .await;
        assert_eq!(answer.ok(), Some(3));
    }

    #[tokio::test(start_paused = true)]
    async fn a_key_held_longer_is_given_up_after_five_tries_and_other_errors_at_once() {
        let calls = std::cell::Cell::new(0);
        let answer: Result<(), _> = while_key_in_flight(|| {
            calls.set(calls.get() + 1);
            async { Err(busy()) }
        })
        .await;
        assert!(matches!(answer, Err(ProviderError::Idempotency { .. })));
        assert_eq!(calls.get(), IN_FLIGHT_TRIES);
        calls.set(0);
        let answer: Result<(), _> = while_key_in_flight(|| {
            calls.set(calls.get() + 1);
            async {
                Err(ProviderError::Transport {
                    message: "reset".into(),
                })
            }
        })
        .await;
        assert!(matches!(answer, Err(ProviderError::Transport { .. })));
        assert_eq!(calls.get(), 1);
    }
}
