//! The facade's merchant side: what a shop owner does in Stripe's dashboard — refund a
//! payment, or (the test provider's stand-in for a cardholder's bank) dispute one. Each
//! answers Stripe's object and emits Stripe's webhook event (`charge.refunded`,
//! `charge.dispute.created`), so refunds and disputes are testable end to end. They take the
//! test provider's webhook secret as a bearer token (Stripe's server calls take the secret
//! key), so a shopper cannot refund a demo order from the browser.

use std::sync::Arc;

use axum::Json;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::json;
use vitrine_payments::TestProvider;

use super::wire;

type Provider = State<Arc<TestProvider>>;

#[derive(Deserialize)]
struct Refund {
    payment_intent: String,
    /// Minor units; none: everything not refunded yet.
    #[serde(default)]
    amount: Option<i64>,
}

#[derive(Deserialize)]
struct Dispute {
    #[serde(default = "general")]
    reason: String,
}

fn general() -> String {
    "general".to_owned()
}

/// 401 in Stripe's words unless the bearer token is the merchant's key.
fn authenticate(provider: &TestProvider, headers: &HeaderMap) -> Result<(), Box<Response>> {
    let token = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .unwrap_or_default();
    if provider.merchant_key_matches(token) {
        return Ok(());
    }
    Err(Box::new(wire::error_response(
        401,
        json!({
            "type": "invalid_request_error",
            "message": "Invalid API Key provided. Merchant calls take the test provider's \
                        webhook secret as a bearer token.",
        }),
    )))
}

fn body<T: serde::de::DeserializeOwned>(bytes: &[u8]) -> Result<T, Box<Response>> {
    let text = if bytes.is_empty() {
        b"{}".as_slice()
    } else {
        bytes
    };
    serde_json::from_slice(text).map_err(|_| {
        Box::new(wire::invalid(
            "A required parameter is missing or invalid.",
            None,
        ))
    })
}

pub async fn refund(State(provider): Provider, headers: HeaderMap, bytes: Bytes) -> Response {
    if let Err(refused) = authenticate(&provider, &headers) {
        return *refused;
    }
    let request: Refund = match body(&bytes) {
        Ok(request) => request,
        Err(refused) => return *refused,
    };
    match provider
        .refund_payment(&request.payment_intent, request.amount)
        .await
    {
        Ok(refund) => Json(json!({
            "id": refund.id,
            "object": "refund",
            "amount": refund.amount.amount_minor(),
            "currency": refund.amount.currency().code().to_ascii_lowercase(),
            "payment_intent": refund.payment_intent,
            "status": refund.status,
        }))
        .into_response(),
        Err(error) => wire::provider_error(&error),
    }
}

pub async fn dispute(
    State(provider): Provider,
    Path(id): Path<String>,
    headers: HeaderMap,
    bytes: Bytes,
) -> Response {
    if let Err(refused) = authenticate(&provider, &headers) {
        return *refused;
    }
    let request: Dispute = match body(&bytes) {
        Ok(request) => request,
        Err(refused) => return *refused,
    };
    match provider.dispute_payment(&id, &request.reason).await {
        Ok(dispute) => Json(dispute).into_response(),
        Err(error) => wire::provider_error(&error),
    }
}
