//! The benchmark case, shared by the domain test that checks it line by line and the
//! criterion benchmark that times it (`benches/price_cart.rs`): a 100-line cart under 50 rules.

use rust_decimal::Decimal;

use super::{
    Action, Adjustment, CartAdjustment, CartItem, Conditions, Count, Filter, ItemContext, Rule,
    RuleId, Tier,
};
use crate::catalogue::ProductId;
use crate::money::{Currency, Money};

/// Rules 0..48 are item rules; rule r covers the products p with p mod 48 = r.
pub const ITEM_RULES: i64 = 48;

fn rule(id: &str, action: Action, products: &[i64], priority: i32) -> Rule {
    Rule {
        id: RuleId(id.into()),
        title: format!("{id} title"),
        priority,
        enabled: true,
        filter: Filter {
            products: products.iter().copied().map(ProductId).collect(),
            ..Filter::default()
        },
        conditions: Conditions::default(),
        action,
    }
}

/// Rule r (r < 48) gives r + 1 % off the products p with p mod 48 = r: directly for r < 24,
/// from 3 units up for the others (priority r mod 5). Then 5 % off the cart ("cart"), and free
/// shipping with product 99 ("ship").
pub fn fifty_rules() -> Vec<Rule> {
    let mut rules: Vec<Rule> = (0..ITEM_RULES)
        .map(|r| {
            let adjustment = Adjustment::Percent(Decimal::from(r + 1));
            let action = if r < 24 {
                Action::Product { adjustment }
            } else {
                Action::Bulk {
                    count: Count::Product,
                    tiers: vec![Tier {
                        min: 3,
                        max: None,
                        adjustment,
                        label: None,
                    }],
                }
            };
            let products: Vec<i64> = (0..100).filter(|p| p % ITEM_RULES == r).collect();
            let priority = i32::try_from(r % 5).unwrap_or_default();
            rule(&format!("r{r}"), action, &products, priority)
        })
        .collect();
    let cart = Action::CartDiscount {
        adjustment: CartAdjustment::Percent(Decimal::from(5)),
        cap: None,
    };
    rules.push(rule("cart", cart, &[], 0));
    rules.push(rule("ship", Action::FreeShipping {}, &[99], 0));
    rules
}

/// Products 0..100 in USD: product p costs 1000 + 37 p cents, 1 + p mod 7 of it.
pub fn hundred_lines() -> Vec<CartItem> {
    (0..100_i64)
        .map(|p| CartItem {
            item: ItemContext {
                product: ProductId(p),
                variation: None,
                categories: Vec::new(),
                tags: Vec::new(),
                attributes: Vec::new(),
            },
            unit_price: Money::new(1000 + 37 * p, Currency::USD),
            quantity: u32::try_from(1 + p % 7).unwrap_or(1),
        })
        .collect()
}
