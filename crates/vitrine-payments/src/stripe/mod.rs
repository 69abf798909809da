//! The Stripe adapter (payments-anchors §8.5): Stripe's REST API over reqwest, form-encoded,
//! `Authorization: Bearer sk_…`, a pinned `Stripe-Version`, an `Idempotency-Key` on every POST
//! (none on GET), and a configurable base URL (tests point it at a local fake).

mod form;
mod http;

use std::time::Duration;

use async_trait::async_trait;
use reqwest::{Client, Method};
use vitrine_domain::payment::{
    BrowserConfig, ConfirmPaymentIntent, CreateCustomer, CreatePaymentIntent, CreateRefund,
    CreateSetupIntent, Customer, IdempotencyKey, PaymentIntent, PaymentMethod, PaymentProvider,
    ProviderError, ProviderKind, Refund, SetupIntent, UpdatePaymentIntent, WebhookError,
    WebhookEvent,
};

pub use self::form::Form;
use crate::ids;
use crate::webhook::{WebhookSecret, WebhookVerifier};
use crate::wire::{WireCustomer, WirePaymentIntent, WirePaymentMethod, WireRefund, WireSetupIntent};

/// The API version our types were written against (`latest_charge`, no `charges` list).
pub const DEFAULT_API_VERSION: &str = "2024-06-20";
pub const DEFAULT_API_BASE: &str = "https://api.stripe.com";

#[derive(Clone)]
pub struct StripeConfig {
    /// `sk_test_…` or `sk_live_…`.
    pub secret_key: String,
    /// `pk_…`, for the browser.
    pub publishable_key: String,
    pub webhook_secret: WebhookSecret,
    pub webhook_tolerance_secs: i64,
    pub api_base: String,
    pub api_version: String,
    /// Tries per call, the first included (transport failures and 429 only).
    pub max_attempts: u32,
    /// The first retry's wait; each next one doubles.
    pub retry_base: Duration,
    pub timeout: Duration,
}

impl std::fmt::Debug for StripeConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("StripeConfig")
            .field("api_base", &self.api_base)
            .field("api_version", &self.api_version)
            .field("livemode", &self.livemode())
            .finish_non_exhaustive()
    }
}

impl StripeConfig {
    pub fn new(secret_key: String, publishable_key: String, webhook_secret: WebhookSecret) -> Self {
        Self {
            secret_key,
            publishable_key,
            webhook_secret,
            webhook_tolerance_secs: crate::webhook::DEFAULT_TOLERANCE_SECS,
            api_base: DEFAULT_API_BASE.to_owned(),
            api_version: DEFAULT_API_VERSION.to_owned(),
            max_attempts: 3,
            retry_base: Duration::from_millis(250),
            timeout: Duration::from_secs(30),
        }
    }

    pub fn livemode(&self) -> bool {
        self.secret_key.starts_with("sk_live_")
    }
}

pub struct StripeProvider {
    http: Client,
    config: StripeConfig,
    verifier: WebhookVerifier,
}

impl std::fmt::Debug for StripeProvider {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("StripeProvider")
            .field("config", &self.config)
            .finish_non_exhaustive()
    }
}

impl StripeProvider {
    pub fn new(config: StripeConfig) -> Result<Self, ProviderError> {
        let http = Client::builder()
            .timeout(config.timeout)
            .user_agent(concat!("vitrine-payments/", env!("CARGO_PKG_VERSION")))
            .build()
            .map_err(|e| ProviderError::Transport {
                message: e.to_string(),
            })?;
        let verifier = WebhookVerifier::new(
            config.webhook_secret.clone(),
            config.webhook_tolerance_secs,
            config.livemode(),
        );
        Ok(Self {
            http,
            config,
            verifier,
        })
    }

    async fn post<T: serde::de::DeserializeOwned>(
        &self,
        path: &str,
        form: Form,
        key: &IdempotencyKey,
    ) -> Result<T, ProviderError> {
        self.call(Method::POST, path, Some(form.encode()), Some(key))
            .await
    }

    async fn get<T: serde::de::DeserializeOwned>(&self, path: &str) -> Result<T, ProviderError> {
        self.call(Method::GET, path, None, None).await
    }
}

/// An id going into a URL path: Stripe's shape only, so nothing can walk the path.
fn path_id<'a>(id: &'a str, prefixes: &[&str]) -> Result<&'a str, ProviderError> {
    if ids::looks_like(id, prefixes) {
        Ok(id)
    } else {
        Err(ProviderError::InvalidRequest {
            code: "resource_missing".to_owned(),
            message: format!("No such object: '{id}'"),
        })
    }
}

fn currency(money: vitrine_domain::money::Money) -> String {
    money.currency().code().to_ascii_lowercase()
}

#[async_trait]
impl PaymentProvider for StripeProvider {
    fn kind(&self) -> ProviderKind {
        ProviderKind::Stripe
    }

    fn livemode(&self) -> bool {
        self.config.livemode()
    }

    fn browser_config(&self) -> BrowserConfig {
        BrowserConfig {
            provider: "stripe".to_owned(),
            publishable_key: self.config.publishable_key.clone(),
            api_base: None,
            livemode: self.config.livemode(),
        }
    }

