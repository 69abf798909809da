//! The cart: lines keyed by a stable cart_item_key, the add/remove/alter rules for every product
//! type, and the cart maths. Prices always come from the catalogue, never from the browser.

mod add;
mod alter;
mod error;
mod key;
#[cfg(test)]
mod limit_tests;
mod pricing;
mod quantity;
mod reward;
mod session;
#[cfg(test)]
mod tests;

pub use add::{AddRequest, AddTarget, plan_add};
pub use alter::plan_set_quantity;
pub use error::CartError;
pub use key::CartItemKey;
pub(crate) use pricing::catalogue_prices;
pub use pricing::{PricedCart, PricedLine, price_cart, unavailable_lines};
pub use quantity::{MAX_LINE_QUANTITY, parse_child_quantity, parse_quantity};
pub use reward::RewardChoice;
pub use session::SessionId;

use serde::{Deserialize, Serialize};

use crate::catalogue::{ProductId, VariationId};

/// One line of a cart as stored: what and how many, never a price.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CartLine {
    pub key: CartItemKey,
    pub product_id: ProductId,
    pub variation_id: Option<VariationId>,
    /// Chosen attribute values (slug → value), complete for variations.
    pub attributes: Vec<(String, String)>,
    pub quantity: u32,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct Cart {
    pub lines: Vec<CartLine>,
    /// The shopper's picks of buy-X-get-Y rewards, per offer ([`RewardChoice`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rewards: Vec<RewardChoice>,
}

impl Cart {
    pub fn line(&self, key: &CartItemKey) -> Option<&CartLine> {
        self.lines.iter().find(|l| &l.key == key)
    }

    pub fn item_count(&self) -> u64 {
        self.lines.iter().map(|l| u64::from(l.quantity)).sum()
    }

    /// Units of one purchasable item already in the cart (for stock checks across lines).
    pub fn quantity_of(&self, product: ProductId, variation: Option<VariationId>) -> u64 {
        self.lines
            .iter()
            .filter(|l| l.product_id == product && l.variation_id == variation)
            .map(|l| u64::from(l.quantity))
            .sum()
    }

    /// Adds planned lines, merging into existing lines with the same key. A line that would
    /// pass [`MAX_LINE_QUANTITY`] is refused and the cart is left as it was (the plan checks
    /// this first; here it guards against a plan made on another cart).
    pub fn apply(&mut self, planned: Vec<CartLine>) -> Result<(), CartError> {
        let mut next = self.lines.clone();
        for line in planned {
            let too_large = |q: u32| q > MAX_LINE_QUANTITY;
            match next.iter_mut().find(|l| l.key == line.key) {
                Some(existing) => {
                    existing.quantity = existing
                        .quantity
                        .checked_add(line.quantity)
                        .filter(|q| !too_large(*q))
                        .ok_or(CartError::QuantityTooLarge {
                            max: MAX_LINE_QUANTITY,
                        })?;
                }
                None if too_large(line.quantity) => {
                    return Err(CartError::QuantityTooLarge {
                        max: MAX_LINE_QUANTITY,
                    });
                }
                None => next.push(line),
            }
        }
        self.lines = next;
        Ok(())
    }

    pub fn remove(&mut self, key: &CartItemKey) -> Result<CartLine, CartError> {
        let index = self
            .lines
            .iter()
            .position(|l| &l.key == key)
            .ok_or(CartError::LineNotFound)?;
        Ok(self.lines.remove(index))
    }

    /// Removes the lines with these keys (items that can no longer be bought); returns them.
    pub fn drop_lines(&mut self, keys: &[CartItemKey]) -> Vec<CartLine> {
        let (gone, kept) = std::mem::take(&mut self.lines)
            .into_iter()
            .partition(|l| keys.contains(&l.key));
        self.lines = kept;
        gone
    }

    /// Sets a line's quantity; zero removes it (WooCommerce's behaviour).
    pub fn set_quantity(&mut self, key: &CartItemKey, quantity: u32) -> Result<(), CartError> {
        if quantity == 0 {
            return self.remove(key).map(|_| ());
        }
        let line = self
            .lines
            .iter_mut()
            .find(|l| &l.key == key)
            .ok_or(CartError::LineNotFound)?;
        if quantity > MAX_LINE_QUANTITY {
            return Err(CartError::QuantityTooLarge {
                max: MAX_LINE_QUANTITY,
            });
        }
        line.quantity = quantity;
        Ok(())
    }
}
