//! TikTok Events API 2.0 body for `POST {base}/open_api/v1.3/event/track/`.

use serde_json::{Map, Value, json};

use super::{ServerEvent, contents, put};

/// `None` when TikTok has no matching standard event (nothing is sent there).
pub fn build(
    ev: &ServerEvent<'_>,
    pixel_code: &str,
    test_event_code: Option<&str>,
) -> Option<Value> {
    let name = ev.event.name.tiktok_name()?;
    let mut user = Map::new();
    put(&mut user, "email", ev.user.em.clone());
    put(&mut user, "phone", ev.user.ph_e164.clone());
    put(&mut user, "external_id", ev.user.external_id.clone());
    put(&mut user, "ttclid", ev.ttclid);
    put(&mut user, "ttp", ev.ttp);
    put(&mut user, "ip", ev.client_ip);
    put(&mut user, "user_agent", ev.user_agent);

    let mut page = Map::new();
    page.insert("url".into(), json!(ev.event.source_url));
    put(&mut page, "referrer", ev.referrer);

    let custom = &ev.event.custom_data;
    let mut properties = Map::new();
    put(&mut properties, "value", custom.get("value").cloned());
    put(&mut properties, "currency", custom.get("currency").cloned());
    put(
        &mut properties,
        "content_type",
        custom.get("content_type").cloned(),
    );
    put(&mut properties, "order_id", custom.get("order_id").cloned());
    put(
        &mut properties,
        "query",
        custom.get("search_string").cloned(),
    );
    let items: Vec<Value> = contents(custom)
        .into_iter()
        .map(|(id, quantity, price)| {
            let mut item = Map::new();
            item.insert("content_id".into(), json!(id));
            put(&mut item, "quantity", quantity);
            put(&mut item, "price", price);
            Value::Object(item)
        })
        .collect();
    if !items.is_empty() {
        properties.insert("contents".into(), Value::Array(items));
    }

    let event = json!({
        "event": name,
        "event_time": ev.event.event_time.unix_timestamp(),
        "event_id": ev.event.event_id,
        "user": user,
        "page": page,
        "properties": properties,
    });
    let mut body = Map::new();
    body.insert("event_source".into(), json!("web"));
    body.insert("event_source_id".into(), json!(pixel_code));
    put(&mut body, "test_event_code", test_event_code);
    body.insert("data".into(), json!([event]));
    Some(Value::Object(body))
}

#[cfg(test)]
mod tests {
    use super::super::fixtures::{EVENT_ID, purchase, server, user};
    use super::*;
    use crate::event::EventName;
    use crate::hashing::sha256_hex;

    #[test]
    fn purchase_is_sent_as_complete_payment_with_hashed_ids() {
        let (event, user) = (purchase(), user());
        let body = build(&server(&event, &user), "PIXEL1", None).expect("TikTok has Purchase");
        assert_eq!(body["event_source"], "web");
        assert_eq!(body["event_source_id"], "PIXEL1");
        let e = &body["data"][0];
        assert_eq!(e["event"], "CompletePayment");
        assert_eq!(e["event_id"], EVENT_ID);
        assert_eq!(e["user"]["email"], sha256_hex("test@example.com"));
        assert_eq!(e["user"]["phone"], sha256_hex("+16505551234"));
        assert_eq!(e["user"]["external_id"], sha256_hex("pbid-1"));
        assert_eq!(e["user"]["ttclid"], "tt-click");
        assert_eq!(
            e["page"]["url"],
            "https://shop.example.com/checkout/order-received/"
        );
        assert_eq!(e["properties"]["contents"][0]["content_id"], "SKU-1");
        assert_eq!(e["properties"]["contents"][0]["price"], 21.25);
        assert_eq!(e["properties"]["currency"], "EUR");
    }

    #[test]
    fn events_without_a_tiktok_equivalent_are_not_sent() {
        let (mut event, user) = (purchase(), user());
        event.name = EventName::PageScroll;
        assert_eq!(build(&server(&event, &user), "PIXEL1", None), None);
    }
}
