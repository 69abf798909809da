//! Exchange rates: what a set accepts, cross rates and their rounding, rebasing.

use proptest::prelude::*;
use time::macros::date;

use super::*;

fn dec(text: &str) -> Decimal {
    text.parse().expect("a decimal")
}

fn code(text: &str) -> Currency {
    text.parse().expect("an ISO 4217 code")
}

/// A few of the ECB's quotes of 2024-05-17 shape (units per euro).
fn ecb() -> ExchangeRates {
    ExchangeRates::new(
        Currency::EUR,
        date!(2024 - 05 - 17),
        [
            (Currency::USD, dec("1.0866")),
            (Currency::GBP, dec("0.85525")),
            (code("JPY"), dec("169.23")),
        ],
    )
    .expect("valid rates")
}

#[test]
fn euro_quotes_restated_per_dollar_keep_ten_significant_digits() {
    let usd = ecb().rebased(Currency::USD).expect("the dollar is quoted");

    assert_eq!(usd.base(), Currency::USD);
    assert_eq!(usd.published(), date!(2024 - 05 - 17));
    // Expected values computed apart, at 50 digits, rounded half-even to 10.
    assert_eq!(usd.rate(Currency::EUR), Some(dec("0.9203018590")));
    assert_eq!(usd.rate(Currency::GBP), Some(dec("0.7870881649")));
    assert_eq!(usd.rate(code("JPY")), Some(dec("155.7426836")));
    assert_eq!(usd.rate(Currency::USD), Some(Decimal::ONE));
    assert_eq!(usd.rates().len(), 3, "the base is implied, not listed");
}

#[test]
fn a_cross_rate_between_two_quoted_currencies_divides_their_rates() {
    let rates = ecb();
    assert_eq!(
        rates.cross_rate(Currency::GBP, Currency::USD),
        Ok(dec("1.270505700"))
    );
    assert_eq!(
        rates.cross_rate(Currency::GBP, code("JPY")),
        Ok(dec("197.8719673"))
    );
    assert_eq!(
        rates.cross_rate(Currency::GBP, Currency::GBP),
        Ok(Decimal::ONE)
    );
}

#[test]
fn rates_from_the_base_are_kept_as_published_however_many_digits() {
    let precise = dec("1.08661234567891");
    let rates = ExchangeRates::new(
        Currency::EUR,
        date!(2024 - 05 - 17),
        [(Currency::USD, precise)],
    )
    .expect("valid rates");
    assert_eq!(rates.cross_rate(Currency::EUR, Currency::USD), Ok(precise));
    assert_eq!(rates.rebased(Currency::EUR), Ok(rates.clone()));
}

#[test]
fn computed_rates_round_half_even_at_the_tenth_significant_digit() {
    let rates = ExchangeRates::new(
        Currency::EUR,
        date!(2024 - 05 - 17),
        [
            (code("AUD"), dec("2")),
            (code("CAD"), dec("2.000000001")), // AUD→CAD 1.0000000005: a tie, to even (down)
            (code("CHF"), dec("2.000000003")), // AUD→CHF 1.0000000015: a tie, to even (up)
            (code("CZK"), dec("2.000000002")), // AUD→CZK 1.000000001: ten digits, kept
            (code("DKK"), dec("2.0000000012")), // AUD→DKK 1.0000000006: rounds up
            (code("HUF"), dec("6")),           // AUD→HUF 3, HUF→AUD 1/3
        ],
    )
    .expect("valid rates");
    let aud = code("AUD");
    assert_eq!(rates.cross_rate(aud, code("CAD")), Ok(dec("1")));
    assert_eq!(rates.cross_rate(aud, code("CHF")), Ok(dec("1.000000002")));
    assert_eq!(rates.cross_rate(aud, code("CZK")), Ok(dec("1.000000001")));
    assert_eq!(rates.cross_rate(aud, code("DKK")), Ok(dec("1.000000001")));
    assert_eq!(rates.cross_rate(aud, code("HUF")), Ok(dec("3")));
    assert_eq!(rates.cross_rate(code("HUF"), aud), Ok(dec("0.3333333333")));
}

#[test]
fn a_rate_at_or_below_zero_refuses_the_whole_set() {
    for rate in ["0", "-1.0866"] {
        let refused = ExchangeRates::new(
            Currency::EUR,
            date!(2024 - 05 - 17),
            [(Currency::GBP, dec("0.85")), (Currency::USD, dec(rate))],
        );
        assert_eq!(
            refused,
            Err(RatesError::NotPositive {
                currency: Currency::USD,
                rate: dec(rate)
            })
        );
    }
    let smallest = ExchangeRates::new(
        Currency::EUR,
        date!(2024 - 05 - 17),
        [(Currency::USD, dec("0.0000000001"))],
    );
    assert!(smallest.is_ok());
}

