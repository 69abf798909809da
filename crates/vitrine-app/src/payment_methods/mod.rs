//! Saved cards (issue 15): a signed-in account's cards kept with the payment provider and
//! listed by the shop as the provider's id plus display data (domain `payment::saved`). The
//! provider customer (`cus_…`) is made on first need and linked to the account once. Every
//! use goes through ownership: another account's or an unknown method is
//! [`PaymentMethodError::NotFound`] (404), and nothing is charged or changed.
//!
//! Use cases: the account's list, delete (detached at the provider too), make default, the
//! SetupIntent flow of the add-payment-method page (`setup`), and the checkout's part
//! (`checkout`): who pays with which method, and keeping a card paid with "save".

mod checkout;
mod setup;

use std::collections::BTreeMap;
use std::sync::Arc;

use rand::RngCore;
use vitrine_domain::account::User;
use vitrine_domain::payment::saved::{SavedMethod, SavedMethodStore, owned_by};
use vitrine_domain::payment::{CreateCustomer, IdempotencyKey, PaymentProvider, ProviderError};

pub use crate::payment_method_error::PaymentMethodError;
pub use checkout::Payer;
pub use setup::{SetupAnswer, SetupRequest};

use crate::checkout_error::CheckoutError;
use crate::clock::Clock;
use crate::error::{AppError, AppResult};

/// What the saved cards need.
pub struct PaymentMethodsParts {
    pub store: Arc<dyn SavedMethodStore>,
    pub payments: Arc<dyn PaymentProvider>,
    /// The shop's public address, for the setup's absolute return URL.
    pub public_url: String,
    pub clock: Clock,
}

/// The saved-card use cases. Cheap to clone.
#[derive(Clone)]
pub struct PaymentMethods {
    inner: Arc<PaymentMethodsParts>,
}

impl std::fmt::Debug for PaymentMethods {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PaymentMethods").finish_non_exhaustive()
    }
}

pub(crate) fn key(text: String) -> AppResult<IdempotencyKey> {
    IdempotencyKey::new(text)
        .ok_or_else(|| AppError::Internal(anyhow::anyhow!("idempotency key out of bounds")))
}

/// A key no other request shares (a new setup each time the page asks).
pub(crate) fn random_suffix() -> String {
    let mut bytes = [0_u8; 12];
    rand::thread_rng().fill_bytes(&mut bytes);
    hex::encode(bytes)
}

/// A provider failure that is not about the card: the shop's problem, logged.
pub(crate) fn unavailable(error: &ProviderError) -> AppError {
    tracing::error!(%error, "payment provider call failed (saved cards)");
    CheckoutError::from_provider(error).into()
}

impl PaymentMethods {
    pub fn new(parts: PaymentMethodsParts) -> Self {
        Self {
            inner: Arc::new(parts),
        }
    }

    fn now_unix(&self) -> i64 {
        (self.inner.clock)().unix_timestamp()
    }

    fn store(&self) -> &dyn SavedMethodStore {
        self.inner.store.as_ref()
    }

    fn provider(&self) -> &dyn PaymentProvider {
        self.inner.payments.as_ref()
    }

    /// The account's saved cards, oldest first.
    pub async fn list(&self, user: &User) -> AppResult<Vec<SavedMethod>> {
        Ok(self.store().saved_methods(user.id).await?)
    }

    /// The account's method `method_id`, or 404 whether it is unknown or someone else's.
    pub async fn owned(&self, user: &User, method_id: &str) -> AppResult<SavedMethod> {
        let found = self.store().saved_method(method_id).await?;
        owned_by(found, user.id).ok_or_else(|| PaymentMethodError::NotFound.into())
    }

    /// The provider customer linked to the account, made (and linked) on first need. Two
    /// requests racing here may each make one; the first link wins and both use it.
    pub async fn provider_customer(&self, user: &User) -> AppResult<String> {
        if let Some(customer) = self.store().provider_customer(user.id).await? {
            return Ok(customer);
        }
        let mut metadata = BTreeMap::new();
        metadata.insert("user_id".to_owned(), user.id.0.to_string());
        let params = CreateCustomer {
            email: Some(user.email.as_str().to_owned()),
            name: Some(user.display_name.clone()).filter(|n| !n.is_empty()),
            metadata,
        };
        let made = self
            .provider()
            .create_customer(params, key(format!("user-{}-customer", user.id.0))?)
            .await
            .map_err(|e| unavailable(&e))?;
        Ok(self
            .store()
            .link_provider_customer(user.id, &made.id, self.now_unix())
            .await?)
    }

    /// Deletes the account's card: detached at the provider (it can no longer be charged),
    /// then forgotten; the newest remaining card becomes the default if it was.
    pub async fn delete(&self, user: &User, method_id: &str) -> AppResult<()> {
        self.owned(user, method_id).await?;
        self.detach(method_id).await?;
        self.store()
            .delete_method(user.id, method_id)
            .await?
            .ok_or(PaymentMethodError::NotFound)?;
        Ok(())
    }

    /// Makes the account's card its default.
    pub async fn make_default(&self, user: &User, method_id: &str) -> AppResult<Vec<SavedMethod>> {
        if !self.store().set_default_method(user.id, method_id).await? {
            return Err(PaymentMethodError::NotFound.into());
        }
        self.list(user).await
    }

    /// Detaches a method at the provider; one that is detached already counts as done.
    async fn detach(&self, method_id: &str) -> AppResult<()> {
        let detach_key = key(format!("detach-{method_id}"))?;
        match self
            .provider()
            .detach_payment_method(method_id, detach_key)
            .await
        {
            Ok(_) => Ok(()),
            Err(ProviderError::InvalidRequest { code, .. })
                if code == "payment_method_unexpected_state" || code == "resource_missing" =>
            {
                Ok(())
            }
            Err(other) => Err(unavailable(&other)),
        }
    }
}

#[cfg(test)]
mod tests;
