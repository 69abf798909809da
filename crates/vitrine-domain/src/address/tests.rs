use super::validate::split_full_name;
use super::*;

fn billing_us() -> AddressInput {
    AddressInput {
        first_name: "Mary Ann".into(),
        last_name: "Smith".into(),
        country: "US".into(),
        address_1: "1 Infinite Loop".into(),
        city: "Cupertino".into(),
        state: "CA".into(),
        postcode: "95014".into(),
        phone: "+1 (408) 555-0100".into(),
        email: "mary@example.com".into(),
        ..AddressInput::default()
    }
}

fn billing_gb() -> AddressInput {
    AddressInput {
        country: "GB".into(),
        city: "London".into(),
        state: String::new(),
        postcode: "sw1a1aa".into(),
        ..billing_us()
    }
}

fn check(input: &AddressInput) -> Result<Address, FieldError> {
    Countries::all().validate(AddressKind::Billing, input)
}

fn field_of(input: &AddressInput) -> String {
    check(input).expect_err("invalid").field
}

#[test]
fn a_complete_us_address_is_valid_and_kept() {
    let address = check(&billing_us()).expect("valid");
    assert_eq!(address.state, "CA");
    assert_eq!(address.postcode, "95014");
    assert_eq!(address.email, "mary@example.com");
}

#[test]
fn each_required_field_empty_or_blank_is_named() {
    type Blank = fn(&mut AddressInput);
    let cases: [(&str, Blank); 9] = [
        ("billing_first_name", |a| a.first_name = "  ".into()),
        ("billing_last_name", |a| a.last_name = String::new()),
        ("billing_country", |a| a.country = " ".into()),
        ("billing_address_1", |a| a.address_1 = "\t".into()),
        ("billing_city", |a| a.city = String::new()),
        ("billing_state", |a| a.state = " ".into()),
        ("billing_postcode", |a| a.postcode = String::new()),
        ("billing_phone", |a| a.phone = String::new()),
        ("billing_email", |a| a.email = "   ".into()),
    ];
    for (field, blank) in cases {
        let mut input = billing_us();
        blank(&mut input);
        assert_eq!(field_of(&input), field, "{field}");
    }
}

#[test]
fn required_messages_read_like_woocommerce() {
    let input = AddressInput {
        postcode: String::new(),
        ..billing_us()
    };
    let err = check(&input).expect_err("no postcode");
    assert_eq!(err.message, "Billing ZIP Code is a required field.");
    let input = AddressInput {
        city: String::new(),
        ..billing_us()
    };
    let err = Countries::all()
        .validate(AddressKind::Shipping, &input)
        .expect_err("no city");
    assert_eq!(err.field, "shipping_city");
    assert_eq!(err.message, "Shipping Town / City is a required field.");
}

#[test]
fn address_2_and_company_are_optional() {
    let address = check(&billing_us()).expect("valid");
    assert_eq!(address.address_2, "");
    assert_eq!(address.company, "");
}

#[test]
fn shipping_needs_no_phone_nor_email_and_keeps_none() {
    let input = AddressInput {
        phone: String::new(),
        email: "+15550100".into(),
        ..billing_us()
    };
    let address = Countries::all()
        .validate(AddressKind::Shipping, &input)
        .expect("valid");
    assert_eq!((address.phone.as_str(), address.email.as_str()), ("", ""));
}

#[test]
fn country_must_be_exactly_two_letters_of_the_data() {
    for bad in ["U", "USA", "U1", "XX", "ZZ"] {
        let input = AddressInput {
            country: bad.into(),
            ..billing_us()
        };
        let err = check(&input).expect_err(bad);
        assert_eq!(err.field, "billing_country", "{bad}");
        assert_eq!(err.message, format!("'{bad}' is not a valid country code."));
    }
    let lower = AddressInput {
        country: "us".into(),
        ..billing_us()
    };
    assert_eq!(check(&lower).expect("lowercase code").country, "US");
}

#[test]
fn a_country_the_shop_does_not_sell_to_is_refused() {
    let shop = Countries::only(&["GB"]).expect("known");
    let err = shop
        .validate(AddressKind::Shipping, &billing_us())
        .expect_err("not sold");
    assert_eq!(err.field, "shipping_country");
    assert!(
        err.message
            .starts_with("Unfortunately we do not ship to United States")
    );
    assert!(shop.validate(AddressKind::Billing, &billing_gb()).is_ok());
}

#[test]
fn only_refuses_unknown_codes_and_empty_lists() {
    assert!(
        Countries::only(&["GB", "XX"])
            .expect_err("XX")
            .contains("\"XX\"")
    );
    assert!(Countries::only(&[]).is_err());
    let shop = Countries::only(&["gb", "US"]).expect("any case");
    assert!(shop.contains("GB") && shop.contains("US") && !shop.contains("FR"));
}

