//! Rule validation: every problem is an error naming its rule.

use super::*;

fn problem(rules: Vec<Rule>) -> RuleProblem {
    let config = DiscountConfig {
        stacking: Stacking::All,
        rules,
    };
    Discounts::new(&config, Currency::USD)
        .expect_err("invalid")
        .problem
}

fn bulk(tiers: &[(u32, Option<u32>)]) -> Rule {
    let tiers = tiers
        .iter()
        .map(|&(min, max)| Tier {
            min,
            max,
            adjustment: percent(10),
            label: None,
        })
        .collect();
    rule(
        "bulk",
        Action::Bulk {
            count: Count::Product,
            tiers,
        },
    )
}

#[test]
fn ranges_must_start_at_one_be_ordered_and_not_overlap() {
    assert_eq!(
        problem(vec![bulk(&[(3, Some(5)), (5, None)])]),
        RuleProblem::TiersOverlap(3, 5)
    );
    assert!(
        Discounts::new(
            &DiscountConfig {
                stacking: Stacking::All,
                rules: vec![bulk(&[(6, None), (3, Some(5))])]
            },
            Currency::USD
        )
        .is_ok(),
        "written in any order; 5 and 6 touch but do not overlap"
    );
    assert_eq!(
        problem(vec![bulk(&[(3, None), (6, None)])]),
        RuleProblem::TiersOverlap(3, 6)
    );
    assert_eq!(
        problem(vec![bulk(&[(6, Some(3))])]),
        RuleProblem::TierReversed { min: 6, max: 3 }
    );
    assert_eq!(
        problem(vec![bulk(&[(0, Some(3))])]),
        RuleProblem::TierFromZero
    );
    assert_eq!(problem(vec![bulk(&[])]), RuleProblem::NoTiers);
}

#[test]
fn percentages_stay_within_0_and_100() {
    let with = |p: &str| {
        rule(
            "p",
            Action::Product {
                adjustment: Adjustment::Percent(p.parse().expect("decimal")),
            },
        )
    };
    assert_eq!(
        problem(vec![with("100.01")]),
        RuleProblem::Percent("100.01".parse().expect("decimal"))
    );
    assert!(matches!(problem(vec![with("-1")]), RuleProblem::Percent(_)));
    let fine = DiscountConfig {
        stacking: Stacking::All,
        rules: vec![
            with("0"),
            Rule {
                id: RuleId("q".into()),
                ..with("100")
            },
        ],
    };
    assert!(Discounts::new(&fine, Currency::USD).is_ok());
}

#[test]
fn amounts_are_in_the_base_currency_and_not_negative() {
    let eur = Money::new(500, Currency::EUR);
    let off = |amount| {
        rule(
            "off",
            Action::Product {
                adjustment: Adjustment::AmountOff(amount),
            },
        )
    };
    assert_eq!(
        problem(vec![off(eur)]),
        RuleProblem::Currency {
            expected: Currency::USD,
            found: Currency::EUR
        }
    );
    assert_eq!(problem(vec![off(usd(-1))]), RuleProblem::NegativeAmount);
    let mut threshold = off(usd(100));
    threshold.conditions.subtotal_min = Some(eur);
    assert!(matches!(
        problem(vec![threshold]),
        RuleProblem::Currency { .. }
    ));
    let set = |quantity, total| {
        rule(
            "set",
            Action::SetPrice {
                quantity,
                total,
                repeat: true,
            },
        )
    };
    assert_eq!(problem(vec![set(0, usd(1000))]), RuleProblem::Set);
    assert_eq!(problem(vec![set(3, usd(0))]), RuleProblem::Set);
}

#[test]
fn ids_titles_conditions_and_offers_are_checked_with_the_rule_named() {
    let p = || {
        rule(
            "p",
            Action::Product {
                adjustment: percent(10),
            },
        )
    };
    let config = DiscountConfig {
        stacking: Stacking::All,
        rules: vec![p(), p()],
    };
    let err = Discounts::new(&config, Currency::USD).expect_err("twice");
    assert_eq!(
        err.to_string(),
        "discount rule \"p\": another rule has the same id"
    );
    assert_eq!(
        problem(vec![Rule {
            id: RuleId(" ".into()),
            ..p()
        }]),
        RuleProblem::EmptyId
    );
    assert_eq!(
        problem(vec![Rule {
            title: String::new(),
            ..p()
        }]),
        RuleProblem::EmptyTitle
    );
    let mut dates = p();
    dates.conditions.from = Some(NOW);
    dates.conditions.to = Some(NOW - time::Duration::seconds(1));
    assert_eq!(problem(vec![dates]), RuleProblem::Dates);
    let mut amounts = p();
    amounts.conditions.subtotal_min = Some(usd(2));
    amounts.conditions.subtotal_max = Some(usd(1));
    assert_eq!(problem(vec![amounts]), RuleProblem::Subtotal);
    let mut counts = p();
    counts.conditions.quantity_min = Some(2);
    counts.conditions.quantity_max = Some(1);
    assert_eq!(problem(vec![counts]), RuleProblem::Quantity);
    let mut guests = p();
    guests.conditions.logged_in = Some(false);
    guests.conditions.roles = vec![crate::account::Role::Customer];
    assert_eq!(problem(vec![guests]), RuleProblem::GuestRoles);
    let nothing_free = Action::BuyXGetY {
        buy: 1,
        get: 0,
        get_filter: None,
        reward: Reward::Free,
        repeat: true,
    };
    assert_eq!(problem(vec![rule("b", nothing_free)]), RuleProblem::BuyGet);
}
