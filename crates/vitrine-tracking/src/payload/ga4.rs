//! GA4 Measurement Protocol body for `POST {base}/mp/collect?measurement_id=&api_secret=`.
//! No personal data goes to GA4 (its terms forbid it): only the client id and event params.

use serde_json::{Map, Value, json};

use super::{ServerEvent, contents, put};

/// The client id inside a `_ga` cookie: `GA1.1.1234567890.1700000000` → `1234567890.1700000000`.
pub fn client_id_from_cookie(cookie: &str) -> Option<String> {
    let mut parts = cookie.splitn(3, '.');
    let (version, _depth, id) = (parts.next()?, parts.next()?, parts.next()?);
    let valid = version.starts_with("GA")
        && id.split('.').count() == 2
        && id.bytes().all(|b| b.is_ascii_digit() || b == b'.');
    valid.then(|| id.to_owned())
}

pub fn build(ev: &ServerEvent<'_>) -> Value {
    let custom = &ev.event.custom_data;
    let mut params = Map::new();
    params.insert("event_id".into(), json!(ev.event.event_id));
    params.insert("page_location".into(), json!(ev.event.source_url));
    // Without engagement time MP events do not show in reports.
    params.insert("engagement_time_msec".into(), json!(1));
    put(&mut params, "page_referrer", ev.referrer);
    put(&mut params, "value", custom.get("value").cloned());
    put(&mut params, "currency", custom.get("currency").cloned());
    put(
        &mut params,
        "transaction_id",
        custom
            .get("order_id")
            .or_else(|| custom.get("transaction_id"))
            .cloned(),
    );
    put(
        &mut params,
        "search_term",
        custom.get("search_string").cloned(),
    );
    let items: Vec<Value> = contents(custom)
        .into_iter()
        .map(|(id, quantity, price)| {
            let mut item = Map::new();
            item.insert("item_id".into(), json!(id));
            put(&mut item, "quantity", quantity);
            put(&mut item, "price", price);
            Value::Object(item)
        })
        .collect();
    if !items.is_empty() {
        params.insert("items".into(), Value::Array(items));
    }

    // Consent Mode v2: the ad signals follow the Google Ads choice (spec §6).
    let consent = if ev.grants.google_ads {
        "GRANTED"
    } else {
        "DENIED"
    };
    let mut body = Map::new();
    body.insert("client_id".into(), json!(ev.ga_client_id));
    put(&mut body, "user_id", ev.ga_user_id);
    body.insert(
        "timestamp_micros".into(),
        json!(ev.event.event_time.unix_timestamp() * 1_000_000),
    );
    body.insert(
        "consent".into(),
        json!({ "ad_user_data": consent, "ad_personalization": consent }),
    );
    body.insert(
        "events".into(),
        json!([{ "name": ev.event.name.ga4_name(), "params": params }]),
    );
    Value::Object(body)
}

#[cfg(test)]
mod tests {
    use super::super::fixtures::{EVENT_ID, purchase, server, user};
    use super::*;
    use crate::consent::ConsentChoices;

    #[test]
    fn purchase_maps_to_ga4_purchase_with_items_and_transaction_id() {
        let (event, user) = (purchase(), user());
        let body = build(&server(&event, &user));
        assert_eq!(body["client_id"], "123.456");
        let e = &body["events"][0];
        assert_eq!(e["name"], "purchase");
        assert_eq!(e["params"]["event_id"], EVENT_ID);
        assert_eq!(e["params"]["transaction_id"], "1001");
        assert_eq!(e["params"]["value"], 42.5);
        assert_eq!(e["params"]["items"][0]["item_id"], "SKU-1");
        assert_eq!(body["consent"]["ad_user_data"], "GRANTED");
        assert!(!body.to_string().contains("@"), "no personal data to GA4");
        assert!(body.get("user_data").is_none());
    }

    #[test]
    fn denied_google_ads_is_passed_as_consent_signals() {
        let (event, user) = (purchase(), user());
        let mut ev = server(&event, &user);
        ev.grants = ConsentChoices {
            analytics: true,
            ..ConsentChoices::ALL_DENIED
        };
        assert_eq!(build(&ev)["consent"]["ad_personalization"], "DENIED");
        // Marketing alone does not grant the Google ad signals; Google Ads alone does.
        ev.grants = ConsentChoices {
            analytics: true,
            marketing: true,
            google_ads: false,
            preferences: false,
        };
        let body = build(&ev);
        assert_eq!(body["consent"]["ad_user_data"], "DENIED");
        assert_eq!(body["consent"]["ad_personalization"], "DENIED");
        ev.grants = ConsentChoices {
            analytics: true,
            google_ads: true,
            ..ConsentChoices::ALL_DENIED
        };
        let body = build(&ev);
        assert_eq!(body["consent"]["ad_user_data"], "GRANTED");
        assert_eq!(body["consent"]["ad_personalization"], "GRANTED");
    }

    #[test]
    fn ga_cookie_yields_the_client_id() {
        assert_eq!(
            client_id_from_cookie("GA1.1.1234567890.1700000000").as_deref(),
            Some("1234567890.1700000000")
        );
        assert_eq!(
            client_id_from_cookie("GA1.2.99.88").as_deref(),
            Some("99.88")
        );
        assert_eq!(client_id_from_cookie("garbage"), None);
        assert_eq!(client_id_from_cookie("GA1.1.abc.def"), None);
    }
}
