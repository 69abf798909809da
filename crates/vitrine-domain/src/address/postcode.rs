//! Postcodes as WooCommerce writes them (`wc_format_postcode`): uppercase, then the country's
//! separator where it has a fixed one ("SW1A1AA" → "SW1A 1AA", "123456789" → "12345-6789").

/// Uppercase, only letters and digits ("sw1a-1aa " → "SW1A1AA"): the form zones compare.
pub fn normalize(input: &str) -> String {
    input
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_uppercase())
        .collect()
}

/// The postcode in `country`'s written form; countries without a fixed form keep the input,
/// trimmed and uppercased.
pub fn format(country: &str, input: &str) -> String {
    let compact = normalize(input);
    let split = |at_from_end: usize, sep: &str| {
        if compact.len() > at_from_end {
            let (head, tail) = compact.split_at(compact.len() - at_from_end);
            format!("{head}{sep}{tail}")
        } else {
            compact.clone()
        }
    };
    let split_front = |at: usize, sep: &str| {
        if compact.len() > at {
            let (head, tail) = compact.split_at(at);
            format!("{head}{sep}{tail}")
        } else {
            compact.clone()
        }
    };
    match country {
        // Outward and inward code: the inward one is always three characters.
        "GB" | "CA" => split(3, " "),
        "IE" => split(4, " "),
        "BR" if compact.len() == 8 => split(3, "-"),
        "PL" if compact.len() == 5 => split_front(2, "-"),
        "JP" if compact.len() == 7 => split(4, "-"),
        "PT" if compact.len() == 7 => split(3, "-"),
        "NL" if compact.len() == 6 => split(2, " "),
        "US" if compact.len() == 9 => split(4, "-"),
        _ => input.trim().to_uppercase(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gb_inward_code_is_separated() {
        assert_eq!(format("GB", "sw1a1aa"), "SW1A 1AA");
        assert_eq!(format("GB", " SW1A  1AA "), "SW1A 1AA");
        assert_eq!(format("GB", "m11ae"), "M1 1AE");
    }

    #[test]
    fn us_nine_digits_get_a_hyphen_five_stay() {
        assert_eq!(format("US", "902101234"), "90210-1234");
        assert_eq!(format("US", "90210-1234"), "90210-1234");
        assert_eq!(format("US", "90210"), "90210");
    }

    #[test]
    fn other_fixed_forms() {
        assert_eq!(format("CA", "k1a0b1"), "K1A 0B1");
        assert_eq!(format("BR", "01310100"), "01310-100");
        assert_eq!(format("PL", "00950"), "00-950");
        assert_eq!(format("JP", "1000001"), "100-0001");
        assert_eq!(format("NL", "1012ab"), "1012 AB");
        assert_eq!(format("IE", "d02x285"), "D02 X285");
    }

    #[test]
    fn countries_without_a_fixed_form_keep_the_input_uppercased() {
        assert_eq!(format("DE", " 10115 "), "10115");
        assert_eq!(format("AR", "c1002aab"), "C1002AAB");
    }

    #[test]
    fn normalize_keeps_letters_and_digits_only() {
        assert_eq!(normalize("sw1a-1aa "), "SW1A1AA");
    }
}
