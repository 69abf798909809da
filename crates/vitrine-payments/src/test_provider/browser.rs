//! What the shopper's browser does with the test provider (Stripe.js's part): enter a card,
//! confirm an intent with its client secret, pass or fail the 3-D Secure challenge. Not part of
//! the port: the HTTP facade under `/_test_provider` calls these.

use serde::{Deserialize, Serialize};
use subtle::ConstantTimeEq;
use vitrine_domain::money::Money;
use vitrine_domain::payment::{PaymentIntent, PaymentMethod, ProviderError, SetupIntent};

use super::ops::Op;
use super::port::{intent, method, setup_intent};
use super::{TestProvider, intents, setup};
use crate::cards::{self, CardInput, InvalidCard};
use crate::ids;
use crate::wire::{WirePaymentIntent, WireSetupIntent};

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct BillingDetails {
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default)]
    pub email: Option<String>,
}

/// Why a card could not become a payment method.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum CardRejection {
    #[error("{}", .0.message)]
    Invalid(InvalidCard),
    #[error(transparent)]
    Provider(#[from] ProviderError),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChallengeKind {
    PaymentIntent,
    SetupIntent,
}

/// What the challenge page shows: which intent, and the amount for a payment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Challenge {
    pub id: String,
    pub kind: ChallengeKind,
    pub amount: Option<Money>,
    /// Only an intent waiting for authentication can be authenticated.
    pub awaiting: bool,
}

/// The client secret, compared in constant time: it is the browser's only credential.
fn check_secret(stored: Option<&str>, given: &str) -> Result<(), ProviderError> {
    let stored = stored.unwrap_or("");
    if !stored.is_empty() && bool::from(stored.as_bytes().ct_eq(given.as_bytes())) {
        Ok(())
    } else {
        Err(ProviderError::Authentication)
    }
}

fn kind_of(id: &str) -> Result<ChallengeKind, ProviderError> {
    if ids::looks_like(id, &["pi"]) {
        Ok(ChallengeKind::PaymentIntent)
    } else if ids::looks_like(id, &["seti"]) {
        Ok(ChallengeKind::SetupIntent)
    } else {
        Err(super::work::not_found("intent", id))
    }
}

impl TestProvider {
    /// A payment method from card details typed in the browser: checked (Luhn, expiry, CVC),
    /// then kept as its profile, brand, last four and expiry. The number goes no further.
    pub async fn create_card_payment_method(
        &self,
        card: &CardInput,
        billing: BillingDetails,
    ) -> Result<PaymentMethod, CardRejection> {
        let now = time::OffsetDateTime::from_unix_timestamp(self.clock.now())
            .unwrap_or(time::OffsetDateTime::UNIX_EPOCH);
        let checked = cards::check(card, now.year(), u8::from(now.month()))
            .map_err(CardRejection::Invalid)?;
        let op = Op::CreateCardPaymentMethod {
            profile: checked.profile.name.to_owned(),
            brand: checked.brand.to_owned(),
            last4: checked.last4,
            exp_month: checked.exp_month,
            exp_year: checked.exp_year,
            funding: checked.profile.funding.to_owned(),
            billing_details: serde_json::to_value(&billing).unwrap_or_default(),
            fingerprint: Some(checked.fingerprint),
        };
        Ok(method(self.run(None, op).await?)?)
    }

    async fn intent_with_secret(
        &self,
        id: &str,
        client_secret: &str,
    ) -> Result<WirePaymentIntent, ProviderError> {
        if kind_of(id)? != ChallengeKind::PaymentIntent {
            return Err(super::work::not_found(intents::KIND, id));
        }
        let pi: WirePaymentIntent = self.read(intents::KIND, id).await?;
        check_secret(pi.client_secret.as_deref(), client_secret)?;
        Ok(pi)
    }

