//! PaymentIntents (payments-anchors §8.4.2): created, confirmed against the card's profile,
//! authenticated (3-D Secure), cancelled, updated and refunded, each step emitting Stripe's
//! events.

use std::collections::BTreeMap;

use serde_json::Value;
use vitrine_domain::payment::{IntentStatus, ProviderError};

use super::methods::{self, StoredMethod};
use super::work::{Work, invalid};
use super::{TestProvider, json};
use crate::cards::{self, AuthWhen, Behaviour, Decline};
use crate::wire::{
    RedirectToUrl, WireCharge, WireCustomer, WireError, WireNextAction, WirePaymentIntent,
};

pub const KIND: &str = "payment_intent";

pub struct NewIntent<'a> {
    pub amount: i64,
    pub currency: &'a str,
    pub payment_method: Option<&'a str>,
    pub customer: Option<&'a str>,
    pub confirm: bool,
    pub return_url: Option<&'a str>,
    pub save_payment_method: bool,
    pub off_session: bool,
    pub metadata: &'a BTreeMap<String, String>,
}

fn unexpected_state(pi: &WirePaymentIntent, action: &str) -> ProviderError {
    let status = serde_json::to_value(pi.status)
        .ok()
        .and_then(|s| s.as_str().map(str::to_owned))
        .unwrap_or_default();
    invalid(
        "payment_intent_unexpected_state",
        format!("You cannot {action} this PaymentIntent because it has a status of {status}."),
    )
}

pub async fn create(
    p: &TestProvider,
    w: &mut Work<'_>,
    new: NewIntent<'_>,
) -> Result<Value, ProviderError> {
    if new.amount < 1 {
        return Err(invalid(
            "parameter_invalid_integer",
            "This value must be greater than or equal to 1.",
        )
        .with_param("amount"));
    }
    if let Some(customer) = new.customer {
        w.get::<WireCustomer>("customer", customer).await?;
    }
    if new.confirm && new.payment_method.is_none() {
        return Err(invalid(
            "payment_intent_unexpected_state",
            "You cannot confirm this PaymentIntent because it's missing a payment method.",
        ));
    }
    let method = match new.payment_method {
        Some(id) => Some(methods::resolve(p, w, id).await?),
        None => None,
    };
    let id = p.new_id("pi");
    let pi = WirePaymentIntent {
        client_secret: Some(p.client_secret(&id)),
        id,
        object: KIND.to_owned(),
        amount: new.amount,
        amount_capturable: 0,
        amount_received: 0,
        currency: new.currency.to_ascii_lowercase(),
        status: if method.is_some() {
            IntentStatus::RequiresConfirmation
        } else {
            IntentStatus::RequiresPaymentMethod
        },
        capture_method: Some("automatic".to_owned()),
        customer: new.customer.map(str::to_owned),
        payment_method: method.as_ref().map(|m| m.pm.id.clone()),
        setup_future_usage: new.save_payment_method.then(|| "off_session".to_owned()),
        next_action: None,
        last_payment_error: None,
        latest_charge: None,
        metadata: new.metadata.clone(),
        created: w.now,
        canceled_at: None,
        cancellation_reason: None,
        livemode: false,
    };
    w.emit(p.new_id("evt"), "payment_intent.created", &pi)?;
    match method {
        Some(method) if new.confirm => {
            confirm_with(p, w, pi, method, new.return_url, new.off_session).await
        }
        _ => {
            w.save(KIND, &pi.id, None, &pi)?;
            json(&pi)
        }
    }
}

pub async fn confirm(
    p: &TestProvider,
    w: &mut Work<'_>,
    id: &str,
    payment_method: Option<&str>,
    return_url: Option<&str>,
    off_session: bool,
) -> Result<Value, ProviderError> {
    let pi: WirePaymentIntent = w.get(KIND, id).await?;
    if !matches!(
        pi.status,
        IntentStatus::RequiresPaymentMethod | IntentStatus::RequiresConfirmation
    ) {
        return Err(unexpected_state(&pi, "confirm"));
    }
    let Some(method_id) = payment_method.map(str::to_owned).or(pi.payment_method.clone()) else {
        return Err(invalid(
            "payment_intent_unexpected_state",
            "You cannot confirm this PaymentIntent because it's missing a payment method.",
        ));
    };
    let method = methods::resolve(p, w, &method_id).await?;
    if let (Some(owner), Some(customer)) = (&method.pm.customer, &pi.customer)
        && owner != customer
    {
        return Err(invalid(
            "payment_method_unexpected_state",
            "The provided PaymentMethod belongs to another Customer.",
        ));
    }
    confirm_with(p, w, pi, method, return_url, off_session).await
}

