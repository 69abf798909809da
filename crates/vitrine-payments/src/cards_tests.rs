use super::*;

fn input(number: &str, exp_month: u32, exp_year: u32, cvc: &str) -> CardInput {
    CardInput {
        number: number.to_owned(),
        exp_month,
        exp_year,
        cvc: cvc.to_owned(),
    }
}

#[test]
fn luhn_accepts_the_test_cards_and_refuses_a_changed_digit() {
    for (number, _) in CATALOGUE {
        assert!(luhn_valid(number), "{number}");
    }
    assert!(!luhn_valid("4242424242424241"));
    assert!(!luhn_valid("42424242424242a2"));
    assert!(!luhn_valid(""));
}

#[test]
fn the_catalogue_declines_with_stripes_words() {
    let decline = |number: &str| match profile_for_number(number).behaviour {
        Behaviour::Declines(decline) => decline,
        other => panic!("{number} should decline, not {other:?}"),
    };
    let cases = [
        ("4000000000000002", "card_declined", Some("generic_decline"), "Your card was declined."),
        ("4000000000009995", "card_declined", Some("insufficient_funds"), "Your card has insufficient funds."),
        ("4000000000009987", "card_declined", Some("lost_card"), "Your card was declined."),
        ("4000000000009979", "card_declined", Some("stolen_card"), "Your card was declined."),
        ("4000000000000069", "expired_card", Some("expired_card"), "Your card has expired."),
        ("4000000000000127", "incorrect_cvc", Some("incorrect_cvc"), "Your card's security code is incorrect."),
        ("4000000000000119", "processing_error", Some("processing_error"), "An error occurred while processing your card. Try again in a little bit."),
    ];
    for (number, code, decline_code, message) in cases {
        let d = decline(number);
        assert_eq!((d.code, d.decline_code, d.message), (code, decline_code, message), "{number}");
    }
}

#[test]
fn brands_and_three_d_secure_profiles() {
    assert_eq!(profile_for_number("4242424242424242").brand, "visa");
    assert_eq!(profile_for_number("5555555555554444").brand, "mastercard");
    assert_eq!(profile_for_number("378282246310005").brand, "amex");
    assert_eq!(profile_for_number("6011111111111117").brand, "discover");
    assert_eq!(profile_for_number("3566002020360505").brand, "jcb");
    // An unknown valid number succeeds, branded by its first digits.
    assert_eq!(profile_for_number("5105105105105100").brand, "mastercard");
    assert_eq!(profile_for_number("5105105105105100").behaviour, Behaviour::Succeeds);
    for number in ["4000002760003184", "4000000000003220"] {
        assert_eq!(
            profile_for_number(number).behaviour,
            Behaviour::Authenticates { after: None, when: AuthWhen::Always },
            "{number}"
        );
    }
    assert_eq!(
        profile_for_number("4000002500003155").behaviour,
        Behaviour::Authenticates { after: None, when: AuthWhen::UnlessSetUp }
    );
    assert_eq!(profile_for_number("4000000000003055").behaviour, Behaviour::Succeeds);
    for (_, profile) in CATALOGUE {
        assert_eq!(profile_named(profile.name), Some(*profile));
    }
}

#[test]
fn magic_ids_stand_for_their_cards() {
    assert_eq!(magic_number("pm_card_visa"), Some("4242424242424242"));
    assert_eq!(magic_number("pm_card_chargeDeclined"), Some("4000000000000002"));
    assert_eq!(magic_number("pm_card_chargeDeclinedInsufficientFunds"), Some("4000000000009995"));
    assert_eq!(magic_number("pm_card_threeDSecure2Required"), Some("4000000000003220"));
    assert_eq!(magic_number("pm_1234"), None);
}

#[test]
fn entered_cards_are_checked_like_stripe_does() {
    let ok = check(&input("4242 4242 4242 4242", 12, 34, "123"), 2026, 11).expect("valid");
    assert_eq!((ok.brand, ok.last4.as_str(), ok.exp_month, ok.exp_year), ("visa", "4242", 12, 2034));
    let code = |card: CardInput| check(&card, 2026, 11).map(|_| ()).map_err(|e| (e.code, e.param));
    assert_eq!(code(input("4242424242424241", 12, 34, "123")), Err(("incorrect_number", "number")));
    assert_eq!(code(input("42424242", 12, 34, "123")), Err(("incorrect_number", "number")));
    assert_eq!(code(input("4242424242424242", 13, 34, "123")), Err(("invalid_expiry_month", "exp_month")));
    assert_eq!(code(input("4242424242424242", 0, 34, "123")), Err(("invalid_expiry_month", "exp_month")));
    // The current month is still valid; the month before is not; last year is not.
    assert_eq!(code(input("4242424242424242", 11, 2026, "123")), Ok(()));
    assert_eq!(code(input("4242424242424242", 10, 2026, "123")), Err(("invalid_expiry_month", "exp_month")));
    assert_eq!(code(input("4242424242424242", 12, 25, "123")), Err(("invalid_expiry_year", "exp_year")));
    assert_eq!(code(input("4242424242424242", 12, 34, "11")), Err(("invalid_cvc", "cvc")));
    assert_eq!(code(input("4242424242424242", 12, 34, "1234")), Err(("invalid_cvc", "cvc")));
    assert_eq!(code(input("378282246310005", 12, 34, "123")), Err(("invalid_cvc", "cvc")));
    assert_eq!(code(input("378282246310005", 12, 34, "1234")), Ok(()));
    // Card details never show in debug output.
    let debug = format!("{:?}", input("4242424242424242", 12, 34, "123"));
    assert!(!debug.contains("4242") && !debug.contains("123"), "{debug}");
}