    async fn setup_with_secret(
        &self,
        id: &str,
        client_secret: &str,
    ) -> Result<WireSetupIntent, ProviderError> {
        if kind_of(id)? != ChallengeKind::SetupIntent {
            return Err(super::work::not_found(setup::KIND, id));
        }
        let si: WireSetupIntent = self.read(setup::KIND, id).await?;
        check_secret(si.client_secret.as_deref(), client_secret)?;
        Ok(si)
    }

    /// Stripe.js's `confirmCardPayment`: the browser confirms with the client secret.
    pub async fn confirm_payment_intent_in_browser(
        &self,
        id: &str,
        client_secret: &str,
        payment_method: Option<String>,
        return_url: Option<String>,
    ) -> Result<PaymentIntent, ProviderError> {
        self.intent_with_secret(id, client_secret).await?;
        let op = Op::ConfirmPaymentIntent {
            id: id.to_owned(),
            payment_method,
            return_url,
            off_session: false,
        };
        intent(self.run(None, op).await?)
    }

    /// The 3-D Secure answer for a payment: passed or failed.
    pub async fn authenticate_payment_intent(
        &self,
        id: &str,
        client_secret: &str,
        success: bool,
    ) -> Result<PaymentIntent, ProviderError> {
        self.intent_with_secret(id, client_secret).await?;
        let op = Op::AuthenticatePaymentIntent {
            id: id.to_owned(),
            success,
        };
        intent(self.run(None, op).await?)
    }

    /// Stripe.js's `confirmCardSetup`.
    pub async fn confirm_setup_intent_in_browser(
        &self,
        id: &str,
        client_secret: &str,
        payment_method: Option<String>,
        return_url: Option<String>,
    ) -> Result<SetupIntent, ProviderError> {
        self.setup_with_secret(id, client_secret).await?;
        let op = Op::ConfirmSetupIntent {
            id: id.to_owned(),
            payment_method,
            return_url,
        };
        setup_intent(self.run(None, op).await?)
    }

    pub async fn authenticate_setup_intent(
        &self,
        id: &str,
        client_secret: &str,
        success: bool,
    ) -> Result<SetupIntent, ProviderError> {
        self.setup_with_secret(id, client_secret).await?;
        let op = Op::AuthenticateSetupIntent {
            id: id.to_owned(),
            success,
        };
        setup_intent(self.run(None, op).await?)
    }

    /// Either kind of intent, by its id's prefix, for the challenge page.
    pub async fn challenge(
        &self,
        id: &str,
        client_secret: &str,
    ) -> Result<Challenge, ProviderError> {
        match kind_of(id)? {
            ChallengeKind::PaymentIntent => {
                let pi = self.intent_with_secret(id, client_secret).await?;
                let domain = pi.to_domain()?;
                Ok(Challenge {
                    id: pi.id,
                    kind: ChallengeKind::PaymentIntent,
                    amount: Some(domain.amount),
                    awaiting: domain.status
                        == vitrine_domain::payment::IntentStatus::RequiresAction,
                })
            }
            ChallengeKind::SetupIntent => {
                let si = self.setup_with_secret(id, client_secret).await?;
                Ok(Challenge {
                    awaiting: si.status == vitrine_domain::payment::SetupStatus::RequiresAction,
                    id: si.id,
                    kind: ChallengeKind::SetupIntent,
                    amount: None,
                })
            }
        }
    }

    /// Authenticates whichever kind of intent `id` is; `Ok` whatever the intent's outcome.
    pub async fn authenticate(
        &self,
        id: &str,
        client_secret: &str,
        success: bool,
    ) -> Result<ChallengeKind, ProviderError> {
        let kind = kind_of(id)?;
        match kind {
            ChallengeKind::PaymentIntent => {
                self.authenticate_payment_intent(id, client_secret, success)
                    .await?;
            }
            ChallengeKind::SetupIntent => {
                self.authenticate_setup_intent(id, client_secret, success)
                    .await?;
            }
        }
        Ok(kind)
    }
}
