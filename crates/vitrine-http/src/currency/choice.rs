//! Which currency a request is in: the `wmc-currency` query parameter on pages, else the
//! `wmc_current_currency` cookie, else the base (spec §3, §9: cookies `wmc_current_currency`
//! and `wmc_current_currency_old`, 86400 s, written when a shopper switches).

use axum::http::{HeaderMap, HeaderValue, header};
use vitrine_domain::money::Currency;

use crate::cookies::{Lifetime, cookie, mark_private, set_cookie};
use crate::error::ApiError;
use crate::state::AppState;

/// The shopper's currency (an ISO 4217 code), readable by the page's scripts.
pub const CURRENT_COOKIE: &str = "wmc_current_currency";
/// The currency before the last switch.
pub const PREVIOUS_COOKIE: &str = "wmc_current_currency_old";
/// The page parameter that switches (`?wmc-currency=EUR`).
pub const QUERY_PARAMETER: &str = "wmc-currency";
/// Both cookies are kept a day (spec §9).
const KEPT: Lifetime = Lifetime::Seconds(86_400);

/// A switch to write in the cookies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Switch {
    pub current: Currency,
    pub previous: Currency,
}

impl Switch {
    /// Adds both cookies to `headers` (with `Secure` by the one rule); a response that sets
    /// them is the shopper's own, so it is not stored by shared caches.
    pub fn write(&self, headers: &mut HeaderMap, secure: bool) {
        let cookies = [
            (CURRENT_COOKIE, self.current),
            (PREVIOUS_COOKIE, self.previous),
        ];
        for (name, currency) in cookies {
            if let Some(value) = set_cookie(name, currency.code(), KEPT, secure, false) {
                headers.append(header::SET_COOKIE, value);
            }
        }
        mark_private(headers);
    }
}

/// The cookie's currency as sent: none, one the shop offers, or an unknown code.
fn from_cookie(state: &AppState, headers: &HeaderMap) -> Option<Result<Currency, ApiError>> {
    let code = cookie(headers, CURRENT_COOKIE)?;
    Some(state.shop().pricing().resolve(code).map_err(ApiError::from))
}

/// Reads: the cookie's currency when the shop offers it, else the base (a page or a product
/// read never fails over a stale cookie).
pub fn lenient(state: &AppState, headers: &HeaderMap) -> Currency {
    match from_cookie(state, headers) {
        Some(Ok(currency)) => currency,
        _ => state.shop().pricing().base(),
    }
}

/// Cart calls: the cookie's currency, the base without one; a currency the shop does not
/// offer is `unsupported_currency` (the server checks it on every cart call).
pub fn strict(state: &AppState, headers: &HeaderMap) -> Result<Currency, ApiError> {
    from_cookie(state, headers).unwrap_or_else(|| Ok(state.shop().pricing().base()))
}

/// The `wmc-currency` value of a raw query string, if it has one.
pub fn asked_in(query: &str) -> Option<String> {
    serde_urlencoded::from_str::<Vec<(String, String)>>(query)
        .ok()?
        .into_iter()
        .find_map(|(key, code)| (key == QUERY_PARAMETER).then_some(code))
}

/// The currency of a page and the switch it asks for: the first of `asked` (codes from
/// `wmc-currency` parameters) that names a currency of the shop; an unknown code is ignored
/// and the page is in the cookie's currency (or the base), with no switch.
pub fn page(
    state: &AppState,
    headers: &HeaderMap,
    asked: &[Option<&str>],
) -> (Currency, Option<Switch>) {
    let current = lenient(state, headers);
    let pricing = state.shop().pricing();
    let chosen = asked
        .iter()
        .flatten()
        .find_map(|code| pricing.resolve(code).ok());
    match chosen {
        Some(chosen) => (
            chosen,
            Some(Switch {
                current: chosen,
                previous: current,
            }),
        ),
        None => (current, None),
    }
}

/// A switch to `code` asked for by `POST /api/v1/currency`.
pub fn switch_to(state: &AppState, headers: &HeaderMap, code: &str) -> Result<Switch, ApiError> {
    let current = state.shop().pricing().resolve(code)?;
    Ok(Switch {
        current,
        previous: lenient(state, headers),
    })
}

/// `Vary: Cookie` for answers whose prices follow the currency cookie, when the shop has more
/// than one currency (a single-currency shop's pages stay cacheable as they were).
pub fn vary(state: &AppState, headers: &mut HeaderMap) {
    if state.shop().pricing().is_multi_currency() {
        headers.append(header::VARY, HeaderValue::from_static("Cookie"));
    }
}
