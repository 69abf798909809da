//! Currencies on the wire: the switcher's data in `SiteView.currency` (spec §3 "Currency
//! switcher data") and the answer to a switch.

use serde::Serialize;
use time::format_description::well_known::Rfc3339;
use utoipa::ToSchema;
use vitrine_app::pricing::Pricer;
use vitrine_app::rates::RateStatus;
use vitrine_domain::money::Currency;

use crate::settings::{DropdownIcon, FlagSize, SwitcherLayout, SwitcherSettings};

/// The shopper's currency and what the switcher offers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct CurrencySiteView {
    /// The currency this answer's prices are in (ISO 4217).
    pub current: String,
    /// The currency the catalogue is priced in.
    pub base: String,
    /// The currencies to choose from, in the shop's order: hidden ones are left out, except
    /// the current one.
    pub options: Vec<CurrencyOptionView>,
    pub switcher: SwitcherView,
    /// Some prices depend on who is shopping (rules for roles, logins or first orders): pages
    /// are a guest's, so they ask `GET /api/v1/session?product_ids=` for this shopper's
    /// prices. Left out when false.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    #[schema(required = false)]
    pub personal_prices: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct CurrencyOptionView {
    /// "EUR"
    pub code: String,
    /// "€"
    pub symbol: String,
    /// "Euro"
    pub name: String,
    /// The switcher's `custom_format` filled in: "€ EUR".
    pub label: String,
    /// A lower-case ISO 3166 alpha-2 guess for the flag: "us", "gb", "eu" for the euro.
    pub flag: String,
}

/// The switcher's look, the same in every placement.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct SwitcherView {
    pub layout: SwitcherLayout,
    pub flag_size: FlagSize,
    pub dropdown_icon: DropdownIcon,
    /// Tokens `{code}`, `{symbol}`, `{name}` (already applied in each option's `label`).
    pub custom_format: String,
    /// Show the sidebar placement.
    pub sidebar: bool,
    /// After a switch, refetch the page's data instead of reloading it.
    pub do_not_reload_page: bool,
}

/// The answer to `POST /api/v1/currency`, also written in the two cookies.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct CurrencyChoiceView {
    /// Now in `wmc_current_currency`.
    pub current: String,
    /// The currency before this switch, now in `wmc_current_currency_old`.
    pub previous: String,
}

/// How exchange-rate refreshing goes (ADR 0013), in `/healthz` when the shop refreshes rates.
/// A failing source does not make the shop unhealthy: prices keep the last good rates.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct RatesHealthView {
    /// "ecb"
    pub source: String,
    /// The day the rates in use were published (YYYY-MM-DD).
    pub published: String,
    /// No refresh has succeeded yet: the configured rates are in use.
    pub using_fallback: bool,
    /// No success for longer than `[shop.rates] stale_after_hours`.
    pub stale: bool,
    pub consecutive_failures: u32,
    /// RFC 3339; null before the first success.
    #[schema(required = true)]
    pub last_success: Option<String>,
    /// The latest failure's kind (`timeout`, `unreachable`, `refused`, `malformed`,
    /// `invalid`); null when none since start.
    #[schema(required = true)]
    pub last_error_kind: Option<String>,
}

impl From<&RateStatus> for RatesHealthView {
    fn from(status: &RateStatus) -> Self {
        Self {
            source: status.source.clone(),
            published: status.published.to_string(),
            using_fallback: status.using_fallback,
            stale: status.stale,
            consecutive_failures: status.consecutive_failures,
            last_success: status.last_success.and_then(|t| t.format(&Rfc3339).ok()),
            last_error_kind: status
                .last_error
                .as_ref()
                .map(|(_, error)| error.kind().to_owned()),
        }
    }
}

impl CurrencySiteView {
    pub fn new(pricer: &Pricer, switcher: &SwitcherSettings) -> Self {
        let currencies = pricer.currencies();
        let current = pricer.currency();
        let options = currencies
            .all()
            .iter()
            .filter(|s| !s.hidden() || s.currency() == current)
            .map(|s| {
                let currency = s.currency();
                let symbol = &s.format().symbol;
                CurrencyOptionView {
                    code: currency.code().to_owned(),
                    symbol: symbol.clone(),
                    name: currency.name().to_owned(),
                    label: switcher.label(currency.code(), symbol, currency.name()),
                    flag: flag(currency),
                }
            })
            .collect();
        Self {
            current: current.code().to_owned(),
            base: currencies.base().code().to_owned(),
            options,
            switcher: SwitcherView {
                layout: switcher.layout,
                flag_size: switcher.flag_size,
                dropdown_icon: switcher.dropdown_icon,
                custom_format: switcher.custom_format.clone(),
                sidebar: switcher.sidebar,
                do_not_reload_page: switcher.do_not_reload_page,
            },
            personal_prices: pricer.prices_depend_on_customer(),
        }
    }
}

/// ISO 4217 codes start with the issuing country's ISO 3166 code (USD, GBP, JPY); the euro's
/// flag is the EU's. Supranational "X" codes get their letters as they are: a guess, as the
/// wire says.
fn flag(currency: Currency) -> String {
    match currency.code() {
        "EUR" => "eu".to_owned(),
        code => code.get(..2).unwrap_or(code).to_ascii_lowercase(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flags_come_from_the_code_and_the_euro_has_the_eus() {
        let code = |c: &str| c.parse::<Currency>().expect("ISO 4217");
        assert_eq!(flag(code("USD")), "us");
        assert_eq!(flag(code("GBP")), "gb");
        assert_eq!(flag(code("EUR")), "eu");
        assert_eq!(flag(code("JPY")), "jp");
    }
}
