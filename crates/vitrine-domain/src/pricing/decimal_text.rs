//! Exact decimals in configuration: text ("0.92") or whole numbers, never binary floats, so a
//! rate or a percentage means exactly what was written.

use std::fmt;
use std::str::FromStr;

use rust_decimal::Decimal;
use serde::de::{self, Visitor};
use serde::{Deserializer, Serializer};

pub fn serialize<S: Serializer>(value: &Decimal, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&value.normalize().to_string())
}

pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Decimal, D::Error> {
    d.deserialize_any(DecimalText)
}

/// The same for an optional decimal (a missing key needs `#[serde(default)]`).
pub mod option {
    use super::*;

    pub fn serialize<S: Serializer>(value: &Option<Decimal>, s: S) -> Result<S::Ok, S::Error> {
        match value {
            Some(v) => super::serialize(v, s),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Decimal>, D::Error> {
        d.deserialize_option(OptionalDecimal)
    }

    struct OptionalDecimal;

    impl<'de> Visitor<'de> for OptionalDecimal {
        type Value = Option<Decimal>;
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            DecimalText.expecting(f)
        }
        fn visit_none<E: de::Error>(self) -> Result<Self::Value, E> {
            Ok(None)
        }
        fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
            Ok(None)
        }
        fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
            super::deserialize(d).map(Some)
        }
    }
}

struct DecimalText;

impl Visitor<'_> for DecimalText {
    type Value = Decimal;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a decimal written as text, such as \"0.92\", or a whole number")
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<Decimal, E> {
        Decimal::from_str(text.trim())
            .map_err(|_| E::custom(format!("{text:?} is not a decimal number")))
    }

    fn visit_i64<E: de::Error>(self, whole: i64) -> Result<Decimal, E> {
        Ok(Decimal::from(whole))
    }

    fn visit_u64<E: de::Error>(self, whole: u64) -> Result<Decimal, E> {
        Ok(Decimal::from(whole))
    }

    fn visit_f64<E: de::Error>(self, value: f64) -> Result<Decimal, E> {
        Err(E::custom(format!(
            "write {value} as text (\"{value}\"): a binary float is not an exact decimal"
        )))
    }
}
