//! The browser's event as it arrives on `POST /api/v1/tracking/events`, and its validation.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use time::{Duration, OffsetDateTime};
use vitrine_domain::money::Currency;

use crate::event::EventName;
use crate::hashing::RawUserData;

/// Events older than this are refused: Meta rejects a whole request holding one.
/// Largest accepted event body, in bytes.
pub const MAX_EVENT_BYTES: usize = 16 * 1024;

const MAX_EVENT_AGE: Duration = Duration::days(7);
/// Tolerated client clock skew into the future.
const MAX_CLOCK_SKEW: Duration = Duration::minutes(10);
const MAX_URL_LEN: usize = 2048;
const MAX_CUSTOM_KEYS: usize = 64;
const MAX_CONTENTS: usize = 200;
const MAX_USER_FIELD_LEN: usize = 256;
/// `value` must stay below this (spec's brief: finite, non-negative, < 1e9).
const MAX_VALUE: f64 = 1e9;

/// The wire body of one browser event (the same event the browser pixel fired, same id).
#[derive(Debug, Clone, Deserialize, Serialize, utoipa::ToSchema)]
pub struct TrackEventRequest {
    /// 36-character id shared with the browser pixel (deduplication key).
    pub event_id: String,
    /// e.g. `PageView`, `ViewContent`, `Purchase`, `PageScroll`.
    pub event_name: String,
    /// Unix seconds when the event happened.
    pub event_time: i64,
    pub event_source_url: String,
    #[serde(default)]
    #[schema(value_type = std::collections::HashMap<String, serde_json::Value>)]
    pub custom_data: Map<String, Value>,
    #[serde(default)]
    pub user_data: RawUserData,
    /// HMAC page token the server embedded in the HTML page.
    pub page_token: Option<String>,
}

/// A field the intake refuses, with a message safe to show.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{field}: {message}")]
pub struct InvalidEvent {
    pub field: &'static str,
    pub message: String,
}

fn invalid(field: &'static str, message: impl Into<String>) -> InvalidEvent {
    InvalidEvent {
        field,
        message: message.into(),
    }
}

/// An event that passed validation; `custom_data` has `value` as a number and `currency`
/// as an upper-case ISO 4217 code when present.
#[derive(Debug, Clone, PartialEq)]
pub struct ValidEvent {
    pub event_id: String,
    pub name: EventName,
    pub event_time: OffsetDateTime,
    pub source_url: String,
    pub custom_data: Map<String, Value>,
    pub user: RawUserData,
}

impl ValidEvent {
    /// The monetary `value` of the event, when it has one.
    pub fn value(&self) -> Option<f64> {
        self.custom_data.get("value").and_then(Value::as_f64)
    }

    pub fn currency(&self) -> Option<&str> {
        self.custom_data.get("currency").and_then(Value::as_str)
    }
}

/// Checks every field; `now` is the server's clock.
pub fn validate(req: TrackEventRequest, now: OffsetDateTime) -> Result<ValidEvent, InvalidEvent> {
    if req.event_id.len() != 36
        || !req
            .event_id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-')
    {
        return Err(invalid("event_id", "must be 36 letters, digits or hyphens"));
    }
    let name: EventName = req
        .event_name
        .parse()
        .map_err(|e: crate::event::UnknownEventName| invalid("event_name", e.to_string()))?;
    let event_time = OffsetDateTime::from_unix_timestamp(req.event_time)
        .map_err(|_| invalid("event_time", "is not a unix time"))?;
    if event_time < now - MAX_EVENT_AGE || event_time > now + MAX_CLOCK_SKEW {
        return Err(invalid(
            "event_time",
            "is more than 7 days old or in the future",
        ));
    }
    let source_url = validate_url(&req.event_source_url)?;
    let custom_data = validate_custom_data(name, req.custom_data)?;
    validate_user_data(&req.user_data)?;
    Ok(ValidEvent {
        event_id: req.event_id,
        name,
        event_time: event_time.min(now),
        source_url,
        custom_data,
        user: req.user_data,
    })
}

fn validate_url(raw: &str) -> Result<String, InvalidEvent> {
    if raw.len() > MAX_URL_LEN {
        return Err(invalid("event_source_url", "is too long"));
    }
    let mut url = url::Url::parse(raw).map_err(|_| invalid("event_source_url", "is not a URL"))?;
    if !matches!(url.scheme(), "http" | "https") {
        return Err(invalid("event_source_url", "must be an http(s) URL"));
    }
    url.set_fragment(None);
    Ok(url.into())
}

