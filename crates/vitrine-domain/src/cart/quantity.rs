//! The quantities a cart accepts: the largest one line may hold, and parsing what a shopper
//! asked for (a whole number of at least one, or of at least zero for a grouped product's
//! children, where zero means "not this one").

use super::CartError;

/// The most units of one item a cart may hold (every line of the same product or variation
/// counted together). WooCommerce has no cap, but a quantity stored in a `u32` then clamps
/// silently past 4,294,967,295, and nobody buys ten thousand of one thing at a shop counter:
/// a larger order is a wholesale enquiry. 9,999 is the largest four-digit number, so it also
/// fits the quantity field, and 9,999 × any price the importer accepts stays far inside the
/// `i64` of `Money`. Past it an add or update is refused (`QuantityTooLarge`) and the cart is
/// left as it was.
pub const MAX_LINE_QUANTITY: u32 = 9_999;

/// Accepts a JSON number or numeric string; 0, negatives, fractions and words are refused.
pub fn parse_quantity(raw: &serde_json::Value) -> Result<u32, CartError> {
    parse_whole(raw, 1.0)
}

/// Like [`parse_quantity`] but zero is allowed: grouped children the shopper skipped.
pub fn parse_child_quantity(raw: &serde_json::Value) -> Result<u32, CartError> {
    parse_whole(raw, 0.0)
}

fn parse_whole(raw: &serde_json::Value, min: f64) -> Result<u32, CartError> {
    let invalid = || {
        CartError::InvalidQuantity(if min > 0.0 {
            "Please enter a quantity of 1 or more.".into()
        } else {
            "Please enter a quantity of 0 or more.".into()
        })
    };
    let number = match raw {
        serde_json::Value::Number(n) => n.as_f64().ok_or_else(invalid)?,
        serde_json::Value::String(s) => s.trim().parse::<f64>().map_err(|_| invalid())?,
        _ => return Err(invalid()),
    };
    if !number.is_finite() || number < min || number.fract() != 0.0 {
        return Err(invalid());
    }
    // Anything larger can never be in a cart, however it was written (3e9, "1e12").
    if number > f64::from(MAX_LINE_QUANTITY) {
        return Err(CartError::QuantityTooLarge {
            max: MAX_LINE_QUANTITY,
        });
    }
    Ok(number as u32)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn whole_positive_numbers_are_accepted_as_numbers_or_text() {
        assert_eq!(parse_quantity(&json!(3)), Ok(3));
        assert_eq!(parse_quantity(&json!("2")), Ok(2));
    }

    #[test]
    fn zero_negative_fractional_and_words_are_invalid_quantities() {
        for raw in [
            json!(0),
            json!(-1),
            json!(1.5),
            json!("abc"),
            json!(null),
            json!("NaN"),
            json!("-3e9"),
        ] {
            assert!(
                matches!(parse_quantity(&raw), Err(CartError::InvalidQuantity(_))),
                "{raw}"
            );
        }
    }

    #[test]
    fn the_largest_line_quantity_is_accepted_and_one_more_is_too_large() {
        assert_eq!(parse_quantity(&json!(9_999)), Ok(9_999));
        assert_eq!(parse_child_quantity(&json!("9999")), Ok(9_999));
        for raw in [
            json!(10_000),
            json!("10000"),
            json!(3e9),
            json!("3e9"),
            json!(4_294_967_296_u64),
            json!(1e12),
            json!("99999999999999999999999"),
        ] {
            assert_eq!(
                parse_quantity(&raw),
                Err(CartError::QuantityTooLarge { max: 9_999 }),
                "{raw}"
            );
            assert!(
                matches!(
                    parse_child_quantity(&raw),
                    Err(CartError::QuantityTooLarge { .. })
                ),
                "{raw}"
            );
        }
    }

    #[test]
    fn a_grouped_child_may_be_zero_but_never_negative_or_a_word() {
        assert_eq!(parse_child_quantity(&json!(0)), Ok(0));
        assert_eq!(parse_child_quantity(&json!("2")), Ok(2));
        for raw in [json!(-1), json!("abc"), json!(0.5)] {
            assert!(
                matches!(
                    parse_child_quantity(&raw),
                    Err(CartError::InvalidQuantity(_))
                ),
                "{raw}"
            );
        }
    }
}
