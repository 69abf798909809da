//! Prices in the shopper's currency (ADR 0012): the shop's currencies and discount rules,
//! localised once per currency ([`PriceBook`]), kept in step with the exchange rates a
//! [`RateRefresher`] holds. Catalogue views, quotes and carts ask for a [`Pricer`] — one
//! currency's prices — and never convert or discount anything themselves.
//!
//! A rate refresh is picked up by the next request that asks for prices: the book is rebuilt
//! once per new set of rates (a few rules localised into a few currencies), so nothing runs
//! on a schedule here and nothing on a request path waits for the rate source.

mod book;
mod pricer;
mod settings;

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, PoisonError, RwLock};

use time::Date;
use vitrine_domain::account::User;
use vitrine_domain::money::Currency;
use vitrine_domain::pricing::discount::{Customer, Discounts};
use vitrine_domain::pricing::{ConvertError, Currencies};
use vitrine_domain::rates::{ExchangeRates, RatesError};

pub use book::{PriceBook, PricingConfigError};
pub use pricer::Pricer;
pub use settings::{PricingSettings, SETTINGS_POLL, SettingsFollower, SettingsView};

#[cfg(test)]
mod tests;

use crate::error::{AppError, AppResult};
use crate::rates::{RateRefresher, RateStatus};

/// Who prices are for: the currency they chose and who they are (guests get no role rules).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shopper {
    pub currency: Currency,
    pub customer: Customer,
}

impl Shopper {
    pub fn guest(currency: Currency) -> Self {
        Self {
            currency,
            customer: Customer::guest(),
        }
    }

    /// A shopper in `currency`, logged in as `user` or a guest. Completed orders are not
    /// known yet (there are no orders), so first-order rules wait for checkout.
    pub fn new(currency: Currency, user: Option<&User>) -> Self {
        Self {
            currency,
            customer: Customer {
                role: user.map(|u| u.role),
                completed_orders: None,
            },
        }
    }
}

/// The shop owner's currencies and rules, checked: every rule converts into every currency.
#[derive(Debug, Clone)]
pub struct PricingPolicy {
    book: Arc<PriceBook>,
}

impl PricingPolicy {
    /// Checks that `rules` (in the base) localise into every currency of `currencies`.
    pub fn new(currencies: Currencies, rules: Discounts) -> Result<Self, PricingConfigError> {
        Ok(Self {
            book: Arc::new(PriceBook::new(currencies, rules)?),
        })
    }

    /// The base currency only, in WooCommerce's format for it, without rules.
    pub fn base_only(base: Currency) -> Self {
        let currencies = Currencies::base_only(base);
        Self::new(currencies, Discounts::none(base))
            .unwrap_or_else(|_| unreachable!("a lone base converts nothing"))
    }

    pub fn currencies(&self) -> &Currencies {
        self.book.currencies()
    }

    pub fn rules(&self) -> &Discounts {
        self.book.rules()
    }

    /// The configured rates as a rate set published `on`: the refresher's fallback, and what
    /// prices use until a source answers.
    pub fn configured_rates(&self, on: Date) -> Result<ExchangeRates, RatesError> {
        let currencies = self.currencies();
        let rated = currencies
            .all()
            .iter()
            .filter_map(|s| Some((s.currency(), s.rate()?)));
        ExchangeRates::new(currencies.base(), on, rated)
    }
}

/// The shop's prices, shared by every request. Cheap to clone.
#[derive(Clone)]
pub struct Pricing {
    inner: Arc<Inner>,
}

struct Inner {
    book: RwLock<Arc<PriceBook>>,
    rates: Option<RateRefresher>,
    /// The currencies and rules in force (the file's, or saved through the API) and the
    /// settings version they came from (0: the file's).
    settings: RwLock<(PricingPolicy, i64)>,
    /// Raised whenever the prices change (new settings, refreshed rates applied).
    generation: AtomicU64,
}

impl Pricing {
    /// Prices by `policy`, following `rates` when the shop refreshes them from a source.
    pub fn new(policy: PricingPolicy, rates: Option<RateRefresher>) -> Self {
        let book = match &rates {
            // The refresher starts from the configured rates: nothing to rebuild for them.
            Some(refresher) => Arc::new(policy.book.at_rates_unchanged(refresher.current())),
            None => Arc::clone(&policy.book),
        };
        Self {
            inner: Arc::new(Inner {
                book: RwLock::new(book),
                rates,
                settings: RwLock::new((policy, 0)),
                generation: AtomicU64::new(0),
            }),
        }
    }

    /// The version of the pricing settings in force: 0 for the configuration file's, else
    /// the number of the save through the API they came from. Pages and caches whose prices
    /// depend on the rules or currencies can key on it.
    pub fn version(&self) -> i64 {
        self.settings().1
    }

    /// A number raised every time prices change (settings in force, refreshed exchange
    /// rates applied): rendered prices kept under one generation stay right within it.
    pub fn generation(&self) -> u64 {
        // Applies refreshed rates first, so the number moves with them.
        let _ = self.book();
        self.inner.generation.load(Ordering::Acquire)
    }

