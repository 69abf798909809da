//! Conversion of base-currency amounts into a shopper's currency: an exact decimal rate, then
//! the currency's rounding rule. Checked (an overflow is an error, never a wrapped amount),
//! monotone, and a positive price never becomes zero.

use rust_decimal::Decimal;

use super::rounding::MinorRounding;
use crate::catalogue::PriceRange;
use crate::money::{Currency, Money, MoneyError};

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ConvertError {
    /// A code that is not ISO 4217 or not one of the shop's currencies (`unsupported_currency`).
    #[error("{0:?} is not one of the shop's currencies")]
    Unsupported(String),
    #[error("{0} has no exchange rate: its prices are fixed per product")]
    NoRate(Currency),
    #[error("expected an amount in {expected}, got one in {found}")]
    WrongCurrency { expected: Currency, found: Currency },
    #[error("a negative amount ({0:?}) is not a price")]
    Negative(Money),
    #[error(transparent)]
    Money(#[from] MoneyError),
}

/// Converts amounts of the base currency into one target currency.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Converter {
    base: Currency,
    target: Currency,
    rate: Option<Decimal>,
    /// Target minor units per base minor unit: the rate times the exponents' difference.
    factor: Option<Decimal>,
    fixed_prices: bool,
    rounding: MinorRounding,
    quantum: i64,
}

impl Converter {
    pub(super) fn new(
        base: Currency,
        target: Currency,
        rate: Option<Decimal>,
        fixed_prices: bool,
        rounding: MinorRounding,
        quantum: i64,
    ) -> Self {
        let factor = rate.and_then(|rate| {
            let up = Decimal::from(10_i64.pow(target.exponent()));
            let down = Decimal::from(10_i64.pow(base.exponent()));
            rate.checked_mul(up)?.checked_div(down)
        });
        Self {
            base,
            target,
            rate,
            factor,
            fixed_prices,
            rounding,
            quantum,
        }
    }

    pub fn base(&self) -> Currency {
        self.base
    }

    pub fn target(&self) -> Currency {
        self.target
    }

    /// The rate applied (1 for the base), `None` for a currency of fixed prices only.
    pub fn rate(&self) -> Option<Decimal> {
        self.rate
    }

    /// The smallest amount the target shows, in its minor units; every amount converted here
    /// is a multiple of it.
    pub fn quantum(&self) -> i64 {
        self.quantum
    }

    /// A catalogue price in the target: the rate, then the currency's rounding rule.
    pub fn convert(&self, price: Money) -> Result<Money, ConvertError> {
        let exact = self.exact(price)?;
        let minor = self.rounding.apply(exact, self.quantum)?;
        Ok(Money::new(minor, self.target))
    }

    /// A product's price in the target: its fixed price there when the currency takes fixed
    /// prices and the product has one (rounded half-up to the shown unit), else `base_price`
    /// converted.
    pub fn price(&self, base_price: Money, fixed: Option<Money>) -> Result<Money, ConvertError> {
        match fixed {
            Some(fixed) if self.fixed_prices => {
                self.expect(fixed, self.target)?;
                if fixed.amount_minor() < 0 {
                    return Err(ConvertError::Negative(fixed));
                }
                let exact = Decimal::from(fixed.amount_minor());
                let minor = MinorRounding::None.apply(exact, self.quantum)?;
                Ok(Money::new(minor, self.target))
            }
            _ => self.convert(base_price),
        }
    }

    /// An amount that is not a price (a discount's fixed amount, a threshold, a cap): the rate,
    /// then half-up to the shown unit, never the charm or step rule. A positive amount stays
    /// positive.
    pub fn convert_amount(&self, amount: Money) -> Result<Money, ConvertError> {
        let exact = self.exact(amount)?;
        let minor = MinorRounding::None.apply(exact, self.quantum)?;
        Ok(Money::new(minor, self.target))
    }

    /// A price range in the target. Conversion is monotone, so the ends stay the ends.
    pub fn convert_range(&self, range: PriceRange) -> Result<PriceRange, ConvertError> {
        let min = self.convert(range.min())?;
        let max = self.convert(range.max())?;
        Ok(PriceRange::of([min, max])?.unwrap_or(PriceRange::single(min)))
    }

    /// Several catalogue prices (a listing page's) in the target.
    pub fn convert_all(
        &self,
        prices: impl IntoIterator<Item = Money>,
    ) -> Result<Vec<Money>, ConvertError> {
        prices.into_iter().map(|p| self.convert(p)).collect()
    }

    /// The exact converted amount in target minor units, before any rounding.
    pub(crate) fn exact(&self, amount: Money) -> Result<Decimal, ConvertError> {
        self.expect(amount, self.base)?;
        if amount.amount_minor() < 0 {
            return Err(ConvertError::Negative(amount));
        }
        self.rate.ok_or(ConvertError::NoRate(self.target))?;
        let factor = self.factor.ok_or(MoneyError::Overflow)?;
        Ok(Decimal::from(amount.amount_minor())
            .checked_mul(factor)
            .ok_or(MoneyError::Overflow)?)
    }

    /// The most a converted price may differ from the exact conversion, in target minor units:
    /// one shown unit, one charm period or one step, by the rounding rule.
    pub fn max_error(&self) -> i64 {
        self.rounding.max_error(self.quantum)
    }

    fn expect(&self, amount: Money, expected: Currency) -> Result<(), ConvertError> {
        if amount.currency() == expected {
            Ok(())
        } else {
            Err(ConvertError::WrongCurrency {
                expected,
                found: amount.currency(),
            })
        }
    }
}
