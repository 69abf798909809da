//! The offline test provider's browser-facing endpoints (ADR 0014): where Stripe's servers
//! would stand. The shopper's browser sends card details here (the only place in the shop that
//! sees a card number, and only test ones), confirms intents with their client secret, and
//! answers the 3-D Secure challenge page. Mounted only when the test provider is configured
//! (the binary does it); not part of the shop's API, so not in OpenAPI. Answers are Stripe's
//! shapes (`{error: {type, code, message, param}}`), as Stripe.js would see them.

mod api;
mod challenge;
mod merchant;
mod wire;

use std::sync::Arc;

use axum::Router;
use axum::http::{HeaderValue, header};
use axum::routing::{get, post};
use tower_http::set_header::SetResponseHeaderLayer;
use vitrine_payments::TestProvider;

pub use challenge::safe_return_url;

/// The facade under `/_test_provider`, with its own state (the test provider).
pub fn test_provider_routes(provider: Arc<TestProvider>) -> Router {
    Router::new()
        .route(
            "/_test_provider/v1/payment_methods",
            post(api::create_payment_method),
        )
        .route(
            "/_test_provider/v1/payment_intents/{id}/confirm",
            post(api::confirm_payment_intent),
        )
        .route(
            "/_test_provider/v1/payment_intents/{id}/_authenticate",
            post(api::authenticate_payment_intent),
        )
        .route(
            "/_test_provider/v1/setup_intents/{id}/confirm",
            post(api::confirm_setup_intent),
        )
        .route(
            "/_test_provider/v1/setup_intents/{id}/_authenticate",
            post(api::authenticate_setup_intent),
        )
        .route("/_test_provider/v1/refunds", post(merchant::refund))
        .route(
            "/_test_provider/v1/payment_intents/{id}/_dispute",
            post(merchant::dispute),
        )
        .route(
            "/_test_provider/3ds/{id}",
            get(challenge::show).post(challenge::answer),
        )
        // Card details and client secrets must never sit in a cache.
        .layer(SetResponseHeaderLayer::overriding(
            header::CACHE_CONTROL,
            HeaderValue::from_static("no-store"),
        ))
        .with_state(provider)
}
