//! Exchange rates quoted against a reference currency (the ECB quotes every rate per euro)
//! restated against the shop's base.

use rust_decimal::Decimal;

use crate::money::Currency;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RateError {
    #[error("the rates have no quote for the base currency {0}")]
    NoBaseQuote(Currency),
    #[error("{currency}: a rate must be above 0, not {rate}")]
    NotPositive { currency: Currency, rate: Decimal },
}

/// Rates "units of C per one `reference`" restated as "units of C per one `base`"
/// (`rate(C) / rate(base)`, the reference itself quoting 1). The base comes out at exactly 1.
pub fn rebase_rates(
    quotes: &[(Currency, Decimal)],
    reference: Currency,
    base: Currency,
) -> Result<Vec<(Currency, Decimal)>, RateError> {
    let quote = |currency: Currency| {
        if currency == reference {
            Some(Decimal::ONE)
        } else {
            quotes.iter().find(|(c, _)| *c == currency).map(|(_, r)| *r)
        }
    };
    for (currency, rate) in quotes {
        if *rate <= Decimal::ZERO {
            return Err(RateError::NotPositive {
                currency: *currency,
                rate: *rate,
            });
        }
    }
    let per_base = quote(base).ok_or(RateError::NoBaseQuote(base))?;
    let mut rebased: Vec<(Currency, Decimal)> = Vec::with_capacity(quotes.len() + 1);
    let currencies = std::iter::once(reference).chain(quotes.iter().map(|(c, _)| *c));
    for currency in currencies {
        if rebased.iter().any(|(c, _)| *c == currency) {
            continue;
        }
        let rate = match quote(currency) {
            _ if currency == base => Decimal::ONE,
            Some(q) => (q / per_base).normalize(),
            None => continue,
        };
        rebased.push((currency, rate));
    }
    Ok(rebased)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dec(text: &str) -> Decimal {
        text.parse().expect("decimal")
    }

    #[test]
    fn euro_quotes_are_restated_against_the_dollar() {
        let ecb = [(Currency::USD, dec("1.25")), (Currency::GBP, dec("0.85"))];
        let rates = rebase_rates(&ecb, Currency::EUR, Currency::USD).expect("USD is quoted");
        assert_eq!(
            rates,
            vec![
                (Currency::EUR, dec("0.8")),
                (Currency::USD, Decimal::ONE),
                (Currency::GBP, dec("0.68")),
            ]
        );
    }

    #[test]
    fn a_base_without_a_quote_or_a_zero_rate_is_refused() {
        let ecb = [(Currency::GBP, dec("0.85"))];
        assert_eq!(
            rebase_rates(&ecb, Currency::EUR, Currency::USD),
            Err(RateError::NoBaseQuote(Currency::USD))
        );
        let zero = [(Currency::USD, Decimal::ZERO)];
        assert!(matches!(
            rebase_rates(&zero, Currency::EUR, Currency::USD),
            Err(RateError::NotPositive { .. })
        ));
        let euro_base = rebase_rates(&ecb, Currency::EUR, Currency::EUR).expect("the reference");
        assert_eq!(euro_base[0], (Currency::EUR, Decimal::ONE));
    }
}
