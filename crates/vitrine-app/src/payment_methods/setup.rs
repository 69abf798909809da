//! The add-payment-method page's SetupIntent flow (payments-anchors §2.4; spec §7
//! `setup_intent`): the browser hands over a `pm_…` made by the provider from the card; the
//! shop makes a SetupIntent for the account's provider customer, confirmed at once with a
//! return URL. A card that needs 3-D Secure answers the challenge to go through; the page it
//! returns to (return data `type: setup`, spec §3) finishes the setup, which checks the
//! intent is this account's and succeeded before keeping the card. "Change" (ADR 0014
//! amendment) is the same flow with the method it replaces.

use std::collections::BTreeMap;

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use serde_json::json;
use subtle::ConstantTimeEq;
use vitrine_domain::account::User;
use vitrine_domain::payment::saved::{SavedCard, SavedMethod};
use vitrine_domain::payment::{
    CreateSetupIntent, NextAction, ProviderError, SetupIntent, SetupStatus,
};

use super::{PaymentMethodError, PaymentMethods, key, random_suffix, unavailable};
use crate::error::AppResult;
use vitrine_domain::payment::is_payment_method_id;

/// The add-payment-method page's path; the 3-D Secure challenge returns there.
pub const ADD_PAGE: &str = "/my-account/add-payment-method/";

const AUTHENTICATION_FAILED: &str = "We are unable to authenticate your payment method. Please choose a different payment \
     method and try again.";

/// What the page sends to start a setup.
#[derive(Debug, Clone, Default)]
pub struct SetupRequest {
    /// The provider's payment method made from the card in the browser (`pm_…`).
    pub payment_method: String,
    /// "Change": the account's saved method this card replaces.
    pub replace: Option<String>,
}

/// A setup's outcome: the card is saved, or a challenge stands in the way.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SetupAnswer {
    Saved {
        intent: SetupIntent,
        method: SavedMethod,
    },
    NeedsAction {
        intent: SetupIntent,
        /// The challenge page.
        redirect_url: Option<String>,
        /// Where the shopper comes back (the add page with the return data).
        return_url: String,
    },
}

/// Spec §3 "Payment intent return data" for a setup: base64 JSON in the return URL's hash.
pub fn setup_return_data(payment_method: &str, replace: Option<&str>) -> String {
    let data = json!({
        "gateway_id": "card",
        "type": "setup",
        "pm": payment_method,
        "save_method": true,
        "replace": replace,
    });
    STANDARD.encode(data.to_string())
}

impl PaymentMethods {
    /// Starts saving a card for the account (spec §7 `setup_intent`).
    pub async fn start_setup(&self, user: &User, request: SetupRequest) -> AppResult<SetupAnswer> {
        if !is_payment_method_id(&request.payment_method) {
            return Err(crate::AppError::invalid(
                "payment_method",
                "Please enter your card details.",
            ));
        }
        if let Some(old) = &request.replace {
            self.owned(user, old).await?;
        }
        if self
            .store()
            .saved_method(&request.payment_method)
            .await?
            .is_some()
        {
            // Saved already (by anyone): never set up a second time.
            return Err(PaymentMethodError::NotFound.into());
        }
        let customer = self.provider_customer(user).await?;
        let path = format!(
            "{ADD_PAGE}#response={}",
            setup_return_data(&request.payment_method, request.replace.as_deref())
        );
        let mut metadata = BTreeMap::new();
        metadata.insert("user_id".to_owned(), user.id.0.to_string());
        let params = CreateSetupIntent {
            customer: Some(customer),
            payment_method: Some(request.payment_method.clone()),
            confirm: true,
            return_url: Some(self.absolute(&path)),
            metadata,
        };
        let setup_key = key(format!("user-{}-setup-{}", user.id.0, random_suffix()))?;
        let intent = match self.provider().create_setup_intent(params, setup_key).await {
            Ok(intent) => intent,
            Err(ProviderError::Card { error, .. }) => {
                return Err(PaymentMethodError::SetupFailed {
                    message: error.message,
                }
                .into());
            }
            Err(other) => return Err(unavailable(&other)),
        };
        match intent.status {
            SetupStatus::Succeeded => {
                let method = self.keep(user, &intent, request.replace.as_deref()).await?;
                Ok(SetupAnswer::Saved { intent, method })
            }
            SetupStatus::RequiresAction | SetupStatus::RequiresConfirmation => {
                let redirect_url = match &intent.next_action {
                    Some(NextAction::RedirectToUrl { url, .. }) => Some(url.clone()),
                    _ => None,
                };
                Ok(SetupAnswer::NeedsAction {
                    intent,
                    redirect_url,
                    return_url: path,
                })
            }
            _ => Err(failed(&intent).into()),
        }
    }

