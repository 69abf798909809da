//! [`PaymentProvider`] for the test provider: each call is an [`Op`] run once per key.

use async_trait::async_trait;
use vitrine_domain::payment::{
    BrowserConfig, ConfirmPaymentIntent, CreateCustomer, CreatePaymentIntent, CreateRefund,
    CreateSetupIntent, Customer, IdempotencyKey, PaymentIntent, PaymentMethod, PaymentProvider,
    ProviderError, ProviderKind, Refund, SetupIntent, UpdatePaymentIntent, WebhookError,
    WebhookEvent,
};

use super::ops::Op;
use super::{TestProvider, from_json, intents, methods, setup};
use crate::wire::{WireCustomer, WirePaymentIntent, WireRefund, WireSetupIntent};

pub(super) fn intent(value: serde_json::Value) -> Result<PaymentIntent, ProviderError> {
    from_json::<WirePaymentIntent>(value)?.to_domain()
}

pub(super) fn setup_intent(value: serde_json::Value) -> Result<SetupIntent, ProviderError> {
    Ok(from_json::<WireSetupIntent>(value)?.to_domain())
}

pub(super) fn method(value: serde_json::Value) -> Result<PaymentMethod, ProviderError> {
    from_json::<methods::StoredMethod>(value)?.pm.to_domain()
}

#[async_trait]
impl PaymentProvider for TestProvider {
    fn kind(&self) -> ProviderKind {
        ProviderKind::Test
    }

    fn livemode(&self) -> bool {
        false
    }

    fn browser_config(&self) -> BrowserConfig {
        BrowserConfig {
            provider: "test".to_owned(),
            publishable_key: self.config.publishable_key.clone(),
            api_base: Some(self.config.api_base.clone()),
            livemode: false,
        }
    }

    async fn create_customer(
        &self,
        params: CreateCustomer,
        key: IdempotencyKey,
    ) -> Result<Customer, ProviderError> {
        let op = Op::CreateCustomer {
            email: params.email,
            name: params.name,
            metadata: params.metadata,
        };
        Ok(from_json::<WireCustomer>(self.run(Some(&key), op).await?)?.to_domain())
    }

    async fn create_payment_intent(
        &self,
        params: CreatePaymentIntent,
        key: IdempotencyKey,
    ) -> Result<PaymentIntent, ProviderError> {
        let op = Op::CreatePaymentIntent {
            amount: params.amount.amount_minor(),
            currency: params.amount.currency().code().to_ascii_lowercase(),
            payment_method: params.payment_method,
            customer: params.customer,
            confirm: params.confirm,
            return_url: params.return_url,
            save_payment_method: params.save_payment_method,
            off_session: params.off_session,
            metadata: params.metadata,
        };
        intent(self.run(Some(&key), op).await?)
    }

    async fn update_payment_intent(
        &self,
        id: &str,
        params: UpdatePaymentIntent,
        key: IdempotencyKey,
    ) -> Result<PaymentIntent, ProviderError> {
        let op = Op::UpdatePaymentIntent {
            id: id.to_owned(),
            amount: params.amount.map(|m| m.amount_minor()),
            currency: params
                .amount
                .map(|m| m.currency().code().to_ascii_lowercase()),
            payment_method: params.payment_method,
            metadata: params.metadata,
        };
        intent(self.run(Some(&key), op).await?)
    }

    async fn retrieve_payment_intent(&self, id: &str) -> Result<PaymentIntent, ProviderError> {
        self.read::<WirePaymentIntent>(intents::KIND, id)
            .await?
            .to_domain()
    }

    async fn confirm_payment_intent(
        &self,
        id: &str,
        params: ConfirmPaymentIntent,
        key: IdempotencyKey,
    ) -> Result<PaymentIntent, ProviderError> {
        let op = Op::ConfirmPaymentIntent {
            id: id.to_owned(),
            payment_method: params.payment_method,
            return_url: params.return_url,
            off_session: params.off_session,
        };
        intent(self.run(Some(&key), op).await?)
    }

    async fn cancel_payment_intent(
        &self,
        id: &str,
        key: IdempotencyKey,
    ) -> Result<PaymentIntent, ProviderError> {
        let op = Op::CancelPaymentIntent { id: id.to_owned() };
        intent(self.run(Some(&key), op).await?)
    }

