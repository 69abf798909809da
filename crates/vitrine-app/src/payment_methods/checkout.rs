//! The checkout's part of saved cards: who pays with which method (a saved one must be the
//! account's; saving needs an account), and keeping the card of a payment made with "Save
//! payment information to my account" once the payment succeeded — from whichever path
//! settles it (checkout answer, 3-D Secure return, webhook, reconciliation).

use vitrine_domain::account::{User, UserId};
use vitrine_domain::payment::PaymentIntent;
use vitrine_domain::payment::saved::{SavedCard, SavedMethod, owned_by};

use super::{PaymentMethodError, PaymentMethods};
use crate::error::AppResult;

/// How an order is paid: the method, the provider customer the intent is made for (a saved
/// card must be charged as its customer; a card being saved is attached to it), and whether
/// the card is kept once the payment succeeds.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Payer {
    pub method: String,
    pub customer: Option<String>,
    pub save: bool,
}

impl PaymentMethods {
    /// The payer for `method`. `saved`: the shopper picked one of their saved cards, which
    /// must be theirs (else 404, before anything is charged). A new card may be saved only
    /// by a signed-in account; a guest's "save" is ignored. Any id saved by another account
    /// is refused even when sent as a new card.
    pub async fn payer(
        &self,
        user: Option<&User>,
        method: &str,
        saved: bool,
        save: bool,
    ) -> AppResult<Payer> {
        let found = self.store().saved_method(method).await?;
        let Some(user) = user else {
            if saved || found.is_some() {
                return Err(PaymentMethodError::NotFound.into());
            }
            return Ok(Payer {
                method: method.to_owned(),
                customer: None,
                save: false,
            });
        };
        let owned = owned_by(found.clone(), user.id);
        if (saved || found.is_some()) && owned.is_none() {
            return Err(PaymentMethodError::NotFound.into());
        }
        let is_saved = owned.is_some();
        let customer = if is_saved || save {
            Some(self.provider_customer(user).await?)
        } else {
            None
        };
        Ok(Payer {
            method: method.to_owned(),
            customer,
            save: save && !is_saved,
        })
    }

    /// Keeps the card of a succeeded payment that asked to save it, for the order's account.
    /// Failing to keep it never fails the payment: it is logged and the shopper can add the
    /// card later.
    pub async fn remember_paid(&self, customer_id: Option<i64>, intent: &PaymentIntent) {
        let (Some(user), Some(pm), true) = (
            customer_id,
            intent.payment_method.as_deref(),
            intent.save_payment_method && intent.customer.is_some(),
        ) else {
            return;
        };
        if let Err(error) = self.remember(UserId(user), pm, intent).await {
            tracing::warn!(%error, intent = %intent.id, "a paid card could not be saved");
        }
    }

    async fn remember(&self, user: UserId, pm: &str, intent: &PaymentIntent) -> AppResult<()> {
        let linked = self.store().provider_customer(user).await?;
        if linked.is_none() || linked != intent.customer {
            return Ok(());
        }
        if self.store().saved_method(pm).await?.is_some() {
            return Ok(());
        }
        let method = self
            .provider()
            .retrieve_payment_method(pm)
            .await
            .map_err(|e| super::unavailable(&e))?;
        self.store()
            .save_method(&SavedMethod {
                user,
                method_id: method.id.clone(),
                card: SavedCard::of(&method),
                is_default: false,
                created_at: self.now_unix(),
            })
            .await?;
        Ok(())
    }
}
