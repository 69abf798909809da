//! One T-Shirt line ($18.00 × 10) under a 10 % rule (priority 1) and a $5.00-off rule
//! (priority 2), in each stacking mode.

use super::*;

fn rules(first: i32, second: i32) -> Vec<Rule> {
    let mut tenth = rule(
        "tenth",
        Action::Product {
            adjustment: percent(10),
        },
    );
    tenth.priority = first;
    let mut five = rule(
        "five",
        Action::Product {
            adjustment: Adjustment::AmountOff(usd(500)),
        },
    );
    five.priority = second;
    vec![five, tenth]
}

fn shirts(stacking: Stacking, first: i32, second: i32) -> DiscountedLine {
    let e = engine(stacking, rules(first, second));
    price(&e, &[line(item(47), 1800, 10)]).lines.remove(0)
}

#[test]
fn first_match_takes_the_rule_with_the_lowest_priority_number() {
    let l = shirts(Stacking::FirstMatch, 1, 2);
    assert_eq!(l.discounted_unit_price, usd(1620));
    assert_eq!(titles(&l.discounts), vec![("tenth", 1800)]);
    let swapped = shirts(Stacking::FirstMatch, 2, 1);
    assert_eq!(swapped.discounted_unit_price, usd(1300));
    assert_eq!(titles(&swapped.discounts), vec![("five", 5000)]);
}

#[test]
fn biggest_takes_the_rule_that_saves_most_whatever_its_priority() {
    for (first, second) in [(1, 2), (2, 1)] {
        let l = shirts(Stacking::Biggest, first, second);
        assert_eq!(l.discounted_unit_price, usd(1300));
        assert_eq!(titles(&l.discounts), vec![("five", 5000)]);
    }
}

#[test]
fn all_applies_every_rule_in_priority_order_on_the_discounted_price() {
    let l = shirts(Stacking::All, 1, 2);
    // 18.00 − 10 % = 16.20, then − 5.00 = 11.20
    assert_eq!(l.discounted_unit_price, usd(1120));
    assert_eq!(titles(&l.discounts), vec![("tenth", 1800), ("five", 5000)]);
    let swapped = shirts(Stacking::All, 2, 1);
    // 18.00 − 5.00 = 13.00, then − 10 % = 11.70
    assert_eq!(swapped.discounted_unit_price, usd(1170));
    assert_eq!(
        titles(&swapped.discounts),
        vec![("five", 5000), ("tenth", 1300)]
    );
    assert_eq!(swapped.line_total, usd(11_700));
}

#[test]
fn first_match_leaves_a_discounted_line_out_of_later_group_rules() {
    let mut bulk = rule(
        "bulk",
        Action::Bulk {
            count: Count::Cumulative,
            tiers: vec![Tier {
                min: 3,
                max: None,
                adjustment: percent(50),
                label: None,
            }],
        },
    );
    bulk.priority = 2;
    let mut first = for_products(
        rule(
            "first",
            Action::Product {
                adjustment: percent(10),
            },
        ),
        &[1],
    );
    first.priority = 1;
    let cart = [line(item(1), 1000, 2), line(item(2), 1000, 2)];
    let e = engine(Stacking::FirstMatch, vec![bulk.clone(), first.clone()]);
    let c = price(&e, &cart);
    assert_eq!(c.lines[0].line_total, usd(1800));
    assert_eq!(
        c.lines[1].line_total,
        usd(2000),
        "2 of product 2 alone reach no tier"
    );
    let all = price(&engine(Stacking::All, vec![bulk, first]), &cart);
    assert_eq!(all.lines[0].line_total, usd(900), "10 % then 50 %");
    assert_eq!(all.lines[1].line_total, usd(1000));
}

#[test]
fn cart_discounts_stack_by_the_same_mode() {
    let cart_rule = |id: &str, priority, adjustment| Rule {
        priority,
        ..rule(
            id,
            Action::CartDiscount {
                adjustment,
                cap: None,
            },
        )
    };
    let rules = vec![
        cart_rule("tenth", 1, CartAdjustment::Percent(Decimal::TEN)),
        cart_rule("twenty", 2, CartAdjustment::AmountOff(usd(2000))),
    ];
    let cart = [line(item(1), 10_000, 1)];
    let off = |stacking| {
        let c = price(&engine(stacking, rules.clone()), &cart);
        (
            titles(&c.cart_discounts)
                .iter()
                .map(|(id, a)| (id.to_string(), *a))
                .collect::<Vec<_>>(),
            c.total,
        )
    };
    let named = |pairs: &[(&str, i64)]| {
        pairs
            .iter()
            .map(|(id, a)| (id.to_string(), *a))
            .collect::<Vec<_>>()
    };
    assert_eq!(
        off(Stacking::FirstMatch),
        (named(&[("tenth", 1000)]), usd(9000))
    );
    assert_eq!(
        off(Stacking::Biggest),
        (named(&[("twenty", 2000)]), usd(8000))
    );
    assert_eq!(
        off(Stacking::All),
        (named(&[("tenth", 1000), ("twenty", 2000)]), usd(7000))
    );
}