fn validate_custom_data(
    name: EventName,
    mut data: Map<String, Value>,
) -> Result<Map<String, Value>, InvalidEvent> {
    if data.len() > MAX_CUSTOM_KEYS {
        return Err(invalid("custom_data", "has too many keys"));
    }
    if let Some(raw) = data.get("value") {
        let value = match raw {
            Value::Number(n) => n.as_f64(),
            Value::String(s) => s.trim().parse::<f64>().ok(),
            _ => None,
        }
        .filter(|v| v.is_finite() && *v >= 0.0 && *v < MAX_VALUE)
        .ok_or_else(|| invalid("custom_data.value", "must be a number from 0 to 1e9"))?;
        let number = serde_json::Number::from_f64(value)
            .ok_or_else(|| invalid("custom_data.value", "must be finite"))?;
        data.insert("value".into(), Value::Number(number));
    }
    if let Some(raw) = data.get("currency") {
        let currency: Currency = raw
            .as_str()
            .and_then(|c| c.parse().ok())
            .ok_or_else(|| invalid("custom_data.currency", "must be an ISO 4217 code"))?;
        data.insert("currency".into(), Value::String(currency.code().to_owned()));
    }
    if data.contains_key("value") && !data.contains_key("currency") {
        return Err(invalid("custom_data.currency", "is required with a value"));
    }
    if name == EventName::Purchase && !data.contains_key("value") {
        return Err(invalid("custom_data.value", "is required for Purchase"));
    }
    if let Some(contents) = data.get("contents") {
        match contents.as_array() {
            Some(items) if items.len() <= MAX_CONTENTS => {}
            _ => {
                return Err(invalid(
                    "custom_data.contents",
                    "must be a list of at most 200",
                ));
            }
        }
    }
    Ok(data)
}

fn validate_user_data(user: &RawUserData) -> Result<(), InvalidEvent> {
    let fields = [
        ("user_data.fbp", &user.fbp),
        ("user_data.fbc", &user.fbc),
        ("user_data.external_id", &user.external_id),
        ("user_data.first_name", &user.first_name),
        ("user_data.last_name", &user.last_name),
        ("user_data.email", &user.email),
        ("user_data.phone", &user.phone),
    ];
    match fields
        .iter()
        .find(|(_, v)| v.as_ref().is_some_and(|v| v.len() > MAX_USER_FIELD_LEN))
    {
        Some((field, _)) => Err(invalid(field, "is too long")),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const NOW: i64 = 1_741_608_000; // 2025-03-10 12:00 UTC

    fn now() -> OffsetDateTime {
        OffsetDateTime::from_unix_timestamp(NOW).expect("valid")
    }

    fn request(overrides: Value) -> TrackEventRequest {
        let mut body = json!({
            "event_id": "0123456789abcdefghijABCDEFGHIJ-12345",
            "event_name": "AddToCart",
            "event_time": NOW - 5,
            "event_source_url": "https://shop.example.com/product/hoodie/#reviews",
            "custom_data": { "value": 20.5, "currency": "eur", "content_ids": ["42"] },
            "user_data": { "email": "Test@Example.com" },
            "page_token": "t"
        });
        if let (Some(target), Some(patch)) = (body.as_object_mut(), overrides.as_object()) {
            for (k, v) in patch {
                target.insert(k.clone(), v.clone());
            }
        }
        serde_json::from_value(body).expect("request shape")
    }

    fn field_of(overrides: Value) -> &'static str {
        validate(request(overrides), now())
            .expect_err("must be invalid")
            .field
    }

    #[test]
    fn a_well_formed_event_is_normalised() {
        let event = validate(request(json!({})), now()).expect("valid");
        assert_eq!(event.name, EventName::AddToCart);
        assert_eq!(event.currency(), Some("EUR"));
        assert_eq!(event.value(), Some(20.5));
        assert_eq!(event.source_url, "https://shop.example.com/product/hoodie/");
    }

    #[test]
    fn event_id_must_be_36_safe_characters() {
        assert_eq!(field_of(json!({"event_id": "short"})), "event_id");
        assert_eq!(
            field_of(json!({"event_id": "0123456789abcdefghijABCDEFGHIJ'12345"})),
            "event_id"
        );
    }

    #[test]
    fn unknown_event_names_are_refused() {
        assert_eq!(field_of(json!({"event_name": "Hack"})), "event_name");
    }

    #[test]
    fn stale_and_future_event_times_are_refused() {
        assert_eq!(
            field_of(json!({"event_time": NOW - 8 * 86_400})),
            "event_time"
        );
        assert_eq!(field_of(json!({"event_time": NOW + 3_600})), "event_time");
    }

    #[test]
    fn value_must_be_finite_non_negative_and_below_a_billion() {
        for bad in [json!(-1), json!(1e9), json!("abc"), json!(true)] {
            let f = field_of(json!({"custom_data": {"value": bad, "currency": "EUR"}}));
            assert_eq!(f, "custom_data.value");
        }
        let ok = validate(
            request(json!({"custom_data": {"value": "12.50", "currency": "USD"}})),
            now(),
        );
        assert_eq!(ok.map(|e| e.value()), Ok(Some(12.5)));
    }

    #[test]
    fn currency_must_be_an_iso_code() {
        let f = field_of(json!({"custom_data": {"value": 1, "currency": "EURO"}}));
        assert_eq!(f, "custom_data.currency");
    }

    #[test]
    fn purchase_needs_a_value() {
        let f = field_of(json!({"event_name": "Purchase", "custom_data": {"currency": "EUR"}}));
        assert_eq!(f, "custom_data.value");
    }

    #[test]
    fn source_url_must_be_http() {
        assert_eq!(
            field_of(json!({"event_source_url": "javascript:alert(1)"})),
            "event_source_url"
        );
    }

    #[test]
    fn oversized_user_fields_are_refused() {
        let long = "a".repeat(300);
        assert_eq!(
            field_of(json!({"user_data": {"first_name": long}})),
            "user_data.first_name"
        );
    }
}
