//! `Countries::view`: the country list the checkout form shows.

use super::*;

#[test]
fn view_lists_countries_by_name_with_states_and_labels() {
    let view = Countries::all().view();
    assert!(view.len() >= 240, "{}", view.len());
    assert!(view.windows(2).all(|w| w[0].name <= w[1].name));
    let us = view.iter().find(|c| c.code == "US").expect("US");
    assert_eq!(us.name, "United States");
    assert_eq!(
        (us.state_label.as_str(), us.postcode_label.as_str()),
        ("State", "ZIP Code")
    );
    assert!(us.state_required && us.postcode_required);
    assert!(
        us.states
            .iter()
            .any(|s| s.code == "CA" && s.name == "California")
    );
    let gb = view.iter().find(|c| c.code == "GB").expect("GB");
    assert_eq!(gb.name, "United Kingdom");
    assert!(gb.states.is_empty() && !gb.state_required);
    assert_eq!(
        (gb.state_label.as_str(), gb.postcode_label.as_str()),
        ("County", "Postcode")
    );
    let fr = view.iter().find(|c| c.code == "FR").expect("FR");
    assert_eq!(
        (fr.state_label.as_str(), fr.postcode_label.as_str()),
        ("State / County", "Postcode / ZIP")
    );
    for required in ["US", "CA", "AU", "BR", "IN"] {
        let country = view.iter().find(|c| c.code == required).expect(required);
        assert!(
            country.state_required && !country.states.is_empty(),
            "{required}"
        );
    }
}

#[test]
fn view_of_a_limited_shop_lists_only_its_countries() {
    let view = Countries::only(&["US", "GB"]).expect("known").view();
    let codes: Vec<&str> = view.iter().map(|c| c.code.as_str()).collect();
    assert_eq!(codes, ["GB", "US"]);
}

#[test]
fn spain_lists_provinces_not_communities() {
    let view = Countries::only(&["ES"]).expect("ES").view();
    let es = &view[0];
    assert_eq!(es.states.len(), 50 + 2, "50 provinces and Ceuta, Melilla");
    assert!(es.states.iter().any(|s| s.name == "Madrid"));
}
