//! The free item of a buy-X-get-Y offer, picked in the cart (spec §7
//! awdr_change_discount_product_in_cart): the offers a cart qualifies for on the wire, and
//! `POST /api/v1/cart/reward`.

use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use vitrine_app::cart::{CartOffer, RewardPick};

use super::handlers::{CartResponse, CurrencyCookie, answer};
use super::response::CartAnswer;
use super::session::Session;
use crate::currency::CartShopper;
use crate::error::{ApiResult, ErrorBody};
use crate::extract::AppJson;
use crate::responses::{Internal, JsonBody, ProductNotFound};
use crate::state::AppState;
use crate::views::{MoneyView, Prices};

/// An offer whose free item the shopper picks ("Buy 2 T-Shirts, get a Beanie or a Cap free").
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct RewardOfferView {
    /// The offer's rule id (`rule_unique_id` of the pick).
    pub rule_unique_id: String,
    pub title: String,
    /// What the free item can be.
    pub options: Vec<RewardOptionView>,
}

/// One item an offer's free item can be.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct RewardOptionView {
    /// The product, or the variation (then `parent_id` is its product).
    pub product_id: i64,
    /// The variable product of a variation; 0 for a product.
    pub parent_id: i64,
    /// "Beanie", "Hoodie - Blue, Yes".
    pub name: String,
    /// One before discounts, in the cart's currency.
    pub price: MoneyView,
    /// The shopper picked this one.
    pub chosen: bool,
}

pub(super) fn offer_views(offers: &[CartOffer], prices: &Prices<'_>) -> Vec<RewardOfferView> {
    offers
        .iter()
        .map(|o| RewardOfferView {
            rule_unique_id: o.offer.rule.0.clone(),
            title: o.offer.title.clone(),
            options: o
                .options
                .iter()
                .map(|option| RewardOptionView {
                    product_id: option.variation_id.map_or(option.product_id.0, |v| v.0),
                    parent_id: option.variation_id.map_or(0, |_| option.product_id.0),
                    name: option.name.clone(),
                    price: prices.money(option.price),
                    chosen: o
                        .offer
                        .pick
                        .as_ref()
                        .is_some_and(|p| p.is(option.product_id, option.variation_id)),
                })
                .collect(),
        })
        .collect()
}

/// `POST /api/v1/cart/reward` (awdr_change_discount_product_in_cart).
#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct RewardPickRequest {
    /// The picked product, or variation (with `parent_id`).
    pub product_id: i64,
    /// The offer's rule id.
    pub rule_unique_id: String,
    /// The variable product of a picked variation; 0 or absent for a product.
    pub parent_id: Option<i64>,
}

/// Pick the free item of a buy-X-get-Y offer; one unit of it is added when the cart does not
/// hold it (and the unit an earlier pick added is taken back).
#[utoipa::path(post, path = "/api/v1/cart/reward", tag = "cart",
    params(CurrencyCookie),
    request_body = RewardPickRequest,
    responses(
        (status = 200, description = "The cart, the pick rewarded; sets `vitrine_session` and \
            `vitrine_cart_hash`", body = CartResponse),
        (status = 400, description = "`invalid_parameter` with `field` `rule_unique_id` (no \
            such offer, or one without a choice) or `product_id` (not one of the offer's free \
            items, or a variation with an option left open); `invalid_json`; \
            `unsupported_currency`", body = ErrorBody),
        ProductNotFound,
        (status = 409, description = "`insufficient_stock`, `not_purchasable` (the pick could \
            not be added)", body = ErrorBody),
        JsonBody,
        Internal))]
pub async fn choose_reward(
    State(state): State<AppState>,
    session: Session,
    CartShopper(shopper): CartShopper,
    AppJson(body): AppJson<RewardPickRequest>,
) -> ApiResult<CartAnswer<CartResponse>> {
    let pick = RewardPick {
        rule: body.rule_unique_id,
        product_id: body.product_id,
        parent_id: body.parent_id,
    };
    let outcome = state
        .shop()
        .carts()
        .choose_reward(session.id.as_ref(), &pick, shopper)
        .await?;
    answer(&state, outcome, &session, |cart, _| CartResponse { cart })
}
