//! Provider request bodies built from one validated event. Bodies hold hashed user data only
//! and no credentials (those are added at send time), so they can sit in the outbox.

pub mod ga4;
pub mod meta;
pub mod tiktok;

use serde_json::{Map, Value};

use crate::consent::ConsentChoices;
use crate::hashing::HashedUserData;
use crate::intake::ValidEvent;

/// Everything a payload builder may use about one accepted event.
#[derive(Debug, Clone)]
pub struct ServerEvent<'a> {
    pub event: &'a ValidEvent,
    pub user: &'a HashedUserData,
    /// The client's IP (Meta and TikTok match on it; never stored elsewhere).
    pub client_ip: Option<&'a str>,
    pub user_agent: Option<&'a str>,
    /// The page's referrer, when known.
    pub referrer: Option<&'a str>,
    /// TikTok click id from the landing URL, when known.
    pub ttclid: Option<&'a str>,
    /// TikTok browser cookie `_ttp`, when present.
    pub ttp: Option<&'a str>,
    /// GA4 client id (from the `_ga` cookie, or derived from the session).
    pub ga_client_id: &'a str,
    /// GA4 user id for signed-in shoppers.
    pub ga_user_id: Option<&'a str>,
    /// Effective consent, sent along where the platform understands it.
    pub grants: ConsentChoices,
}

/// Meta-style `contents` items (`id`, `quantity`, `item_price`) as (id, quantity, price).
pub(crate) fn contents(custom: &Map<String, Value>) -> Vec<(String, Option<Value>, Option<Value>)> {
    let from_contents = custom
        .get("contents")
        .and_then(Value::as_array)
        .map(|items| {
            items
                .iter()
                .filter_map(|item| {
                    let id = match item.get("id")? {
                        Value::String(s) => s.clone(),
                        Value::Number(n) => n.to_string(),
                        _ => return None,
                    };
                    Some((
                        id,
                        item.get("quantity").cloned(),
                        item.get("item_price")
                            .or_else(|| item.get("price"))
                            .cloned(),
                    ))
                })
                .collect::<Vec<_>>()
        });
    from_contents.unwrap_or_else(|| {
        custom
            .get("content_ids")
            .and_then(Value::as_array)
            .map(|ids| {
                ids.iter()
                    .filter_map(|id| match id {
                        Value::String(s) => Some((s.clone(), None, None)),
                        Value::Number(n) => Some((n.to_string(), None, None)),
                        _ => None,
                    })
                    .collect()
            })
            .unwrap_or_default()
    })
}

/// Inserts `key` when `value` is `Some`.
pub(crate) fn put(map: &mut Map<String, Value>, key: &str, value: Option<impl Into<Value>>) {
    if let Some(v) = value {
        map.insert(key.to_owned(), v.into());
    }
}

#[cfg(test)]
pub(crate) mod fixtures {
    use serde_json::json;
    use time::OffsetDateTime;

    use crate::event::EventName;
    use crate::hashing::{HashedUserData, RawUserData};
    use crate::intake::ValidEvent;

    pub const EVENT_ID: &str = "0123456789abcdefghijABCDEFGHIJ-12345";

    pub fn purchase() -> ValidEvent {
        let custom = json!({
            "value": 42.5, "currency": "EUR", "order_id": "1001", "content_type": "product",
            "contents": [{"id": "SKU-1", "quantity": 2, "item_price": 21.25}]
        });
        ValidEvent {
            event_id: EVENT_ID.into(),
            name: EventName::Purchase,
            event_time: OffsetDateTime::from_unix_timestamp(1_741_608_000).expect("valid"),
            source_url: "https://shop.example.com/checkout/order-received/".into(),
            custom_data: custom.as_object().cloned().unwrap_or_default(),
            user: RawUserData::default(),
        }
    }

    pub fn server<'a>(event: &'a ValidEvent, user: &'a HashedUserData) -> super::ServerEvent<'a> {
        super::ServerEvent {
            event,
            user,
            client_ip: Some("203.0.113.9"),
            user_agent: Some("Mozilla/5.0"),
            referrer: Some("https://www.google.com/"),
            ttclid: Some("tt-click"),
            ttp: None,
            ga_client_id: "123.456",
            ga_user_id: None,
            grants: crate::consent::ConsentChoices::ALL_GRANTED,
        }
    }

    pub fn user() -> HashedUserData {
        let raw = RawUserData {
            email: Some("Test@Example.com".into()),
            phone: Some("+1 650 555 1234".into()),
            first_name: Some("John".into()),
            last_name: Some("Doe".into()),
            external_id: Some("pbid-1".into()),
            fbp: Some("fb.1.1700000000000.123".into()),
            fbc: Some("fb.1.1700000000000.IwAR".into()),
        };
        HashedUserData::from_raw(&raw, None)
    }
}
