//! The ECB document reader: the real file's shape, and every way a document is refused.

use time::macros::date;

use super::*;

const SAMPLE: &str = include_str!("../tests/fixtures/eurofxref-daily.xml");

fn dec(text: &str) -> Decimal {
    text.parse().expect("a decimal")
}

fn code(text: &str) -> Currency {
    text.parse().expect("an ISO 4217 code")
}

/// An envelope as the ECB writes it around `cubes` (the outer Cube's content).
fn envelope(cubes: &str) -> String {
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <gesmes:Envelope xmlns:gesmes=\"{GESMES_NAMESPACE}\" xmlns=\"{EUROFXREF_NAMESPACE}\">\n\
         <gesmes:subject>Reference rates</gesmes:subject>\n\
         <Cube>\n{cubes}\n</Cube>\n\
         </gesmes:Envelope>\n"
    )
}

/// One day with the given rate cubes.
fn day(rates: &str) -> String {
    envelope(&format!("<Cube time='2024-05-17'>\n{rates}\n</Cube>"))
}

fn refused(text: &str) -> DocumentError {
    parse(text).expect_err("the document is refused")
}

#[test]
fn the_ecb_daily_file_gives_every_rate_per_euro_on_its_day() {
    let read = parse(SAMPLE).expect("the sample reads");

    assert!(read.skipped.is_empty());
    let rates = read.rates;
    assert_eq!(rates.base(), Currency::EUR);
    assert_eq!(rates.published(), date!(2024 - 05 - 17));
    assert_eq!(rates.rates().len(), 30);
    assert_eq!(rates.rate(Currency::USD), Some(dec("1.0866")));
    assert_eq!(rates.rate(Currency::GBP), Some(dec("0.85525")));
    assert_eq!(rates.rate(code("JPY")), Some(dec("169.23")));
    assert_eq!(rates.rate(code("IDR")), Some(dec("17375.34")));
    assert_eq!(rates.rate(code("CHF")), Some(dec("0.9870")));
    assert_eq!(rates.rate(code("ZAR")), Some(dec("19.7560")));
    assert_eq!(rates.rate(Currency::EUR), Some(Decimal::ONE));
}

#[test]
fn a_byte_order_mark_and_windows_line_ends_are_read() {
    let mut bytes = b"\xEF\xBB\xBF".to_vec();
    bytes.extend_from_slice(SAMPLE.replace('\n', "\r\n").as_bytes());
    let read = parse_bytes(&bytes).expect("the sample reads");
    assert_eq!(read.rates.rates().len(), 30);
}

#[test]
fn bytes_that_are_not_utf8_are_refused() {
    let mut bytes = day("<Cube currency='USD' rate='1.0866'/>").into_bytes();
    bytes.extend_from_slice(b"<!-- \xFF -->");
    assert_eq!(parse_bytes(&bytes), Err(DocumentError::NotUtf8));
}

#[test]
fn an_unknown_code_is_skipped_and_reported_and_the_rest_is_kept() {
    let read = parse(&day("<Cube currency='USD' rate='1.0866'/>\n\
                           <Cube currency='QQQ' rate='3.5'/>\n\
                           <Cube currency='GBP' rate='0.85525'/>"))
    .expect("the known rates read");

    assert_eq!(read.skipped, ["QQQ"]);
    assert_eq!(
        read.rates.rates().keys().copied().collect::<Vec<_>>(),
        [Currency::GBP, Currency::USD]
    );
}

#[test]
fn truncated_or_broken_xml_is_refused() {
    let truncated = &SAMPLE[..SAMPLE.len() / 2];
    assert!(matches!(refused(truncated), DocumentError::Xml(_)));
    assert!(matches!(refused(""), DocumentError::Xml(_)));
    let unclosed = day("<Cube currency='USD' rate='1.0866'>");
    assert!(matches!(refused(&unclosed), DocumentError::Xml(_)));
}

#[test]
fn a_document_that_is_not_the_ecb_envelope_is_refused() {
    let html = "<html><body>Service unavailable</body></html>";
    assert_eq!(
        refused(html),
        DocumentError::NotEcb {
            found: "html".into()
        }
    );
    // The right names without the GESMES namespace are not the ECB's document either.
    let no_namespace = "<Envelope><Cube><Cube time='2024-05-17'>\
                        <Cube currency='USD' rate='1.0866'/></Cube></Cube></Envelope>";
    assert_eq!(
        refused(no_namespace),
        DocumentError::NotEcb {
            found: "Envelope".into()
        }
    );
}

#[test]
fn an_envelope_without_cubes_or_days_is_refused() {
    assert_eq!(
        refused(&SAMPLE.replace("<Cube", "<Cub").replace("</Cube", "</Cub")),
        DocumentError::NoCube
    );
    assert_eq!(refused(&envelope("")), DocumentError::NoDay);
    let empty_day = envelope("<Cube time='2024-05-17'>\n</Cube>");
    assert_eq!(
        refused(&empty_day),
        DocumentError::EmptyDay {
            line: 5,
            day: date!(2024 - 05 - 17)
        }
    );
    let only_unknown = day("<Cube currency='QQQ' rate='3.5'/>");
    assert!(matches!(
        refused(&only_unknown),
        DocumentError::EmptyDay { .. }
    ));
}

