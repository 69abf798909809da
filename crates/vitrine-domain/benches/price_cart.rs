//! Issue 12 item 11: pricing a 100-line cart under 50 discount rules (target ≤ 1 ms).
//! The same cart and rules as the domain test `a_hundred_line_cart_under_fifty_rules_prices_every_line_exactly`
//! (48 product and bulk rules over disjoint products, a cart discount, free shipping), in each
//! stacking mode. Run: `cargo bench -p vitrine-domain --bench price_cart` (docs/benchmarks.md).

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use rust_decimal::Decimal;
use time::macros::datetime;
use vitrine_domain::catalogue::ProductId;
use vitrine_domain::money::{Currency, Money};
use vitrine_domain::pricing::discount::{
    Action, Adjustment, CartAdjustment, CartItem, Conditions, Count, Customer, DiscountConfig,
    Discounts, Filter, ItemContext, Rule, RuleId, Stacking, Tier,
};

const ITEM_RULES: i64 = 48;

fn rule(id: String, action: Action, products: &[i64], priority: i32) -> Rule {
    Rule {
        id: RuleId(id.clone()),
        title: id,
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

fn fifty_rules() -> Vec<Rule> {
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
            let priority = i32::try_from(r % 5).unwrap_or(0);
            rule(format!("r{r}"), action, &products, priority)
        })
        .collect();
    let cart = Action::CartDiscount {
        adjustment: CartAdjustment::Percent(Decimal::from(5)),
        cap: None,
    };
    rules.push(rule("cart".into(), cart, &[], 0));
    rules.push(rule("ship".into(), Action::FreeShipping {}, &[99], 0));
    rules
}

fn hundred_lines() -> Vec<CartItem> {
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

fn price_cart(c: &mut Criterion) {
    let now = datetime!(2026-11-27 12:00 UTC);
    let cart = hundred_lines();
    // The baseline of the same run: the same cart priced with no rule at all.
    let none = Discounts::none(Currency::USD);
    c.bench_function("100 lines, no rules (baseline)", |b| {
        b.iter(|| none.price_cart(black_box(&cart), Customer::guest(), now))
    });
    for (name, stacking) in [
        ("first_match", Stacking::FirstMatch),
        ("biggest", Stacking::Biggest),
        ("all", Stacking::All),
    ] {
        let config = DiscountConfig {
            stacking,
            rules: fifty_rules(),
        };
        let Ok(discounts) = Discounts::new(&config, Currency::USD) else {
            panic!("the benchmark's rules are valid");
        };
        c.bench_function(&format!("100 lines, 50 rules, {name}"), |b| {
            b.iter(|| discounts.price_cart(black_box(&cart), Customer::guest(), now))
        });
    }
}

criterion_group!(benches, price_cart);
criterion_main!(benches);
