//! `[payments]` configuration and the choice of provider (payments-anchors §8.5, tests O1–O5).
//! The test provider is refused in production mode; Stripe needs an `sk_` secret key and a
//! `whsec_` webhook secret, both read from environment variables (never the config file).

use std::sync::Arc;

use serde::Deserialize;
use vitrine_domain::payment::PaymentProvider;
use vitrine_domain::payment::test_ledger::TestLedger;

use crate::clock::SystemClock;
use crate::stripe::{DEFAULT_API_BASE, DEFAULT_API_VERSION, StripeConfig, StripeProvider};
use crate::test_provider::{TestProvider, TestProviderConfig, WebhookSink};
use crate::webhook::{DEFAULT_TOLERANCE_SECS, WebhookSecret};

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ProviderChoice {
    #[default]
    Test,
    Stripe,
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PaymentsConfig {
    #[serde(default)]
    pub provider: ProviderChoice,
    /// How far a webhook's signature time may be from now.
    #[serde(default = "default_tolerance")]
    pub webhook_tolerance_secs: i64,
    #[serde(default)]
    pub test: TestSettings,
    #[serde(default)]
    pub stripe: StripeSettings,
}

impl Default for PaymentsConfig {
    fn default() -> Self {
        Self {
            provider: ProviderChoice::default(),
            webhook_tolerance_secs: DEFAULT_TOLERANCE_SECS,
            test: TestSettings::default(),
            stripe: StripeSettings::default(),
        }
    }
}

fn default_tolerance() -> i64 {
    DEFAULT_TOLERANCE_SECS
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TestSettings {
    /// Signs the test provider's webhooks (a test value: the provider is offline).
    #[serde(default = "default_test_secret")]
    pub webhook_secret: String,
    /// Where its webhooks are POSTed; the binary defaults it to the shop's own webhook route.
    #[serde(default)]
    pub webhook_url: Option<String>,
}

impl Default for TestSettings {
    fn default() -> Self {
        Self {
            webhook_secret: default_test_secret(),
            webhook_url: None,
        }
    }
}

fn default_test_secret() -> String {
    "whsec_test_offline".to_owned()
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StripeSettings {
    /// The environment variable holding the secret key (`sk_test_…` / `sk_live_…`).
    #[serde(default = "default_secret_key_env")]
    pub secret_key_env: String,
    #[serde(default)]
    pub publishable_key: String,
    /// The environment variable holding the webhook endpoint's secret (`whsec_…`).
    #[serde(default = "default_webhook_secret_env")]
    pub webhook_secret_env: String,
    #[serde(default = "default_api_base")]
    pub api_base: String,
    #[serde(default = "default_api_version")]
    pub api_version: String,
}

impl Default for StripeSettings {
    fn default() -> Self {
        Self {
            secret_key_env: default_secret_key_env(),
            publishable_key: String::new(),
            webhook_secret_env: default_webhook_secret_env(),
            api_base: default_api_base(),
            api_version: default_api_version(),
        }
    }
}

fn default_secret_key_env() -> String {
    "STRIPE_SECRET_KEY".to_owned()
}
fn default_webhook_secret_env() -> String {
    "STRIPE_WEBHOOK_SECRET".to_owned()
}
fn default_api_base() -> String {
    DEFAULT_API_BASE.to_owned()
}
fn default_api_version() -> String {
    DEFAULT_API_VERSION.to_owned()
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    #[error(
        "payments.provider = \"test\" takes fake cards and is refused in production mode; \
         configure provider = \"stripe\""
    )]
    TestProviderInProduction,
    #[error("payments.provider = \"stripe\" needs a secret key (sk_…) in ${0}")]
    MissingSecretKey(String),
    #[error("${0} does not hold a Stripe secret key (sk_…)")]
    NotASecretKey(String),
    #[error("payments.provider = \"stripe\" needs the webhook secret (whsec_…) in ${0}")]
    MissingWebhookSecret(String),
    #[error("${0} does not hold a Stripe webhook secret (whsec_…)")]
    NotAWebhookSecret(String),
    #[error("payments.stripe.publishable_key must be a publishable key (pk_…)")]
    NotAPublishableKey,
    #[error("payments.test.webhook_secret must not be empty")]
    EmptyTestWebhookSecret,
    #[error("payments.stripe.api_base {0:?} is not an http(s) URL")]
    BadApiBase(String),
    #[error("payments.webhook_tolerance_secs must be between 1 and 3600, not {0}")]
    BadTolerance(i64),
    #[error("cannot start the Stripe client: {0}")]
    Client(String),
}

/// The provider in use, and the test provider itself when it is the one (its browser
/// routes need it).
#[derive(Clone)]
pub struct Payments {
    pub provider: Arc<dyn PaymentProvider>,
    pub test_provider: Option<Arc<TestProvider>>,
}

impl std::fmt::Debug for Payments {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Payments")
            .field("provider", &self.provider.kind())
            .finish_non_exhaustive()
    }
}