#[test]
fn a_second_outer_cube_or_a_stray_element_is_refused_with_its_line() {
    let two = SAMPLE.replace(
        "</gesmes:Envelope>",
        "<Cube><Cube time='2024-05-16'/></Cube></gesmes:Envelope>",
    );
    assert!(matches!(refused(&two), DocumentError::SecondCube { .. }));

    let stray = day("<Cube currency='USD' rate='1.0866'/>\n<Rate currency='GBP'/>");
    assert_eq!(
        refused(&stray),
        DocumentError::Unexpected {
            line: 7,
            name: format!("{{{EUROFXREF_NAMESPACE}}}Rate")
        }
    );
}

#[test]
fn rates_that_are_not_plain_positive_decimals_are_refused_with_their_line() {
    for bad in [
        "1,0866", "-1.0866", "+1.0866", "1e3", "1_000", "", " 1.0866", "1.", ".5", "abc", "1.2.3",
    ] {
        let text = day(&format!(
            "<Cube currency='GBP' rate='0.85525'/>\n<Cube currency='USD' rate='{bad}'/>"
        ));
        assert_eq!(
            refused(&text),
            DocumentError::BadRate {
                line: 7,
                currency: "USD".into(),
                rate: bad.into()
            },
            "{bad:?}"
        );
    }
    let zero = day("<Cube currency='USD' rate='0.0000'/>");
    assert!(matches!(
        refused(&zero),
        DocumentError::Rates {
            error: RatesError::NotPositive { .. },
            ..
        }
    ));
    let smallest = day("<Cube currency='USD' rate='0.0001'/>");
    assert!(parse(&smallest).is_ok());
}

#[test]
fn codes_that_are_not_three_capital_letters_are_refused() {
    for bad in ["usd", "US", "USDX", "U$D", ""] {
        let text = day(&format!("<Cube currency='{bad}' rate='1.0866'/>"));
        assert_eq!(
            refused(&text),
            DocumentError::BadCurrency {
                line: 6,
                code: bad.into()
            },
            "{bad:?}"
        );
    }
}

#[test]
fn missing_attributes_and_bad_days_are_refused() {
    let no_rate = day("<Cube currency='USD'/>");
    assert_eq!(
        refused(&no_rate),
        DocumentError::MissingAttribute {
            line: 6,
            attribute: "rate"
        }
    );
    let no_time = envelope("<Cube>\n<Cube currency='USD' rate='1.0866'/>\n</Cube>");
    assert_eq!(
        refused(&no_time),
        DocumentError::MissingAttribute {
            line: 5,
            attribute: "time"
        }
    );
    for bad in ["2024-13-01", "17.05.2024", "2024-5-17", ""] {
        let text = envelope(&format!(
            "<Cube time='{bad}'><Cube currency='USD' rate='1.0866'/></Cube>"
        ));
        assert_eq!(
            refused(&text),
            DocumentError::BadDay {
                line: 5,
                value: bad.into()
            }
        );
    }
}

#[test]
fn a_currency_quoted_twice_or_the_euro_quoted_is_refused() {
    let twice = day("<Cube currency='USD' rate='1.0866'/>\n<Cube currency='USD' rate='1.09'/>");
    assert_eq!(
        refused(&twice),
        DocumentError::Rates {
            day: date!(2024 - 05 - 17),
            error: RatesError::Duplicate(Currency::USD)
        }
    );
    let euro = day("<Cube currency='EUR' rate='1.0866'/>");
    assert!(matches!(
        refused(&euro),
        DocumentError::Rates {
            error: RatesError::BaseQuoted { .. },
            ..
        }
    ));
}

#[test]
fn of_several_days_the_newest_is_used_and_a_repeated_day_is_refused() {
    let days = envelope(
        "<Cube time='2024-05-16'><Cube currency='USD' rate='1.0855'/></Cube>\n\
         <Cube time='2024-05-17'><Cube currency='USD' rate='1.0866'/>\
           <Cube currency='QQQ' rate='2'/></Cube>\n\
         <Cube time='2024-05-15'><Cube currency='USD' rate='1.0844'/>\
           <Cube currency='QQR' rate='2'/></Cube>",
    );
    let read = parse(&days).expect("three days read");
    assert_eq!(read.rates.published(), date!(2024 - 05 - 17));
    assert_eq!(read.rates.rate(Currency::USD), Some(dec("1.0866")));
    assert_eq!(read.skipped, ["QQQ"], "only the newest day's skipped codes");

    let repeated = envelope(
        "<Cube time='2024-05-17'><Cube currency='USD' rate='1.0866'/></Cube>\n\
         <Cube time='2024-05-17'><Cube currency='USD' rate='1.0866'/></Cube>",
    );
    assert_eq!(
        refused(&repeated),
        DocumentError::DuplicateDay {
            line: 6,
            day: date!(2024 - 05 - 17)
        }
    );
    // A malformed older day refuses the document too.
    let bad_old_day = envelope(
        "<Cube time='2024-05-17'><Cube currency='USD' rate='1.0866'/></Cube>\n\
         <Cube time='2024-05-16'><Cube currency='USD' rate='n/a'/></Cube>",
    );
    assert!(matches!(
        refused(&bad_old_day),
        DocumentError::BadRate { .. }
    ));
}

#[test]
fn a_document_type_declaration_is_refused() {
    let laughs = format!(
        "<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [<!ENTITY lol \"lol\">\
         <!ENTITY lol2 \"&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;\">]>\n{}",
        day("<Cube currency='USD' rate='1.0866'/><!-- &lol2; -->")
            .trim_start_matches("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
    );
    assert_eq!(
        refused(&laughs),
        DocumentError::Xml("XML with DTD detected".into())
    );
}
