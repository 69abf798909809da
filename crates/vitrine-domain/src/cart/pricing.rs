//! Cart maths: unit prices from the catalogue, line totals, subtotal and the cart hash. Every
//! sum and product is checked; a total that would overflow or mix currencies is an error.

use std::borrow::Borrow;
use std::collections::HashMap;

use sha2::{Digest, Sha256};
use time::OffsetDateTime;

use super::{Cart, CartError, CartItemKey, CartLine};
use crate::catalogue::{Product, ProductId, ProductKind};
use crate::money::{Currency, Money, MoneyError};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PricedLine {
    pub line: CartLine,
    pub name: String,
    pub unit_price: Money,
    pub line_total: Money,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PricedCart {
    pub lines: Vec<PricedLine>,
    /// Lines whose product or variation is gone or no longer priced; left out of the totals.
    pub unavailable: Vec<CartItemKey>,
    pub subtotal: Money,
    pub item_count: u64,
    /// Changes whenever anything the shopper sees in the cart changes (WooCommerce's cart_hash).
    pub hash: String,
}

/// The price of one unit of a line now; `None` if it can no longer be bought.
fn unit_price(
    line: &CartLine,
    product: &Product,
    now: OffsetDateTime,
) -> Option<Result<Money, MoneyError>> {
    match (product.kind, line.variation_id) {
        (ProductKind::Variable, Some(id)) => product
            .variation(id)
            .filter(|v| v.enabled)
            .and_then(|v| v.pricing.active(now))
            .map(Ok),
        (ProductKind::Bundle, None) => product.bundle.as_ref().map(|b| b.total()),
        (ProductKind::Simple, None) => product.pricing.active(now).map(Ok),
        _ => None,
    }
}

/// The keys of the lines that can no longer be bought (product or variation gone, disabled or
/// unpriced), without pricing the rest.
pub fn unavailable_lines<P: Borrow<Product>>(
    cart: &Cart,
    products: &HashMap<ProductId, P>,
    now: OffsetDateTime,
) -> Vec<CartItemKey> {
    cart.lines
        .iter()
        .filter(|line| {
            products
                .get(&line.product_id)
                .and_then(|p| unit_price(line, p.borrow(), now))
                .is_none()
        })
        .map(|line| line.key.clone())
        .collect()
}

/// Prices every line from `products` (owned or shared, e.g. `Arc<Product>`) in `currency`,
/// the shop's. Fails with [`CartError::Pricing`] when a line total or the subtotal overflows
/// or a price is in another currency.
pub fn price_cart<P: Borrow<Product>>(
    cart: &Cart,
    products: &HashMap<ProductId, P>,
    currency: Currency,
    now: OffsetDateTime,
) -> Result<PricedCart, CartError> {
    Ok(catalogue_prices(cart, products, currency, now)?)
}

/// [`price_cart`] answering the money error itself (for pricing in a shopper's currency,
/// which has conversion errors of its own besides).
pub(crate) fn catalogue_prices<P: Borrow<Product>>(
    cart: &Cart,
    products: &HashMap<ProductId, P>,
    currency: Currency,
    now: OffsetDateTime,
) -> Result<PricedCart, MoneyError> {
    let mut lines = Vec::new();
    let mut unavailable = Vec::new();
    for line in &cart.lines {
        let product = products.get(&line.product_id).map(Borrow::borrow);
        match product.and_then(|p| Some((p, unit_price(line, p, now)?))) {
            Some((p, unit)) => lines.push(priced_line(line, p, unit?)?),
            None => unavailable.push(line.key.clone()),
        }
    }
    let subtotal = Money::sum(currency, lines.iter().map(|l| l.line_total))?;
    let item_count = lines.iter().map(|l| u64::from(l.line.quantity)).sum();
    let hash = cart_hash(&lines);
    Ok(PricedCart {
        lines,
        unavailable,
        subtotal,
        item_count,
        hash,
    })
}

fn priced_line(line: &CartLine, product: &Product, unit: Money) -> Result<PricedLine, MoneyError> {
    let name = match line.variation_id.and_then(|id| product.variation(id)) {
        Some(_) if !line.attributes.is_empty() => format!(
            "{} - {}",
            product.name,
            line.attributes
                .iter()
                .map(|(_, v)| v.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        ),
        _ => product.name.clone(),
    };
    Ok(PricedLine {
        line: line.clone(),
        name,
        unit_price: unit,
        line_total: unit.checked_mul(i64::from(line.quantity))?,
    })
}

fn cart_hash(lines: &[PricedLine]) -> String {
    if lines.is_empty() {
        return String::new();
    }
    let mut hasher = Sha256::new();
    for l in lines {
        hasher.update(l.line.key.as_str().as_bytes());
        hasher.update(l.line.quantity.to_le_bytes());
        hasher.update(l.unit_price.amount_minor().to_le_bytes());
        hasher.update(l.unit_price.currency().code().as_bytes());
    }
    hex::encode(&hasher.finalize()[..16])
}

#[cfg(test)]
#[path = "pricing_tests.rs"]
mod tests;
