//! Shops with several currencies and discount rules for the pricing tests: the demo's tables
//! read from config/demo.toml itself (so the demo is what is tested), or tables of a test's own.

use serde_json::Value;
use vitrine_app::pricing::PricingPolicy;
use vitrine_domain::money::Currency;
use vitrine_domain::pricing::discount::{DiscountConfig, Discounts};
use vitrine_domain::pricing::{Currencies, CurrencyConfig};

use crate::helpers::TestApp;

/// The currency cookie as a browser sends it.
pub const EUR: (&str, &str) = ("cookie", "wmc_current_currency=EUR");
pub const GBP: (&str, &str) = ("cookie", "wmc_current_currency=GBP");

/// The T-Shirt (WooCommerce's sample id, $18.00) in the fixture catalogue.
pub const T_SHIRT: i64 = 47;

/// config/demo.toml's `[currency]` (without its switcher) and `[discounts]`.
pub fn demo_policy() -> PricingPolicy {
    let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../config/demo.toml");
    let text = std::fs::read_to_string(path).expect("config/demo.toml reads");
    let mut raw: toml::Table = toml::from_str(&text).expect("config/demo.toml is TOML");
    let mut currency = raw.remove("currency").expect("the demo has [currency]");
    currency.as_table_mut().expect("a table").remove("switcher");
    let currency: CurrencyConfig = currency.try_into().expect("[currency] reads");
    let discounts: DiscountConfig = raw
        .remove("discounts")
        .expect("the demo has [discounts]")
        .try_into()
        .expect("[discounts] reads");
    checked(&currency, &discounts)
}

/// A policy from a test's own TOML tables (`[currency]` and `[discounts]` bodies).
pub fn policy(currency: &str, discounts: &str) -> PricingPolicy {
    let currency: CurrencyConfig = toml::from_str(currency).expect("currency TOML");
    let discounts: DiscountConfig = toml::from_str(discounts).expect("discounts TOML");
    checked(&currency, &discounts)
}

fn checked(currency: &CurrencyConfig, discounts: &DiscountConfig) -> PricingPolicy {
    let currencies = Currencies::try_from(currency).expect("valid currencies");
    let rules = Discounts::new(discounts, Currency::USD).expect("valid rules");
    PricingPolicy::new(currencies, rules).expect("the rules convert")
}

/// The fixture catalogue priced like the demo: USD, EUR at 0.92 (.99 charm), GBP at 0.79, the
/// T-Shirt's bulk rule.
pub async fn demo_app() -> TestApp {
    TestApp::spawn().await.repriced(demo_policy(), None)
}

/// The fixture catalogue with these tables.
pub async fn app_with(currency: &str, discounts: &str) -> TestApp {
    TestApp::spawn()
        .await
        .repriced(policy(currency, discounts), None)
}

/// Every `Set-Cookie` line of an answer.
pub fn set_cookies(headers: &axum::http::HeaderMap) -> Vec<String> {
    headers
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok().map(str::to_owned))
        .collect()
}

/// `(amount_minor, text)` of a `MoneyView`.
pub fn money(view: &Value) -> (i64, &str) {
    (
        view["amount_minor"].as_i64().expect("amount_minor"),
        view["text"].as_str().expect("text"),
    )
}

/// Every `PriceView` and `MoneyView` currency in a JSON document (by their `currency` key next
/// to `min_minor` or `amount_minor`).
pub fn price_currencies(doc: &Value) -> Vec<String> {
    let mut found = Vec::new();
    walk(doc, &mut found);
    found
}

fn walk(doc: &Value, found: &mut Vec<String>) {
    match doc {
        Value::Object(map) => {
            let priced = map.contains_key("min_minor") || map.contains_key("amount_minor");
            if let (true, Some(Value::String(code))) = (priced, map.get("currency")) {
                found.push(code.clone());
            }
            map.values().for_each(|v| walk(v, found));
        }
        Value::Array(items) => items.iter().for_each(|v| walk(v, found)),
        _ => {}
    }
}
