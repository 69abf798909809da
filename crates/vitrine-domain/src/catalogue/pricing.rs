//! Regular and sale prices with sale dates, and price ranges for variable products.

use serde::{Deserialize, Serialize};
use time::OffsetDateTime;

use crate::money::{Money, MoneyError};

/// Sale dates; either end may be open.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct SaleWindow {
    #[serde(with = "time::serde::rfc3339::option")]
    pub from: Option<OffsetDateTime>,
    #[serde(with = "time::serde::rfc3339::option")]
    pub to: Option<OffsetDateTime>,
}

/// An item's prices (the shop's base currency). A sale price of another currency than the
/// regular one never counts as cheaper, so it is never active.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct Pricing {
    pub regular: Option<Money>,
    pub sale: Option<Money>,
    pub sale_window: SaleWindow,
}

impl Pricing {
    /// Whether the sale price applies at `now` (WooCommerce: a sale price below the regular
    /// price, inside its dates).
    pub fn on_sale(&self, now: OffsetDateTime) -> bool {
        let Some(sale) = self.sale else { return false };
        let cheaper = self.regular.is_none_or(|r| sale < r);
        let started = self.sale_window.from.is_none_or(|f| f <= now);
        let not_ended = self.sale_window.to.is_none_or(|t| now <= t);
        cheaper && started && not_ended
    }

    /// The price a shopper pays now, if the item has one.
    pub fn active(&self, now: OffsetDateTime) -> Option<Money> {
        if self.on_sale(now) {
            self.sale
        } else {
            self.regular
        }
    }

    /// Every price the item may be charged at, whatever the date (regular, then sale).
    pub fn prices(&self) -> impl Iterator<Item = Money> {
        self.regular.into_iter().chain(self.sale)
    }
}

/// Lowest and highest active price across variations or children, in one currency.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PriceRange {
    min: Money,
    max: Money,
}

impl PriceRange {
    pub fn single(price: Money) -> Self {
        Self {
            min: price,
            max: price,
        }
    }

    /// The range of `prices`; none without prices, an error when they mix currencies.
    pub fn of(prices: impl IntoIterator<Item = Money>) -> Result<Option<Self>, MoneyError> {
        let mut range: Option<Self> = None;
        for price in prices {
            range = Some(match range {
                None => Self::single(price),
                Some(r) if r.min.currency() != price.currency() => {
                    return Err(MoneyError::CurrencyMismatch(
                        r.min.currency(),
                        price.currency(),
                    ));
                }
                Some(r) => Self {
                    min: if price < r.min { price } else { r.min },
                    max: if price > r.max { price } else { r.max },
                },
            });
        }
        Ok(range)
    }

    pub fn min(&self) -> Money {
        self.min
    }

    pub fn max(&self) -> Money {
        self.max
    }

    pub fn is_single(&self) -> bool {
        self.min == self.max
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::money::Currency;
    use time::macros::datetime;

    fn usd(minor: i64) -> Money {
        Money::new(minor, Currency::USD)
    }

    const NOW: OffsetDateTime = datetime!(2026-11-22 12:00 UTC);

    #[test]
    fn a_cheaper_sale_price_without_dates_is_active() {
        let p = Pricing {
            regular: Some(usd(4500)),
            sale: Some(usd(4200)),
            ..Pricing::default()
        };
        assert!(p.on_sale(NOW));
        assert_eq!(p.active(NOW), Some(usd(4200)));
    }

    #[test]
    fn a_sale_outside_its_dates_is_not_active() {
        let window = SaleWindow {
            from: Some(datetime!(2026-12-01 0:00 UTC)),
            to: None,
        };
        let p = Pricing {
            regular: Some(usd(4500)),
            sale: Some(usd(4200)),
            sale_window: window,
        };
        assert!(!p.on_sale(NOW));
        assert_eq!(p.active(NOW), Some(usd(4500)));
        let ended = SaleWindow {
            from: None,
            to: Some(datetime!(2026-11-01 0:00 UTC)),
        };
        assert!(
            !Pricing {
                sale_window: ended,
                ..p
            }
            .on_sale(NOW)
        );
    }

    #[test]
    fn a_sale_price_not_below_regular_is_ignored() {
        let p = Pricing {
            regular: Some(usd(4500)),
            sale: Some(usd(4500)),
            ..Pricing::default()
        };
        assert!(!p.on_sale(NOW));
    }

    #[test]
    fn price_range_spans_min_and_max() {
        let r = PriceRange::of([usd(4500), usd(4200), usd(4500)])
            .unwrap()
            .unwrap();
        assert_eq!((r.min(), r.max()), (usd(4200), usd(4500)));
        assert!(PriceRange::of([]).unwrap().is_none());
    }

    proptest::proptest! {
        #[test]
        fn a_range_holds_every_price_between_its_ends(
            prices in proptest::collection::vec(proptest::num::i64::ANY, 1..8),
        ) {
            let range = PriceRange::of(prices.iter().copied().map(usd));
            let range = range.expect("one currency").expect("at least one price");
            for price in &prices {
                proptest::prop_assert!(range.min() <= usd(*price) && usd(*price) <= range.max());
            }
            proptest::prop_assert!(prices.contains(&range.min().amount_minor()));
            proptest::prop_assert!(prices.contains(&range.max().amount_minor()));
        }
    }

    #[test]
    fn a_range_over_two_currencies_is_an_error() {
        let eur = Money::new(4200, Currency::EUR);
        assert_eq!(
            PriceRange::of([usd(4500), eur]),
            Err(MoneyError::CurrencyMismatch(Currency::USD, Currency::EUR))
        );
    }

    #[test]
    fn a_sale_price_in_another_currency_is_never_active() {
        let p = Pricing {
            regular: Some(usd(4500)),
            sale: Some(Money::new(10, Currency::EUR)),
            ..Pricing::default()
        };
        assert!(!p.on_sale(NOW));
        assert_eq!(p.active(NOW), Some(usd(4500)));
    }
}
