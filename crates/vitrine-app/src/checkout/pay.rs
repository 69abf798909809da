//! Paying an order: one payment intent per attempt, made and confirmed with idempotency keys
//! derived from the order id and the attempt number, so a retried request or a restarted
//! server never charges twice. A refused card leaves the order pending with the attempt
//! recorded; paying again reuses the attempt's intent with the new card. Each confirmation
//! also carries the shopper's press (Stripe's one Idempotency-Key per action): a retry of one
//! press is answered from the provider's record, a new press asks the bank again.

use std::collections::BTreeMap;

use vitrine_domain::order::{Order, PaymentAttempt};
use vitrine_domain::payment::{
    ConfirmPaymentIntent, CreatePaymentIntent, IdempotencyKey, IntentStatus, PaymentIntent,
    PaymentMethod, ProviderError,
};

use super::answer::{PaymentAnswer, pay_path, query_escape, return_data};
use super::press::{Press, key_part, while_key_in_flight};
use super::{Checkout, CheckoutError};
use crate::error::{AppError, AppResult};
use crate::payment_methods::Payer;

fn key(text: String) -> AppResult<IdempotencyKey> {
    IdempotencyKey::new(text)
        .ok_or_else(|| AppError::Internal(anyhow::anyhow!("idempotency key out of bounds")))
}

impl Checkout {
    /// Pays `order` as `payer` says (method, provider customer, save) for the shopper's
    /// `press`. `order_pay`: the shopper is on the order-pay page (its return URL), else on the
    /// checkout. `card`: the payment method as already read (the paid order's title), if so.
    pub(super) async fn pay(
        &self,
        order: &Order,
        payer: &Payer,
        press: &Press,
        order_pay: bool,
        card: Option<&PaymentMethod>,
    ) -> AppResult<PaymentAnswer> {
        let (payment_method, save) = (payer.method.as_str(), payer.save);
        let attempts = self.store().attempts(order.id).await?;
        let reusable = match attempts.last() {
            Some(last) => {
                let intent = self
                    .provider()
                    .retrieve_payment_intent(&last.intent_id)
                    .await
                    .map_err(|e| self.provider_failed(order, &e))?;
                if intent.status.is_paid() || intent.status == IntentStatus::Processing {
                    // Paid meanwhile (another tab, the webhook): settle, never charge again.
                    return self.settle_known(order, last, &intent, card).await;
                }
                if intent.customer != payer.customer || intent.save_payment_method != save {
                    // An intent for another customer (a saved card, or one being saved) is
                    // not reused: the card must be charged as its customer.
                    None
                } else if !super::resume::updatable(intent.status) {
                    None
                } else if let Some(found) = self.retarget(last, &intent, order.total()).await? {
                    // The order's total changed (a resumed order repriced): the same intent
                    // for the new amount, never a charge of the old one.
                    Some(found)
                } else if self.moved_on_to_paid(order, last).await? {
                    let intent = self
                        .provider()
                        .retrieve_payment_intent(&last.intent_id)
                        .await
                        .map_err(|e| self.provider_failed(order, &e))?;
                    return self.settle_known(order, last, &intent, card).await;
                } else {
                    None
                }
            }
            None => None,
        };
        let (attempt, intent) = match reusable {
            Some(found) => found,
            None => {
                let number = attempts.last().map_or(1, |a| a.number + 1);
                self.create_intent(order, number, payer).await?
            }
        };
        let intent = match self
            .reopen(order, &attempt, intent, payment_method, press)
            .await?
        {
            Ok(intent) => intent,
            Err(moved_on) => return self.settle_known(order, &attempt, &moved_on, card).await,
        };
        let return_path = self.return_path(
            order,
            &intent.client_secret,
            payment_method,
            save,
            order_pay,
        );
        let confirm = ConfirmPaymentIntent {
            payment_method: Some(payment_method.to_owned()),
            return_url: Some(self.absolute(&return_path)),
            off_session: false,
        };
        // The same card pressed again on this attempt is a new confirmation (the bank may say
        // otherwise now); only a retry of the same press replays the provider's answer.
        let confirm_key = key(format!(
            "order-{}-attempt-{}-confirm-{}-press-{}",
            order.id,
            attempt.number,
            key_part(payment_method),
            press.as_str()
        ))?;
        let provider = self.provider();
        let confirmed = while_key_in_flight(|| {
            provider.confirm_payment_intent(&intent.id, confirm.clone(), confirm_key.clone())
        });
        match confirmed.await {
            Ok(confirmed) => {
                vitrine_crash::point(vitrine_crash::AFTER_PAYMENT_CONFIRMED);
                // Paid: `settle` saves the attempt in finalize's transaction; else now.
                let attempt = if confirmed.status.is_paid() {
                    attempt
                } else {
                    self.record(&attempt, &confirmed, None).await?
                };
                let answer = self.settle_known(order, &attempt, &confirmed, card).await;
                match answer {
                    Ok(PaymentAnswer::NeedsAction(mut step)) => {
                        step.return_url = return_path;
                        Ok(PaymentAnswer::NeedsAction(step))
                    }
                    other => other,
                }
            }
            Err(ProviderError::Card { error, intent }) => {
                let current = intent.map_or(intent_as_refused(&intent_of(&attempt)), |i| *i);
                self.record(&attempt, &current, Some(error.message.clone()))
                    .await?;
                Err(CheckoutError::PaymentFailed {
                    message: error.message,
                }
                .into())
            }
            Err(other) => Err(self.provider_failed(order, &other)),
        }
    }