    /// After the challenge: the setup intent must be the account's (its customer and client
    /// secret) and succeeded; then its card is kept (in place of `replace` for "Change").
    pub async fn finish_setup(
        &self,
        user: &User,
        setup_intent: &str,
        client_secret: &str,
        replace: Option<&str>,
    ) -> AppResult<SavedMethod> {
        let Some(customer) = self.store().provider_customer(user.id).await? else {
            return Err(PaymentMethodError::SetupNotFound.into());
        };
        let intent = match self.provider().retrieve_setup_intent(setup_intent).await {
            Ok(intent) => intent,
            Err(ProviderError::InvalidRequest { .. }) => {
                return Err(PaymentMethodError::SetupNotFound.into());
            }
            Err(other) => return Err(unavailable(&other)),
        };
        let secret_matches = intent.client_secret.len() == client_secret.len()
            && bool::from(
                intent
                    .client_secret
                    .as_bytes()
                    .ct_eq(client_secret.as_bytes()),
            );
        if !secret_matches || intent.customer.as_deref() != Some(customer.as_str()) {
            return Err(PaymentMethodError::SetupNotFound.into());
        }
        if intent.status != SetupStatus::Succeeded {
            return Err(failed(&intent).into());
        }
        if let Some(pm) = &intent.payment_method
            && let Some(saved) = self.store().saved_method(pm).await?
        {
            // Finished before (a reload of the return page): the same answer.
            return if saved.user == user.id {
                Ok(saved)
            } else {
                Err(PaymentMethodError::NotFound.into())
            };
        }
        if let Some(old) = replace {
            self.owned(user, old).await?;
        }
        self.keep(user, &intent, replace).await
    }

    /// Keeps the succeeded intent's card: a new default (WooCommerce makes an added method
    /// the default), or in place of `replace`, whose card is then detached.
    async fn keep(
        &self,
        user: &User,
        intent: &SetupIntent,
        replace: Option<&str>,
    ) -> AppResult<SavedMethod> {
        let pm = intent
            .payment_method
            .as_deref()
            .ok_or(PaymentMethodError::SetupNotFound)?;
        let method = self
            .provider()
            .retrieve_payment_method(pm)
            .await
            .map_err(|e| unavailable(&e))?;
        let saved = SavedMethod {
            user: user.id,
            method_id: method.id.clone(),
            card: SavedCard::of(&method),
            is_default: true,
            created_at: self.now_unix(),
        };
        match replace {
            Some(old) => {
                let kept = self
                    .store()
                    .replace_method(user.id, old, &saved)
                    .await?
                    .ok_or(PaymentMethodError::NotFound)?;
                self.detach(old).await?;
                Ok(kept)
            }
            None => Ok(self.store().save_method(&saved).await?),
        }
    }

    /// An absolute address on the shop (the provider requires one for `return_url`).
    fn absolute(&self, path: &str) -> String {
        format!("{}{path}", self.inner.public_url.trim_end_matches('/'))
    }
}

fn failed(intent: &SetupIntent) -> PaymentMethodError {
    let message = intent
        .last_setup_error
        .as_ref()
        .map_or_else(|| AUTHENTICATION_FAILED.to_owned(), |e| e.message.clone());
    PaymentMethodError::SetupFailed { message }
}
