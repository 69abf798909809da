//! The shop's currencies and discount rules through the API (issue 12 items 1 and 6):
//! `GET /api/v1/pricing/settings`, `PUT /api/v1/pricing/settings/currencies` and
//! `PUT /api/v1/pricing/settings/discounts`, for administrators and shop managers (login +
//! `X-WP-Nonce`, ADR 0010). Bodies are the configuration file's tables as JSON (ADR 0012);
//! what is saved overrides the file on every instance.

use axum::Json;
use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;
use vitrine_app::pricing::SettingsView;
use vitrine_domain::pricing::CurrencyConfig;
use vitrine_domain::pricing::discount::DiscountConfig;

use crate::account::SignedIn;
use crate::error::{ApiResult, ErrorBody};
use crate::extract::AppJson;
use crate::responses::{Internal, JsonBody};
use crate::state::AppState;

/// The `[currency]` table as JSON: the base and every currency a shopper may choose.
#[derive(Debug, ToSchema)]
#[allow(dead_code)] // documentation only: the body is read as the domain's CurrencyConfig
pub struct CurrencyList {
    /// The base currency (ISO 4217); it must be the catalogue's.
    base: String,
    currencies: Vec<CurrencyEntryDoc>,
}

/// One currency. Format fields left out take WooCommerce's defaults for it; unknown keys are
/// refused.
#[derive(Debug, ToSchema)]
#[allow(dead_code)] // documentation only
pub struct CurrencyEntryDoc {
    /// ISO 4217 code.
    code: String,
    /// Units of this currency per unit of the base, as decimal text ("0.92"); left out for
    /// the base (rate 1).
    rate: Option<String>,
    /// Products' own prices in this currency (CURCY `_regular_price_wmcp`) replace the
    /// converted ones; the rate prices the rest.
    fixed_prices: Option<bool>,
    symbol: Option<String>,
    /// `left`, `right`, `left_space` or `right_space`.
    position: Option<String>,
    /// At most the currency's ISO 4217 minor-unit exponent.
    decimals: Option<u32>,
    thousand_separator: Option<String>,
    decimal_separator: Option<String>,
    /// `{ "kind": "none" }`, `{ "kind": "charm", "ending": "0.99" }` or
    /// `{ "kind": "step", "step": "0.05", "mode": "up" | "half_up" }`.
    #[schema(value_type = Option<Object>)]
    rounding: Option<()>,
    /// Left out of the switcher (still accepted by code).
    hidden: Option<bool>,
}

/// The `[discounts]` table as JSON: how rules stack and the rules (ADR 0012: product, bulk,
/// buy_x_get_y, set_price, cart_discount and free_shipping actions; filters; conditions).
#[derive(Debug, ToSchema)]
#[allow(dead_code)] // documentation only: the body is read as the domain's DiscountConfig
pub struct DiscountRules {
    /// `first_match`, `biggest` (default) or `all`.
    stacking: Option<String>,
    /// Each `{ id, title, priority?, enabled?, filter?, conditions?, action }`; amounts are
    /// `{ amount_minor, currency }` in the base currency.
    #[schema(value_type = Vec<Object>)]
    rules: Vec<()>,
}

/// The pricing settings in force.
#[derive(Debug, Serialize, ToSchema)]
pub struct PricingSettingsResponse {
    /// Moves on every save (0: the configuration file's settings); caches key on it.
    pub version: i64,
    #[schema(value_type = CurrencyList)]
    pub currencies: CurrencyConfig,
    #[schema(value_type = DiscountRules)]
    pub discounts: DiscountConfig,
    /// Whether the currencies were saved through the API (else the file's).
    pub currencies_saved: bool,
    /// Whether the rules were saved through the API (else the file's).
    pub discounts_saved: bool,
}

impl From<SettingsView> for PricingSettingsResponse {
    fn from(view: SettingsView) -> Self {
        Self {
            version: view.version,
            currencies: view.currencies,
            discounts: view.discounts,
            currencies_saved: view.currencies_saved,
            discounts_saved: view.discounts_saved,
        }
    }
}

/// The currencies and discount rules in force (administrators and shop managers).
#[utoipa::path(get, path = "/api/v1/pricing/settings", tag = "currency",
    params(("X-WP-Nonce" = String, Header, description = "The account's nonce")),
    responses(
        (status = 200, body = PricingSettingsResponse),
        (status = 401, description = "`not_logged_in`", body = ErrorBody),
        (status = 403, description = "`rest_cookie_invalid_nonce`, `forbidden` (not staff)", body = ErrorBody),
        Internal))]
pub async fn get_pricing_settings(
    State(state): State<AppState>,
    signed_in: SignedIn,
) -> ApiResult<Json<PricingSettingsResponse>> {
    let view = state
        .shop()
        .pricing_settings()
        .current(&signed_in.user)
        .await?;
    Ok(Json(view.into()))
}

/// Replace the currency list; it overrides the configuration file's on every instance.
#[utoipa::path(put, path = "/api/v1/pricing/settings/currencies", tag = "currency",
    params(("X-WP-Nonce" = String, Header, description = "The account's nonce")),
    request_body = CurrencyList,
    responses(
        (status = 200, body = PricingSettingsResponse),
        (status = 400, description = "`invalid_json` (malformed, an unknown key, a rate as a \
            number rather than text); `invalid_field` with `field` naming the entry and part at \
            fault (`base`, `currencies[1].rate`, `currencies[2].rounding`…)", body = ErrorBody),
        (status = 401, description = "`not_logged_in`", body = ErrorBody),
        (status = 403, description = "`rest_cookie_invalid_nonce`, `forbidden` (not staff)", body = ErrorBody),
        JsonBody,
        Internal))]
pub async fn put_currencies(
    State(state): State<AppState>,
    signed_in: SignedIn,
    AppJson(config): AppJson<CurrencyConfig>,
) -> ApiResult<Json<PricingSettingsResponse>> {
    let settings = state.shop().pricing_settings();
    let view = settings.replace_currencies(&signed_in.user, config).await?;
    Ok(Json(view.into()))
}

/// Replace the discount rules; they override the configuration file's on every instance.
#[utoipa::path(put, path = "/api/v1/pricing/settings/discounts", tag = "currency",
    params(("X-WP-Nonce" = String, Header, description = "The account's nonce")),
    request_body = DiscountRules,
    responses(
        (status = 200, body = PricingSettingsResponse),
        (status = 400, description = "`invalid_json` (malformed, an unknown key or kind); \
            `invalid_field` with `field` naming the rule and part at fault (`rules[0].id`, \
            `rules[2].action`, `rules[1].conditions`…)", body = ErrorBody),
        (status = 401, description = "`not_logged_in`", body = ErrorBody),
        (status = 403, description = "`rest_cookie_invalid_nonce`, `forbidden` (not staff)", body = ErrorBody),
        JsonBody,
        Internal))]
pub async fn put_discounts(
    State(state): State<AppState>,
    signed_in: SignedIn,
    AppJson(config): AppJson<DiscountConfig>,
) -> ApiResult<Json<PricingSettingsResponse>> {
    let settings = state.shop().pricing_settings();
    let view = settings.replace_discounts(&signed_in.user, config).await?;
    Ok(Json(view.into()))
}
