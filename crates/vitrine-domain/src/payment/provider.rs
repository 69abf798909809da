//! The payment provider port.

use async_trait::async_trait;

use super::types::{
    BrowserConfig, ConfirmPaymentIntent, CreateCustomer, CreatePaymentIntent, CreateRefund,
    CreateSetupIntent, Customer, IdempotencyKey, PaymentIntent, PaymentMethod, ProviderError,
    Refund, SetupIntent, UpdatePaymentIntent, WebhookError, WebhookEvent,
};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ProviderKind {
    /// The offline emulation of Stripe (demo, tests); refused in production mode.
    Test,
    Stripe,
}

/// A card payment provider. Every call that changes something takes an idempotency key:
/// a retry with the same key never charges twice.
#[async_trait]
pub trait PaymentProvider: Send + Sync + 'static {
    fn kind(&self) -> ProviderKind;
    fn livemode(&self) -> bool;
    fn browser_config(&self) -> BrowserConfig;

    async fn create_customer(
        &self,
        params: CreateCustomer,
        key: IdempotencyKey,
    ) -> Result<Customer, ProviderError>;

    async fn create_payment_intent(
        &self,
        params: CreatePaymentIntent,
        key: IdempotencyKey,
    ) -> Result<PaymentIntent, ProviderError>;
    async fn update_payment_intent(
        &self,
        id: &str,
        params: UpdatePaymentIntent,
        key: IdempotencyKey,
    ) -> Result<PaymentIntent, ProviderError>;
    async fn retrieve_payment_intent(&self, id: &str) -> Result<PaymentIntent, ProviderError>;
    async fn confirm_payment_intent(
        &self,
        id: &str,
        params: ConfirmPaymentIntent,
        key: IdempotencyKey,
    ) -> Result<PaymentIntent, ProviderError>;
    async fn cancel_payment_intent(
        &self,
        id: &str,
        key: IdempotencyKey,
    ) -> Result<PaymentIntent, ProviderError>;

    async fn create_setup_intent(
        &self,
        params: CreateSetupIntent,
        key: IdempotencyKey,
    ) -> Result<SetupIntent, ProviderError>;
    async fn retrieve_setup_intent(&self, id: &str) -> Result<SetupIntent, ProviderError>;

    async fn retrieve_payment_method(&self, id: &str) -> Result<PaymentMethod, ProviderError>;
    async fn detach_payment_method(
        &self,
        id: &str,
        key: IdempotencyKey,
    ) -> Result<PaymentMethod, ProviderError>;

    async fn create_refund(
        &self,
        params: CreateRefund,
        key: IdempotencyKey,
    ) -> Result<Refund, ProviderError>;

    /// Checks the `Stripe-Signature` header (`t=…,v1=…`, HMAC-SHA256 over `t.body`) on the raw
    /// body, within the tolerance of `now_unix`, and the event's mode, then parses it.
    fn verify_webhook(
        &self,
        raw_body: &[u8],
        signature_header: &str,
        now_unix: i64,
    ) -> Result<WebhookEvent, WebhookError>;
}