    async fn create_setup_intent(
        &self,
        params: CreateSetupIntent,
        key: IdempotencyKey,
    ) -> Result<SetupIntent, ProviderError> {
        let op = Op::CreateSetupIntent {
            customer: params.customer,
            payment_method: params.payment_method,
            confirm: params.confirm,
            return_url: params.return_url,
            metadata: params.metadata,
        };
        setup_intent(self.run(Some(&key), op).await?)
    }

    async fn retrieve_setup_intent(&self, id: &str) -> Result<SetupIntent, ProviderError> {
        Ok(self
            .read::<WireSetupIntent>(setup::KIND, id)
            .await?
            .to_domain())
    }

    async fn retrieve_payment_method(&self, id: &str) -> Result<PaymentMethod, ProviderError> {
        // Stripe's magic ids (`pm_card_visa`) stand for a test card without being stored.
        if let Some(number) = crate::cards::magic_number(id) {
            let profile = crate::cards::profile_for_number(number);
            return Ok(PaymentMethod {
                id: id.to_owned(),
                customer: None,
                card: vitrine_domain::payment::CardSummary {
                    brand: profile.brand.to_owned(),
                    last4: number[number.len() - 4..].to_owned(),
                    exp_month: 12,
                    exp_year: 2030,
                    fingerprint: Some(crate::cards::fingerprint(number)),
                },
            });
        }
        self.read::<methods::StoredMethod>(methods::KIND, id)
            .await?
            .pm
            .to_domain()
    }

    async fn detach_payment_method(
        &self,
        id: &str,
        key: IdempotencyKey,
    ) -> Result<PaymentMethod, ProviderError> {
        let op = Op::DetachPaymentMethod { id: id.to_owned() };
        method(self.run(Some(&key), op).await?)
    }

    async fn create_refund(
        &self,
        params: CreateRefund,
        key: IdempotencyKey,
    ) -> Result<Refund, ProviderError> {
        let op = Op::CreateRefund {
            payment_intent: params.payment_intent,
            amount: params.amount.map(|m| m.amount_minor()),
            currency: params
                .amount
                .map(|m| m.currency().code().to_ascii_lowercase()),
        };
        from_json::<WireRefund>(self.run(Some(&key), op).await?)?.to_domain()
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

/// Server-side operations Stripe has and the port does not need yet (saved cards, tests).
impl TestProvider {
    pub async fn confirm_setup_intent(
        &self,
        id: &str,
        payment_method: Option<String>,
        return_url: Option<String>,
        key: IdempotencyKey,
    ) -> Result<SetupIntent, ProviderError> {
        let op = Op::ConfirmSetupIntent {
            id: id.to_owned(),
            payment_method,
            return_url,
        };
        setup_intent(self.run(Some(&key), op).await?)
    }

    pub async fn cancel_setup_intent(
        &self,
        id: &str,
        key: IdempotencyKey,
    ) -> Result<SetupIntent, ProviderError> {
        let op = Op::CancelSetupIntent { id: id.to_owned() };
        setup_intent(self.run(Some(&key), op).await?)
    }

    pub async fn attach_payment_method(
        &self,
        id: &str,
        customer: &str,
        key: IdempotencyKey,
    ) -> Result<PaymentMethod, ProviderError> {
        let op = Op::AttachPaymentMethod {
            id: id.to_owned(),
            customer: customer.to_owned(),
        };
        method(self.run(Some(&key), op).await?)
    }

    /// A customer's payment methods, by id.
    pub async fn list_payment_methods(
        &self,
        customer: &str,
    ) -> Result<Vec<PaymentMethod>, ProviderError> {
        let objects = self
            .ledger
            .objects_owned_by(methods::KIND, customer)
            .await
            .map_err(super::work::ledger_error)?;
        objects
            .iter()
            .map(|object| {
                serde_json::from_str::<methods::StoredMethod>(&object.body)
                    .map_err(|e| ProviderError::Api {
                        status: 500,
                        message: e.to_string(),
                    })?
                    .pm
                    .to_domain()
            })
            .collect()
    }
}
