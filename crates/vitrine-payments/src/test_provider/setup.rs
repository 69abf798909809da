//! SetupIntents (payments-anchors §8.4.3): saving a card for later. A refused card goes back
//! to `requires_payment_method` with `last_setup_error` (Stripe's status semantics; localstripe
//! cancels the intent instead — a deliberate difference).

use std::collections::BTreeMap;

use serde_json::Value;
use vitrine_domain::payment::{ProviderError, SetupStatus};

use super::methods::{self, StoredMethod};
use super::work::{Work, invalid};
use super::{TestProvider, json};
use crate::cards::{self, Behaviour};
use crate::wire::{RedirectToUrl, WireCustomer, WireError, WireNextAction, WireSetupIntent};

pub const KIND: &str = "setup_intent";

fn unexpected_state(si: &WireSetupIntent, action: &str) -> ProviderError {
    let status = serde_json::to_value(si.status)
        .ok()
        .and_then(|s| s.as_str().map(str::to_owned))
        .unwrap_or_default();
    invalid(
        "setup_intent_unexpected_state",
        format!("You cannot {action} this SetupIntent because it has a status of {status}."),
    )
}

pub async fn create(
    p: &TestProvider,
    w: &mut Work<'_>,
    customer: Option<&str>,
    payment_method: Option<&str>,
    confirm: bool,
    return_url: Option<&str>,
    metadata: &BTreeMap<String, String>,
) -> Result<Value, ProviderError> {
    if let Some(customer) = customer {
        w.get::<WireCustomer>("customer", customer).await?;
    }
    if confirm && payment_method.is_none() {
        return Err(invalid(
            "setup_intent_unexpected_state",
            "You cannot confirm this SetupIntent because it's missing a payment method.",
        ));
    }
    let method = match payment_method {
        Some(id) => Some(methods::resolve(p, w, id).await?),
        None => None,
    };
    let id = p.new_id("seti");
    let si = WireSetupIntent {
        client_secret: Some(p.client_secret(&id)),
        id,
        object: KIND.to_owned(),
        status: if method.is_some() {
            SetupStatus::RequiresConfirmation
        } else {
            SetupStatus::RequiresPaymentMethod
        },
        customer: customer.map(str::to_owned),
        payment_method: method.as_ref().map(|m| m.pm.id.clone()),
        usage: Some("off_session".to_owned()),
        next_action: None,
        last_setup_error: None,
        metadata: metadata.clone(),
        created: w.now,
        cancellation_reason: None,
        livemode: false,
    };
    w.emit(p.new_id("evt"), "setup_intent.created", &si)?;
    match method {
        Some(method) if confirm => confirm_with(p, w, si, method, return_url),
        _ => {
            w.save(KIND, &si.id, None, &si)?;
            json(&si)
        }
    }
}

pub async fn confirm(
    p: &TestProvider,
    w: &mut Work<'_>,
    id: &str,
    payment_method: Option<&str>,
    return_url: Option<&str>,
) -> Result<Value, ProviderError> {
    let si: WireSetupIntent = w.get(KIND, id).await?;
    if !matches!(
        si.status,
        SetupStatus::RequiresPaymentMethod | SetupStatus::RequiresConfirmation
    ) {
        return Err(unexpected_state(&si, "confirm"));
    }
    let Some(method_id) = payment_method.map(str::to_owned).or(si.payment_method.clone()) else {
        return Err(invalid(
            "setup_intent_unexpected_state",
            "You cannot confirm this SetupIntent because it's missing a payment method.",
        ));
    };
    let method = methods::resolve(p, w, &method_id).await?;
    confirm_with(p, w, si, method, return_url)
}