#[test]
fn a_state_name_is_matched_to_its_code_case_insensitively() {
    for name in [
        "California",
        "CALIFORNIA",
        "california",
        " California ",
        "ca",
    ] {
        let input = AddressInput {
            state: name.into(),
            ..billing_us()
        };
        assert_eq!(check(&input).expect(name).state, "CA", "{name}");
    }
    let input = AddressInput {
        country: "CA".into(),
        state: "british columbia".into(),
        postcode: "v6b 4y8".into(),
        ..billing_us()
    };
    let address = check(&input).expect("BC");
    assert_eq!(
        (address.state.as_str(), address.postcode.as_str()),
        ("BC", "V6B 4Y8")
    );
}

#[test]
fn an_unknown_state_is_an_error_listing_the_choices() {
    let input = AddressInput {
        state: "Atlantis".into(),
        ..billing_us()
    };
    let err = check(&input).expect_err("unknown");
    assert_eq!(err.field, "billing_state");
    assert!(err.message.starts_with(
        "Billing State is not valid. Please enter one of the following: Alabama, Alaska"
    ));
}

#[test]
fn countries_without_a_state_list_take_an_optional_free_state() {
    let address = check(&billing_gb()).expect("no county");
    assert_eq!(address.state, "");
    let input = AddressInput {
        state: " Greater London ".into(),
        ..billing_gb()
    };
    assert_eq!(check(&input).expect("county").state, "Greater London");
}

#[test]
fn full_name_is_split_when_both_names_are_empty() {
    assert_eq!(
        split_full_name("Mary Ann Smith"),
        ("Mary Ann".into(), "Smith".into())
    );
    assert_eq!(split_full_name("  Cher "), (String::new(), "Cher".into()));
    assert_eq!(split_full_name(""), (String::new(), String::new()));
    let input = AddressInput {
        first_name: " ".into(),
        last_name: String::new(),
        full_name: "Mary Ann Smith".into(),
        ..billing_us()
    };
    let address = check(&input).expect("split");
    assert_eq!(
        (address.first_name.as_str(), address.last_name.as_str()),
        ("Mary Ann", "Smith")
    );
    // One word is a last name only: the first name is then missing.
    let one = AddressInput {
        full_name: "Cher".into(),
        ..input.clone()
    };
    assert_eq!(field_of(&one), "billing_first_name");
    // A typed first name wins over the full name.
    let typed = AddressInput {
        first_name: "May".into(),
        ..input
    };
    assert_eq!(field_of(&typed), "billing_last_name");
}

#[test]
fn postcode_is_checked_against_the_country_format() {
    for (country, good) in [
        ("US", "95014"),
        ("US", "95014-1234"),
        ("GB", "SW1A 1AA"),
        ("DE", "10115"),
    ] {
        let input = AddressInput {
            country: country.into(),
            postcode: good.into(),
            state: if country == "US" {
                "CA".into()
            } else {
                String::new()
            },
            ..billing_us()
        };
        assert!(check(&input).is_ok(), "{country} {good}");
    }
    for (country, bad) in [
        ("US", "9501"),
        ("US", "950141"),
        ("US", "ABCDE"),
        ("GB", "12345"),
        ("DE", "1011"),
    ] {
        let input = AddressInput {
            country: country.into(),
            postcode: bad.into(),
            state: if country == "US" {
                "CA".into()
            } else {
                String::new()
            },
            ..billing_us()
        };
        let err = check(&input).expect_err(bad);
        assert_eq!(err.field, "billing_postcode", "{country} {bad}");
    }
    let de = AddressInput {
        country: "DE".into(),
        state: String::new(),
        postcode: "1011".into(),
        ..billing_us()
    };
    assert_eq!(
        check(&de).expect_err("short").message,
        "Billing Postcode / ZIP is not a valid postcode / ZIP."
    );
}

#[test]
fn postcodes_are_stored_in_the_written_form() {
    assert_eq!(check(&billing_gb()).expect("gb").postcode, "SW1A 1AA");
    let nine = AddressInput {
        postcode: "950141234".into(),
        ..billing_us()
    };
    assert_eq!(check(&nine).expect("zip+4").postcode, "95014-1234");
}

#[test]
fn a_country_without_postcodes_needs_none() {
    // Hong Kong has no postcodes; no state list either.
    let input = AddressInput {
        country: "HK".into(),
        state: String::new(),
        postcode: String::new(),
        ..billing_us()
    };
    assert!(check(&input).is_ok());
}

#[test]
fn email_and_phone_are_checked() {
    for bad in ["mary", "mary@", "@example.com", "mary example@x.com"] {
        let input = AddressInput {
            email: bad.into(),
            ..billing_us()
        };
        let err = check(&input).expect_err(bad);
        assert_eq!(err.field, "billing_email", "{bad}");
    }
    let input = AddressInput {
        phone: "call me".into(),
        ..billing_us()
    };
    assert_eq!(field_of(&input), "billing_phone");
}
