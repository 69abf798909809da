//! The ECB's euro foreign exchange reference rates document (`eurofxref-daily.xml`), read
//! strictly: anything that is not that document is refused with the line at fault.
//!
//! ```xml
//! <gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01"
//!                  xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
//!   <gesmes:subject>Reference rates</gesmes:subject> …
//!   <Cube>
//!     <Cube time='2024-05-17'>
//!       <Cube currency='USD' rate='1.0866'/> …
//! ```
//!
//! Rules (ADR 0013): the root must be the GESMES envelope and the cubes in the eurofxref
//! namespace; there must be one outer `Cube` holding at least one dated `Cube`, each holding
//! at least one rate. The 90-day and historical files have the same shape with one dated cube
//! per day: the newest day is used. A rate is plain digits with an optional decimal point
//! (no sign, exponent or separators) and must be above 0. A well-formed three-letter code that
//! ISO 4217 does not know (the ECB has listed and delisted currencies over the years) is
//! skipped and reported in [`EcbDaily::skipped`], so one new code does not stop every rate;
//! anything else malformed refuses the whole document, because a document that is broken in
//! one place is not trusted in another. DTDs are refused (no entity expansion).

use rust_decimal::Decimal;
use time::Date;
use time::macros::format_description;
use vitrine_domain::money::Currency;
use vitrine_domain::rates::{ExchangeRates, RatesError};

/// The GESMES envelope's namespace.
pub const GESMES_NAMESPACE: &str = "http://www.gesmes.org/xml/2002-08-01";
/// The namespace of the ECB's `Cube` elements.
pub const EUROFXREF_NAMESPACE: &str = "http://www.ecb.int/vocabulary/2002-08-01/eurofxref";

/// The daily file has ~35 elements and the 90-day file ~3,000; far more is not the ECB.
const NODES_LIMIT: u32 = 100_000;

/// A read document: the newest day's rates per euro, and the codes that were skipped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EcbDaily {
    pub rates: ExchangeRates,
    /// Three-letter codes ISO 4217 does not know, in document order.
    pub skipped: Vec<String>,
}

/// Why a document was refused. `line` is 1-based.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DocumentError {
    #[error("the document is not UTF-8")]
    NotUtf8,
    #[error("the document is not well-formed XML: {0}")]
    Xml(String),
    #[error("the root element is {found}, not the ECB's gesmes:Envelope")]
    NotEcb { found: String },
    #[error("the envelope holds no Cube element")]
    NoCube,
    #[error("line {line}: a second outer Cube element")]
    SecondCube { line: u32 },
    #[error("line {line}: unexpected element {name} inside Cube")]
    Unexpected { line: u32, name: String },
    #[error("line {line}: Cube has no {attribute} attribute")]
    MissingAttribute { line: u32, attribute: &'static str },
    #[error("the outer Cube holds no dated Cube")]
    NoDay,
    #[error("line {line}: {value:?} is not a date (YYYY-MM-DD)")]
    BadDay { line: u32, value: String },
    #[error("line {line}: the day {day} appears twice")]
    DuplicateDay { line: u32, day: Date },
    #[error("line {line}: the day {day} has no rate of a known currency")]
    EmptyDay { line: u32, day: Date },
    #[error("line {line}: {code:?} is not a three-letter currency code")]
    BadCurrency { line: u32, code: String },
    #[error("line {line}: the rate {rate:?} of {currency} is not a plain decimal number")]
    BadRate {
        line: u32,
        currency: String,
        rate: String,
    },
    #[error("the rates of {day} were refused: {error}")]
    Rates { day: Date, error: RatesError },
}

/// Reads the document's bytes (a leading UTF-8 byte order mark is allowed).
pub fn parse_bytes(bytes: &[u8]) -> Result<EcbDaily, DocumentError> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let text = std::str::from_utf8(bytes).map_err(|_| DocumentError::NotUtf8)?;
    parse(text)
}

