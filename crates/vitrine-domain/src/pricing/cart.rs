//! A cart priced in a shopper's currency: each line's catalogue price converted, then the
//! discount rules over the whole cart. Only quantities are stored; these prices are computed
//! for every answer, so they follow rates, rules and the catalogue.

use std::borrow::Borrow;
use std::collections::HashMap;

use sha2::{Digest, Sha256};
use time::OffsetDateTime;

use super::convert::ConvertError;
use super::discount::{AppliedDiscount, CartItem, Customer, ItemContext, RuleId, UnitPrice};
use super::local::LocalPricing;
use crate::cart::{Cart, CartItemKey, CartLine, catalogue_prices};
use crate::catalogue::{Product, ProductId};
use crate::money::{Currency, Money};

/// One line as the shopper sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShopperLine {
    pub line: CartLine,
    /// "Hoodie - Blue, Yes"
    pub name: String,
    /// One unit before discounts, converted.
    pub regular_unit_price: Money,
    /// One unit after discounts: exact when every unit costs the same (`units` has one
    /// entry), otherwise the half-up average, for display.
    pub unit_price: Money,
    /// What the units cost, dearest first.
    pub units: Vec<UnitPrice>,
    pub line_total: Money,
    /// The item rules that lowered this line.
    pub discounts: Vec<AppliedDiscount>,
}

/// A cart in one currency with its discounts. `Σ line totals = subtotal` and
/// `subtotal − Σ cart discounts = total`, exactly.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShopperCart {
    pub currency: Currency,
    pub lines: Vec<ShopperLine>,
    /// Lines whose product or variation is gone or no longer priced; left out of the totals.
    pub unavailable: Vec<CartItemKey>,
    pub item_count: u64,
    /// The sum of the discounted line totals.
    pub subtotal: Money,
    /// Discounts off the cart as a whole.
    pub cart_discounts: Vec<AppliedDiscount>,
    /// Everything taken off, the lines' discounts and the cart's.
    pub discount_total: Money,
    pub total: Money,
    /// The rule granting free shipping, if any.
    pub free_shipping: Option<RuleId>,
    /// Changes whenever anything shown changes (WooCommerce's cart_hash); "" when empty.
    pub hash: String,
}

impl LocalPricing {
    /// Prices `cart` from `products` (owned or shared) for `customer` at `now`.
    pub fn price_cart<P: Borrow<Product>>(
        &self,
        cart: &Cart,
        products: &HashMap<ProductId, P>,
        customer: Customer,
        now: OffsetDateTime,
    ) -> Result<ShopperCart, ConvertError> {
        let (lines, items, unavailable) = self.cart_items(cart, products, now)?;
        let discounted =
            self.discounts()
                .price_cart_choosing(&items, customer, now, &cart.rewards)?;
        let lines: Vec<ShopperLine> = lines
            .into_iter()
            .zip(discounted.lines)
            .map(|((line, name), priced)| ShopperLine {
                line,
                name,
                regular_unit_price: priced.original_unit_price,
                unit_price: priced.discounted_unit_price,
                units: priced.units,
                line_total: priced.line_total,
                discounts: priced.discounts,
            })
            .collect();
        let mut cart = ShopperCart {
            currency: self.currency(),
            item_count: lines.iter().map(|l| u64::from(l.line.quantity)).sum(),
            lines,
            unavailable,
            subtotal: discounted.subtotal,
            cart_discounts: discounted.cart_discounts,
            discount_total: discounted.discount_total,
            total: discounted.total,
            free_shipping: discounted.free_shipping,
            hash: String::new(),
        };
        cart.hash = hash(&cart);
        Ok(cart)
    }
}

/// A cart's priced lines (line and name), the engine's items for them, and the lines that can
/// no longer be bought.
pub(super) type CartItems = (Vec<(CartLine, String)>, Vec<CartItem>, Vec<CartItemKey>);

impl LocalPricing {
    /// The engine's view of `cart`: each priced line's item and unit price in this currency
    /// (its fixed price here, else converted).
    pub(super) fn cart_items<P: Borrow<Product>>(
        &self,
        cart: &Cart,
        products: &HashMap<ProductId, P>,
        now: OffsetDateTime,
    ) -> Result<CartItems, ConvertError> {
        let base = catalogue_prices(cart, products, self.converter().base(), now)?;
        let mut lines = Vec::with_capacity(base.lines.len());
        let mut items = Vec::with_capacity(base.lines.len());
        for priced in base.lines {
            // Every priced line's product was among `products`.
            let Some(product) = products.get(&priced.line.product_id) else {
                continue;
            };
            let line = &priced.line;
            let product = product.borrow();
            let fixed = self.fixed_line_price(product, line.variation_id, now);
            items.push(CartItem {
                item: ItemContext::of(product, line.variation_id, &line.attributes),
                unit_price: self.converter().price(priced.unit_price, fixed)?,
                quantity: line.quantity,
            });
            lines.push((priced.line, priced.name));
        }
        Ok((lines, items, base.unavailable))
    }
}

/// A digest of everything the cart shows: lines, their prices, the currency, the discounts.
fn hash(cart: &ShopperCart) -> String {
    if cart.lines.is_empty() {
        return String::new();
    }
    let mut hasher = Sha256::new();
    hasher.update(cart.currency.code().as_bytes());
    for l in &cart.lines {
        hasher.update(l.line.key.as_str().as_bytes());
        hasher.update(l.line.quantity.to_le_bytes());
        hasher.update(l.regular_unit_price.amount_minor().to_le_bytes());
        for unit in &l.units {
            hasher.update(unit.quantity.to_le_bytes());
            hasher.update(unit.unit_price.amount_minor().to_le_bytes());
        }
    }
    for discount in &cart.cart_discounts {
        hasher.update(discount.rule.0.as_bytes());
        hasher.update(discount.amount.amount_minor().to_le_bytes());
    }
    hasher.update([u8::from(cart.free_shipping.is_some())]);
    hex::encode(&hasher.finalize()[..16])
}
