//! Checkout, orders and card payments (ADR 0014): the checkout view and review, placing an
//! order from the cart (idempotent), paying it through the provider port, settling it from
//! every path that learns about a payment (the checkout answer, the 3-D Secure return, the
//! order-pay page, the browser's sync, the webhook and the reconciliation job) through the
//! store's one `finalize`, the confirmation e-mail outbox, download links and the unpaid-order
//! cancel.

mod answer;
mod customer;
mod form;
mod free;
mod jobs;
mod mail;
mod orders;
mod pay;
mod place;
mod policy;
mod press;
mod purchase;
mod quote;
mod replay;
mod resume;
mod rules;
mod settle;
mod webhook;

use std::sync::Arc;

use time::OffsetDateTime;
use vitrine_domain::customer::CustomerStore;
use vitrine_domain::mail::Mailer;
use vitrine_domain::order::OrderStore;
use vitrine_domain::payment::PaymentProvider;

pub use crate::checkout_error::CheckoutError;
pub use answer::{NextStep, PaymentAnswer, PlaceAnswer, return_data};
pub use jobs::{JOB_INTERVAL, JobReport, RECONCILE_AFTER};
pub use orders::{OrderDetails, OrderPayer};
pub use place::{PlaceOrder, PlaceRequest};
pub use policy::CheckoutPolicy;
pub use quote::{CheckoutQuote, DestinationInput};
pub use rules::CheckoutRules;
pub use vitrine_domain::order::{DownloadFile, DownloadFiles};

use crate::brake::Brakes;
use crate::cart::Carts;
use crate::catalogue::Catalogue;
use crate::clock::Clock;
use crate::payment_methods::PaymentMethods;
use crate::pricing::Pricing;
use crate::tracking::TrackingState;

/// What the checkout needs from the rest of the shop.
pub struct CheckoutParts {
    pub orders: Arc<dyn OrderStore>,
    /// Signed-in customers' saved addresses (their orders save them).
    pub customers: Arc<dyn CustomerStore>,
    pub payments: Arc<dyn PaymentProvider>,
    pub mailer: Arc<dyn Mailer>,
    pub files: Arc<dyn DownloadFiles>,
    pub rules: Arc<dyn CheckoutRules>,
    pub policy: CheckoutPolicy,
    pub catalogue: Catalogue,
    pub carts: Carts,
    pub pricing: Pricing,
    pub brakes: Brakes,
    pub tracking: Option<TrackingState>,
    /// Saved cards: who pays with which method, and keeping a card paid with "save".
    pub methods: PaymentMethods,
    pub clock: Clock,
}

/// The checkout use cases. Cheap to clone.
#[derive(Clone)]
pub struct Checkout {
    inner: Arc<CheckoutParts>,
    mail: Arc<mail::MailSender>,
}

impl Checkout {
    pub fn new(parts: CheckoutParts) -> Self {
        Self {
            inner: Arc::new(parts),
            mail: Arc::default(),
        }
    }

    fn now(&self) -> OffsetDateTime {
        (self.inner.clock)()
    }

    pub fn policy(&self) -> &CheckoutPolicy {
        &self.inner.policy
    }

    pub fn rules(&self) -> &dyn CheckoutRules {
        self.inner.rules.as_ref()
    }

    /// What the browser needs to collect a card with the configured provider.
    pub fn browser_config(&self) -> vitrine_domain::payment::BrowserConfig {
        self.inner.payments.browser_config()
    }

    /// The countries the shop sells to, with their address rules.
    pub fn countries(&self) -> Vec<vitrine_domain::address::CountryView> {
        self.inner.rules.countries()
    }

    fn store(&self) -> &dyn OrderStore {
        self.inner.orders.as_ref()
    }

    fn provider(&self) -> &dyn PaymentProvider {
        self.inner.payments.as_ref()
    }

    /// An absolute address on the shop for `path` (return URLs, e-mail links).
    fn absolute(&self, path: &str) -> String {
        format!(
            "{}{path}",
            self.inner.policy.public_url.trim_end_matches('/')
        )
    }
}

impl std::fmt::Debug for Checkout {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Checkout").finish_non_exhaustive()
    }
}