/// The card's profile decides: success, a refusal, or 3-D Secure first.
async fn confirm_with(
    p: &TestProvider,
    w: &mut Work<'_>,
    mut pi: WirePaymentIntent,
    mut method: StoredMethod,
    return_url: Option<&str>,
    off_session: bool,
) -> Result<Value, ProviderError> {
    pi.payment_method = Some(method.pm.id.clone());
    pi.last_payment_error = None;
    pi.next_action = None;
    match method.profile().behaviour {
        Behaviour::Succeeds => succeed(p, w, pi, &mut method),
        Behaviour::Declines(decline) => refuse(p, w, pi, decline),
        Behaviour::AttachesThenDeclines => refuse(p, w, pi, cards::GENERIC_DECLINE),
        Behaviour::Authenticates { when, .. } => {
            let exempt = off_session
                && match when {
                    AuthWhen::Always => false,
                    AuthWhen::UnlessSetUp => method.set_up,
                    AuthWhen::OnSessionOnly => true,
                };
            if exempt {
                succeed(p, w, pi, &mut method)
            } else if off_session {
                refuse(p, w, pi, cards::AUTHENTICATION_REQUIRED)
            } else {
                require_action(p, w, pi, return_url)
            }
        }
    }
}

fn succeed(
    p: &TestProvider,
    w: &mut Work<'_>,
    mut pi: WirePaymentIntent,
    method: &mut StoredMethod,
) -> Result<Value, ProviderError> {
    let charge = charge(p, w, &pi, None);
    w.save("charge", &charge.id, Some(&pi.id), &charge)?;
    pi.status = IntentStatus::Succeeded;
    pi.amount_received = pi.amount;
    pi.latest_charge = Some(charge.id.clone());
    pi.next_action = None;
    if pi.setup_future_usage.is_some()
        && let Some(customer) = &pi.customer
    {
        method.pm.customer = Some(customer.clone());
        method.set_up = true;
        w.save(methods::KIND, &method.pm.id, Some(customer), method)?;
    }
    w.emit(p.new_id("evt"), "charge.succeeded", &charge)?;
    w.emit(p.new_id("evt"), "payment_intent.succeeded", &pi)?;
    w.save(KIND, &pi.id, None, &pi)?;
    json(&pi)
}

fn charge(
    p: &TestProvider,
    w: &Work<'_>,
    pi: &WirePaymentIntent,
    failure: Option<&Decline>,
) -> WireCharge {
    WireCharge {
        id: p.new_id("ch"),
        object: Some("charge".to_owned()),
        amount: pi.amount,
        amount_refunded: 0,
        currency: pi.currency.clone(),
        payment_intent: Some(pi.id.clone()),
        payment_method: pi.payment_method.clone(),
        refunded: false,
        paid: failure.is_none(),
        status: Some(if failure.is_none() { "succeeded" } else { "failed" }.to_owned()),
        failure_code: failure.map(|d| d.code.to_owned()),
        created: w.now,
        livemode: false,
    }
}

fn card_error(decline: &Decline) -> WireError {
    WireError {
        kind: "card_error".to_owned(),
        code: Some(decline.code.to_owned()),
        decline_code: decline.decline_code.map(str::to_owned),
        message: Some(decline.message.to_owned()),
        param: None,
        payment_intent: None,
        setup_intent: None,
    }
}

/// The refused intent back to `requires_payment_method`, as the error Stripe answers (402).
fn refuse(
    p: &TestProvider,
    w: &mut Work<'_>,
    pi: WirePaymentIntent,
    decline: Decline,
) -> Result<Value, ProviderError> {
    let pi = decline_intent(p, w, pi, &decline)?;
    Err(ProviderError::Card {
        error: card_error(&decline).card_error(),
        intent: Some(Box::new(pi.to_domain()?)),
    })
}

