//! Settings sent to the API: the file's checks, each problem named by its field, and the
//! written form read back.

use super::*;
use crate::pricing::discount::DiscountConfig;
use crate::pricing::{check_currencies, check_discounts};

fn field_of(config: &CurrencyConfig) -> String {
    match check_currencies(config, Currency::USD) {
        Err(e) => e.field,
        Ok(_) => "ok".into(),
    }
}

fn demo_config() -> CurrencyConfig {
    toml::from_str(DEMO).expect("the demo reads")
}

#[test]
fn the_demo_reads_back_in_full_and_checks_to_the_same_currencies() {
    let config = demo().to_config();
    assert_eq!(config.currencies.len(), 3);
    assert_eq!(config.currencies[0].rate, None, "the base takes no rate");
    assert_eq!(config.currencies[1].symbol.as_deref(), Some("€"));
    assert_eq!(config.currencies[1].rate, Some(dec("0.92")));
    assert_eq!(check_currencies(&config, Currency::USD), Ok(demo()));
}

#[test]
fn each_currency_problem_names_its_entry_and_field() {
    let with = |i: usize, change: &dyn Fn(&mut CurrencyEntry)| {
        let mut config = demo_config();
        change(&mut config.currencies[i]);
        field_of(&config)
    };
    assert_eq!(with(1, &|e| e.rate = Some(dec("0"))), "currencies[1].rate");
    assert_eq!(with(2, &|e| e.rate = None), "currencies[2].rate");
    assert_eq!(with(1, &|e| e.code = "EURO".into()), "currencies[1].code");
    assert_eq!(with(2, &|e| e.code = "EUR".into()), "currencies[2].code");
    assert_eq!(with(1, &|e| e.decimals = Some(3)), "currencies[1].decimals");
    assert_eq!(
        with(1, &|e| e.decimal_separator = Some(".".into())),
        "currencies[1].decimal_separator"
    );
    assert_eq!(
        with(1, &|e| e.rounding = Rounding::Charm { ending: dec("1") }),
        "currencies[1].rounding"
    );
    assert_eq!(with(0, &|e| e.rate = Some(dec("2"))), "currencies[0].rate");
    assert_eq!(with(0, &|e| e.fixed_prices = true), "currencies[0]");
    let cad = |e: &mut CurrencyEntry| {
        e.code = "CAD".into();
        e.rate = Some(dec("1.38"));
    };
    assert_eq!(with(0, &cad), "currencies", "the base is not listed");
    let mut other_base = demo_config();
    other_base.base = "EUR".into();
    assert_eq!(field_of(&other_base), "base");
    let mut too_many = demo_config();
    too_many.currencies = vec![entry("USD", None); MAX_CURRENCIES + 1];
    assert_eq!(field_of(&too_many), "currencies");
    assert_eq!(field_of(&demo_config()), "ok");
}

#[test]
fn each_rule_problem_names_its_rule_and_part() {
    let rules = |toml: &str| -> String {
        let config: DiscountConfig = toml::from_str(toml).expect("reads");
        match check_discounts(&config, Currency::USD) {
            Err(e) => e.field,
            Ok(d) => format!("ok {}", d.rules().len()),
        }
    };
    let bulk = r#"
[[rules]]
id = "a"
title = "A"
action = { kind = "product", adjustment = { percent = "10" } }
"#;
    assert_eq!(rules(bulk), "ok 1");
    let twice = format!("{bulk}{bulk}");
    assert_eq!(rules(&twice), "rules[1].id");
    let over = bulk.replace("\"10\"", "\"101\"");
    assert_eq!(
        rules(&format!("{bulk}{}", over.replace("\"a\"", "\"b\""))),
        "rules[1].action"
    );
    assert_eq!(rules(&bulk.replace("\"A\"", "\" \"")), "rules[0].title");
    let dates = bulk.replace(
        "action =",
        "conditions = { from = \"2026-12-01T00:00:00Z\", to = \"2026-11-01T00:00:00Z\" }\naction =",
    );
    assert_eq!(rules(&dates), "rules[0].conditions");
}

#[test]
fn rules_read_back_as_written() {
    let config: DiscountConfig = toml::from_str(super::local::RULES).expect("reads");
    let discounts = check_discounts(&config, Currency::USD).expect("valid");
    assert_eq!(discounts.to_config(), config);
}