    /// Attempt `number`'s intent: made once for the order's total (a retry of this call with
    /// the same key answers the same intent).
    async fn create_intent(
        &self,
        order: &Order,
        number: u32,
        payer: &Payer,
    ) -> AppResult<(PaymentAttempt, PaymentIntent)> {
        let mut metadata = BTreeMap::new();
        metadata.insert("order_id".to_owned(), order.id.to_string());
        metadata.insert("attempt".to_owned(), number.to_string());
        let params = CreatePaymentIntent {
            amount: order.total(),
            payment_method: Some(payer.method.clone()),
            customer: payer.customer.clone(),
            confirm: false,
            return_url: None,
            save_payment_method: payer.save,
            off_session: false,
            metadata,
        };
        let create_key = key(format!("order-{}-attempt-{number}-create", order.id))?;
        let provider = self.provider();
        let intent = while_key_in_flight(|| {
            provider.create_payment_intent(params.clone(), create_key.clone())
        })
        .await
        .map_err(|e| self.provider_failed(order, &e))?;
        vitrine_crash::point(vitrine_crash::AFTER_INTENT_CREATE);
        let now = self.now();
        let attempt = PaymentAttempt {
            order_id: order.id,
            number,
            intent_id: intent.id.clone(),
            status: intent.status,
            amount: intent.amount,
            client_secret: intent.client_secret.clone(),
            last_error: None,
            created_at: now,
            updated_at: now,
        };
        self.store().save_attempt(&attempt).await?;
        Ok((attempt, intent))
    }

    /// Stores what the provider said about an attempt's intent.
    pub(super) async fn record(
        &self,
        attempt: &PaymentAttempt,
        intent: &PaymentIntent,
        error: Option<String>,
    ) -> AppResult<PaymentAttempt> {
        let updated = attempt.updated_by(intent, error, self.now());
        if updated != *attempt {
            self.store().save_attempt(&updated).await?;
        }
        Ok(updated)
    }

    /// Where the shopper returns after 3-D Secure (spec §3 return data).
    fn return_path(
        &self,
        order: &Order,
        client_secret: &str,
        payment_method: &str,
        save: bool,
        order_pay: bool,
    ) -> String {
        let data = return_data(client_secret, order, payment_method, save);
        if order_pay {
            format!("{}&order_review={}", pay_path(order), query_escape(&data))
        } else {
            format!("/checkout/#response={data}")
        }
    }

    /// A provider failure: the shopper's card (402) or the shop's problem (logged).
    pub(super) fn provider_failed(&self, order: &Order, error: &ProviderError) -> AppError {
        if !matches!(error, ProviderError::Card { .. }) {
            tracing::error!(order = %order.id, %error, "payment provider call failed");
        }
        CheckoutError::from_provider(error).into()
    }
}

/// The intent as a refusal leaves it when the provider did not return it.
fn intent_as_refused(intent: &PaymentIntent) -> PaymentIntent {
    PaymentIntent {
        status: IntentStatus::RequiresPaymentMethod,
        ..intent.clone()
    }
}

/// A stand-in intent built from what the attempt knows.
fn intent_of(attempt: &PaymentAttempt) -> PaymentIntent {
    PaymentIntent {
        id: attempt.intent_id.clone(),
        amount: attempt.amount,
        status: attempt.status,
        client_secret: attempt.client_secret.clone(),
        payment_method: None,
        customer: None,
        save_payment_method: false,
        next_action: None,
        last_payment_error: None,
        latest_charge: None,
        metadata: BTreeMap::new(),
        livemode: false,
    }
}
