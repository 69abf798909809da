//! The cart on the wire (`CartView`, docs/api.md "Cart"): lines priced from the catalogue in
//! the shopper's currency with the shop's discounts, totals, the cart hash, cross-sells and
//! notices about items that had to go.

use serde::Serialize;
use utoipa::ToSchema;
use vitrine_app::cart::{CartProducts, CartState};
use vitrine_domain::cart::CartLine;
use vitrine_domain::catalogue::Product;
use vitrine_domain::pricing::ShopperLine;

use super::reward::{RewardOfferView, offer_views};
use crate::error::ApiResult;
use crate::shop;
use crate::state::AppState;
use crate::views::{
    AppliedDiscountView, CartDiscountView, ImageView, MoneyView, ProductSummaryView, QuantityView,
    ViewContext, product_url,
};

/// A chosen attribute with the attribute's display name: `{ "name": "Color", "value": "Red" }`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct CartItemAttributeView {
    pub name: String,
    pub value: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum NoticeKind {
    Info,
    Error,
}

/// A message for the shopper about the cart, e.g. an item removed because it is gone.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct CartNoticeView {
    pub kind: NoticeKind,
    pub message: String,
}

/// One line of the cart.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct CartItemView {
    /// cart_item_key: 32 hex characters, stable for the same item.
    pub key: String,
    pub product_id: i64,
    #[schema(required = true)]
    pub variation_id: Option<i64>,
    /// "Hoodie - Red, No"
    pub name: String,
    /// "Hoodie"
    pub product_name: String,
    /// The product page.
    pub url: String,
    #[schema(required = true)]
    pub image: Option<ImageView>,
    pub attributes: Vec<CartItemAttributeView>,
    pub quantity: u32,
    pub quantity_rules: QuantityView,
    /// One unit after discounts (a half-up average when the units differ, e.g. one free).
    pub unit_price: MoneyView,
    /// One unit before discounts (struck through when above `unit_price`).
    pub regular_price: MoneyView,
    /// What the line costs: its units after discounts.
    pub line_total: MoneyView,
    /// The item rules that lowered this line.
    pub discounts: Vec<AppliedDiscountView>,
}

/// The whole cart, as every cart answer returns it.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct CartView {
    pub items: Vec<CartItemView>,
    /// Sum of quantities.
    pub item_count: u64,
    /// The currency of every amount here (ISO 4217).
    pub currency: String,
    /// The sum of the lines' totals (after their discounts).
    pub subtotal: MoneyView,
    /// Discounts off the cart as a whole, after the lines' own.
    pub discounts: Vec<CartDiscountView>,
    /// Everything taken off: the lines' discounts and the cart's.
    pub discount_total: MoneyView,
    /// `subtotal` minus the cart discounts.
    pub total: MoneyView,
    /// A rule grants free shipping.
    pub free_shipping: bool,
    /// Changes whenever anything shown in the cart changes; "" when empty.
    pub cart_hash: String,
    pub cross_sells: Vec<ProductSummaryView>,
    pub notices: Vec<CartNoticeView>,
    /// Buy-X-get-Y offers whose free item the shopper may pick (`POST /api/v1/cart/reward`);
    /// left out when there is none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[schema(required = false)]
    pub reward_offers: Vec<RewardOfferView>,
}

/// The cart as the application priced it, with notices for the lines it had to drop.
pub(crate) fn cart_view(state: &AppState, cart: &CartState) -> ApiResult<CartView> {
    let cx = state.view_context(&cart.pricer);
    let priced = &cart.priced;
    let items = priced
        .lines
        .iter()
        .filter_map(|line| {
            Some(item_view(
                &cx,
                line,
                cart.products.get(line.line.product_id)?,
            ))
        })
        .collect();
    let money = |amount| cx.prices.money(amount);
    Ok(CartView {
        items,
        item_count: priced.item_count,
        currency: priced.currency.code().to_owned(),
        subtotal: money(priced.subtotal),
        discounts: priced
            .cart_discounts
            .iter()
            .map(|d| CartDiscountView::new(d, &cx.prices))
            .collect(),
        discount_total: money(priced.discount_total),
        total: money(priced.total),
        free_shipping: priced.free_shipping.is_some(),
        cart_hash: priced.hash.clone(),
        cross_sells: shop::summaries(state, &cart.pricer, &cart.cross_sells)?,
        notices: removed_notices(&cart.removed, &cart.products),
        reward_offers: offer_views(&cart.offers, &cx.prices),
    })
}

fn item_view(cx: &ViewContext<'_>, priced: &ShopperLine, product: &Product) -> CartItemView {
    let line = &priced.line;
    let variation = line.variation_id.and_then(|id| product.variation(id));
    let inventory = variation.map_or(&product.inventory, |v| &v.inventory);
    let image = variation
        .and_then(|v| v.image.as_ref())
        .or(product.images.first())
        .map(|i| ImageView::new(i, &product.name));
    let attributes = line
        .attributes
        .iter()
        .map(|(slug, value)| CartItemAttributeView {
            name: product
                .attributes
                .iter()
                .find(|a| &a.slug == slug)
                .map_or_else(|| slug.clone(), |a| a.name.clone()),
            value: value.clone(),
        })
        .collect();
    CartItemView {
        key: line.key.as_str().to_owned(),
        product_id: line.product_id.0,
        variation_id: line.variation_id.map(|v| v.0),
        name: priced.name.clone(),
        product_name: product.name.clone(),
        url: product_url(product),
        image,
        attributes,
        quantity: line.quantity,
        quantity_rules: QuantityView {
            min: inventory.quantity.min,
            max: inventory.max_purchase_quantity(),
            step: inventory.quantity.step.max(1),
            sold_individually: inventory.sold_individually,
        },
        unit_price: cx.prices.money(priced.unit_price),
        regular_price: cx.prices.money(priced.regular_unit_price),
        line_total: cx.prices.money(priced.line_total),
        discounts: priced
            .discounts
            .iter()
            .map(|d| AppliedDiscountView::new(d, &cx.prices))
            .collect(),
    }
}

/// Notices for lines removed because their product or variation can no longer be bought.
fn removed_notices(removed: &[CartLine], products: &CartProducts) -> Vec<CartNoticeView> {
    removed
        .iter()
        .map(|line| CartNoticeView {
            kind: NoticeKind::Error,
            message: match products.get(line.product_id).filter(|p| p.is_published()) {
                Some(p) => format!(
                    "\"{}\" has been removed from your cart because it can no longer be \
                     purchased.",
                    p.name
                ),
                None => "An item has been removed from your cart because it can no longer be \
                         purchased."
                    .to_owned(),
            },
        })
        .collect()
}
