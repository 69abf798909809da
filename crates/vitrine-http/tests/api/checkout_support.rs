//! What the checkout tests run on besides the real router and database: a small in-test
//! payment provider with Stripe's test-card behaviour and signed webhooks (the real test
//! provider is `vitrine-payments`', wired at merge) and a mailer that keeps what it sends.
//! The address, shipping and tax rules are the real policy's (`checkout_rules::two_countries`).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use async_trait::async_trait;
use hmac::{Hmac, Mac};
use sha2::Sha256;
use vitrine_domain::mail::{MailError, Mailer, OutgoingMail};
use vitrine_domain::payment::*;

pub const WEBHOOK_SECRET: &str = "whsec_test";
/// Cards as payment method ids (Stripe's test tokens).
pub const VISA: &str = "pm_card_visa";
pub const DECLINED: &str = "pm_card_chargeDeclined";
pub const THREE_DS: &str = "pm_card_threeDSecure2Required";

/// The checkout's test doubles, shared by an app and its test.
#[derive(Clone, Default)]
pub struct CheckoutKit {
    pub cards: Arc<Cards>,
    pub mail: Arc<Outbox>,
    /// The download files folder (none: no file is there).
    pub downloads: std::path::PathBuf,
}

type Stored = Result<PaymentIntent, ProviderError>;

/// An in-memory payment provider behaving like Stripe for three test cards.
#[derive(Default)]
pub struct Cards {
    state: Mutex<CardsState>,
}

#[derive(Default)]
struct CardsState {
    intents: HashMap<String, PaymentIntent>,
    keys: HashMap<String, Stored>,
    created: usize,
}

fn declined() -> CardError {
    CardError {
        code: "card_declined".into(),
        decline_code: Some("generic_decline".into()),
        message: "Your card was declined.".into(),
    }
}

impl Cards {
    /// Payment intents made so far.
    pub fn created(&self) -> usize {
        self.lock().created
    }

    pub fn intent(&self, id: &str) -> Option<PaymentIntent> {
        self.lock().intents.get(id).cloned()
    }

    /// The shopper passes (or fails) 3-D Secure on the challenge page.
    pub fn authenticate(&self, id: &str, pass: bool) {
        let mut state = self.lock();
        let n = state.created;
        if let Some(intent) = state.intents.get_mut(id) {
            intent.next_action = None;
            if pass {
                intent.status = IntentStatus::Succeeded;
                intent.latest_charge = Some(format!("ch_{n}"));
            } else {
                intent.status = IntentStatus::RequiresPaymentMethod;
                intent.last_payment_error = Some(CardError {
                    code: "payment_intent_authentication_failure".into(),
                    decline_code: None,
                    message: "We are unable to authenticate your payment method.".into(),
                });
            }
        }
    }

    /// A signed webhook delivery of `kind` carrying the intent as it is now.
    pub fn event(&self, id: &str, kind: &str, intent_id: &str, now: i64) -> (String, String) {
        let intent = self.intent(intent_id).expect("intent exists");
        let event = WebhookEvent {
            id: id.into(),
            kind: kind.into(),
            created: now,
            livemode: false,
            object: EventObject::PaymentIntent(intent),
        };
        let body = serde_json::to_string(&event).expect("event serializes");
        let header = sign(&body, now);
        (body, header)
    }

    /// A signed delivery of a `charge.*` event for the intent's charge: `refunded_minor`
    /// refunded so far, `refunded` when that is all of it.
    pub fn charge_event(
        &self,
        id: &str,
        intent_id: &str,
        refunded_minor: i64,
        refunded: bool,
        now: i64,
    ) -> (String, String) {
        let intent = self.intent(intent_id).expect("intent exists");
        self.signed(WebhookEvent {
            id: id.into(),
            kind: "charge.refunded".into(),
            created: now,
            livemode: false,
            object: EventObject::Charge {
                id: intent.latest_charge.unwrap_or_default(),
                payment_intent: Some(intent_id.into()),
                amount_refunded_minor: refunded_minor,
                refunded,
            },
        })
    }

    /// A signed delivery of `charge.dispute.created` for the intent's charge.
    pub fn dispute_event(
        &self,
        id: &str,
        intent_id: &str,
        reason: &str,
        now: i64,
    ) -> (String, String) {
        let intent = self.intent(intent_id).expect("intent exists");
        self.signed(WebhookEvent {
            id: id.into(),
            kind: "charge.dispute.created".into(),
            created: now,
            livemode: false,
            object: EventObject::Dispute {
                id: format!("dp_{id}"),
                charge: intent.latest_charge,
                payment_intent: Some(intent_id.into()),
                amount_minor: intent.amount.amount_minor(),
                reason: reason.into(),
            },
        })
    }

