//! `/api/v1/account/addresses*`: the account's saved billing and shipping addresses (My
//! account → Addresses), checked with the checkout's address rules.

use axum::Json;
use axum::extract::State;
use axum::response::Response;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use vitrine_domain::address::AddressKind;
use vitrine_domain::customer::SavedAddresses;

use super::handlers::private;
use crate::account::SignedIn;
use crate::checkout::{AddressFields, AddressView, address_view};
use crate::error::{ApiResult, ErrorBody};
use crate::extract::{AppJson, AppPath};
use crate::responses::{Internal, JsonBody, SignedInOnly};
use crate::state::AppState;

/// The account's saved addresses; null where none was saved yet.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct AccountAddressesResponse {
    #[schema(required = true)]
    pub billing: Option<AddressView>,
    #[schema(required = true)]
    pub shipping: Option<AddressView>,
}

impl From<&SavedAddresses> for AccountAddressesResponse {
    fn from(saved: &SavedAddresses) -> Self {
        Self {
            billing: saved.billing.as_ref().map(address_view),
            shipping: saved.shipping.as_ref().map(address_view),
        }
    }
}

/// Which address: `billing` or `shipping` (WooCommerce's `/my-account/edit-address/{kind}/`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum AddressKindParam {
    Billing,
    Shipping,
}

impl From<AddressKindParam> for AddressKind {
    fn from(kind: AddressKindParam) -> Self {
        match kind {
            AddressKindParam::Billing => Self::Billing,
            AddressKindParam::Shipping => Self::Shipping,
        }
    }
}

/// The account's saved billing and shipping addresses.
#[utoipa::path(get, path = "/api/v1/account/addresses", tag = "my_account", operation_id = "get_account_addresses",
    params(("X-WP-Nonce" = String, Header, description = "The account's nonce")),
    responses(
        (status = 200, body = AccountAddressesResponse),
        SignedInOnly,
        Internal))]
pub async fn get_addresses(State(state): State<AppState>, signed: SignedIn) -> ApiResult<Response> {
    let saved = state.shop().my_account().addresses(signed.user.id).await?;
    Ok(private(Json(AccountAddressesResponse::from(&saved))))
}

/// Saves the account's billing or shipping address, checked with the checkout's rules (the
/// country's required fields, states and postcode format). The first field at fault is 400
/// `invalid_field` named as the form names it (`billing_postcode`); nothing is changed then.
#[utoipa::path(put, path = "/api/v1/account/addresses/{kind}", tag = "my_account", operation_id = "update_account_address",
    params(("kind" = String, Path, description = "`billing` or `shipping`"),
        ("X-WP-Nonce" = String, Header, description = "The account's nonce")),
    request_body = AddressFields,
    responses(
        (status = 200, body = AccountAddressesResponse),
        (status = 400, description = "`invalid_field` with `field`; `invalid_parameter` (an \
            unknown kind); `invalid_json`", body = ErrorBody),
        SignedInOnly,
        JsonBody,
        Internal))]
pub async fn update_address(
    State(state): State<AppState>,
    signed: SignedIn,
    AppPath(kind): AppPath<AddressKindParam>,
    AppJson(body): AppJson<AddressFields>,
) -> ApiResult<Response> {
    let saved = state
        .shop()
        .my_account()
        .save_address(signed.user.id, kind.into(), &body.into())
        .await?;
    Ok(private(Json(AccountAddressesResponse::from(&saved))))
}