#[test]
fn the_base_may_be_quoted_only_at_one_and_a_currency_only_once() {
    let day = date!(2024 - 05 - 17);
    let at_one = ExchangeRates::new(
        Currency::EUR,
        day,
        [(Currency::EUR, dec("1.000")), (Currency::USD, dec("1.08"))],
    )
    .expect("the base at 1 is fine");
    assert_eq!(at_one.rates().keys().collect::<Vec<_>>(), [&Currency::USD]);

    assert_eq!(
        ExchangeRates::new(Currency::EUR, day, [(Currency::EUR, dec("1.01"))]),
        Err(RatesError::BaseQuoted {
            currency: Currency::EUR,
            rate: dec("1.01")
        })
    );
    assert_eq!(
        ExchangeRates::new(
            Currency::EUR,
            day,
            [(Currency::USD, dec("1.08")), (Currency::USD, dec("1.08"))]
        ),
        Err(RatesError::Duplicate(Currency::USD))
    );
    assert_eq!(
        ExchangeRates::new(
            Currency::EUR,
            day,
            [(Currency::EUR, Decimal::ONE), (Currency::EUR, Decimal::ONE)]
        ),
        Err(RatesError::Duplicate(Currency::EUR))
    );
}

#[test]
fn rebasing_on_an_unquoted_currency_is_refused() {
    assert_eq!(
        ecb().rebased(code("CHF")),
        Err(RatesError::NoRate(code("CHF")))
    );
    assert_eq!(
        ecb().cross_rate(Currency::USD, code("CHF")),
        Err(RatesError::NoRate(code("CHF")))
    );
}

#[test]
fn cross_rates_beyond_what_a_decimal_holds_are_refused_not_zero() {
    let rates = ExchangeRates::new(
        Currency::EUR,
        date!(2024 - 05 - 17),
        [
            (code("AUD"), dec("100000000000000000000")),
            (code("CAD"), dec("0.00000000000000000001")),
        ],
    )
    .expect("valid rates");
    let (aud, cad) = (code("AUD"), code("CAD"));
    assert_eq!(
        rates.cross_rate(aud, cad),
        Err(RatesError::OutOfRange { from: aud, to: cad })
    );
    assert_eq!(
        rates.cross_rate(cad, aud),
        Err(RatesError::OutOfRange { from: cad, to: aud })
    );
    assert!(rates.rebased(aud).is_err());
}

#[test]
fn error_kinds_are_stable_labels() {
    let unreachable = |timed_out| RateSourceError::Unreachable {
        timed_out,
        message: "connection refused".into(),
    };
    assert_eq!(unreachable(true).kind(), "timeout");
    assert_eq!(unreachable(false).kind(), "unreachable");
    assert_eq!(
        RateSourceError::Refused("HTTP 500".into()).kind(),
        "refused"
    );
    assert_eq!(
        RateSourceError::Malformed("no Cube".into()).kind(),
        "malformed"
    );
    let invalid = RateSourceError::from(RatesError::NoRate(Currency::USD));
    assert_eq!(invalid.kind(), "invalid");
    assert_eq!(
        unreachable(true).to_string(),
        "the rate source could not be reached (timed out): connection refused"
    );
}

fn rate() -> impl Strategy<Value = Decimal> {
    // Four to six significant digits, from 0.0001 to 99999.9, like the ECB's quotes.
    (1_000u32..1_000_000, 0u32..10).prop_map(|(digits, scale)| Decimal::new(digits.into(), scale))
}

proptest! {
    /// There and back through another base loses at most the two roundings.
    #[test]
    fn rebasing_there_and_back_stays_within_two_roundings(usd in rate(), gbp in rate()) {
        let day = date!(2024 - 05 - 17);
        let eur = ExchangeRates::new(Currency::EUR, day, [(Currency::USD, usd), (Currency::GBP, gbp)])
            .expect("valid rates");
        let back = eur
            .rebased(Currency::USD)
            .and_then(|usd_based| usd_based.rebased(Currency::EUR))
            .expect("both quoted");
        let tolerance = dec("0.000000003");
        for currency in [Currency::USD, Currency::GBP] {
            let original = eur.rate(currency).expect("quoted");
            let again = back.rate(currency).expect("quoted");
            let relative = ((again - original) / original).abs();
            prop_assert!(relative <= tolerance, "{currency}: {original} became {again}");
            prop_assert!(again > Decimal::ZERO);
        }
    }
}
