//! WooCommerce Multi Currency (CURCY) fixed prices: the `Meta: _regular_price_wmcp` and
//! `Meta: _sale_price_wmcp` columns hold a JSON object of currency code → price, such as
//! `{"EUR":"19.00","GBP":""}` (an empty price means "convert by the rate").

use vitrine_domain::catalogue::FixedPrices;
use vitrine_domain::money::{Currency, Money};

use crate::cells::Cells;
use crate::columns::Field;
use crate::fields::{Cell, parse_price};

/// CURCY's fixed regular and sale prices; a sale not below the regular price is an error on
/// the sale column.
pub fn read_fixed_prices(c: &mut Cells<'_>, base: Currency) -> FixedPrices {
    let regular = c.parse(Field::FixedRegularPrices, |s| parse_fixed_prices(s, base));
    let sale = c.parse(Field::FixedSalePrices, |s| parse_fixed_prices(s, base));
    FixedPrices::new(regular.unwrap_or_default(), sale.unwrap_or_default()).unwrap_or_else(|e| {
        c.error(Field::FixedSalePrices, e.to_string());
        FixedPrices::default()
    })
}

/// The prices of one `_*_price_wmcp` cell, in their own currencies. The shop's `base` currency
/// is left out (the Regular and Sale price columns price it).
pub fn parse_fixed_prices(cell: &str, base: Currency) -> Cell<Vec<Money>> {
    let text = cell.trim();
    if text.is_empty() {
        return Ok(None);
    }
    let object: serde_json::Map<String, serde_json::Value> = serde_json::from_str(text)
        .map_err(|_| format!("{text:?} is not a JSON object of currency code → price"))?;
    let mut prices = Vec::new();
    for (code, value) in object {
        let currency: Currency = code
            .trim()
            .parse()
            .map_err(|_| format!("{code:?} is not an ISO 4217 currency code"))?;
        let amount = match &value {
            serde_json::Value::String(s) => s.clone(),
            serde_json::Value::Number(n) => n.to_string(),
            serde_json::Value::Null => String::new(),
            other => return Err(format!("the {code} price {other} is not a decimal amount")),
        };
        if currency == base {
            continue;
        }
        let price = parse_price(&amount, currency).map_err(|e| format!("{code}: {e}"))?;
        prices.extend(price);
    }
    Ok(Some(prices))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eur(minor: i64) -> Money {
        Money::new(minor, Currency::EUR)
    }

    #[test]
    fn curcy_cells_read_as_prices_in_their_currencies() {
        let read = |cell| parse_fixed_prices(cell, Currency::USD);
        assert_eq!(read(""), Ok(None));
        assert_eq!(read(r#"{"EUR":"19.00"}"#), Ok(Some(vec![eur(1900)])));
        assert_eq!(read(r#"{"EUR":19.5}"#), Ok(Some(vec![eur(1950)])));
        // Empty and base-currency prices are no fixed price.
        assert_eq!(
            read(r#"{"EUR":"","USD":"18","GBP":null}"#),
            Ok(Some(vec![]))
        );
    }

    #[test]
    fn malformed_cells_name_what_is_wrong() {
        let read = |cell| parse_fixed_prices(cell, Currency::USD);
        assert!(read("19.00").is_err_and(|e| e.contains("JSON object")));
        assert!(read(r#"{"EURO":"19"}"#).is_err_and(|e| e.contains("ISO 4217")));
        assert!(read(r#"{"EUR":"nineteen"}"#).is_err_and(|e| e.starts_with("EUR: ")));
        assert!(read(r#"{"EUR":"19.001"}"#).is_err());
        assert!(read(r#"{"EUR":[1]}"#).is_err());
    }
}