/// The provider `config` asks for. `env` reads environment variables (injected for tests);
/// `default_webhook_url` is where the test provider sends webhooks when the config names no
/// URL (the shop's own route). Call inside a Tokio runtime: the test provider starts its
/// webhook delivery task.
pub fn build_provider(
    config: &PaymentsConfig,
    production: bool,
    ledger: Arc<dyn TestLedger>,
    env: impl Fn(&str) -> Option<String>,
    default_webhook_url: Option<String>,
) -> Result<Payments, ConfigError> {
    let tolerance = config.webhook_tolerance_secs;
    if !(1..=3600).contains(&tolerance) {
        return Err(ConfigError::BadTolerance(tolerance));
    }
    match config.provider {
        ProviderChoice::Test => {
            if production {
                return Err(ConfigError::TestProviderInProduction);
            }
            let secret = WebhookSecret::new(config.test.webhook_secret.clone())
                .map_err(|_| ConfigError::EmptyTestWebhookSecret)?;
            let sink = match config.test.webhook_url.clone().or(default_webhook_url) {
                Some(url) => WebhookSink::Http { url },
                None => {
                    tracing::warn!("test provider: no webhook URL, events stay queued");
                    WebhookSink::Manual
                }
            };
            let mut test_config = TestProviderConfig::new(secret, sink);
            test_config.webhook_tolerance_secs = tolerance;
            let provider = TestProvider::new(test_config, ledger, Arc::new(SystemClock));
            Ok(Payments {
                provider: provider.clone(),
                test_provider: Some(provider),
            })
        }
        ProviderChoice::Stripe => {
            let stripe = &config.stripe;
            let secret_key = env(&stripe.secret_key_env)
                .filter(|k| !k.trim().is_empty())
                .ok_or_else(|| ConfigError::MissingSecretKey(stripe.secret_key_env.clone()))?;
            if !secret_key.starts_with("sk_") {
                return Err(ConfigError::NotASecretKey(stripe.secret_key_env.clone()));
            }
            let webhook_secret = env(&stripe.webhook_secret_env)
                .filter(|k| !k.trim().is_empty())
                .ok_or_else(|| {
                    ConfigError::MissingWebhookSecret(stripe.webhook_secret_env.clone())
                })?;
            if !webhook_secret.starts_with("whsec_") {
                return Err(ConfigError::NotAWebhookSecret(
                    stripe.webhook_secret_env.clone(),
                ));
            }
            if !stripe.publishable_key.starts_with("pk_") {
                return Err(ConfigError::NotAPublishableKey);
            }
            let base = url::Url::parse(&stripe.api_base)
                .ok()
                .filter(|u| matches!(u.scheme(), "http" | "https"))
                .ok_or_else(|| ConfigError::BadApiBase(stripe.api_base.clone()))?;
            if secret_key.starts_with("sk_live_") && !production {
                tracing::warn!("LIVE Stripe key in development mode: real cards will be charged");
            }
            let secret = WebhookSecret::new(webhook_secret)
                .map_err(|_| ConfigError::MissingWebhookSecret(stripe.webhook_secret_env.clone()))?;
            let mut stripe_config =
                StripeConfig::new(secret_key, stripe.publishable_key.clone(), secret);
            stripe_config.api_base = base.as_str().trim_end_matches('/').to_owned();
            stripe_config.api_version = stripe.api_version.clone();
            stripe_config.webhook_tolerance_secs = tolerance;
            let provider =
                StripeProvider::new(stripe_config).map_err(|e| ConfigError::Client(e.to_string()))?;
            Ok(Payments {
                provider: Arc::new(provider),
                test_provider: None,
            })
        }
    }
}

#[cfg(test)]
#[path = "config_tests.rs"]
mod tests;
