use proptest::prelude::*;
use rust_decimal::Decimal;

use super::*;
use crate::money::Currency;

fn usd(minor: i64) -> Money {
    Money::new(minor, Currency::USD)
}

fn to(country: &str, state: &str, postcode: &str) -> Destination {
    Destination {
        country: country.into(),
        state: state.into(),
        postcode: postcode.into(),
    }
}

fn rates(include: bool) -> TaxRates {
    let config: TaxConfig = toml::from_str(&format!(
        r#"
        prices_include_tax = {include}
        [[rates]]
        country = "US"
        state = "CA"
        percent = "7.25"
        label = "CA State Tax"
        [[rates]]
        country = "US"
        state = "CA"
        postcodes = ["90210"]
        percent = "2.25"
        label = "Beverly Hills"
        priority = 2
        [[rates]]
        country = "GB"
        percent = "20"
        label = "VAT"
        [[rates]]
        country = "CA"
        state = "QC"
        percent = "5"
        label = "GST"
        [[rates]]
        country = "CA"
        state = "QC"
        percent = "9.975"
        label = "QST"
        priority = 2
        compound = true
        shipping = false
        "#
    ))
    .expect("toml");
    config.build().expect("valid")
}

#[test]
fn exclusive_prices_get_tax_added_per_line_rounded_half_up() {
    // 7.25 % of $10.00 = 72.5 cents → 73; of $0.06 = 0.435 → 0.
    let tax = rates(false)
        .compute(&to("US", "CA", "95014"), &[usd(1_000), usd(6)], usd(500))
        .expect("tax");
    assert_eq!(tax.lines, [usd(73), usd(0)]);
    // $5.00 shipping: 36.25 → 36.
    assert_eq!(tax.shipping, usd(36));
    assert_eq!(tax.total, usd(109));
    assert_eq!(tax.by_rate.len(), 1);
    assert_eq!(tax.by_rate[0].label, "CA State Tax");
    assert_eq!(tax.by_rate[0].amount, usd(109));
}

#[test]
fn inclusive_prices_have_their_tax_extracted() {
    // £12.00 with 20 % VAT inside: 12.00 − 12.00 / 1.2 = 2.00.
    let tax = rates(true)
        .compute(&to("GB", "", "SW1A 1AA"), &[usd(1_200), usd(999)], usd(0))
        .expect("tax");
    // 9.99 − 9.99 / 1.2 = 1.665 → 1.67 (half-up).
    assert_eq!(tax.lines, [usd(200), usd(167)]);
    assert_eq!(tax.total, usd(367));
    let include = rates(true);
    assert!(include.prices_include_tax());
    assert!(!rates(false).prices_include_tax());
}

#[test]
fn shipping_is_taxed_on_top_even_with_inclusive_prices() {
    let tax = rates(true)
        .compute(&to("GB", "", "SW1A 1AA"), &[], usd(1_000))
        .expect("tax");
    assert_eq!(tax.shipping, usd(200));
}

#[test]
fn one_rate_per_priority_and_postcode_specific_rates() {
    let all = rates(false);
    let labels = |d: Destination| -> Vec<String> {
        all.matching(&d).iter().map(|r| r.label.clone()).collect()
    };
    assert_eq!(
        labels(to("US", "CA", "90210")),
        ["CA State Tax", "Beverly Hills"]
    );
    assert_eq!(labels(to("US", "california", "95014")), ["CA State Tax"]);
    assert!(labels(to("US", "NY", "10001")).is_empty());
    assert!(labels(to("FR", "", "75001")).is_empty());
    let tax = all
        .compute(&to("US", "CA", "90210"), &[usd(10_000)], usd(0))
        .expect("tax");
    // 7.25 + 2.25 on $100.00, each rate rounded on its own.
    assert_eq!(tax.lines, [usd(950)]);
    assert_eq!(tax.by_rate[1].amount, usd(225));
}

