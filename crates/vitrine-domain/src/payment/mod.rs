//! Card payments as the shop sees them (ADR 0014): a provider-neutral port shaped after
//! Stripe's PaymentIntent and SetupIntent objects, so the offline test provider and the Stripe
//! adapter answer alike, and wallets and Afterpay later hand over a payment-method id the same
//! way a card does. No I/O here: adapters implement [`PaymentProvider`].

mod provider;
pub mod saved;
pub mod test_ledger;
mod types;

pub use provider::{PaymentProvider, ProviderKind};
pub use types::*;

/// `pm_` and a provider id: letters, digits and underscores.
pub fn is_payment_method_id(id: &str) -> bool {
    id.len() <= 255
        && id.strip_prefix("pm_").is_some_and(|rest| {
            !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
        })
}
