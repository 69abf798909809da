//! `GET /api/v1/checkout/countries`: the shop's countries with their address rules.

use std::sync::Arc;

use vitrine_app::checkout::CheckoutPolicy;
use vitrine_domain::address::Countries;
use vitrine_http::{ShopSettings, router};

use crate::checkout_support::CheckoutKit;
use crate::helpers::{TestApp, checkout_state};

/// The app over the same database, selling only to `codes`.
fn selling_to(app: &mut TestApp, codes: &[&str]) {
    selling(app, Countries::only(codes).expect("known codes"));
}

/// The app over the same database, selling to `countries`.
fn selling(app: &mut TestApp, countries: Countries) {
    let settings = ShopSettings::default();
    let policies = vitrine_app::Policies {
        checkout: CheckoutPolicy {
            countries,
            ..CheckoutPolicy::default()
        },
        ..settings.policies()
    };
    let state = checkout_state(
        &app.db,
        &CheckoutKit::default(),
        policies,
        Arc::new(time::OffsetDateTime::now_utc),
    );
    app.router = router(state);
}

#[tokio::test]
async fn every_country_by_name_with_states_and_labels() {
    let mut app = TestApp::spawn().await;
    selling(&mut app, Countries::all());
    let res = app.get("/api/v1/checkout/countries").await;
    assert_eq!(res.status, 200);
    let countries = res.json();
    let list = countries.as_array().expect("a bare array");
    assert!(list.len() >= 240, "{}", list.len());
    let names: Vec<&str> = list
        .iter()
        .map(|c| c["name"].as_str().expect("name"))
        .collect();
    assert!(names.windows(2).all(|w| w[0] <= w[1]), "by name");
    let us = list.iter().find(|c| c["code"] == "US").expect("US");
    assert_eq!(us["name"], "United States");
    assert_eq!(us["state_label"], "State");
    assert_eq!(us["postcode_label"], "ZIP Code");
    assert_eq!(us["state_required"], true);
    assert_eq!(us["postcode_required"], true);
    assert!(
        us["states"]
            .as_array()
            .expect("states")
            .contains(&serde_json::json!({"code": "CA", "name": "California"}))
    );
    let gb = list.iter().find(|c| c["code"] == "GB").expect("GB");
    assert_eq!(gb["states"], serde_json::json!([]));
    assert_eq!(gb["state_required"], false);
    assert_eq!(gb["postcode_label"], "Postcode");
}

#[tokio::test]
async fn a_shop_selling_to_two_countries_lists_those_two() {
    let mut app = TestApp::spawn().await;
    selling_to(&mut app, &["US", "GB"]);
    let res = app.get("/api/v1/checkout/countries").await;
    assert_eq!(res.status, 200);
    let codes: Vec<String> = res
        .json()
        .as_array()
        .expect("array")
        .iter()
        .map(|c| c["code"].as_str().expect("code").to_owned())
        .collect();
    assert_eq!(codes, ["GB", "US"]);
}
