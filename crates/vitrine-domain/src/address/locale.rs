//! WooCommerce's checkout locale (`WC_Countries::get_country_locale`), the part shoppers see:
//! which countries ask for a state from a list and require it, and the field labels. The
//! countries, states and postcode formats themselves come from the address data
//! ([`super::data`]); this is only WooCommerce's presentation of them.

use keshvar::SubdivisionType;

/// How the checkout presents one country's state and postcode fields.
pub(super) struct Locale {
    /// The state is chosen from the country's subdivisions (elsewhere: optional free text).
    pub state_list: bool,
    pub state_required: bool,
    pub state_label: &'static str,
    /// False where WooCommerce makes the postcode optional although the country has one.
    pub postcode_required: bool,
    pub postcode_label: &'static str,
}

/// WooCommerce's default labels (a country without an entry below).
pub const DEFAULT_STATE_LABEL: &str = "State / County";
pub const DEFAULT_POSTCODE_LABEL: &str = "Postcode / ZIP";

/// Countries whose state is a required choice from a list, with its label.
const REQUIRED_STATES: &[(&str, &str)] = &[
    ("AR", "Province"),
    ("AU", "State"),
    ("BR", "State"),
    ("CA", "Province"),
    ("CN", "Province"),
    ("ES", "Province"),
    ("ID", "Province"),
    ("IN", "State"),
    ("IT", "Province"),
    ("JP", "Prefecture"),
    ("MX", "State"),
    ("MY", "State"),
    ("NG", "State"),
    ("PH", "Province"),
    ("TH", "Province"),
    ("TR", "Province"),
    ("US", "State"),
    ("ZA", "Province"),
];

/// Countries with an optional free-text state under another label.
const OPTIONAL_STATE_LABELS: &[(&str, &str)] = &[
    ("GB", "County"),
    ("IE", "County"),
    ("NZ", "Region"),
    ("HK", "Region"),
];

const POSTCODE_LABELS: &[(&str, &str)] = &[
    ("AU", "Postcode"),
    ("CA", "Postal code"),
    ("GB", "Postcode"),
    ("IE", "Eircode"),
    ("IN", "PIN Code"),
    ("JP", "Postcode"),
    ("NZ", "Postcode"),
    ("US", "ZIP Code"),
];

/// WooCommerce leaves these postcodes optional (Ireland's Eircode is new and often unknown).
const OPTIONAL_POSTCODES: &[&str] = &["IE", "NG"];

/// The upper tier of countries whose ISO 3166-2 list has two (Spain's autonomous communities
/// above its provinces): WooCommerce lists the lower one only.
const UPPER_TIERS: &[(&str, SubdivisionType)] = &[
    ("ES", SubdivisionType::AutonomousCommunity),
    ("ID", SubdivisionType::GeographicalUnit),
    ("IT", SubdivisionType::Region),
    ("IT", SubdivisionType::AutonomousRegion),
    ("PH", SubdivisionType::Region),
];

fn lookup(table: &[(&str, &'static str)], code: &str) -> Option<&'static str> {
    table.iter().find(|(c, _)| *c == code).map(|(_, v)| *v)
}

pub(super) fn for_country(code: &str) -> Locale {
    let required_state = lookup(REQUIRED_STATES, code);
    Locale {
        state_list: required_state.is_some(),
        state_required: required_state.is_some(),
        state_label: required_state
            .or_else(|| lookup(OPTIONAL_STATE_LABELS, code))
            .unwrap_or(DEFAULT_STATE_LABEL),
        postcode_required: !OPTIONAL_POSTCODES.contains(&code),
        postcode_label: lookup(POSTCODE_LABELS, code).unwrap_or(DEFAULT_POSTCODE_LABEL),
    }
}

pub(super) fn keeps_subdivision(code: &str, kind: SubdivisionType) -> bool {
    !UPPER_TIERS.iter().any(|(c, k)| *c == code && *k == kind)
}

/// The name the country list shows: the data's ISO short name, or its common English name
/// where the ISO one is the formal long form ("United Kingdom of Great Britain and Northern
/// Ireland" → "United Kingdom").
pub(super) fn display_name(_code: &str, country: &keshvar::Country) -> String {
    let iso = country.iso_short_name();
    let formal = iso.contains(" of ") || iso.contains(',') || iso.contains('(');
    match country.unofficial_name_list().first() {
        Some(common) if formal && common.is_ascii() && !common.is_empty() => (*common).to_owned(),
        _ => iso.to_owned(),
    }
}