    /// The currencies and rules in force, as configured (before refreshed rates).
    pub fn policy(&self) -> PricingPolicy {
        self.settings().0
    }

    fn settings(&self) -> (PricingPolicy, i64) {
        self.inner
            .settings
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// Prices by `policy` from now on, when `version` is newer than the settings in force
    /// (an older or equal one is ignored, so a late poll never rolls back a save). Refreshed
    /// rates, if any, apply to the new currencies at once.
    pub(crate) fn replace_policy(&self, policy: PricingPolicy, version: i64) -> bool {
        let mut settings = self
            .inner
            .settings
            .write()
            .unwrap_or_else(PoisonError::into_inner);
        if version <= settings.1 {
            return false;
        }
        let book = match &self.inner.rates {
            Some(refresher) => {
                let rates = refresher.current();
                match policy.book.with_rates(Arc::clone(&rates)) {
                    Ok((book, _)) => book,
                    Err(error) => {
                        tracing::warn!(%error, "the new pricing settings keep their configured \
                            rates: the refreshed exchange rates do not apply to them");
                        policy.book.at_rates_unchanged(rates)
                    }
                }
            }
            None => (*policy.book).clone(),
        };
        *self
            .inner
            .book
            .write()
            .unwrap_or_else(PoisonError::into_inner) = Arc::new(book);
        *settings = (policy, version);
        self.inner.generation.fetch_add(1, Ordering::AcqRel);
        true
    }

    pub fn base(&self) -> Currency {
        self.book().currencies().base()
    }

    /// More than one currency to choose from (pages then vary by the currency cookie).
    pub fn is_multi_currency(&self) -> bool {
        self.book().currencies().all().len() > 1
    }

    /// Whether any rule depends on who is shopping (a login, a role, a first order), so
    /// prices must be worked out per shopper rather than for a guest.
    pub fn rules_depend_on_customer(&self) -> bool {
        self.book().rules().rules().iter().any(|r| {
            let c = &r.conditions;
            c.logged_in.is_some() || !c.roles.is_empty() || c.first_order
        })
    }

    /// The shop's currency for a code a shopper sent; `unsupported_currency` otherwise.
    pub fn resolve(&self, code: &str) -> AppResult<Currency> {
        self.book()
            .currencies()
            .resolve(code)
            .map_err(pricing_error)
    }

    /// One currency's prices, at the rates held now.
    pub fn pricer(&self, currency: Currency) -> AppResult<Pricer> {
        Pricer::new(self.book(), currency)
    }

    /// The prices now: rebuilt first when the refresher holds rates this book was not made
    /// from.
    pub fn book(&self) -> Arc<PriceBook> {
        let held = Arc::clone(
            &self
                .inner
                .book
                .read()
                .unwrap_or_else(PoisonError::into_inner),
        );
        let Some(refresher) = &self.inner.rates else {
            return held;
        };
        let rates = refresher.current();
        if held.rates.as_ref().is_some_and(|r| Arc::ptr_eq(r, &rates)) {
            return held;
        }
        let mut book = self
            .inner
            .book
            .write()
            .unwrap_or_else(PoisonError::into_inner);
        if book.rates.as_ref().is_some_and(|r| Arc::ptr_eq(r, &rates)) {
            return Arc::clone(&book);
        }
        match book.with_rates(Arc::clone(&rates)) {
            Ok((next, update)) => {
                tracing::info!(published = %rates.published(), updated = %codes(&update.updated),
                    kept = %codes(&update.kept), "prices follow the refreshed exchange rates");
                *book = Arc::new(next);
            }
            Err(error) => {
                // The refresher only keeps rates that passed its checks, so this is a rule or
                // currency the new rates cannot serve: keep pricing at the rates held.
                tracing::warn!(%error, published = %rates.published(),
                    "refreshed exchange rates not applied; prices keep the rates held");
                *book = Arc::new(book.at_rates_unchanged(rates));
            }
        }
        // After the swap: a generation read from now on prices with the new book.
        self.inner.generation.fetch_add(1, Ordering::AcqRel);
        Arc::clone(&book)
    }

    /// How refreshing goes; `None` when the shop uses its configured rates only.
    pub fn rate_status(&self) -> Option<RateStatus> {
        self.inner.rates.as_ref().map(RateRefresher::status)
    }
}

/// "EUR, GBP", for logs.
fn codes(currencies: &[Currency]) -> String {
    let codes: Vec<&str> = currencies.iter().map(|c| c.code()).collect();
    codes.join(", ")
}

/// A pricing failure as the application answers it: an unknown currency is the shopper's
/// doing (400), anything else is ours (a logged 500).
pub(crate) fn pricing_error(error: ConvertError) -> AppError {
    match error {
        ConvertError::Unsupported(code) => AppError::UnsupportedCurrency(code),
        other => AppError::Internal(anyhow::Error::new(other)),
    }
}

impl std::fmt::Debug for Pricing {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Pricing")
            .field("book", &self.book())
            .finish_non_exhaustive()
    }
}
