//! Rules in a shopper's currency: catalogue prices are converted first (with the currency's
//! rounding rule), then the rules' fixed amounts are converted and the discount is worked out
//! in that currency.

use super::*;
use crate::pricing::{ConvertError, Currencies, CurrencyConfig};

fn currencies() -> Currencies {
    let config: CurrencyConfig = toml::from_str(
        r#"
        base = "USD"
        [[currencies]]
        code = "USD"
        [[currencies]]
        code = "EUR"
        rate = "0.92"
        rounding = { kind = "charm", ending = "0.99" }
        [[currencies]]
        code = "GBP"
        fixed_prices = true
        "#,
    )
    .expect("reads");
    Currencies::try_from(&config).expect("valid")
}

fn eur(minor: i64) -> Money {
    Money::new(minor, Currency::EUR)
}

#[test]
fn the_demo_rule_in_euros_discounts_the_price_the_shopper_sees() {
    let to_eur = currencies().converter(Currency::EUR).expect("offered");
    let rules = demo().localise(&to_eur).expect("converts");
    assert_eq!(rules.currency(), Currency::EUR);
    let shown = to_eur.convert(usd(1800)).expect("converts");
    assert_eq!(shown, eur(1699));
    let at = |quantity| {
        rules
            .price_at_quantity(&item(47), shown, quantity, Customer::guest(), NOW)
            .expect("prices")
    };
    assert_eq!(at(1).unit_price, eur(1699));
    assert_eq!(at(3).unit_price, eur(1529), "16.99 − 1.70 (1.699)");
    assert_eq!(at(6).unit_price, eur(1359), "16.99 − 3.40 (3.398)");
    assert_eq!(
        at(6).total,
        eur(8154),
        "6 × 13.59: what is shown is charged"
    );
}

#[test]
fn fixed_amounts_and_thresholds_convert_at_the_rate_without_the_charm_ending() {
    let mut five_off = rule(
        "five",
        Action::Product {
            adjustment: Adjustment::AmountOff(usd(500)),
        },
    );
    five_off.conditions.subtotal_min = Some(usd(5000));
    let set = rule(
        "set",
        Action::SetPrice {
            quantity: 3,
            total: usd(1000),
            repeat: true,
        },
    );
    let e = engine(Stacking::All, vec![five_off, set]);
    let to_eur = currencies().converter(Currency::EUR).expect("offered");
    let local = e.localise(&to_eur).expect("converts");
    assert_eq!(
        local.rules()[0].action,
        Action::Product {
            adjustment: Adjustment::AmountOff(eur(460))
        }
    );
    assert_eq!(local.rules()[0].conditions.subtotal_min, Some(eur(4600)));
    assert_eq!(
        local.rules()[1].action,
        Action::SetPrice {
            quantity: 3,
            total: eur(920),
            repeat: true
        }
    );
    let wrong = local.price_cart(&[line(item(1), 1000, 1)], Customer::guest(), NOW);
    assert!(wrong.is_err(), "a dollar price in a euro cart is an error");
    assert!(matches!(
        local.localise(&to_eur),
        Err(ConvertError::WrongCurrency { .. })
    ));
}

#[test]
fn a_currency_of_fixed_prices_only_cannot_convert_fixed_amounts() {
    let to_gbp = currencies().converter(Currency::GBP).expect("offered");
    assert!(demo().localise(&to_gbp).is_ok(), "percentages need no rate");
    let off = engine(
        Stacking::All,
        vec![rule(
            "off",
            Action::Product {
                adjustment: Adjustment::AmountOff(usd(100)),
            },
        )],
    );
    assert_eq!(
        off.localise(&to_gbp),
        Err(ConvertError::NoRate(Currency::GBP))
    );
}
