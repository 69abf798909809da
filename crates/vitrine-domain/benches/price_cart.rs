//! Issue 12 item 11: pricing a 100-line cart under 50 discount rules (target ≤ 1 ms).
//! The same cart and rules as the domain test `a_hundred_line_cart_under_fifty_rules_prices_every_line_exactly`
//! (48 product and bulk rules over disjoint products, a cart discount, free shipping), in each
//! stacking mode. Run: `cargo bench -p vitrine-domain --features fixtures --bench price_cart`
//! (docs/benchmarks.md).

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use time::macros::datetime;
use vitrine_domain::money::Currency;
use vitrine_domain::pricing::discount::fixtures::{fifty_rules, hundred_lines};
use vitrine_domain::pricing::discount::{Customer, DiscountConfig, Discounts, Stacking};

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