    fn signed(&self, event: WebhookEvent) -> (String, String) {
        let body = serde_json::to_string(&event).expect("event serializes");
        let header = sign(&body, event.created);
        (body, header)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, CardsState> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }
}

pub fn sign(body: &str, t: i64) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(WEBHOOK_SECRET.as_bytes()).expect("key");
    mac.update(format!("{t}.{body}").as_bytes());
    format!("t={t},v1={}", hex::encode(mac.finalize().into_bytes()))
}

fn unsupported() -> ProviderError {
    ProviderError::InvalidRequest {
        code: "unsupported".into(),
        message: "not used by the checkout tests".into(),
    }
}

#[async_trait]
impl PaymentProvider for Cards {
    fn kind(&self) -> ProviderKind {
        ProviderKind::Test
    }

    fn livemode(&self) -> bool {
        false
    }

    fn browser_config(&self) -> BrowserConfig {
        BrowserConfig {
            provider: "test".into(),
            publishable_key: "pk_test_vitrine".into(),
            api_base: Some("/_test_provider/v1".into()),
            livemode: false,
        }
    }

    async fn create_customer(
        &self,
        _: CreateCustomer,
        _: IdempotencyKey,
    ) -> Result<Customer, ProviderError> {
        Err(unsupported())
    }

    async fn create_payment_intent(
        &self,
        params: CreatePaymentIntent,
        key: IdempotencyKey,
    ) -> Result<PaymentIntent, ProviderError> {
        let mut state = self.lock();
        if let Some(stored) = state.keys.get(key.as_str()) {
            return stored.clone();
        }
        state.created += 1;
        let id = format!("pi_{}", state.created);
        let intent = PaymentIntent {
            client_secret: format!("{id}_secret_{}", state.created * 7919),
            id: id.clone(),
            amount: params.amount,
            status: IntentStatus::RequiresConfirmation,
            payment_method: params.payment_method,
            customer: None,
            save_payment_method: params.save_payment_method,
            next_action: None,
            last_payment_error: None,
            latest_charge: None,
            metadata: params.metadata,
            livemode: false,
        };
        state.intents.insert(id, intent.clone());
        state
            .keys
            .insert(key.as_str().to_owned(), Ok(intent.clone()));
        Ok(intent)
    }

    async fn update_payment_intent(
        &self,
        id: &str,
        params: UpdatePaymentIntent,
        key: IdempotencyKey,
    ) -> Result<PaymentIntent, ProviderError> {
        let mut state = self.lock();
        if let Some(stored) = state.keys.get(key.as_str()) {
            return stored.clone();
        }
        let intent = state.intents.get_mut(id).ok_or_else(unsupported)?;
        let outcome = if matches!(
            intent.status,
            IntentStatus::RequiresPaymentMethod
                | IntentStatus::RequiresConfirmation
                | IntentStatus::RequiresAction
        ) {
            if let Some(amount) = params.amount {
                intent.amount = amount;
                // Stripe: a changed amount must be confirmed (and authenticated) again.
                intent.next_action = None;
                intent.status = IntentStatus::RequiresConfirmation;
            }
            Ok(intent.clone())
        } else {
            Err(ProviderError::InvalidRequest {
                code: "payment_intent_unexpected_state".into(),
                message: format!(
                    "This PaymentIntent's amount could not be updated because it has a status of {:?}.",
                    intent.status
                ),
            })
        };
        state.keys.insert(key.as_str().to_owned(), outcome.clone());
        outcome
    }

    async fn retrieve_payment_intent(&self, id: &str) -> Result<PaymentIntent, ProviderError> {
        self.intent(id)
            .ok_or_else(|| ProviderError::InvalidRequest {
                code: "resource_missing".into(),
                message: format!("No such payment_intent: {id}"),
            })
    }

