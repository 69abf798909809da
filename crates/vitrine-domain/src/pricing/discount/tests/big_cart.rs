//! A 100-line cart under 50 rules (the benchmark case), checked for correctness only:
//! every line against an independent computation, in every stacking mode.

use super::*;

use crate::pricing::discount::fixtures::{ITEM_RULES, fifty_rules, hundred_lines};

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
