//! The buy-X-get-Y offers of a priced cart whose free item the shopper may pick, with the
//! current pick (spec §7 awdr_change_discount_product_in_cart).

use std::borrow::Borrow;
use std::collections::HashMap;

use time::OffsetDateTime;

use super::convert::ConvertError;
use super::discount::{Customer, RuleId};
use super::local::LocalPricing;
use crate::cart::{Cart, RewardChoice};
use crate::catalogue::{Product, ProductId};

/// One offer the cart qualifies for, its free-item products and the shopper's pick.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RewardOffer {
    pub rule: RuleId,
    pub title: String,
    /// The products the free item is picked among (a variable one: any of its variations).
    pub products: Vec<ProductId>,
    pub pick: Option<RewardChoice>,
}

impl LocalPricing {
    /// The offers of `cart` whose free item can be picked, in rule order.
    pub fn reward_offers<P: Borrow<Product>>(
        &self,
        cart: &Cart,
        products: &HashMap<ProductId, P>,
        customer: Customer,
        now: OffsetDateTime,
    ) -> Result<Vec<RewardOffer>, ConvertError> {
        let (_, items, _) = self.cart_items(cart, products, now)?;
        let offers = self.discounts().pickable_offers(&items, customer, now);
        Ok(offers
            .into_iter()
            .map(|rule| RewardOffer {
                rule: rule.id.clone(),
                title: rule.title.clone(),
                products: rule.reward_products().to_vec(),
                pick: cart.reward_choice(&rule.id.0).cloned(),
            })
            .collect())
    }
}