fn decline_intent(
    p: &TestProvider,
    w: &mut Work<'_>,
    mut pi: WirePaymentIntent,
    decline: &Decline,
) -> Result<WirePaymentIntent, ProviderError> {
    let charge = charge(p, w, &pi, Some(decline));
    w.save("charge", &charge.id, Some(&pi.id), &charge)?;
    pi.status = IntentStatus::RequiresPaymentMethod;
    pi.payment_method = None;
    pi.next_action = None;
    pi.latest_charge = Some(charge.id.clone());
    pi.last_payment_error = Some(card_error(decline));
    w.emit(p.new_id("evt"), "charge.failed", &charge)?;
    w.emit(p.new_id("evt"), "payment_intent.payment_failed", &pi)?;
    w.save(KIND, &pi.id, None, &pi)?;
    Ok(pi)
}

/// 3-D Secure: a redirect to the challenge page when the shop gave a return URL, else the
/// same page for the browser client to open (Stripe's `use_stripe_sdk`).
fn require_action(
    p: &TestProvider,
    w: &mut Work<'_>,
    mut pi: WirePaymentIntent,
    return_url: Option<&str>,
) -> Result<Value, ProviderError> {
    let url = p.challenge_url(&pi.id, pi.client_secret.as_deref().unwrap_or(""), return_url);
    pi.status = IntentStatus::RequiresAction;
    pi.next_action = Some(match return_url {
        Some(return_url) => WireNextAction {
            kind: "redirect_to_url".to_owned(),
            redirect_to_url: Some(RedirectToUrl {
                url,
                return_url: Some(return_url.to_owned()),
            }),
            use_stripe_sdk: None,
        },
        None => WireNextAction {
            kind: "use_stripe_sdk".to_owned(),
            redirect_to_url: None,
            use_stripe_sdk: Some(serde_json::json!({
                "type": "three_d_secure_redirect",
                "stripe_js": url,
            })),
        },
    });
    w.emit(p.new_id("evt"), "payment_intent.requires_action", &pi)?;
    w.save(KIND, &pi.id, None, &pi)?;
    json(&pi)
}

/// The shopper passed or failed the challenge. Answers the intent as it ends (a refusal
/// after authentication is in `last_payment_error`, not an error of this call).
pub async fn authenticate(
    p: &TestProvider,
    w: &mut Work<'_>,
    id: &str,
    success: bool,
) -> Result<Value, ProviderError> {
    let mut pi: WirePaymentIntent = w.get(KIND, id).await?;
    if pi.status != IntentStatus::RequiresAction {
        return Err(unexpected_state(&pi, "authenticate"));
    }
    if !success {
        pi.status = IntentStatus::RequiresPaymentMethod;
        pi.payment_method = None;
        pi.next_action = None;
        pi.last_payment_error = Some(WireError {
            kind: "invalid_request_error".to_owned(),
            code: Some("payment_intent_authentication_failure".to_owned()),
            decline_code: None,
            message: Some(cards::messages::PAYMENT_AUTHENTICATION_FAILED.to_owned()),
            param: None,
            payment_intent: None,
            setup_intent: None,
        });
        w.emit(p.new_id("evt"), "payment_intent.payment_failed", &pi)?;
        w.save(KIND, &pi.id, None, &pi)?;
        return json(&pi);
    }
    let method_id = pi.payment_method.clone().unwrap_or_default();
    let mut method: StoredMethod = w.get(methods::KIND, &method_id).await?;
    match method.profile().behaviour {
        Behaviour::Authenticates {
            after: Some(decline),
            ..
        } => json(&decline_intent(p, w, pi, &decline)?),
        _ => succeed(p, w, pi, &mut method),
    }
}

pub async fn cancel(p: &TestProvider, w: &mut Work<'_>, id: &str) -> Result<Value, ProviderError> {
    let mut pi: WirePaymentIntent = w.get(KIND, id).await?;
    if !matches!(
        pi.status,
        IntentStatus::RequiresPaymentMethod
            | IntentStatus::RequiresConfirmation
            | IntentStatus::RequiresAction
            | IntentStatus::RequiresCapture
    ) {
        return Err(unexpected_state(&pi, "cancel"));
    }
    pi.status = IntentStatus::Canceled;
    pi.canceled_at = Some(w.now);
    pi.next_action = None;
    pi.amount_capturable = 0;
    w.emit(p.new_id("evt"), "payment_intent.canceled", &pi)?;
    w.save(KIND, &pi.id, None, &pi)?;
    json(&pi)
}