#[test]
fn compound_rates_charge_on_the_taxes_before_them() {
    // Quebec: GST 5 % then QST 9.975 % on price + GST: 100.00 → 5.00 + 10.47 (10.474 → 10.47).
    let tax = rates(false)
        .compute(&to("CA", "QC", "H2X 1Y4"), &[usd(10_000)], usd(1_000))
        .expect("tax");
    assert_eq!(tax.lines, [usd(1_547)]);
    // QST does not apply to shipping here; GST does: 5 % of $10.00.
    assert_eq!(tax.shipping, usd(50));
    assert_eq!(tax.by_rate[0].amount, usd(550));
    assert_eq!(tax.by_rate[1].amount, usd(1_047));
    // Inclusive: 115.47 holds both: QST out first (115.47 − 115.47/1.09975 = 10.47), then GST.
    let inside = rates(true)
        .compute(&to("CA", "QC", "H2X 1Y4"), &[usd(11_547)], usd(0))
        .expect("tax");
    assert_eq!(inside.lines, [usd(1_547)]);
}

#[test]
fn negative_amounts_and_mixed_currencies_are_errors() {
    let all = rates(false);
    assert!(all.compute(&to("GB", "", ""), &[usd(-1)], usd(0)).is_err());
    let eur = Money::new(100, Currency::EUR);
    assert!(all.compute(&to("GB", "", ""), &[eur], usd(0)).is_err());
}

#[test]
fn bad_rates_name_the_key() {
    let bad = |toml_text: &str| {
        toml::from_str::<TaxConfig>(toml_text)
            .expect("toml")
            .build()
            .expect_err("invalid")
    };
    assert!(
        bad("[[rates]]\ncountry = \"XX\"\npercent = \"5\"").starts_with("tax.rates[0].country")
    );
    assert!(
        bad("[[rates]]\ncountry = \"US\"\nstate = \"Atlantis\"\npercent = \"5\"").contains("state")
    );
    assert!(bad("[[rates]]\npercent = \"-1\"").contains("percent: -1 is not between 0 and 100"));
    assert!(bad("[[rates]]\npercent = \"100.01\"").contains("percent"));
    assert!(bad("[[rates]]\npercent = \"abc\"").contains("not a decimal"));
    let ok: TaxConfig = toml::from_str("[[rates]]\npercent = \"100\"").expect("toml");
    assert!(ok.build().is_ok(), "100 % is the inclusive bound");
}

fn rate(percent: Decimal, priority: u32, compound: bool) -> TaxRate {
    TaxRate {
        country: String::new(),
        state: String::new(),
        postcodes: vec![],
        label: format!("R{priority}"),
        percent,
        priority,
        compound,
        shipping: true,
    }
}

fn arb_rates() -> impl Strategy<Value = Vec<TaxRate>> {
    prop::collection::vec((0u32..=100_000, any::<bool>()), 0..4).prop_map(|specs| {
        specs
            .into_iter()
            .enumerate()
            .map(|(i, (milli, compound))| {
                rate(Decimal::new(i64::from(milli), 3), i as u32 + 1, compound)
            })
            .collect()
    })
}

proptest! {
    #[test]
    fn tax_is_never_negative_and_sums_to_the_total(
        rates in arb_rates(),
        include in any::<bool>(),
        lines in prop::collection::vec(0i64..10_000_000, 0..8),
        shipping in 0i64..1_000_000,
    ) {
        let taxes = TaxRates::new(include, rates);
        let lines: Vec<Money> = lines.into_iter().map(usd).collect();
        let tax = taxes.compute(&to("US", "CA", "90210"), &lines, usd(shipping)).expect("tax");
        prop_assert!(tax.lines.iter().all(|t| t.amount_minor() >= 0));
        prop_assert!(tax.shipping.amount_minor() >= 0);
        let sum: i64 = tax.lines.iter().map(|t| t.amount_minor()).sum::<i64>() + tax.shipping.amount_minor();
        prop_assert_eq!(sum, tax.total.amount_minor());
        let by_rate: i64 = tax.by_rate.iter().map(|t| t.amount.amount_minor()).sum();
        prop_assert_eq!(by_rate, tax.total.amount_minor());
        if include {
            for (line, t) in lines.iter().zip(&tax.lines) {
                prop_assert!(t.amount_minor() <= line.amount_minor(), "{} > {}", t.amount_minor(), line.amount_minor());
            }
        }
    }
}
