//! Card payment providers behind `vitrine_domain::payment::PaymentProvider` (ADR 0014): the
//! offline [`TestProvider`] (Stripe's state machines, test cards, idempotency and signed
//! webhooks, its state in the shop's database) and the [`StripeProvider`] (Stripe's REST API),
//! chosen by [`build_provider`]. Both verify webhooks with one [`webhook`] verifier.

pub mod cards;
pub mod clock;
mod config;
mod ids;
pub mod stripe;
pub mod test_provider;
pub mod webhook;
pub mod wire;

pub use config::{
    ConfigError, Payments, PaymentsConfig, ProviderChoice, StripeSettings, TestSettings,
    build_provider,
};
pub use stripe::{StripeConfig, StripeProvider};
pub use test_provider::{TestProvider, TestProviderConfig, WebhookSink, http_status};
