//! The pricing service: policies refused at start, currencies resolved, and prices that
//! follow the refresher's rates.

use std::sync::Mutex;
use std::time::Duration;

use async_trait::async_trait;
use rust_decimal::Decimal;
use time::OffsetDateTime;
use time::macros::{date, datetime};
use vitrine_domain::catalogue::fixtures::simple_product;
use vitrine_domain::money::Money;
use vitrine_domain::pricing::discount::DiscountConfig;
use vitrine_domain::pricing::{CurrencyConfig, ShownPrice};
use vitrine_domain::rates::{RateSource, RateSourceError};

use super::*;

const NOW: OffsetDateTime = datetime!(2026-11-27 12:00 UTC);

const CURRENCIES: &str = r#"
base = "USD"
[[currencies]]
code = "USD"
[[currencies]]
code = "EUR"
rate = "0.92"
[[currencies]]
code = "GBP"
rate = "0.79"
hidden = true
"#;

fn currencies(text: &str) -> Currencies {
    let config: CurrencyConfig = toml::from_str(text).expect("reads");
    Currencies::try_from(&config).expect("valid")
}

fn rules(text: &str) -> Discounts {
    let config: DiscountConfig = toml::from_str(text).expect("reads");
    Discounts::new(&config, Currency::USD).expect("valid")
}

fn policy() -> PricingPolicy {
    PricingPolicy::new(currencies(CURRENCIES), Discounts::none(Currency::USD)).expect("valid")
}

fn shown(pricing: &Pricing, currency: Currency, dollars_minor: i64) -> ShownPrice {
    let product = simple_product(47, "T-Shirt", dollars_minor);
    let pricer = pricing.pricer(currency).expect("offered");
    pricer
        .shown_price(&product, &Default::default(), Customer::guest(), NOW)
        .expect("prices")
        .expect("has a price")
}

#[test]
fn a_rule_amount_in_a_currency_without_rate_is_refused_at_start() {
    let fixed_only = currencies(
        r#"
        base = "USD"
        [[currencies]]
        code = "USD"
        [[currencies]]
        code = "EUR"
        fixed_prices = true
        "#,
    );
    let err = PricingPolicy::new(fixed_only, Discounts::none(Currency::USD)).expect_err("no rate");
    assert_eq!(err, PricingConfigError::FixedOnly(Currency::EUR));
    assert!(err.to_string().contains("give EUR a rate"), "{err}");
    let dollar_rules = rules(
        r#"[[rules]]
        id = "five"
        title = "Five off"
        action = { kind = "product", adjustment = { amount_off = { amount_minor = 500, currency = "USD" } } }"#,
    );
    let err = PricingPolicy::new(Currencies::base_only(Currency::EUR), dollar_rules.clone())
        .expect_err("rules written for another base");
    assert!(
        matches!(err, PricingConfigError::Localise { currency, .. } if currency == Currency::EUR)
    );
    assert!(PricingPolicy::new(currencies(CURRENCIES), dollar_rules).is_ok());
}

#[test]
fn codes_resolve_to_the_shops_currencies_hidden_ones_included() {
    let pricing = Pricing::new(policy(), None);
    assert_eq!(pricing.resolve("eur").expect("offered"), Currency::EUR);
    assert_eq!(
        pricing.resolve("GBP").expect("hidden, still accepted"),
        Currency::GBP
    );
    for code in ["JPY", "XYZ", ""] {
        assert!(matches!(
            pricing.resolve(code),
            Err(AppError::UnsupportedCurrency(sent)) if sent == code
        ));
    }
    let jpy: Currency = "JPY".parse().expect("ISO 4217");
    assert!(matches!(
        pricing.pricer(jpy),
        Err(AppError::UnsupportedCurrency(_))
    ));
    assert!(pricing.is_multi_currency());
    assert!(!Pricing::new(PricingPolicy::base_only(Currency::USD), None).is_multi_currency());
}

#[test]
fn only_login_role_and_first_order_rules_make_prices_personal() {
    let anyone = rules(
        r#"[[rules]]
        id = "all"
        title = "All"
        action = { kind = "product", adjustment = { percent = "5" } }"#,
    );
    let members = rules(
        r#"[[rules]]
        id = "members"
        title = "Members"
        conditions = { roles = ["customer"] }
        action = { kind = "product", adjustment = { percent = "5" } }"#,
    );
    let by = |rules| {
        Pricing::new(
            PricingPolicy::new(currencies(CURRENCIES), rules).expect("valid"),
            None,
        )
    };
    assert!(!by(anyone).rules_depend_on_customer());
    assert!(by(members).rules_depend_on_customer());
}

#[test]
fn the_configured_rates_are_the_fallback_rate_set() {
    let rates = policy()
        .configured_rates(date!(2026 - 11 - 27))
        .expect("valid");
    assert_eq!(rates.base(), Currency::USD);
    assert_eq!(rates.rate(Currency::EUR), Some(dec("0.92")));
    assert_eq!(rates.rate(Currency::GBP), Some(dec("0.79")));
}

fn dec(text: &str) -> Decimal {
    text.parse().expect("decimal")
}

/// Answers the rates it holds now.
struct Settable(Mutex<ExchangeRates>);

#[async_trait]
impl RateSource for Settable {
    fn name(&self) -> &str {
        "settable"
    }

    async fn latest(&self) -> Result<ExchangeRates, RateSourceError> {
        Ok(self.0.lock().expect("lock").clone())
    }
}

#[tokio::test]
async fn prices_follow_the_refreshed_rates_and_keep_unquoted_currencies() {
    let policy = policy();
    let fallback = policy
        .configured_rates(date!(2026 - 11 - 26))
        .expect("valid");
    // The ECB quotes per euro: 1 EUR = 2 USD, so 1 USD = 0.5 EUR; it does not quote GBP.
    let ecb = ExchangeRates::new(
        Currency::EUR,
        date!(2026 - 11 - 27),
        [(Currency::USD, dec("2"))],
    )
    .expect("valid");
    let source = std::sync::Arc::new(Settable(Mutex::new(ecb)));
    let clock: crate::Clock = std::sync::Arc::new(|| NOW);
    let refresher = RateRefresher::new(source, fallback, Duration::from_secs(3600), clock);
    // Shared, as `Shop::new` shares the policy it is given.
    let pricing = Pricing::new(policy.clone(), Some(refresher.clone()));
    let held = std::sync::Arc::clone(&pricing.inner.book.read().expect("lock"));
    assert!(
        std::sync::Arc::ptr_eq(&held, &pricing.book()),
        "the configured rates need no rebuild"
    );
    let euros = |minor| Money::new(minor, Currency::EUR);
    assert_eq!(
        shown(&pricing, Currency::EUR, 1800).range.min(),
        euros(1656)
    );
    refresher.refresh().await.expect("the source answers");
    assert_eq!(shown(&pricing, Currency::EUR, 1800).range.min(), euros(900));
    let pounds = shown(&pricing, Currency::GBP, 1800).range.min();
    assert_eq!(
        pounds,
        Money::new(1422, Currency::GBP),
        "GBP keeps its configured rate"
    );
    let book = pricing.book();
    assert!(
        std::sync::Arc::ptr_eq(&book, &pricing.book()),
        "rebuilt once per rate set"
    );
    let status = pricing.rate_status().expect("refreshing");
    assert!(!status.using_fallback);
}