    async fn create_customer(
        &self,
        params: CreateCustomer,
        key: IdempotencyKey,
    ) -> Result<Customer, ProviderError> {
        let form = Form::new()
            .optional("email", params.email)
            .optional("name", params.name)
            .map("metadata", &params.metadata);
        let customer: WireCustomer = self.post("/v1/customers", form, &key).await?;
        Ok(customer.to_domain())
    }

    async fn create_payment_intent(
        &self,
        params: CreatePaymentIntent,
        key: IdempotencyKey,
    ) -> Result<PaymentIntent, ProviderError> {
        let form = Form::new()
            .field("amount", params.amount.amount_minor())
            .field("currency", currency(params.amount))
            .list("payment_method_types", &["card"])
            .optional("payment_method", params.payment_method)
            .optional("customer", params.customer)
            .flag("confirm", params.confirm)
            .optional("return_url", params.return_url)
            .optional(
                "setup_future_usage",
                params.save_payment_method.then_some("off_session"),
            )
            .flag("off_session", params.off_session)
            .map("metadata", &params.metadata);
        let pi: WirePaymentIntent = self.post("/v1/payment_intents", form, &key).await?;
        pi.to_domain()
    }

    async fn update_payment_intent(
        &self,
        id: &str,
        params: UpdatePaymentIntent,
        key: IdempotencyKey,
    ) -> Result<PaymentIntent, ProviderError> {
        let id = path_id(id, &["pi"])?;
        let form = Form::new()
            .optional("amount", params.amount.map(|m| m.amount_minor()))
            .optional("currency", params.amount.map(currency))
            .optional("payment_method", params.payment_method)
            .map("metadata", &params.metadata);
        let pi: WirePaymentIntent = self
            .post(&format!("/v1/payment_intents/{id}"), form, &key)
            .await?;
        pi.to_domain()
    }

    async fn retrieve_payment_intent(&self, id: &str) -> Result<PaymentIntent, ProviderError> {
        let id = path_id(id, &["pi"])?;
        let pi: WirePaymentIntent = self.get(&format!("/v1/payment_intents/{id}")).await?;
        pi.to_domain()
    }

    async fn confirm_payment_intent(
        &self,
        id: &str,
        params: ConfirmPaymentIntent,
        key: IdempotencyKey,
    ) -> Result<PaymentIntent, ProviderError> {
        let id = path_id(id, &["pi"])?;
        let form = Form::new()
            .optional("payment_method", params.payment_method)
            .optional("return_url", params.return_url)
            .flag("off_session", params.off_session);
        let pi: WirePaymentIntent = self
            .post(&format!("/v1/payment_intents/{id}/confirm"), form, &key)
            .await?;
        pi.to_domain()
    }

    async fn cancel_payment_intent(
        &self,
        id: &str,
        key: IdempotencyKey,
    ) -> Result<PaymentIntent, ProviderError> {
        let id = path_id(id, &["pi"])?;
        let pi: WirePaymentIntent = self
            .post(&format!("/v1/payment_intents/{id}/cancel"), Form::new(), &key)
            .await?;
        pi.to_domain()
    }

    async fn create_setup_intent(
        &self,
        params: CreateSetupIntent,
        key: IdempotencyKey,
    ) -> Result<SetupIntent, ProviderError> {
        let form = Form::new()
            .list("payment_method_types", &["card"])
            .field("usage", "off_session")
            .optional("customer", params.customer)
            .optional("payment_method", params.payment_method)
            .flag("confirm", params.confirm)
            .optional("return_url", params.return_url)
            .map("metadata", &params.metadata);
        let si: WireSetupIntent = self.post("/v1/setup_intents", form, &key).await?;
        Ok(si.to_domain())
    }

    async fn retrieve_setup_intent(&self, id: &str) -> Result<SetupIntent, ProviderError> {
        let id = path_id(id, &["seti"])?;
        let si: WireSetupIntent = self.get(&format!("/v1/setup_intents/{id}")).await?;
        Ok(si.to_domain())
    }

    async fn retrieve_payment_method(&self, id: &str) -> Result<PaymentMethod, ProviderError> {
        let id = path_id(id, &["pm", "card", "src"])?;
        let pm: WirePaymentMethod = self.get(&format!("/v1/payment_methods/{id}")).await?;
        pm.to_domain()
    }

    async fn detach_payment_method(
        &self,
        id: &str,
        key: IdempotencyKey,
    ) -> Result<PaymentMethod, ProviderError> {
        let id = path_id(id, &["pm", "card", "src"])?;
        let pm: WirePaymentMethod = self
            .post(&format!("/v1/payment_methods/{id}/detach"), Form::new(), &key)
            .await?;
        pm.to_domain()
    }

    async fn create_refund(
        &self,
        params: CreateRefund,
        key: IdempotencyKey,
    ) -> Result<Refund, ProviderError> {
        let form = Form::new()
            .field("payment_intent", params.payment_intent)
            .optional("amount", params.amount.map(|m| m.amount_minor()));
        let refund: WireRefund = self.post("/v1/refunds", form, &key).await?;
        refund.to_domain()
    }

    fn verify_webhook(
        &self,
        raw_body: &[u8],
        signature_header: &str,
        now_unix: i64,
    ) -> Result<WebhookEvent, WebhookError> {
        self.verifier.verify(raw_body, signature_header, now_unix)
    }
}
