//! Stripe's JSON for what the facade answers: intents as Stripe.js sees them, and errors as
//! `{error: {type, code, decline_code, message, param}}` with Stripe's status codes.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};
use vitrine_domain::payment::{
    CardError, NextAction, PaymentIntent, PaymentMethod, ProviderError, SetupIntent,
};
use vitrine_payments::http_status;

fn next_action(action: Option<&NextAction>) -> Value {
    match action {
        Some(NextAction::RedirectToUrl { url, return_url }) => json!({
            "type": "redirect_to_url",
            "redirect_to_url": {"url": url, "return_url": return_url},
        }),
        Some(NextAction::UseSdk) => json!({"type": "use_stripe_sdk"}),
        None => Value::Null,
    }
}

fn card_error(error: Option<&CardError>) -> Value {
    error.map_or(
        Value::Null,
        |e| json!({"code": e.code, "decline_code": e.decline_code, "message": e.message}),
    )
}

pub fn intent(pi: &PaymentIntent) -> Value {
    json!({
        "id": pi.id,
        "object": "payment_intent",
        "amount": pi.amount.amount_minor(),
        "currency": pi.amount.currency().code().to_ascii_lowercase(),
        "status": pi.status,
        "client_secret": pi.client_secret,
        "payment_method": pi.payment_method,
        "next_action": next_action(pi.next_action.as_ref()),
        "last_payment_error": card_error(pi.last_payment_error.as_ref()),
        "livemode": pi.livemode,
    })
}

pub fn setup_intent(si: &SetupIntent) -> Value {
    json!({
        "id": si.id,
        "object": "setup_intent",
        "status": si.status,
        "client_secret": si.client_secret,
        "payment_method": si.payment_method,
        "next_action": next_action(si.next_action.as_ref()),
        "last_setup_error": card_error(si.last_setup_error.as_ref()),
        "livemode": si.livemode,
    })
}

/// Never the number: brand, last four and expiry only.
pub fn payment_method(pm: &PaymentMethod) -> Value {
    json!({
        "id": pm.id,
        "object": "payment_method",
        "type": "card",
        "card": {
            "brand": pm.card.brand,
            "last4": pm.card.last4,
            "exp_month": pm.card.exp_month,
            "exp_year": pm.card.exp_year,
            "fingerprint": pm.card.fingerprint,
        },
    })
}

pub fn error_response(status: u16, body: Value) -> Response {
    let status = StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    (status, Json(json!({ "error": body }))).into_response()
}

pub fn invalid(message: &str, param: Option<&str>) -> Response {
    error_response(
        400,
        json!({
            "type": "invalid_request_error",
            "code": "parameter_invalid",
            "message": message,
            "param": param,
        }),
    )
}

pub fn provider_error(error: &ProviderError) -> Response {
    let body = match error {
        ProviderError::Card { error, intent: pi } => json!({
            "type": "card_error",
            "code": error.code,
            "decline_code": error.decline_code,
            "message": error.message,
            "param": null,
            "payment_intent": pi.as_deref().map(intent),
        }),
        ProviderError::InvalidRequest { code, message } => json!({
            "type": "invalid_request_error", "code": code, "message": message, "param": null,
        }),
        ProviderError::Idempotency { message } => json!({
            "type": "idempotency_error", "code": null, "message": message, "param": null,
        }),
        ProviderError::Authentication => json!({
            "type": "invalid_request_error",
            "code": "client_secret_invalid",
            "message": "The client_secret provided does not match this intent.",
            "param": "client_secret",
        }),
        ProviderError::RateLimited { .. } => json!({
            "type": "rate_limit_error", "code": "rate_limit", "message": error.to_string(), "param": null,
        }),
        ProviderError::Api { .. } | ProviderError::Transport { .. } => {
            tracing::error!(%error, "test provider failed");
            json!({
                "type": "api_error", "code": null,
                "message": "An error occurred with our connection to the test provider.",
                "param": null,
            })
        }
    };
    error_response(http_status(error), body)
}
