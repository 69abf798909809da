//! Extractors for the request's currency and shopper: catalogue reads price for a guest in the
//! cookie's currency (the base when it names none the shop offers); quotes add who is shopping;
//! cart calls refuse a currency the shop does not offer.

use axum::extract::FromRequestParts;
use axum::http::HeaderMap;
use axum::http::request::Parts;
use vitrine_app::pricing::{Pricer, Shopper};
use vitrine_domain::money::Currency;

use super::choice;
use crate::account::Viewer;
use crate::error::ApiError;
use crate::state::AppState;

/// Catalogue prices in the cookie's currency, as for a guest (the same for every visitor
/// in that currency, so pages and listings stay cacheable per currency).
#[derive(Debug, Clone)]
pub struct ReadPricer(pub Pricer);

/// A catalogue read's currency: the cookie's (the base when it names none the shop offers).
/// Cached reads make their pricer only when they render ([`crate::read_cache::kept`]).
#[derive(Debug, Clone, Copy)]
pub struct ReadCurrency(pub Currency);

/// A quote's shopper: the cookie's currency (the base when unknown) and the login when the
/// shop's rules depend on it.
#[derive(Debug, Clone)]
pub struct ReadShopper(pub Shopper);

/// A cart call's shopper: the cookie's currency, refused when the shop does not offer it
/// (`unsupported_currency`), and the login when the shop's rules depend on it.
#[derive(Debug, Clone)]
pub struct CartShopper(pub Shopper);

impl FromRequestParts<AppState> for ReadPricer {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let currency = choice::lenient(state, &parts.headers);
        Ok(Self(state.shop().pricing().pricer(currency)?))
    }
}

impl FromRequestParts<AppState> for ReadCurrency {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        Ok(Self(choice::lenient(state, &parts.headers)))
    }
}

impl FromRequestParts<AppState> for ReadShopper {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let currency = choice::lenient(state, &parts.headers);
        Ok(Self(shopper(state, &parts.headers, currency).await?))
    }
}

impl FromRequestParts<AppState> for CartShopper {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let currency = choice::strict(state, &parts.headers)?;
        Ok(Self(shopper(state, &parts.headers, currency).await?))
    }
}

/// The shopper in `currency`; the login is read only when a rule depends on who shops.
async fn shopper(
    state: &AppState,
    headers: &HeaderMap,
    currency: Currency,
) -> Result<Shopper, ApiError> {
    if !state.shop().pricing().rules_depend_on_customer() {
        return Ok(Shopper::guest(currency));
    }
    let viewer = Viewer::read(headers, state).await?;
    Ok(Shopper::new(currency, viewer.user.as_ref()))
}
