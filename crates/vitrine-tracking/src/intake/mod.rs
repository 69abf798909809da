//! The browser's event as it arrives on `POST /api/v1/tracking/events`, its validation, and
//! the rules only browser events answer to (own origin, the token's page, no `Purchase`).

mod amounts;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use time::{Duration, OffsetDateTime};
use url::Url;

use crate::event::EventName;
use crate::hashing::RawUserData;
use crate::page::{PagePath, ShopOrigin};

pub use amounts::{MAX_ITEM_QUANTITY, MAX_ITEMS};

/// Largest accepted event body, in bytes.
pub const MAX_EVENT_BYTES: usize = 16 * 1024;

/// Events older than this are refused: Meta rejects a whole request holding one.
const MAX_EVENT_AGE: Duration = Duration::days(7);
/// Tolerated client clock skew into the future.
const MAX_CLOCK_SKEW: Duration = Duration::minutes(10);
const MAX_URL_LEN: usize = 2048;
const MAX_CUSTOM_KEYS: usize = 64;
const MAX_USER_FIELD_LEN: usize = 256;

/// The wire body of one browser event (the same event the browser pixel fired, same id).
#[derive(Debug, Clone, Deserialize, Serialize, utoipa::ToSchema)]
pub struct TrackEventRequest {
    /// 36-character id shared with the browser pixel (deduplication key).
    pub event_id: String,
    /// e.g. `PageView`, `ViewContent`, `AddToCart`, `PageScroll`. `Purchase` is refused
    /// (`server_only_event`): the shop sends it from the paid order.
    pub event_name: String,
    /// Unix seconds when the event happened.
    pub event_time: i64,
    /// The page the event happened on: on the shop's own origin, and the page the token was
    /// issued for.
    pub event_source_url: String,
    /// Meta-shaped parameters. `value`, `predicted_ltv` and item prices (`contents[].item_price`,
    /// `items[].price`) are finite numbers from 0 to `tracking.max_event_value` (default
    /// 1 000 000) with an ISO 4217 `currency`; quantities are whole numbers up to 10 000.
    #[serde(default)]
    #[schema(value_type = std::collections::HashMap<String, serde_json::Value>)]
    pub custom_data: Map<String, Value>,
    #[serde(default)]
    pub user_data: RawUserData,
    /// The token `POST /api/v1/tracking/token` issued for this visitor and this page.
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

/// An event that passed validation; `custom_data` has its amounts as numbers and `currency`
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

/// Checks every field; `now` is the server's clock, `max_value` the largest amount
/// (`tracking.max_event_value`).
pub fn validate(
    req: TrackEventRequest,
    now: OffsetDateTime,
    max_value: f64,
) -> Result<ValidEvent, InvalidEvent> {
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
    let custom_data = validate_custom_data(name, req.custom_data, max_value)?;
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

/// Why a well-formed event from the browser is still refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum BrowserRefusal {
    #[error("is not on this shop's origin")]
    ForeignOrigin,
    #[error("page token was issued for another page")]
    OtherPage,
    #[error("{0} is sent by the shop from the paid order, never by the browser")]
    ServerOnly(EventName),
}

/// The rules for an event the browser sent with a page token for `token_page`: it happened on
/// the shop's own origin (no origin known: nothing is taken), on that very page, and it is not
/// an event only the shop itself reports ([`EventName::is_server_only`]).
pub fn check_browser_event(
    event: &ValidEvent,
    token_page: &PagePath,
    origin: Option<&ShopOrigin>,
) -> Result<(), BrowserRefusal> {
    let url = Url::parse(&event.source_url).map_err(|_| BrowserRefusal::ForeignOrigin)?;
    if !origin.is_some_and(|o| o.admits(&url)) {
        return Err(BrowserRefusal::ForeignOrigin);
    }
    if PagePath::of_url(&url).ok().as_ref() != Some(token_page) {
        return Err(BrowserRefusal::OtherPage);
    }
    if event.name.is_server_only() {
        return Err(BrowserRefusal::ServerOnly(event.name));
    }
    Ok(())
}

fn validate_url(raw: &str) -> Result<String, InvalidEvent> {
    if raw.len() > MAX_URL_LEN {
        return Err(invalid("event_source_url", "is too long"));
    }
    let mut url = Url::parse(raw).map_err(|_| invalid("event_source_url", "is not a URL"))?;
    if !matches!(url.scheme(), "http" | "https") {
        return Err(invalid("event_source_url", "must be an http(s) URL"));
    }
    url.set_fragment(None);
    Ok(url.into())
}

fn validate_custom_data(
    name: EventName,
    mut data: Map<String, Value>,
    max_value: f64,
) -> Result<Map<String, Value>, InvalidEvent> {
    if data.len() > MAX_CUSTOM_KEYS {
        return Err(invalid("custom_data", "has too many keys"));
    }
    amounts::check_amounts(&mut data, max_value)?;
    if name == EventName::Purchase && !data.contains_key("value") {
        return Err(invalid("custom_data.value", "is required for Purchase"));
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
mod tests;
