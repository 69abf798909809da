//! `/_test_provider/v1/*`: Stripe.js's calls, answered by the test provider.

use std::sync::Arc;

use axum::Json;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::json;
use vitrine_payments::TestProvider;
use vitrine_payments::cards::CardInput;
use vitrine_payments::test_provider::{BillingDetails, CardRejection};

use super::wire;

type Provider = State<Arc<TestProvider>>;

/// A month or year typed as a number or as digits in a string (forms send strings).
#[derive(Deserialize)]
#[serde(untagged)]
enum Number {
    Int(u32),
    Text(String),
}

impl Number {
    fn value(&self) -> Option<u32> {
        match self {
            Self::Int(n) => Some(*n),
            Self::Text(text) => text.trim().parse().ok(),
        }
    }
}

#[derive(Deserialize)]
struct CardFields {
    number: String,
    exp_month: Number,
    exp_year: Number,
    cvc: String,
}

#[derive(Deserialize)]
struct NewPaymentMethod {
    card: CardFields,
    #[serde(default)]
    billing_details: BillingDetails,
}

#[derive(Deserialize)]
struct Confirm {
    client_secret: String,
    #[serde(default)]
    payment_method: Option<String>,
    #[serde(default)]
    return_url: Option<String>,
}

#[derive(Deserialize)]
struct Authenticate {
    client_secret: String,
    success: bool,
}

/// The body as `T`, or Stripe's 400 (never serde's message: it could quote a card number).
fn parse<T: DeserializeOwned>(body: &[u8]) -> Result<T, Response> {
    serde_json::from_slice(body).map_err(|error| {
        let message = match error.classify() {
            serde_json::error::Category::Data => "A required parameter is missing or invalid.",
            _ => "The request body is not valid JSON.",
        };
        wire::invalid(message, None)
    })
}

pub async fn create_payment_method(State(provider): Provider, body: Bytes) -> Response {
    let request: NewPaymentMethod = match parse(&body) {
        Ok(request) => request,
        Err(refusal) => return refusal,
    };
    let (Some(exp_month), Some(exp_year)) =
        (request.card.exp_month.value(), request.card.exp_year.value())
    else {
        return wire::invalid("The expiration date is not a number.", Some("exp_month"));
    };
    let card = CardInput {
        number: request.card.number,
        exp_month,
        exp_year,
        cvc: request.card.cvc,
    };
    match provider
        .create_card_payment_method(&card, request.billing_details)
        .await
    {
        Ok(pm) => Json(wire::payment_method(&pm)).into_response(),
        Err(CardRejection::Invalid(invalid)) => wire::error_response(
            402,
            json!({
                "type": "card_error",
                "code": invalid.code,
                "message": invalid.message,
                "param": invalid.param,
            }),
        ),
        Err(CardRejection::Provider(error)) => wire::provider_error(&error),
    }
}

pub async fn confirm_payment_intent(
    State(provider): Provider,
    Path(id): Path<String>,
    body: Bytes,
) -> Response {
    let request: Confirm = match parse(&body) {
        Ok(request) => request,
        Err(refusal) => return refusal,
    };
    match provider
        .confirm_payment_intent_in_browser(
            &id,
            &request.client_secret,
            request.payment_method,
            request.return_url,
        )
        .await
    {
        Ok(pi) => Json(wire::intent(&pi)).into_response(),
        Err(error) => wire::provider_error(&error),
    }
}

pub async fn authenticate_payment_intent(
    State(provider): Provider,
    Path(id): Path<String>,
    body: Bytes,
) -> Response {
    let request: Authenticate = match parse(&body) {
        Ok(request) => request,
        Err(refusal) => return refusal,
    };
    match provider
        .authenticate_payment_intent(&id, &request.client_secret, request.success)
        .await
    {
        Ok(pi) => Json(wire::intent(&pi)).into_response(),
        Err(error) => wire::provider_error(&error),
    }
}

pub async fn confirm_setup_intent(
    State(provider): Provider,
    Path(id): Path<String>,
    body: Bytes,
) -> Response {
    let request: Confirm = match parse(&body) {
        Ok(request) => request,
        Err(refusal) => return refusal,
    };
    match provider
        .confirm_setup_intent_in_browser(
            &id,
            &request.client_secret,
            request.payment_method,
            request.return_url,
        )
        .await
    {
        Ok(si) => Json(wire::setup_intent(&si)).into_response(),
        Err(error) => wire::provider_error(&error),
    }
}

pub async fn authenticate_setup_intent(
    State(provider): Provider,
    Path(id): Path<String>,
    body: Bytes,
) -> Response {
    let request: Authenticate = match parse(&body) {
        Ok(request) => request,
        Err(refusal) => return refusal,
    };
    match provider
        .authenticate_setup_intent(&id, &request.client_secret, request.success)
        .await
    {
        Ok(si) => Json(wire::setup_intent(&si)).into_response(),
        Err(error) => wire::provider_error(&error),
    }
}
