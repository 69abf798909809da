use super::*;

#[test]
fn the_demo_bulk_rule_sells_three_tshirts_at_16_20_and_six_at_14_40() {
    let demo = demo();
    let each = |quantity| {
        let cart = price(&demo, &[line(item(47), 1800, quantity)]);
        let l = &cart.lines[0];
        (l.discounted_unit_price, l.line_total)
    };
    assert_eq!(each(2), (usd(1800), usd(3600)), "below the first range");
    assert_eq!(each(3), (usd(1620), usd(4860)));
    assert_eq!(each(5), (usd(1620), usd(8100)));
    assert_eq!(each(6), (usd(1440), usd(8640)));
    assert_eq!(each(40), (usd(1440), usd(57600)), "the last range is open");
    let other = price(&demo, &[line(item(48), 1800, 6)]);
    assert_eq!(other.lines[0].line_total, usd(10800), "only the T-Shirt");
    let cart = price(&demo, &[line(item(47), 1800, 3)]);
    assert_eq!(titles(&cart.lines[0].discounts), vec![("tshirt-bulk", 540)]);
    assert_eq!(cart.lines[0].discounts[0].title, "T-Shirt bulk discount");
}

#[test]
fn product_adjustments_take_a_percentage_an_amount_or_set_a_price() {
    let with = |adjustment| {
        let e = engine(
            Stacking::All,
            vec![rule("p", Action::Product { adjustment })],
        );
        price(&e, &[line(item(1), 1999, 2)]).lines[0].discounted_unit_price
    };
    assert_eq!(with(percent(15)), usd(1699), "299.85 off rounds to 3.00");
    assert_eq!(with(Adjustment::AmountOff(usd(500))), usd(1499));
    assert_eq!(with(Adjustment::FixedPrice(usd(1000))), usd(1000));
    assert_eq!(
        with(Adjustment::FixedPrice(usd(2500))),
        usd(1999),
        "never dearer"
    );
    assert_eq!(
        with(Adjustment::AmountOff(usd(5000))),
        usd(1),
        "only explicit free is 0"
    );
    assert_eq!(with(percent(100)), usd(0));
}

#[test]
fn bulk_ranges_count_per_product_per_variation_or_together() {
    let bulk = |count| Action::Bulk {
        count,
        tiers: vec![Tier {
            min: 3,
            max: None,
            adjustment: percent(10),
            label: None,
        }],
    };
    let cart = [
        line(variation_of(44, 76), 2000, 2),
        line(variation_of(44, 77), 2000, 1),
        line(in_category(47, 15), 1000, 1),
    ];
    let totals = |count| {
        let e = engine(Stacking::All, vec![rule("b", bulk(count))]);
        let c = price(&e, &cart);
        c.lines
            .iter()
            .map(|l| l.line_total.amount_minor())
            .collect::<Vec<_>>()
    };
    assert_eq!(totals(Count::Product), vec![3600, 1800, 1000]);
    assert_eq!(totals(Count::Variation), vec![4000, 2000, 1000]);
    assert_eq!(totals(Count::Cumulative), vec![3600, 1800, 900]);
}

fn cart_discount(adjustment: CartAdjustment, cap: Option<Money>) -> Action {
    Action::CartDiscount { adjustment, cap }
}

#[test]
fn cart_discounts_come_off_the_subtotal_with_a_cap() {
    let tenth = CartAdjustment::Percent(Decimal::TEN);
    let e = engine(
        Stacking::All,
        vec![rule("c", cart_discount(tenth, Some(usd(500))))],
    );
    let small = price(&e, &[line(item(1), 1999, 2)]);
    assert_eq!(
        titles(&small.cart_discounts),
        vec![("c", 400)],
        "39.98 → 4.00 (3.998)"
    );
    assert_eq!((small.subtotal, small.total), (usd(3998), usd(3598)));
    let big = price(&e, &[line(item(1), 10_000, 1)]);
    assert_eq!(big.total, usd(9500), "capped at 5.00");
    let off = CartAdjustment::AmountOff(usd(5000));
    let e = engine(Stacking::All, vec![rule("c", cart_discount(off, None))]);
    assert_eq!(
        price(&e, &[line(item(1), 1000, 1)]).total,
        usd(1),
        "never 0 unless 100 %"
    );
    let all = CartAdjustment::Percent(Decimal::ONE_HUNDRED);
    let e = engine(Stacking::All, vec![rule("c", cart_discount(all, None))]);
    let free = price(&e, &[line(item(1), 1000, 1)]);
    assert_eq!((free.total, free.discount_total), (usd(0), usd(1000)));
}

#[test]
fn free_shipping_is_a_flag_of_the_first_rule_that_matches() {
    let e = engine(
        Stacking::All,
        vec![
            for_products(rule("ship-47", Action::FreeShipping {}), &[47]),
            rule("ship", Action::FreeShipping {}),
        ],
    );
    let cart = price(&e, &[line(item(47), 1800, 1)]);
    assert_eq!(cart.free_shipping, Some(RuleId("ship-47".into())));
    assert_eq!(cart.total, usd(1800));
    let other = price(&e, &[line(item(48), 1800, 1)]);
    assert_eq!(other.free_shipping, Some(RuleId("ship".into())));
    assert_eq!(
        price(&Discounts::none(Currency::USD), &[line(item(48), 1, 1)]).free_shipping,
        None
    );
}

#[test]
fn disabled_rules_and_rules_whose_conditions_fail_do_nothing() {
    let mut off = rule(
        "off",
        Action::Product {
            adjustment: percent(50),
        },
    );
    off.enabled = false;
    let mut later = rule(
        "later",
        Action::Product {
            adjustment: percent(50),
        },
    );
    later.conditions.from = Some(datetime!(2026-12-01 0:00 UTC));
    let mut big_carts = rule(
        "big",
        Action::Product {
            adjustment: percent(50),
        },
    );
    big_carts.conditions.subtotal_min = Some(usd(10_000));
    let e = engine(Stacking::All, vec![off, later, big_carts]);
    assert_eq!(price(&e, &[line(item(1), 9_999, 1)]).total, usd(9_999));
    assert_eq!(
        price(&e, &[line(item(1), 10_000, 1)]).total,
        usd(5_000),
        "before discounts"
    );
}
