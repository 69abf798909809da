//! The shopper's pick of a buy-X-get-Y reward: the offer rewards the picked item instead of
//! the cheapest, the cart lists the offers it qualifies for, and a pick outside the offer's
//! rewards is refused.

use std::collections::HashMap;

use time::OffsetDateTime;
use time::macros::datetime;

use super::*;
use crate::cart::{Cart, CartItemKey, CartLine, RewardChoice};
use crate::catalogue::fixtures::simple_product;
use crate::catalogue::{Product, ProductId};
use crate::pricing::discount::{
    Customer, DiscountConfig, Discounts, ItemContext, PickError, RuleId,
};

const NOW: OffsetDateTime = datetime!(2026-11-27 12:00 UTC);

const BOGO: &str = r#"
[[rules]]
id = "tee-gift"
title = "Buy 2 T-Shirts, get a Beanie or a Cap free"
filter = { products = [47] }
action = { kind = "buy_x_get_y", buy = 2, get = 1, repeat = false, get_filter = { products = [48, 49] } }
"#;

fn pricing() -> LocalPricing {
    let config: DiscountConfig = toml::from_str(BOGO).expect("reads");
    let rules = Discounts::new(&config, Currency::USD).expect("valid");
    LocalPricing::new(demo().converter(Currency::USD).expect("base"), &rules).expect("local")
}

fn catalogue() -> HashMap<ProductId, Product> {
    [
        simple_product(47, "T-Shirt", 1800),
        simple_product(48, "Beanie", 2000),
        simple_product(49, "Cap", 1600),
    ]
    .into_iter()
    .map(|p| (p.id, p))
    .collect()
}

fn line(product: i64, quantity: u32) -> CartLine {
    CartLine {
        key: CartItemKey::compute(ProductId(product), None, &[]),
        product_id: ProductId(product),
        variation_id: None,
        attributes: Vec::new(),
        quantity,
    }
}

fn pick(product: i64) -> RewardChoice {
    RewardChoice {
        rule: "tee-gift".into(),
        product_id: ProductId(product),
        variation_id: None,
        added: None,
    }
}

/// (product, line total in cents) per line.
fn totals(cart: &Cart) -> Vec<(i64, i64)> {
    let priced = pricing()
        .price_cart(cart, &catalogue(), Customer::guest(), NOW)
        .expect("prices");
    priced
        .lines
        .iter()
        .map(|l| (l.line.product_id.0, l.line_total.amount_minor()))
        .collect()
}

#[test]
fn without_a_pick_the_cheapest_reward_is_free_and_with_one_the_picked_item_is() {
    let mut cart = Cart {
        lines: vec![line(47, 2), line(48, 1), line(49, 1)],
        ..Cart::default()
    };
    assert_eq!(totals(&cart), vec![(47, 3600), (48, 2000), (49, 0)]);
    cart.choose_reward(pick(48));
    assert_eq!(totals(&cart), vec![(47, 3600), (48, 0), (49, 1600)]);
    // A pick that is not in the cart changes nothing: the cheapest reward stays free.
    cart.lines.retain(|l| l.product_id != ProductId(48));
    assert_eq!(totals(&cart), vec![(47, 3600), (49, 0)]);
}

#[test]
fn the_cart_lists_the_offer_once_it_holds_what_the_offer_asks_to_buy() {
    let offers = |cart: &Cart| {
        pricing()
            .reward_offers(cart, &catalogue(), Customer::guest(), NOW)
            .expect("prices")
    };
    let one = Cart {
        lines: vec![line(47, 1)],
        ..Cart::default()
    };
    assert_eq!(offers(&one), vec![]);
    let mut two = Cart {
        lines: vec![line(47, 2)],
        ..Cart::default()
    };
    let listed = offers(&two);
    assert_eq!(listed.len(), 1);
    assert_eq!(listed[0].rule, RuleId("tee-gift".into()));
    assert_eq!(listed[0].products, vec![ProductId(48), ProductId(49)]);
    assert_eq!(listed[0].pick, None);
    two.choose_reward(pick(49));
    assert_eq!(offers(&two)[0].pick, Some(pick(49)));
}

#[test]
fn only_the_offers_rewards_can_be_picked() {
    let local = pricing();
    let rules = local.discounts();
    let catalogue = catalogue();
    let item = |id: i64| ItemContext::of(&catalogue[&ProductId(id)], None, &[]);
    assert!(rules.pickable("tee-gift", &item(48)).is_ok());
    assert_eq!(
        rules.pickable("tee-gift", &item(47)).err(),
        Some(PickError::NotAReward)
    );
    assert_eq!(
        rules.pickable("tshirt-bulk", &item(48)).err(),
        Some(PickError::UnknownOffer)
    );
}