    async fn confirm_payment_intent(
        &self,
        id: &str,
        params: ConfirmPaymentIntent,
        key: IdempotencyKey,
    ) -> Result<PaymentIntent, ProviderError> {
        let mut state = self.lock();
        if let Some(stored) = state.keys.get(key.as_str()) {
            return stored.clone();
        }
        let n = state.created;
        let intent = state.intents.get_mut(id).ok_or_else(unsupported)?;
        let pm = params.payment_method.unwrap_or_default();
        intent.payment_method = Some(pm.clone());
        intent.last_payment_error = None;
        let outcome = match pm.as_str() {
            VISA => {
                intent.status = IntentStatus::Succeeded;
                intent.latest_charge = Some(format!("ch_{n}"));
                Ok(intent.clone())
            }
            THREE_DS => {
                intent.status = IntentStatus::RequiresAction;
                intent.next_action = Some(NextAction::RedirectToUrl {
                    url: format!("/_test_provider/3ds/{id}"),
                    return_url: params.return_url.unwrap_or_default(),
                });
                Ok(intent.clone())
            }
            _ => {
                intent.status = IntentStatus::RequiresPaymentMethod;
                intent.last_payment_error = Some(declined());
                Err(ProviderError::Card {
                    error: declined(),
                    intent: Some(Box::new(intent.clone())),
                })
            }
        };
        state.keys.insert(key.as_str().to_owned(), outcome.clone());
        outcome
    }

    async fn cancel_payment_intent(
        &self,
        id: &str,
        _: IdempotencyKey,
    ) -> Result<PaymentIntent, ProviderError> {
        let mut state = self.lock();
        let intent = state.intents.get_mut(id).ok_or_else(unsupported)?;
        intent.status = IntentStatus::Canceled;
        Ok(intent.clone())
    }

    async fn create_setup_intent(
        &self,
        _: CreateSetupIntent,
        _: IdempotencyKey,
    ) -> Result<SetupIntent, ProviderError> {
        Err(unsupported())
    }

    async fn retrieve_setup_intent(&self, _: &str) -> Result<SetupIntent, ProviderError> {
        Err(unsupported())
    }

    async fn retrieve_payment_method(&self, id: &str) -> Result<PaymentMethod, ProviderError> {
        Ok(PaymentMethod {
            id: id.into(),
            customer: None,
            card: CardSummary {
                brand: "visa".into(),
                last4: if id == THREE_DS { "3155" } else { "4242" }.into(),
                exp_month: 12,
                exp_year: 2034,
                // One card behind every `pm_stolen_N`: the id without its digits.
                fingerprint: Some(format!(
                    "fp_{}",
                    id.trim_end_matches(|c: char| c.is_ascii_digit())
                )),
            },
        })
    }

    async fn detach_payment_method(
        &self,
        _: &str,
        _: IdempotencyKey,
    ) -> Result<PaymentMethod, ProviderError> {
        Err(unsupported())
    }

    async fn create_refund(
        &self,
        _: CreateRefund,
        _: IdempotencyKey,
    ) -> Result<Refund, ProviderError> {
        Err(unsupported())
    }

    fn verify_webhook(
        &self,
        raw: &[u8],
        header: &str,
        now: i64,
    ) -> Result<WebhookEvent, WebhookError> {
        if header.is_empty() {
            return Err(WebhookError::MissingSignature);
        }
        let mut t = None;
        let mut v1 = Vec::new();
        for part in header.split(',') {
            match part.split_once('=') {
                Some(("t", value)) => t = value.parse::<i64>().ok(),
                Some(("v1", value)) => v1.push(value.to_owned()),
                _ => {}
            }
        }
        let t = t.ok_or(WebhookError::MalformedSignature)?;
        let body = std::str::from_utf8(raw).map_err(|e| WebhookError::BadBody(e.to_string()))?;
        let expected = sign(body, t);
        let expected = expected.rsplit("v1=").next().unwrap_or_default().to_owned();
        if !v1.contains(&expected) {
            return Err(WebhookError::BadSignature);
        }
        if (now - t).abs() > 300 {
            return Err(WebhookError::StaleTimestamp);
        }
        serde_json::from_str(body).map_err(|e| WebhookError::BadBody(e.to_string()))
    }
}

/// Keeps every e-mail sent.
#[derive(Default)]
pub struct Outbox {
    sent: Mutex<Vec<OutgoingMail>>,
}

impl Outbox {
    pub fn sent(&self) -> Vec<OutgoingMail> {
        self.sent.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }
}

#[async_trait]
impl Mailer for Outbox {
    async fn send(&self, mail: &OutgoingMail) -> Result<(), MailError> {
        self.sent
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(mail.clone());
        Ok(())
    }
}
