//! One Stripe call: the request with its headers, bounded retries (the same idempotency key,
//! only when the outcome is unknown or Stripe asked us to slow down), the body read within a
//! limit, and Stripe's errors mapped onto [`ProviderError`].

use std::time::Duration;

use reqwest::{Method, Response, StatusCode};
use serde::de::DeserializeOwned;
use vitrine_domain::payment::{IdempotencyKey, ProviderError};

use super::StripeProvider;
use crate::wire::WireError;

/// Stripe's answers are small; anything bigger is not Stripe.
const MAX_BODY_BYTES: usize = 1024 * 1024;
/// Longest we honour a `Retry-After` before giving the 429 to the caller.
const MAX_RETRY_AFTER: Duration = Duration::from_secs(5);

#[derive(serde::Deserialize)]
struct ErrorBody {
    error: WireError,
}

impl StripeProvider {
    /// `POST` with `form` under `key`, or `GET` without a key.
    pub(super) async fn call<T: DeserializeOwned>(
        &self,
        method: Method,
        path: &str,
        form: Option<String>,
        key: Option<&IdempotencyKey>,
    ) -> Result<T, ProviderError> {
        let url = format!("{}{path}", self.config.api_base.trim_end_matches('/'));
        let mut attempt = 0;
        loop {
            attempt += 1;
            let mut request = self
                .http
                .request(method.clone(), &url)
                .bearer_auth(&self.config.secret_key)
                .header("Stripe-Version", &self.config.api_version);
            if let Some(key) = key {
                request = request.header("Idempotency-Key", key.as_str());
            }
            if let Some(form) = &form {
                request = request
                    .header("Content-Type", "application/x-www-form-urlencoded")
                    .body(form.clone());
            }
            let outcome = match request.send().await {
                Ok(response) => self.answer(response).await,
                Err(error) => Err(transport(error)),
            };
            let wait = match &outcome {
                Err(ProviderError::Transport { .. }) => Some(self.backoff(attempt)),
                Err(ProviderError::RateLimited { retry_after_secs }) => Some(
                    retry_after_secs
                        .map(Duration::from_secs)
                        .unwrap_or_else(|| self.backoff(attempt)),
                )
                .filter(|wait| *wait <= MAX_RETRY_AFTER),
                _ => None,
            };
            match wait {
                Some(wait) if attempt < self.config.max_attempts => {
                    tracing::info!(path, attempt, "retrying a Stripe call with the same key");
                    tokio::time::sleep(wait).await;
                }
                _ => return outcome,
            }
        }
    }

    fn backoff(&self, attempt: u32) -> Duration {
        self.config
            .retry_base
            .saturating_mul(2u32.saturating_pow(attempt.saturating_sub(1)))
    }

    async fn answer<T: DeserializeOwned>(&self, response: Response) -> Result<T, ProviderError> {
        let status = response.status();
        let retry_after = response
            .headers()
            .get("retry-after")
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.trim().parse::<u64>().ok());
        let body = read_body(response).await?;
        if status.is_success() {
            return serde_json::from_slice(&body).map_err(|e| ProviderError::Api {
                status: status.as_u16(),
                message: format!("unreadable Stripe answer: {e}"),
            });
        }
        let error = serde_json::from_slice::<ErrorBody>(&body).ok().map(|b| b.error);
        Err(map_error(status, error, retry_after))
    }
}

/// Stripe's status and `error.type` to our kinds (payments-anchors §8.5, P2).
fn map_error(
    status: StatusCode,
    error: Option<WireError>,
    retry_after_secs: Option<u64>,
) -> ProviderError {
    let message = error
        .as_ref()
        .and_then(|e| e.message.clone())
        .unwrap_or_else(|| status.canonical_reason().unwrap_or("error").to_owned());
    let kind = error.as_ref().map(|e| e.kind.as_str()).unwrap_or("");
    match status.as_u16() {
        401 | 403 => ProviderError::Authentication,
        429 => ProviderError::RateLimited { retry_after_secs },
        _ if kind == "idempotency_error" => ProviderError::Idempotency { message },
        409 => ProviderError::Idempotency { message },
        402 => {
            let error = error.unwrap_or(WireError {
                kind: "card_error".to_owned(),
                code: None,
                decline_code: None,
                message: Some(message),
                param: None,
                payment_intent: None,
                setup_intent: None,
            });
            ProviderError::Card {
                error: error.card_error(),
                intent: error
                    .payment_intent
                    .as_ref()
                    .and_then(|pi| pi.to_domain().ok())
                    .map(Box::new),
            }
        }
        400 | 404 => ProviderError::InvalidRequest {
            code: error
                .as_ref()
                .and_then(|e| e.code.clone())
                .unwrap_or_else(|| {
                    if status == StatusCode::NOT_FOUND {
                        "resource_missing".to_owned()
                    } else {
                        kind.to_owned()
                    }
                }),
            message,
        },
        status => ProviderError::Api { status, message },
    }
}

/// reqwest errors can name the URL; the cause chain (timeouts, refused connections) is kept.
fn transport(error: reqwest::Error) -> ProviderError {
    let error = error.without_url();
    let mut message = error.to_string();
    let mut source = std::error::Error::source(&error);
    while let Some(cause) = source {
        message.push_str(": ");
        message.push_str(&cause.to_string());
        source = cause.source();
    }
    ProviderError::Transport { message }
}

async fn read_body(mut response: Response) -> Result<Vec<u8>, ProviderError> {
    let too_large = || ProviderError::Api {
        // An oversized answer is a bad gateway, whatever status it came with.
        status: 502,
        message: format!("Stripe sent more than {MAX_BODY_BYTES} bytes"),
    };
    if response
        .content_length()
        .is_some_and(|length| length > MAX_BODY_BYTES as u64)
    {
        return Err(too_large());
    }
    let mut body = Vec::new();
    while let Some(chunk) = response.chunk().await.map_err(transport)? {
        if body.len() + chunk.len() > MAX_BODY_BYTES {
            return Err(too_large());
        }
        body.extend_from_slice(&chunk);
    }
    Ok(body)
}
