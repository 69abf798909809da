//! The shopper's pick of a buy-X-get-Y reward (spec §7 awdr_change_discount_product_in_cart):
//! when an offer's free item is one of several products or variations, the cart remembers
//! which one the shopper wants, per offer, and the discount engine rewards it first. An item
//! the call had to add for the pick (it was not in the cart) is remembered too, so picking
//! another item takes that unit back out.

use serde::{Deserialize, Serialize};

use super::{Cart, CartItemKey};
use crate::catalogue::{ProductId, VariationId};

/// One offer's chosen reward.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RewardChoice {
    /// The offer's rule id (WDR's `rule_unique_id`).
    pub rule: String,
    pub product_id: ProductId,
    pub variation_id: Option<VariationId>,
    /// The line the pick added one unit to, when the item was not in the cart yet.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub added: Option<CartItemKey>,
}

impl RewardChoice {
    /// Whether a cart line of `product` (or its `variation`) is the chosen item.
    pub fn is(&self, product: ProductId, variation: Option<VariationId>) -> bool {
        self.product_id == product && self.variation_id == variation
    }
}

impl Cart {
    /// The pick for the offer `rule`, if the shopper made one.
    pub fn reward_choice(&self, rule: &str) -> Option<&RewardChoice> {
        self.rewards.iter().find(|c| c.rule == rule)
    }

    /// Records `choice`, replacing the offer's earlier pick. When that earlier pick added a
    /// unit, that unit is taken back out first (the line goes when it was its only unit).
    pub fn choose_reward(&mut self, choice: RewardChoice) {
        if let Some(index) = self.rewards.iter().position(|c| c.rule == choice.rule) {
            let earlier = self.rewards.remove(index);
            if let Some(key) = earlier.added
                && let Some(line) = self.lines.iter().position(|l| l.key == key)
            {
                match self.lines[line].quantity {
                    0 | 1 => {
                        self.lines.remove(line);
                    }
                    _ => self.lines[line].quantity -= 1,
                }
            }
        }
        self.rewards.push(choice);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cart::CartLine;

    fn line(product: i64, quantity: u32) -> CartLine {
        CartLine {
            key: CartItemKey::compute(ProductId(product), None, &[]),
            product_id: ProductId(product),
            variation_id: None,
            attributes: Vec::new(),
            quantity,
        }
    }

    fn pick(product: i64, added: Option<&CartLine>) -> RewardChoice {
        RewardChoice {
            rule: "bogo".into(),
            product_id: ProductId(product),
            variation_id: None,
            added: added.map(|l| l.key.clone()),
        }
    }

    #[test]
    fn a_new_pick_replaces_the_old_and_takes_back_the_unit_it_added() {
        let (shirts, beanie, cap) = (line(47, 2), line(48, 1), line(49, 1));
        let mut cart = Cart {
            lines: vec![shirts.clone(), beanie.clone()],
            ..Cart::default()
        };
        cart.choose_reward(pick(48, Some(&beanie)));
        assert_eq!(
            cart.reward_choice("bogo").map(|c| c.product_id),
            Some(ProductId(48))
        );
        cart.lines.push(cap.clone());
        cart.choose_reward(pick(49, Some(&cap)));
        assert_eq!(
            cart.lines,
            vec![shirts.clone(), cap.clone()],
            "the added beanie is gone"
        );
        assert_eq!(cart.rewards.len(), 1);
        // A pick that added nothing leaves the lines alone; a line bought twice keeps one.
        let mut two_caps = cap.clone();
        two_caps.quantity = 2;
        cart.lines = vec![shirts.clone(), two_caps];
        cart.choose_reward(pick(47, None));
        assert_eq!(cart.lines, vec![shirts.clone(), cap]);
        cart.choose_reward(pick(48, None));
        assert_eq!(cart.lines.len(), 2);
        assert_eq!(cart.reward_choice("other"), None);
    }

    #[test]
    fn carts_stored_before_picks_existed_still_read() {
        let stored = r#"{"lines":[]}"#;
        let cart: Cart = serde_json::from_str(stored).expect("reads");
        assert!(cart.rewards.is_empty());
        let written = serde_json::to_string(&cart).expect("writes");
        assert_eq!(written, stored, "no picks, nothing more written");
    }
}
