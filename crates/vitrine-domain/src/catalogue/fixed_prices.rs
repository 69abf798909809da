//! Prices fixed per product in another currency than the base (WooCommerce Multi Currency's
//! `_regular_price_wmcp` / `_sale_price_wmcp` meta: currency → price). A currency configured
//! with `fixed_prices` takes them instead of converting the base price by its rate (ADR 0012).
//!
//! Stored as minor units per currency code: a product document holds the base currency for
//! every `Money` it contains, so these amounts carry their currency in the key.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::money::{Currency, Money};

/// An item's fixed regular and sale prices, by currency. Empty for most products.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct FixedPrices {
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    regular: BTreeMap<Currency, i64>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    sale: BTreeMap<Currency, i64>,
}

/// Why a fixed price is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FixedPriceError {
    #[error("a fixed price in {0} is negative")]
    Negative(Currency),
    #[error("the fixed sale price in {0} is not below its fixed regular price")]
    SaleNotCheaper(Currency),
}

impl FixedPrices {
    /// Fixed `regular` and `sale` prices (each in its own currency). A negative price, or a
    /// sale price not below the regular price of the same currency, is refused.
    pub fn new(
        regular: impl IntoIterator<Item = Money>,
        sale: impl IntoIterator<Item = Money>,
    ) -> Result<Self, FixedPriceError> {
        let by_currency = |prices: &mut dyn Iterator<Item = Money>| {
            let mut map = BTreeMap::new();
            for price in prices {
                if price.amount_minor() < 0 {
                    return Err(FixedPriceError::Negative(price.currency()));
                }
                map.insert(price.currency(), price.amount_minor());
            }
            Ok(map)
        };
        let regular = by_currency(&mut regular.into_iter())?;
        let sale = by_currency(&mut sale.into_iter())?;
        for (currency, minor) in &sale {
            if regular.get(currency).is_some_and(|r| minor >= r) {
                return Err(FixedPriceError::SaleNotCheaper(*currency));
            }
        }
        Ok(Self { regular, sale })
    }

    pub fn is_empty(&self) -> bool {
        self.regular.is_empty() && self.sale.is_empty()
    }

    /// The fixed regular price in `currency`, if one is set.
    pub fn regular(&self, currency: Currency) -> Option<Money> {
        self.regular
            .get(&currency)
            .map(|m| Money::new(*m, currency))
    }

    /// The fixed sale price in `currency`, if one is set.
    pub fn sale(&self, currency: Currency) -> Option<Money> {
        self.sale.get(&currency).map(|m| Money::new(*m, currency))
    }

    /// The fixed price charged in `currency` when the item is `on_sale` (by its base prices and
    /// sale dates) or not: the fixed sale price on sale, else the fixed regular price. `None`
    /// when the item has no fixed price for that state (the rate then converts the base price).
    pub fn active(&self, currency: Currency, on_sale: bool) -> Option<Money> {
        if on_sale {
            self.sale(currency)
        } else {
            self.regular(currency)
        }
    }

    /// Every currency with a fixed price.
    pub fn currencies(&self) -> impl Iterator<Item = Currency> + '_ {
        let mut all: Vec<Currency> = self
            .regular
            .keys()
            .chain(self.sale.keys())
            .copied()
            .collect();
        all.sort();
        all.dedup();
        all.into_iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eur(minor: i64) -> Money {
        Money::new(minor, Currency::EUR)
    }

    #[test]
    fn the_sale_price_applies_on_sale_and_the_regular_price_otherwise() {
        let fixed = FixedPrices::new([eur(1900)], [eur(1500)]).expect("valid");
        let euro = Currency::EUR;
        assert_eq!(fixed.active(euro, false), Some(eur(1900)));
        assert_eq!(fixed.active(euro, true), Some(eur(1500)));
        assert_eq!(fixed.active(Currency::USD, false), None);
        assert_eq!(fixed.currencies().collect::<Vec<_>>(), vec![euro]);
    }

    #[test]
    fn negative_prices_and_a_sale_not_below_the_regular_price_are_refused() {
        let euro = Currency::EUR;
        assert_eq!(
            FixedPrices::new([eur(-1)], []),
            Err(FixedPriceError::Negative(euro))
        );
        assert_eq!(
            FixedPrices::new([eur(1900)], [eur(1900)]),
            Err(FixedPriceError::SaleNotCheaper(euro))
        );
        assert!(FixedPrices::new([eur(1900)], [eur(1899)]).is_ok());
    }

    #[test]
    fn they_are_stored_as_minor_units_by_currency_code() {
        let fixed = FixedPrices::new([eur(1900)], []).expect("valid");
        let json = serde_json::to_string(&fixed).expect("serializes");
        assert_eq!(json, r#"{"regular":{"EUR":1900}}"#);
        let back: FixedPrices = serde_json::from_str(&json).expect("reads back");
        assert_eq!(back, fixed);
        assert!(serde_json::to_string(&FixedPrices::default()).is_ok_and(|j| j == "{}"));
    }
}