/// Reads the document's text.
pub fn parse(text: &str) -> Result<EcbDaily, DocumentError> {
    let options = roxmltree::ParsingOptions {
        allow_dtd: false,
        nodes_limit: NODES_LIMIT,
        ..roxmltree::ParsingOptions::default()
    };
    let doc = roxmltree::Document::parse_with_options(text, options)
        .map_err(|error| DocumentError::Xml(error.to_string()))?;
    let envelope = doc.root_element();
    if !is(envelope, GESMES_NAMESPACE, "Envelope") {
        return Err(DocumentError::NotEcb {
            found: qualified_name(envelope),
        });
    }
    let mut outer = envelope
        .children()
        .filter(|node| is(*node, EUROFXREF_NAMESPACE, "Cube"));
    let cube = outer.next().ok_or(DocumentError::NoCube)?;
    if let Some(second) = outer.next() {
        return Err(DocumentError::SecondCube { line: line(second) });
    }
    let mut newest: Option<(Date, Vec<(Currency, Decimal)>)> = None;
    let mut skipped = Vec::new();
    let mut days = Vec::new();
    for day_cube in cubes(cube)? {
        let (day, rates, unknown) = read_day(day_cube)?;
        if days.contains(&day) {
            return Err(DocumentError::DuplicateDay {
                line: line(day_cube),
                day,
            });
        }
        days.push(day);
        if newest.as_ref().is_none_or(|(newest, _)| day > *newest) {
            newest = Some((day, rates));
            skipped = unknown;
        }
    }
    let (day, rates) = newest.ok_or(DocumentError::NoDay)?;
    let rates = ExchangeRates::new(Currency::EUR, day, rates)
        .map_err(|error| DocumentError::Rates { day, error })?;
    Ok(EcbDaily { rates, skipped })
}

type Day = (Date, Vec<(Currency, Decimal)>, Vec<String>);

/// One dated cube: its day, its known rates and the unknown codes it quoted.
fn read_day(day_cube: roxmltree::Node<'_, '_>) -> Result<Day, DocumentError> {
    let value = attribute(day_cube, "time")?;
    let day = Date::parse(value, format_description!("[year]-[month]-[day]")).map_err(|_| {
        DocumentError::BadDay {
            line: line(day_cube),
            value: value.to_owned(),
        }
    })?;
    let mut rates = Vec::new();
    let mut unknown = Vec::new();
    for rate_cube in cubes(day_cube)? {
        let code = attribute(rate_cube, "currency")?;
        let rate = attribute(rate_cube, "rate")?;
        if code.len() != 3 || !code.bytes().all(|b| b.is_ascii_uppercase()) {
            return Err(DocumentError::BadCurrency {
                line: line(rate_cube),
                code: code.to_owned(),
            });
        }
        let Some(rate) = plain_decimal(rate) else {
            return Err(DocumentError::BadRate {
                line: line(rate_cube),
                currency: code.to_owned(),
                rate: rate.to_owned(),
            });
        };
        match code.parse::<Currency>() {
            Ok(currency) => rates.push((currency, rate)),
            Err(_) => unknown.push(code.to_owned()),
        }
    }
    if rates.is_empty() {
        return Err(DocumentError::EmptyDay {
            line: line(day_cube),
            day,
        });
    }
    Ok((day, rates, unknown))
}

/// The element children of a cube, which must all be cubes (text and comments are ignored).
fn cubes<'a, 'input>(
    parent: roxmltree::Node<'a, 'input>,
) -> Result<Vec<roxmltree::Node<'a, 'input>>, DocumentError> {
    parent
        .children()
        .filter(roxmltree::Node::is_element)
        .map(|child| {
            if is(child, EUROFXREF_NAMESPACE, "Cube") {
                Ok(child)
            } else {
                Err(DocumentError::Unexpected {
                    line: line(child),
                    name: qualified_name(child),
                })
            }
        })
        .collect()
}

fn attribute<'a>(
    node: roxmltree::Node<'a, '_>,
    attribute: &'static str,
) -> Result<&'a str, DocumentError> {
    node.attribute(attribute)
        .ok_or(DocumentError::MissingAttribute {
            line: line(node),
            attribute,
        })
}

/// `digits[.digits]` only: `Decimal`'s own parser also takes signs, `_` separators and
/// exponents, none of which the ECB writes.
fn plain_decimal(text: &str) -> Option<Decimal> {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, "0"));
    let digits = |part: &str| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit());
    if !(digits(whole) && digits(fraction)) {
        return None;
    }
    text.parse().ok()
}

fn is(node: roxmltree::Node<'_, '_>, namespace: &str, name: &str) -> bool {
    node.is_element()
        && node.tag_name().name() == name
        && node.tag_name().namespace() == Some(namespace)
}

/// `{namespace}name`, or the bare name outside any namespace.
fn qualified_name(node: roxmltree::Node<'_, '_>) -> String {
    let name = node.tag_name();
    match name.namespace() {
        Some(namespace) => format!("{{{namespace}}}{}", name.name()),
        None => name.name().to_owned(),
    }
}

fn line(node: roxmltree::Node<'_, '_>) -> u32 {
    node.document().text_pos_at(node.range().start).row
}

#[cfg(test)]
#[path = "ecb_tests.rs"]
mod tests;
