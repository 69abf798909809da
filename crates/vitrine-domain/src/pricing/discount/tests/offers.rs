//! Offers over several units: buy X get Y (cheapest first) and set prices ("3 for $10").

use super::*;

fn bogo(get_filter: Option<Filter>, reward: Reward, repeat: bool) -> Action {
    Action::BuyXGetY {
        buy: 1,
        get: 1,
        get_filter: get_filter.map(Box::new),
        reward,
        repeat,
    }
}

#[test]
fn buy_one_get_one_gives_the_cheapest_unit_free() {
    let e = engine(
        Stacking::All,
        vec![rule("bogo", bogo(None, Reward::Free, true))],
    );
    let cart = price(
        &e,
        &[
            line(variation_of(44, 76), 2000, 1),
            line(variation_of(44, 78), 1500, 1),
        ],
    );
    assert_eq!(units(&cart.lines[0]), vec![(1, 2000)]);
    assert_eq!(
        units(&cart.lines[1]),
        vec![(1, 0)],
        "the cheaper one is free"
    );
    assert_eq!(cart.total, usd(2000));
    let three = price(&e, &[line(item(47), 1800, 3)]);
    assert_eq!(
        units(&three.lines[0]),
        vec![(2, 1800), (1, 0)],
        "3 = one pair + one"
    );
    assert_eq!(three.lines[0].discounted_unit_price, usd(1200));
    let four = price(&e, &[line(item(47), 1800, 4)]);
    assert_eq!(four.lines[0].line_total, usd(3600), "two pairs, two free");
    let once = engine(
        Stacking::All,
        vec![rule("once", bogo(None, Reward::Free, false))],
    );
    assert_eq!(
        price(&once, &[line(item(47), 1800, 4)]).lines[0].line_total,
        usd(5400)
    );
    let other_products = price(&e, &[line(item(47), 1800, 1), line(item(48), 1000, 1)]);
    assert_eq!(other_products.total, usd(2800), "same product only");
}

#[test]
fn buy_two_shirts_get_the_cheapest_cap_half_price() {
    let caps = Filter {
        categories: vec![CategoryId(20)],
        ..Filter::default()
    };
    let action = Action::BuyXGetY {
        buy: 2,
        get: 1,
        get_filter: Some(Box::new(caps)),
        reward: Reward::Percent(Decimal::from(50)),
        repeat: true,
    };
    let e = engine(
        Stacking::All,
        vec![for_products(rule("caps", action), &[47])],
    );
    let cart = price(
        &e,
        &[
            line(item(47), 1800, 3),
            line(in_category(50, 20), 1200, 1),
            line(in_category(51, 20), 900, 2),
        ],
    );
    assert_eq!(cart.lines[0].line_total, usd(5400), "shirts are bought");
    assert_eq!(
        cart.lines[1].line_total,
        usd(1200),
        "one set: the dearer cap pays"
    );
    assert_eq!(units(&cart.lines[2]), vec![(1, 900), (1, 450)]);
    let six = price(
        &e,
        &[line(item(47), 1800, 6), line(in_category(51, 20), 900, 2)],
    );
    assert_eq!(
        units(&six.lines[1]),
        vec![(2, 450)],
        "three sets, only two caps"
    );
}

#[test]
fn items_both_bought_and_rewarded_are_counted_once() {
    let everything = Filter::default();
    let action = Action::BuyXGetY {
        buy: 2,
        get: 1,
        get_filter: Some(Box::new(everything)),
        reward: Reward::Free,
        repeat: true,
    };
    let e = engine(Stacking::All, vec![rule("any", action)]);
    assert_eq!(
        price(&e, &[line(item(1), 1000, 2)]).total,
        usd(2000),
        "2 bought, none left"
    );
    let three = price(&e, &[line(item(1), 1000, 2), line(item(2), 500, 1)]);
    assert_eq!(three.total, usd(2000));
    assert_eq!(units(&three.lines[1]), vec![(1, 0)]);
}

#[test]
fn three_for_ten_dollars() {
    let action = Action::SetPrice {
        quantity: 3,
        total: usd(1000),
        repeat: true,
    };
    let e = engine(
        Stacking::All,
        vec![for_products(rule("3for10", action), &[47, 48])],
    );
    let three = price(&e, &[line(item(47), 400, 3)]);
    assert_eq!(three.lines[0].line_total, usd(1000));
    assert_eq!(units(&three.lines[0]), vec![(1, 334), (2, 333)]);
    assert_eq!(
        price(&e, &[line(item(47), 400, 2)]).total,
        usd(800),
        "no set of two"
    );
    assert_eq!(
        price(&e, &[line(item(47), 400, 4)]).total,
        usd(1400),
        "a set and one more"
    );
    assert_eq!(
        price(&e, &[line(item(47), 400, 6)]).total,
        usd(2000),
        "two sets"
    );
    let mixed = price(&e, &[line(item(47), 500, 2), line(item(48), 300, 2)]);
    assert_eq!(
        mixed.total,
        usd(1300),
        "the dearest three form the set, the 4th pays 3.00"
    );
    assert!(
        mixed
            .lines
            .iter()
            .flat_map(|l| &l.units)
            .all(|u| u.unit_price.is_positive())
    );
    let cheap = price(&e, &[line(item(47), 300, 3)]);
    assert_eq!(
        cheap.total,
        usd(900),
        "a set dearer than the items is not offered"
    );
}