fn confirm_with(
    p: &TestProvider,
    w: &mut Work<'_>,
    mut si: WireSetupIntent,
    mut method: StoredMethod,
    return_url: Option<&str>,
) -> Result<Value, ProviderError> {
    si.payment_method = Some(method.pm.id.clone());
    si.last_setup_error = None;
    match method.profile().behaviour {
        // Saving 4000000000000341 works; only its charges fail.
        Behaviour::Succeeds | Behaviour::AttachesThenDeclines => {
            succeed(p, w, si, &mut method)
        }
        Behaviour::Declines(decline) => {
            let error = WireError {
                kind: "card_error".to_owned(),
                code: Some(decline.code.to_owned()),
                decline_code: decline.decline_code.map(str::to_owned),
                message: Some(decline.message.to_owned()),
                param: None,
                payment_intent: None,
                setup_intent: None,
            };
            fail(p, w, si, error.clone())?;
            Err(ProviderError::Card {
                error: error.card_error(),
                intent: None,
            })
        }
        Behaviour::Authenticates { .. } => {
            let url = p.challenge_url(&si.id, si.client_secret.as_deref().unwrap_or(""), return_url);
            si.status = SetupStatus::RequiresAction;
            si.next_action = Some(match return_url {
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
            w.emit(p.new_id("evt"), "setup_intent.requires_action", &si)?;
            w.save(KIND, &si.id, None, &si)?;
            json(&si)
        }
    }
}

fn succeed(
    p: &TestProvider,
    w: &mut Work<'_>,
    mut si: WireSetupIntent,
    method: &mut StoredMethod,
) -> Result<Value, ProviderError> {
    si.status = SetupStatus::Succeeded;
    si.next_action = None;
    if let Some(customer) = &si.customer {
        method.pm.customer = Some(customer.clone());
    }
    method.set_up = true;
    w.save(
        methods::KIND,
        &method.pm.id,
        method.pm.customer.as_deref(),
        method,
    )?;
    w.emit(p.new_id("evt"), "setup_intent.succeeded", &si)?;
    w.save(KIND, &si.id, None, &si)?;
    json(&si)
}

fn fail(
    p: &TestProvider,
    w: &mut Work<'_>,
    mut si: WireSetupIntent,
    error: WireError,
) -> Result<Value, ProviderError> {
    si.status = SetupStatus::RequiresPaymentMethod;
    si.payment_method = None;
    si.next_action = None;
    si.last_setup_error = Some(error);
    w.emit(p.new_id("evt"), "setup_intent.setup_failed", &si)?;
    w.save(KIND, &si.id, None, &si)?;
    json(&si)
}

pub async fn authenticate(
    p: &TestProvider,
    w: &mut Work<'_>,
    id: &str,
    success: bool,
) -> Result<Value, ProviderError> {
    let si: WireSetupIntent = w.get(KIND, id).await?;
    if si.status != SetupStatus::RequiresAction {
        return Err(unexpected_state(&si, "authenticate"));
    }
    if !success {
        let error = WireError {
            kind: "invalid_request_error".to_owned(),
            code: Some("setup_intent_authentication_failure".to_owned()),
            decline_code: None,
            message: Some(cards::messages::SETUP_AUTHENTICATION_FAILED.to_owned()),
            param: None,
            payment_intent: None,
            setup_intent: None,
        };
        return fail(p, w, si, error);
    }
    let method_id = si.payment_method.clone().unwrap_or_default();
    let mut method: StoredMethod = w.get(methods::KIND, &method_id).await?;
    succeed(p, w, si, &mut method)
}

pub async fn cancel(p: &TestProvider, w: &mut Work<'_>, id: &str) -> Result<Value, ProviderError> {
    let mut si: WireSetupIntent = w.get(KIND, id).await?;
    if !matches!(
        si.status,
        SetupStatus::RequiresPaymentMethod
            | SetupStatus::RequiresConfirmation
            | SetupStatus::RequiresAction
    ) {
        return Err(unexpected_state(&si, "cancel"));
    }
    si.status = SetupStatus::Canceled;
    si.next_action = None;
    w.emit(p.new_id("evt"), "setup_intent.canceled", &si)?;
    w.save(KIND, &si.id, None, &si)?;
    json(&si)
}
