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
