//! WooCommerce's listing filters from a query string: `filter_color=blue,red` (any of the
//! values), `min_price=10` and `max_price=50` in major units of the shop's base currency.
//! Values that cannot be read are ignored, as WooCommerce's widgets ignore them.

use std::str::FromStr;

use rust_decimal::Decimal;
use rust_decimal::prelude::ToPrimitive;

use super::SearchFilter;
use crate::money::Currency;

/// At most this many attribute filters and values each: more is not a shopper's request.
const MAX_ATTRIBUTES: usize = 8;
const MAX_VALUES: usize = 16;

impl SearchFilter {
    pub fn from_query<'a>(
        pairs: impl IntoIterator<Item = (&'a str, &'a str)>,
        base: Currency,
    ) -> Self {
        let mut filter = Self::default();
        for (key, value) in pairs {
            match key {
                "min_price" => filter.min_price = major_to_minor(value, base),
                "max_price" => filter.max_price = major_to_minor(value, base),
                _ => {
                    let Some(attribute) = key.strip_prefix("filter_").filter(|a| !a.is_empty())
                    else {
                        continue;
                    };
                    let values: Vec<String> = value
                        .split(',')
                        .map(str::trim)
                        .filter(|v| !v.is_empty())
                        .take(MAX_VALUES)
                        .map(str::to_owned)
                        .collect();
                    if !values.is_empty() && filter.attributes.len() < MAX_ATTRIBUTES {
                        filter.attributes.push((attribute.to_owned(), values));
                    }
                }
            }
        }
        filter
    }

    pub fn is_empty(&self) -> bool {
        *self == Self::default()
    }
}

fn major_to_minor(value: &str, base: Currency) -> Option<i64> {
    let amount = Decimal::from_str(value.trim()).ok()?;
    if amount.is_sign_negative() {
        return None;
    }
    let scale = Decimal::from(10i64.checked_pow(base.exponent())?);
    amount.checked_mul(scale)?.trunc().to_i64()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_woocommerce_filters() {
        let f = SearchFilter::from_query(
            [
                ("filter_color", "blue,red"),
                ("min_price", "10"),
                ("max_price", "45.50"),
                ("s", "hoo"),
            ],
            Currency::USD,
        );
        assert_eq!(
            f.attributes,
            [(
                "color".to_owned(),
                vec!["blue".to_owned(), "red".to_owned()]
            )]
        );
        assert_eq!((f.min_price, f.max_price), (Some(1000), Some(4550)));
    }

    #[test]
    fn ignores_what_it_cannot_read() {
        let f = SearchFilter::from_query(
            [
                ("min_price", "ten"),
                ("max_price", "-5"),
                ("filter_", "x"),
                ("filter_size", " , "),
                ("max_price", "99999999999999999999999"),
            ],
            Currency::USD,
        );
        assert!(f.is_empty(), "{f:?}");
    }
}
