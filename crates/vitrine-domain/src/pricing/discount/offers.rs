//! Buy-X-get-Y offers whose free item the shopper picks (spec §7
//! awdr_change_discount_product_in_cart): an offer with a `get_filter` naming products lets the
//! cart show those products (or their variations) as the choice once the cart holds what the
//! offer asks to buy.

use time::OffsetDateTime;

use super::condition::{CartFacts, Customer};
use super::filter::ItemContext;
use super::rule::{Action, Rule};
use super::{CartItem, Discounts};
use crate::catalogue::ProductId;

/// Why a pick is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PickError {
    #[error("no offer lets you choose a free item with that id")]
    UnknownOffer,
    #[error("that item is not one of this offer's free items")]
    NotAReward,
}

impl Rule {
    /// The products an offer's free item is picked among; empty for any other rule (an offer
    /// rewarding a category or attribute gives the cheapest matching item instead).
    pub fn reward_products(&self) -> &[ProductId] {
        match &self.action {
            Action::BuyXGetY {
                get_filter: Some(filter),
                ..
            } => &filter.products,
            _ => &[],
        }
    }

    /// Whether `item` is one of this offer's free items.
    pub fn rewards(&self, item: &ItemContext) -> bool {
        match &self.action {
            Action::BuyXGetY {
                get_filter: Some(filter),
                ..
            } => filter.matches(item),
            _ => false,
        }
    }
}

impl Discounts {
    /// The offer `rule` when its free item can be picked and `item` is one of them.
    pub fn pickable(&self, rule: &str, item: &ItemContext) -> Result<&Rule, PickError> {
        let offer = self
            .rules
            .iter()
            .find(|r| r.id.0 == rule && r.enabled && !r.reward_products().is_empty())
            .ok_or(PickError::UnknownOffer)?;
        if offer.rewards(item) {
            Ok(offer)
        } else {
            Err(PickError::NotAReward)
        }
    }

    /// The offers whose free item the shopper may pick in this cart: enabled, their
    /// conditions met, and at least `buy` matching items in it.
    pub fn pickable_offers(
        &self,
        items: &[CartItem],
        customer: Customer,
        now: OffsetDateTime,
    ) -> Vec<&Rule> {
        let subtotal = items.iter().try_fold(0_i64, |sum, i| {
            i.unit_price
                .amount_minor()
                .checked_mul(i64::from(i.quantity))
                .and_then(|t| sum.checked_add(t))
        });
        let Some(subtotal) = subtotal else {
            return Vec::new();
        };
        let facts = CartFacts {
            subtotal: self.money(subtotal),
            quantity: items.iter().map(|i| u64::from(i.quantity)).sum(),
        };
        self.rules
            .iter()
            .filter(|r| r.enabled && !r.reward_products().is_empty())
            .filter(|r| r.conditions.hold(facts, customer, now))
            .filter(|r| {
                let Action::BuyXGetY { buy, .. } = r.action else {
                    return false;
                };
                let bought: u64 = items
                    .iter()
                    .filter(|i| r.filter.matches(&i.item))
                    .map(|i| u64::from(i.quantity))
                    .sum();
                bought >= u64::from(buy)
            })
            .collect()
    }
}
