//! The per-country rules, built once from the address data (the `keshvar` crate: ISO 3166-1
//! countries and ISO 3166-2 subdivisions from the `countries` data set, postcode formats from
//! Google's libaddressinput) and WooCommerce's checkout locale ([`super::locale`]): which
//! countries show a required state list, and the labels shoppers see.

use std::collections::BTreeMap;
use std::sync::LazyLock;

use regex::Regex;

use super::locale;

/// One country's address rules.
#[derive(Debug)]
pub(super) struct CountryRules {
    pub code: String,
    pub name: String,
    /// `(code, name)` by name; empty when the checkout shows no state list.
    pub states: Vec<(String, String)>,
    pub state_required: bool,
    pub postcode_required: bool,
    pub state_label: &'static str,
    pub postcode_label: &'static str,
    /// The whole-input postcode pattern (anchored); none where the country has no format.
    pub postcode_format: Option<Regex>,
    /// WooCommerce's continent code (`EU`, `NA`, …) for `continent:EU` shipping regions.
    pub continent: &'static str,
}

impl CountryRules {
    /// The state code for `input`: a code of the list, or a name (or its other names) matched
    /// case-insensitively (spec §5: "California" → "CA").
    pub fn state_code(&self, input: &str) -> Option<&str> {
        let wanted = input.trim().to_uppercase();
        self.states
            .iter()
            .find(|(code, _)| code.to_uppercase() == wanted)
            .or_else(|| {
                self.states
                    .iter()
                    .find(|(_, name)| name.to_uppercase() == wanted)
            })
            .map(|(code, _)| code.as_str())
    }
}

/// Every country of the data, by ISO code.
pub(super) static COUNTRIES: LazyLock<BTreeMap<String, CountryRules>> = LazyLock::new(|| {
    keshvar::CountryIterator::new()
        .map(|country| {
            let rules = rules_for(&country);
            (rules.code.clone(), rules)
        })
        .collect()
});

fn rules_for(country: &keshvar::Country) -> CountryRules {
    let code = country.alpha2().to_string();
    let locale = locale::for_country(&code);
    let states = if locale.state_list {
        let mut states: Vec<(String, String)> = country
            .subdivisions()
            .values()
            .filter(|s| locale::keeps_subdivision(&code, s.subdivision_type()))
            .map(|s| (s.code().to_owned(), s.name().to_owned()))
            .collect();
        states.sort_by(|a, b| a.1.cmp(&b.1).then_with(|| a.0.cmp(&b.0)));
        states
    } else {
        Vec::new()
    };
    let postcode_format = country.postal_code_format().and_then(|pattern| {
        // The data's patterns are written for a whole-field match; anchoring makes them so.
        Regex::new(&format!("^(?:{pattern})$")).ok()
    });
    CountryRules {
        name: locale::display_name(&code, country),
        state_required: !states.is_empty() && locale.state_required,
        states,
        postcode_required: country.postal_code() && locale.postcode_required,
        state_label: locale.state_label,
        postcode_label: locale.postcode_label,
        postcode_format,
        continent: continent_code(country.continent()),
        code,
    }
}

/// WooCommerce's continent codes (`WC_Countries::get_continents`).
fn continent_code(continent: keshvar::Continent) -> &'static str {
    use keshvar::Continent;
    match continent {
        Continent::Africa => "AF",
        Continent::Antarctica => "AN",
        Continent::Asia => "AS",
        Continent::Europe => "EU",
        Continent::NorthAmerica => "NA",
        Continent::Australia => "OC",
        Continent::SouthAmerica => "SA",
    }
}