pub struct IntentChanges<'a> {
    pub amount: Option<i64>,
    pub currency: Option<&'a str>,
    pub payment_method: Option<&'a str>,
    pub metadata: &'a BTreeMap<String, String>,
}

pub async fn update(
    p: &TestProvider,
    w: &mut Work<'_>,
    id: &str,
    changes: IntentChanges<'_>,
) -> Result<Value, ProviderError> {
    let mut pi: WirePaymentIntent = w.get(KIND, id).await?;
    if !matches!(
        pi.status,
        IntentStatus::RequiresPaymentMethod
            | IntentStatus::RequiresConfirmation
            | IntentStatus::RequiresAction
    ) {
        return Err(unexpected_state(&pi, "update"));
    }
    if let Some(amount) = changes.amount {
        if amount < 1 {
            return Err(invalid(
                "parameter_invalid_integer",
                "This value must be greater than or equal to 1.",
            )
            .with_param("amount"));
        }
        pi.amount = amount;
    }
    if let Some(currency) = changes.currency {
        pi.currency = currency.to_ascii_lowercase();
    }
    let mut payment_changed = changes.amount.is_some() || changes.currency.is_some();
    if let Some(method_id) = changes.payment_method {
        let method = methods::resolve(p, w, method_id).await?;
        pi.payment_method = Some(method.pm.id);
        payment_changed = true;
    }
    // Stripe merges metadata; an empty value deletes the key.
    for (key, value) in changes.metadata {
        if value.is_empty() {
            pi.metadata.remove(key);
        } else {
            pi.metadata.insert(key.clone(), value.clone());
        }
    }
    if pi.status != IntentStatus::RequiresAction || payment_changed {
        pi.next_action = None;
        pi.status = if pi.payment_method.is_some() {
            IntentStatus::RequiresConfirmation
        } else {
            IntentStatus::RequiresPaymentMethod
        };
    }
    w.save(KIND, &pi.id, None, &pi)?;
    json(&pi)
}

pub async fn refund(
    p: &TestProvider,
    w: &mut Work<'_>,
    payment_intent: &str,
    amount: Option<i64>,
    currency: Option<&str>,
) -> Result<Value, ProviderError> {
    let pi: WirePaymentIntent = w.get(KIND, payment_intent).await?;
    let Some(charge_id) = pi
        .latest_charge
        .clone()
        .filter(|_| pi.status == IntentStatus::Succeeded)
    else {
        return Err(invalid(
            "charge_not_refundable",
            format!("This PaymentIntent ({payment_intent}) does not have a successful charge to refund."),
        ));
    };
    if currency.is_some_and(|c| !c.eq_ignore_ascii_case(&pi.currency)) {
        return Err(invalid(
            "parameter_invalid",
            "The refund's currency must be the payment's currency.",
        ));
    }
    let mut charge: WireCharge = w.get("charge", &charge_id).await?;
    let remaining = charge.amount - charge.amount_refunded;
    if remaining <= 0 {
        return Err(invalid(
            "charge_already_refunded",
            format!("Charge {charge_id} has already been refunded."),
        ));
    }
    let amount = amount.unwrap_or(remaining);
    if amount < 1 || amount > remaining {
        return Err(invalid(
            "amount_too_large",
            format!(
                "Refund amount ({amount}) is greater than unrefunded amount on charge ({remaining})"
            ),
        )
        .with_param("amount"));
    }
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded == charge.amount;
    let refund = crate::wire::WireRefund {
        id: p.new_id("re"),
        object: Some("refund".to_owned()),
        amount,
        currency: pi.currency.clone(),
        payment_intent: Some(pi.id.clone()),
        charge: Some(charge.id.clone()),
        status: Some("succeeded".to_owned()),
        created: w.now,
    };
    w.save("charge", &charge.id, Some(&pi.id), &charge)?;
    w.save("refund", &refund.id, Some(&pi.id), &refund)?;
    w.emit(p.new_id("evt"), "charge.refunded", &charge)?;
    json(&refund)
}

/// Adds Stripe's `param` to an invalid-request error's message.
trait WithParam {
    fn with_param(self, param: &str) -> Self;
}

impl WithParam for ProviderError {
    fn with_param(self, param: &str) -> Self {
        match self {
            ProviderError::InvalidRequest { code, message } => ProviderError::InvalidRequest {
                code,
                message: format!("{message} (parameter: {param})"),
            },
            other => other,
        }
    }
}
