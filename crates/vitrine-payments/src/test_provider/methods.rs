//! Payment methods and customers. A payment method keeps its card's profile name (what the
//! test card does), brand, last four and expiry: never the number.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use vitrine_domain::payment::ProviderError;

use super::work::{Work, invalid};
use super::{TestProvider, json};
use crate::cards::{self, Profile};
use crate::wire::{WireCard, WireCustomer, WirePaymentMethod};

pub const KIND: &str = "payment_method";

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct StoredMethod {
    #[serde(flatten)]
    pub pm: WirePaymentMethod,
    /// The test card's profile ([`cards::profile_named`]).
    pub profile: String,
    /// Set up for off-session use by a succeeded SetupIntent or a saved payment.
    #[serde(default)]
    pub set_up: bool,
}

impl StoredMethod {
    pub fn profile(&self) -> Profile {
        cards::profile_named(&self.profile).unwrap_or_else(|| cards::profile_for_number(""))
    }
}

pub struct NewCard<'a> {
    pub profile: &'a str,
    pub brand: &'a str,
    pub last4: &'a str,
    pub exp_month: u8,
    pub exp_year: u16,
    pub funding: &'a str,
    pub billing_details: Value,
    pub fingerprint: Option<&'a str>,
}

pub fn create_card(
    p: &TestProvider,
    w: &mut Work<'_>,
    card: NewCard<'_>,
) -> Result<StoredMethod, ProviderError> {
    let method = StoredMethod {
        pm: WirePaymentMethod {
            id: p.new_id("pm"),
            object: Some(KIND.to_owned()),
            kind: Some("card".to_owned()),
            card: Some(WireCard {
                brand: card.brand.to_owned(),
                last4: card.last4.to_owned(),
                exp_month: card.exp_month,
                exp_year: card.exp_year,
                funding: Some(card.funding.to_owned()),
                fingerprint: card.fingerprint.map(str::to_owned),
            }),
            customer: None,
            billing_details: Some(card.billing_details),
            created: w.now,
            livemode: false,
        },
        profile: card.profile.to_owned(),
        set_up: false,
    };
    w.save(KIND, &method.pm.id, None, &method)?;
    Ok(method)
}

/// A stored payment method, or a fresh one for Stripe's magic ids (`pm_card_visa`), which
/// stand for a test card on the server side.
pub async fn resolve(
    p: &TestProvider,
    w: &mut Work<'_>,
    id: &str,
) -> Result<StoredMethod, ProviderError> {
    if let Some(number) = cards::magic_number(id) {
        let profile = cards::profile_for_number(number);
        let fingerprint = cards::fingerprint(number);
        let year = time::OffsetDateTime::from_unix_timestamp(w.now)
            .map(|t| t.year())
            .unwrap_or(2030);
        return create_card(
            p,
            w,
            NewCard {
                profile: profile.name,
                brand: profile.brand,
                last4: &number[number.len() - 4..],
                exp_month: 12,
                exp_year: u16::try_from(year + 1).unwrap_or(2030),
                funding: profile.funding,
                billing_details: Value::Null,
                fingerprint: Some(&fingerprint),
            },
        );
    }
    w.get(KIND, id).await
}

pub async fn attach(w: &mut Work<'_>, id: &str, customer: &str) -> Result<Value, ProviderError> {
    w.get::<WireCustomer>("customer", customer).await?;
    let mut method: StoredMethod = w.get(KIND, id).await?;
    match &method.pm.customer {
        Some(owner) if owner == customer => {}
        Some(_) => {
            return Err(invalid(
                "payment_method_unexpected_state",
                "The payment method you provided has already been attached to a customer.",
            ));
        }
        None => method.pm.customer = Some(customer.to_owned()),
    }
    w.save(KIND, id, Some(customer), &method)?;
    json(&method)
}

pub async fn detach(w: &mut Work<'_>, id: &str) -> Result<Value, ProviderError> {
    let mut method: StoredMethod = w.get(KIND, id).await?;
    if method.pm.customer.is_none() {
        return Err(invalid(
            "payment_method_unexpected_state",
            "The payment method you provided is not attached to a customer so detachment is impossible.",
        ));
    }
    method.pm.customer = None;
    method.set_up = false;
    w.save(KIND, id, None, &method)?;
    json(&method)
}

pub fn create_customer(
    p: &TestProvider,
    w: &mut Work<'_>,
    email: Option<&str>,
    name: Option<&str>,
    metadata: &std::collections::BTreeMap<String, String>,
) -> Result<Value, ProviderError> {
    let customer = WireCustomer {
        id: p.new_id("cus"),
        object: Some("customer".to_owned()),
        email: email.map(str::to_owned),
        name: name.map(str::to_owned),
        metadata: metadata.clone(),
        created: w.now,
        livemode: false,
    };
    w.save("customer", &customer.id, None, &customer)?;
    json(&customer)
}
