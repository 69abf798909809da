//! A 100-line cart under 50 rules (the benchmark case), checked for correctness only:
//! every line against an independent computation, in every stacking mode.

use super::*;

const ITEM_RULES: i64 = 48;

/// Rule r (r < 48) gives r + 1 % off the products p with p mod 48 = r: directly for r < 24,
/// from 3 units up for the others. Then 5 % off the cart, and free shipping with product 99.
fn fifty_rules() -> Vec<Rule> {
    let mut rules: Vec<Rule> = (0..ITEM_RULES)
        .map(|r| {
            let adjustment = percent(r + 1);
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
            Rule {
                priority: i32::try_from(r % 5).expect("small"),
                ..for_products(rule(&format!("r{r}"), action), &products)
            }
        })
        .collect();
    rules.push(rule(
        "cart",
        Action::CartDiscount {
            adjustment: CartAdjustment::Percent(Decimal::from(5)),
            cap: None,
        },
    ));
    rules.push(for_products(rule("ship", Action::FreeShipping {}), &[99]));
    rules
}

fn hundred_lines() -> Vec<CartItem> {
    (0..100)
        .map(|p| {
            line(
                item(p),
                1000 + 37 * p,
                u32::try_from(1 + p % 7).expect("small"),
            )
        })
        .collect()
}

#[test]
fn a_hundred_line_cart_under_fifty_rules_prices_every_line_exactly() {
    assert_eq!(fifty_rules().len(), 50);
    let cart = hundred_lines();
    for stacking in [Stacking::FirstMatch, Stacking::Biggest, Stacking::All] {
        let priced = price(&engine(stacking, fifty_rules()), &cart);
        let mut subtotal = 0;
        for (p, l) in (0_i64..).zip(&priced.lines) {
            let (unit, quantity) = (1000 + 37 * p, 1 + p % 7);
            let pct = p % ITEM_RULES + 1;
            let applies = p % ITEM_RULES < 24 || quantity >= 3;
            let expected = if applies {
                unit - (unit * pct + 50) / 100
            } else {
                unit
            };
            assert_eq!(
                l.discounted_unit_price,
                usd(expected),
                "product {p}, {stacking:?}"
            );
            assert_eq!(l.line_total, usd(expected * quantity));
            assert_eq!(l.discounts.len(), usize::from(applies));
            subtotal += expected * quantity;
        }
        let off = (subtotal * 5 + 50) / 100;
        assert_eq!(priced.subtotal, usd(subtotal));
        assert_eq!(titles(&priced.cart_discounts), vec![("cart", off)]);
        assert_eq!(priced.total, usd(subtotal - off));
        assert_eq!(priced.free_shipping, Some(RuleId("ship".into())));
    }
}
