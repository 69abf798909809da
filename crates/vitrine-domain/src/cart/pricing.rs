//! Cart maths: unit prices from the catalogue, line totals, subtotal and the cart hash.

use std::borrow::Borrow;
use std::collections::HashMap;

use sha2::{Digest, Sha256};
use time::OffsetDateTime;

use super::{Cart, CartItemKey, CartLine};
use crate::catalogue::{Product, ProductId, ProductKind};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PricedLine {
    pub line: CartLine,
    pub name: String,
    pub unit_price: i64,
    pub line_total: i64,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PricedCart {
    pub lines: Vec<PricedLine>,
    /// Lines whose product or variation is gone or no longer priced; left out of the totals.
    pub unavailable: Vec<CartItemKey>,
    pub subtotal: i64,
    pub item_count: u64,
    /// Changes whenever anything the shopper sees in the cart changes (WooCommerce's cart_hash).
    pub hash: String,
}

/// The price of one unit of a line now, if it can still be bought.
fn unit_price(line: &CartLine, product: &Product, now: OffsetDateTime) -> Option<i64> {
    match (product.kind, line.variation_id) {
        (ProductKind::Variable, Some(id)) => product
            .variation(id)
            .filter(|v| v.enabled)
            .and_then(|v| v.pricing.active(now)),
        (ProductKind::Bundle, None) => product.bundle.as_ref().map(|b| b.total()),
        (ProductKind::Simple, None) => product.pricing.active(now),
        _ => None,
    }
}

/// Prices every line from `products` (owned or shared, e.g. `Arc<Product>`).
pub fn price_cart<P: Borrow<Product>>(
    cart: &Cart,
    products: &HashMap<ProductId, P>,
    now: OffsetDateTime,
) -> PricedCart {
    let mut lines = Vec::new();
    let mut unavailable = Vec::new();
    for line in &cart.lines {
        let priced = products.get(&line.product_id).and_then(|p| {
            let p: &Product = p.borrow();
            let unit = unit_price(line, p, now)?;
            let name = match line.variation_id.and_then(|id| p.variation(id)) {
                Some(_) if !line.attributes.is_empty() => format!(
                    "{} - {}",
                    p.name,
                    line.attributes
                        .iter()
                        .map(|(_, v)| v.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
                _ => p.name.clone(),
            };
            Some(PricedLine {
                line: line.clone(),
                name,
                unit_price: unit,
                line_total: unit.saturating_mul(i64::from(line.quantity)),
            })
        });
        match priced {
            Some(p) => lines.push(p),
            None => unavailable.push(line.key.clone()),
        }
    }
    let subtotal = lines
        .iter()
        .fold(0_i64, |acc, l| acc.saturating_add(l.line_total));
    let item_count = lines.iter().map(|l| u64::from(l.line.quantity)).sum();
    let hash = cart_hash(&lines);
    PricedCart {
        lines,
        unavailable,
        subtotal,
        item_count,
        hash,
    }
}

fn cart_hash(lines: &[PricedLine]) -> String {
    if lines.is_empty() {
        return String::new();
    }
    let mut hasher = Sha256::new();
    for l in lines {
        hasher.update(l.line.key.as_str().as_bytes());
        hasher.update(l.line.quantity.to_le_bytes());
        hasher.update(l.unit_price.to_le_bytes());
    }
    hex::encode(&hasher.finalize()[..16])
}
