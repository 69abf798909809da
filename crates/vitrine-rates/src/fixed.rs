//! Fixed rates from the shop's configuration: the source for shops that fetch nothing, and
//! the refresher's fallback before (or without) a successful fetch.

use async_trait::async_trait;
use vitrine_domain::rates::{ExchangeRates, RateSource, RateSourceError};

/// Answers the same rates every time; never fails.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FixedRates {
    rates: ExchangeRates,
}

impl FixedRates {
    pub fn new(rates: ExchangeRates) -> Self {
        Self { rates }
    }

    pub fn rates(&self) -> &ExchangeRates {
        &self.rates
    }
}

#[async_trait]
impl RateSource for FixedRates {
    fn name(&self) -> &str {
        "fixed"
    }

    async fn latest(&self) -> Result<ExchangeRates, RateSourceError> {
        Ok(self.rates.clone())
    }
}

#[cfg(test)]
mod tests {
    use rust_decimal::Decimal;
    use time::macros::date;
    use vitrine_domain::money::Currency;

    use super::*;

    #[tokio::test]
    async fn fixed_rates_answer_the_configured_rates_every_time() {
        let configured = ExchangeRates::new(
            Currency::USD,
            date!(2024 - 05 - 17),
            [
                (Currency::EUR, Decimal::new(92, 2)),
                (Currency::GBP, Decimal::new(79, 2)),
            ],
        )
        .expect("valid rates");
        let source = FixedRates::new(configured.clone());

        assert_eq!(source.name(), "fixed");
        for _ in 0..2 {
            assert_eq!(source.latest().await, Ok(configured.clone()));
        }
    }
}
