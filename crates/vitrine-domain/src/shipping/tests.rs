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

fn demo() -> ShippingZones {
    let config: ShippingConfig = toml::from_str(
        r#"
        [[zones]]
        name = "Beverly Hills"
        regions = ["US:CA"]
        postcodes = ["90210...90299", "902*"]
        [[zones.methods]]
        type = "flat_rate"
        cost = "2.50"

        [[zones]]
        name = "United States"
        regions = ["US"]
        [[zones.methods]]
        type = "flat_rate"
        cost = "5.00"
        [[zones.methods]]
        type = "free_shipping"
        min_amount = "100.00"
        [[zones.methods]]
        type = "local_pickup"

        [[zones]]
        name = "London"
        regions = ["GB"]
        postcodes = ["SW1A 1AA", "EC1*"]
        [[zones.methods]]
        type = "flat_rate"
        title = "Courier"
        cost = "3.00"
        taxable = false

        [[zones]]
        name = "Europe"
        regions = ["continent:EU"]
        [[zones.methods]]
        type = "flat_rate"
        cost = "12.00"

        [[zones]]
        name = "Rest of the world"
        [[zones.methods]]
        type = "flat_rate"
        cost = "25.00"
        [[zones.methods]]
        type = "free_shipping"
        "#,
    )
    .expect("toml");
    config.build(Currency::USD).expect("valid zones")
}

fn ids(rates: &[ShippingRate]) -> Vec<&str> {
    rates.iter().map(|r| r.id.as_str()).collect()
}

#[test]
fn the_first_matching_zone_wins_with_woocommerce_rate_ids() {
    let zones = demo();
    let rates = zones.rates(&to("US", "NY", "10001"), usd(5_000));
    assert_eq!(ids(&rates), ["flat_rate:2", "local_pickup:4"]);
    assert_eq!(rates[0].cost, usd(500));
    assert_eq!(rates[0].label, "Flat rate");
    assert!(rates[0].taxable);
    assert_eq!(rates[1].cost, usd(0));
    assert_eq!(rates[1].kind, MethodKind::LocalPickup);
}

#[test]
fn free_shipping_starts_at_its_minimum_exactly() {
    let zones = demo();
    let below = zones.rates(&to("US", "NY", "10001"), usd(9_999));
    assert!(!ids(&below).contains(&"free_shipping:3"));
    let at = zones.rates(&to("US", "NY", "10001"), usd(10_000));
    assert_eq!(
        ids(&at),
        ["flat_rate:2", "free_shipping:3", "local_pickup:4"]
    );
    assert_eq!(at[1].cost, usd(0));
    assert!(!at[1].taxable);
}

#[test]
fn free_shipping_without_a_minimum_is_always_offered() {
    let rates = demo().rates(&to("JP", "", "100-0001"), usd(1));
    assert_eq!(ids(&rates), ["flat_rate:7", "free_shipping:8"]);
}

#[test]
fn state_and_postcode_range_and_wildcard() {
    let zones = demo();
    let name = |d: Destination| zones.zone_for(&d).map(|z| z.name.clone());
    assert_eq!(
        name(to("US", "CA", "90210")).as_deref(),
        Some("Beverly Hills")
    );
    assert_eq!(
        name(to("US", "CA", "90299")).as_deref(),
        Some("Beverly Hills")
    );
    assert_eq!(
        name(to("US", "CA", "90300")).as_deref(),
        Some("United States")
    );
    assert_eq!(
        name(to("US", "CA", "90199")).as_deref(),
        Some("United States")
    );
    // The wildcard: 902 followed by anything (ZIP+4 too).
    assert_eq!(
        name(to("US", "CA", "90201-1234")).as_deref(),
        Some("Beverly Hills")
    );
    // The state by name, any case; another state with the same postcode does not match.
    assert_eq!(
        name(to("us", "california", "90210")).as_deref(),
        Some("Beverly Hills")
    );
    assert_eq!(
        name(to("US", "NV", "90210")).as_deref(),
        Some("United States")
    );
}

#[test]
fn postcodes_compare_normalised() {
    let zones = demo();
    let name = |d: Destination| zones.zone_for(&d).map(|z| z.name.clone());
    assert_eq!(name(to("GB", "", "sw1a1aa")).as_deref(), Some("London"));
    assert_eq!(name(to("GB", "", "EC1A 1BB")).as_deref(), Some("London"));
    assert_eq!(name(to("GB", "", "M1 1AE")).as_deref(), Some("Europe"));
}

#[test]
fn continents_and_the_rest_of_the_world() {
    let zones = demo();
    let name = |d: Destination| zones.zone_for(&d).map(|z| z.name.clone());
    assert_eq!(name(to("DE", "", "10115")).as_deref(), Some("Europe"));
    assert_eq!(name(to("FR", "", "75001")).as_deref(), Some("Europe"));
    assert_eq!(
        name(to("AU", "NSW", "2000")).as_deref(),
        Some("Rest of the world")
    );
}

#[test]
fn without_zones_nothing_ships() {
    assert!(
        ShippingZones::default()
            .rates(&to("US", "CA", "90210"), usd(100))
            .is_empty()
    );
    let only_us = ShippingConfig {
        zones: vec![ZoneConfig {
            name: "US".into(),
            regions: vec!["US".into()],
            postcodes: vec![],
            methods: vec![],
        }],
    }
    .build(Currency::USD)
    .expect("valid");
    assert!(
        only_us
            .rates(&to("GB", "", "SW1A 1AA"), usd(100))
            .is_empty()
    );
}

#[test]
fn bad_configuration_names_the_key() {
    let bad = |region: &str, postcode: &str, cost: &str| {
        ShippingConfig {
            zones: vec![ZoneConfig {
                name: "Z".into(),
                regions: vec![region.into()],
                postcodes: if postcode.is_empty() {
                    vec![]
                } else {
                    vec![postcode.into()]
                },
                methods: vec![MethodConfig::FlatRate {
                    title: None,
                    cost: cost.into(),
                    taxable: true,
                }],
            }],
        }
        .build(Currency::USD)
        .expect_err("invalid")
    };
    assert!(bad("XX", "", "1.00").contains("zones[0] (\"Z\").regions: \"XX\": unknown country"));
    assert!(bad("US:Atlantis", "", "1.00").contains("not a state of US"));
    assert!(bad("continent:XY", "", "1.00").contains("unknown continent"));
    assert!(bad("US", "99...10", "1.00").contains("postcodes"));
    assert!(bad("US", "AB...CD", "1.00").contains("numeric"));
    let negative = bad("US", "", "-5.00");
    assert!(
        negative.contains("methods[0]: cost") && negative.contains("negative"),
        "{negative}"
    );
    assert!(bad("US", "", "5.001").contains("cost"));
}
