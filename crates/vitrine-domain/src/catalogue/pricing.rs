//! Regular and sale prices with sale dates, and price ranges for variable products.

use serde::{Deserialize, Serialize};
use time::OffsetDateTime;

/// Sale dates; either end may be open.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct SaleWindow {
    #[serde(with = "time::serde::rfc3339::option")]
    pub from: Option<OffsetDateTime>,
    #[serde(with = "time::serde::rfc3339::option")]
    pub to: Option<OffsetDateTime>,
}

/// Prices in minor units of the shop's base currency.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct Pricing {
    pub regular: Option<i64>,
    pub sale: Option<i64>,
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
    pub fn active(&self, now: OffsetDateTime) -> Option<i64> {
        if self.on_sale(now) {
            self.sale
        } else {
            self.regular
        }
    }
}

/// Lowest and highest active price across variations or children.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct PriceRange {
    pub min: i64,
    pub max: i64,
}

impl PriceRange {
    pub fn of(prices: impl IntoIterator<Item = i64>) -> Option<Self> {
        prices.into_iter().fold(None, |acc, p| match acc {
            None => Some(Self { min: p, max: p }),
            Some(r) => Some(Self {
                min: r.min.min(p),
                max: r.max.max(p),
            }),
        })
    }

    pub fn is_single(&self) -> bool {
        self.min == self.max
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::datetime;

    const NOW: OffsetDateTime = datetime!(2026-11-22 12:00 UTC);

    #[test]
    fn a_cheaper_sale_price_without_dates_is_active() {
        let p = Pricing {
            regular: Some(4500),
            sale: Some(4200),
            ..Pricing::default()
        };
        assert!(p.on_sale(NOW));
        assert_eq!(p.active(NOW), Some(4200));
    }

    #[test]
    fn a_sale_outside_its_dates_is_not_active() {
        let window = SaleWindow {
            from: Some(datetime!(2026-12-01 0:00 UTC)),
            to: None,
        };
        let p = Pricing {
            regular: Some(4500),
            sale: Some(4200),
            sale_window: window,
        };
        assert!(!p.on_sale(NOW));
        assert_eq!(p.active(NOW), Some(4500));
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
            regular: Some(4500),
            sale: Some(4500),
            ..Pricing::default()
        };
        assert!(!p.on_sale(NOW));
    }

    #[test]
    fn price_range_spans_min_and_max() {
        let r = PriceRange::of([4500, 4200, 4500]).unwrap();
        assert_eq!((r.min, r.max), (4200, 4500));
        assert!(PriceRange::of([]).is_none());
    }
}
