use super::*;
use crate::account::Role;
use crate::money::PriceFormat;

#[test]
fn the_price_follows_the_quantity_with_what_the_shopper_saves() {
    let demo = demo();
    let at = |quantity| {
        demo.price_at_quantity(&item(47), usd(1800), quantity, Customer::guest(), NOW)
            .expect("prices")
    };
    let one = at(1);
    assert_eq!(
        (one.unit_price, one.total, one.you_save),
        (usd(1800), usd(1800), usd(0))
    );
    assert!(one.discounts.is_empty());
    let three = at(3);
    assert_eq!(
        (three.unit_price, three.total, three.you_save),
        (usd(1620), usd(4860), usd(540))
    );
    let six = at(6);
    assert_eq!(
        (six.unit_price, six.total, six.you_save),
        (usd(1440), usd(8640), usd(2160))
    );
    assert_eq!(at(0).quantity, 1, "no quantity prices one");
}

#[test]
fn the_bulk_table_lists_each_range_at_the_price_the_cart_charges() {
    let rows = demo()
        .bulk_table(&item(47), usd(1800), Customer::guest(), NOW)
        .expect("prices");
    let format = PriceFormat::for_currency(Currency::USD);
    let shown: Vec<_> = rows
        .iter()
        .map(|r| (r.range_label(), r.adjustment.label(&format), r.unit_price))
        .collect();
    assert_eq!(
        shown,
        vec![
            ("3 - 5".to_owned(), "10%".to_owned(), usd(1620)),
            ("6 +".to_owned(), "20%".to_owned(), usd(1440)),
        ]
    );
    assert!(
        demo()
            .bulk_table(&item(48), usd(1800), Customer::guest(), NOW)
            .expect("prices")
            .is_empty()
    );
}

#[test]
fn a_bulk_table_for_members_only_is_empty_for_guests() {
    let mut rule = rule(
        "members",
        Action::Bulk {
            count: Count::Product,
            tiers: vec![Tier {
                min: 2,
                max: Some(2),
                adjustment: Adjustment::FixedPrice(usd(1500)),
                label: Some("Pair price".into()),
            }],
        },
    );
    rule.conditions.roles = vec![Role::Customer];
    let e = engine(Stacking::Biggest, vec![rule]);
    let table = |who| {
        e.bulk_table(&item(47), usd(1800), who, NOW)
            .expect("prices")
    };
    assert!(table(Customer::guest()).is_empty());
    let rows = table(Customer::logged_in(Role::Customer, 2));
    assert_eq!(rows.len(), 1);
    assert_eq!(
        (rows[0].range_label(), rows[0].label.as_deref()),
        ("2".to_owned(), Some("Pair price"))
    );
    assert_eq!(rows[0].unit_price, usd(1500));
    let format = PriceFormat::for_currency(Currency::USD);
    assert_eq!(rows[0].adjustment.label(&format), "$15.00");
}

#[test]
fn a_first_order_discount_shows_only_to_a_shopper_without_orders() {
    let mut welcome = rule(
        "welcome",
        Action::Product {
            adjustment: percent(15),
        },
    );
    welcome.conditions.first_order = true;
    let e = engine(Stacking::Biggest, vec![welcome]);
    let unit = |who| {
        e.price_at_quantity(&item(1), usd(2000), 1, who, NOW)
            .expect("prices")
            .unit_price
    };
    assert_eq!(unit(Customer::logged_in(Role::Customer, 0)), usd(1700));
    assert_eq!(unit(Customer::logged_in(Role::Customer, 1)), usd(2000));
    assert_eq!(unit(Customer::guest()), usd(2000));
}

#[test]
fn a_free_second_unit_shows_as_an_average_and_the_exact_split() {
    let bogo = Action::BuyXGetY {
        buy: 1,
        get: 1,
        get_filter: None,
        reward: Reward::Free,
        repeat: true,
    };
    let e = engine(Stacking::Biggest, vec![rule("bogo", bogo)]);
    let two = e
        .price_at_quantity(&item(1), usd(1999), 2, Customer::guest(), NOW)
        .expect("prices");
    assert_eq!(
        (two.unit_price, two.total, two.you_save),
        (usd(1000), usd(1999), usd(1999))
    );
    let split: Vec<_> = two
        .units
        .iter()
        .map(|u| (u.quantity, u.unit_price))
        .collect();
    assert_eq!(split, vec![(1, usd(1999)), (1, usd(0))]);
}
