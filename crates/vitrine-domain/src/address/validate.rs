//! Spec §5 "Field validity" for one address, field by field in the form's order, with
//! WooCommerce's messages ("Billing ZIP Code is not a valid postcode / ZIP.").

use email_address::EmailAddress;

use super::data::{COUNTRIES, CountryRules};
use super::{Address, AddressInput, AddressKind, Countries, FieldError, postcode};

/// "Billing", "Shipping": the first word of every message.
fn title(kind: AddressKind) -> &'static str {
    match kind {
        AddressKind::Billing => "Billing",
        AddressKind::Shipping => "Shipping",
    }
}

fn error(kind: AddressKind, field: &str, message: String) -> FieldError {
    FieldError {
        field: format!("{}_{field}", kind.prefix()),
        message,
    }
}

fn required(kind: AddressKind, field: &str, label: &str) -> FieldError {
    error(
        kind,
        field,
        format!("{} {label} is a required field.", title(kind)),
    )
}

/// The value trimmed; a field is empty when missing or only blanks (spec §5).
fn present(value: &str) -> Option<&str> {
    let trimmed = value.trim();
    (!trimmed.is_empty()).then_some(trimmed)
}

fn need<'a>(
    kind: AddressKind,
    field: &str,
    label: &str,
    value: &'a str,
) -> Result<&'a str, FieldError> {
    present(value).ok_or_else(|| required(kind, field, label))
}

/// Spec §5: a full name is split so the last word is the last name and the rest the first
/// name; used when both name fields are empty (a wallet hands over one name).
pub(super) fn split_full_name(full: &str) -> (String, String) {
    let words: Vec<&str> = full.split_whitespace().collect();
    match words.split_last() {
        Some((last, rest)) => (rest.join(" "), (*last).to_owned()),
        None => (String::new(), String::new()),
    }
}

/// WooCommerce's `WC_Validation::is_phone`: digits and the usual separators only.
fn is_phone(value: &str) -> bool {
    value.chars().any(|c| c.is_ascii_digit())
        && value
            .chars()
            .all(|c| c.is_ascii_digit() || " +-()./x".contains(c))
}

pub(super) fn validate(
    countries: &Countries,
    kind: AddressKind,
    input: &AddressInput,
) -> Result<Address, FieldError> {
    let (first_name, last_name) =
        if present(&input.first_name).is_none() && present(&input.last_name).is_none() {
            split_full_name(&input.full_name)
        } else {
            (input.first_name.clone(), input.last_name.clone())
        };
    let first_name = need(kind, "first_name", "First name", &first_name)?.to_owned();
    let last_name = need(kind, "last_name", "Last name", &last_name)?.to_owned();
    let rules = country(countries, kind, &input.country)?;
    let address_1 = need(kind, "address_1", "Street address", &input.address_1)?.to_owned();
    let city = need(kind, "city", "Town / City", &input.city)?.to_owned();
    let state = state(kind, rules, &input.state)?;
    let postcode = postcode(kind, rules, &input.postcode)?;
    let (phone, email) = match kind {
        AddressKind::Billing => {
            let phone = need(kind, "phone", "Phone", &input.phone)?;
            if !is_phone(phone) {
                return Err(error(
                    kind,
                    "phone",
                    format!("{} Phone is not a valid phone number.", title(kind)),
                ));
            }
            let email = need(kind, "email", "Email address", &input.email)?;
            if !EmailAddress::is_valid(email) {
                return Err(error(
                    kind,
                    "email",
                    format!(
                        "{} Email address is not a valid email address.",
                        title(kind)
                    ),
                ));
            }
            (phone.to_owned(), email.to_owned())
        }
        AddressKind::Shipping => (String::new(), String::new()),
    };
    Ok(Address {
        first_name,
        last_name,
        company: input.company.trim().to_owned(),
        country: rules.code.clone(),
        address_1,
        address_2: input.address_2.trim().to_owned(),
        city,
        state,
        postcode,
        phone,
        email,
    })
}

/// Exactly two letters (spec §5), a country of the data the shop sells to.
fn country<'a>(
    countries: &Countries,
    kind: AddressKind,
    input: &str,
) -> Result<&'a CountryRules, FieldError> {
    let value = need(kind, "country", "Country / Region", input)?;
    let code = value.to_ascii_uppercase();
    let known = (code.len() == 2 && code.chars().all(|c| c.is_ascii_alphabetic()))
        .then(|| COUNTRIES.get(&code))
        .flatten();
    let Some(rules) = known else {
        return Err(error(
            kind,
            "country",
            format!("'{value}' is not a valid country code."),
        ));
    };
    if !countries.contains(&code) {
        let message = match kind {
            AddressKind::Billing => format!("Sorry, we do not sell to {}.", rules.name),
            AddressKind::Shipping => format!(
                "Unfortunately we do not ship to {}. Please enter an alternative shipping address.",
                rules.name
            ),
        };
        return Err(error(kind, "country", message));
    }
    Ok(rules)
}

/// A state of the country's list (a code, or a name matched to its code), required where
/// the country requires one; free text where the country has no list.
fn state(kind: AddressKind, rules: &CountryRules, input: &str) -> Result<String, FieldError> {
    let Some(value) = present(input) else {
        return if rules.state_required {
            Err(required(kind, "state", rules.state_label))
        } else {
            Ok(String::new())
        };
    };
    if rules.states.is_empty() {
        return Ok(value.to_owned());
    }
    rules.state_code(value).map(str::to_owned).ok_or_else(|| {
        let names: Vec<&str> = rules.states.iter().map(|(_, n)| n.as_str()).collect();
        error(
            kind,
            "state",
            format!(
                "{} {} is not valid. Please enter one of the following: {}",
                title(kind),
                rules.state_label,
                names.join(", ")
            ),
        )
    })
}

/// Required where the country has postcodes; checked against its format in the shopper's
/// spelling or WooCommerce's written form, and stored in the written form.
fn postcode(kind: AddressKind, rules: &CountryRules, input: &str) -> Result<String, FieldError> {
    let Some(value) = present(input) else {
        return if rules.postcode_required {
            Err(required(kind, "postcode", rules.postcode_label))
        } else {
            Ok(String::new())
        };
    };
    let formatted = postcode::format(&rules.code, value);
    match &rules.postcode_format {
        None => Ok(formatted),
        Some(format) if format.is_match(&formatted) => Ok(formatted),
        Some(format) if format.is_match(&value.to_uppercase()) => Ok(value.to_uppercase()),
        Some(_) => Err(error(
            kind,
            "postcode",
            format!(
                "{} {} is not a valid postcode / ZIP.",
                title(kind),
                rules.postcode_label
            ),
        )),
    }
}
