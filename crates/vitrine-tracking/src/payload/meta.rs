//! Meta Conversions API body: `{ data: [event], test_event_code? }` for
//! `POST {base}/v{version}/{pixel_id}/events`.

use serde_json::{Map, Value, json};

use super::{ServerEvent, put};

/// One-event request body. Hashed fields go as one-element arrays (Meta accepts lists);
/// `fbp`, `fbc`, IP and user agent are sent unhashed, as Meta requires.
pub fn build(ev: &ServerEvent<'_>, test_event_code: Option<&str>) -> Value {
    let mut user = Map::new();
    let one = |v: &Option<String>| v.as_ref().map(|h| json!([h]));
    put(&mut user, "em", one(&ev.user.em));
    put(&mut user, "ph", one(&ev.user.ph));
    put(&mut user, "fn", one(&ev.user.fn_));
    put(&mut user, "ln", one(&ev.user.ln));
    put(&mut user, "external_id", one(&ev.user.external_id));
    put(&mut user, "fbp", ev.user.fbp.clone());
    put(&mut user, "fbc", ev.user.fbc.clone());
    put(&mut user, "client_ip_address", ev.client_ip);
    put(&mut user, "client_user_agent", ev.user_agent);

    let event = json!({
        "event_name": ev.event.name.meta_name(),
        "event_time": ev.event.event_time.unix_timestamp(),
        "event_id": ev.event.event_id,
        "event_source_url": ev.event.source_url,
        "action_source": "website",
        "user_data": user,
        "custom_data": ev.event.custom_data,
    });
    let mut body = Map::new();
    body.insert("data".into(), json!([event]));
    put(&mut body, "test_event_code", test_event_code);
    Value::Object(body)
}

#[cfg(test)]
mod tests {
    use super::super::fixtures::{EVENT_ID, purchase, server, user};
    use super::*;
    use crate::hashing::sha256_hex;

    #[test]
    fn purchase_carries_the_shared_event_id_and_hashed_matching_keys() {
        let (event, user) = (purchase(), user());
        let ev = server(&event, &user);
        let body = build(&ev, Some("TEST123"));
        let e = &body["data"][0];
        assert_eq!(e["event_name"], "Purchase");
        assert_eq!(e["event_id"], EVENT_ID);
        assert_eq!(e["action_source"], "website");
        assert_eq!(e["event_time"], 1_741_608_000);
        assert_eq!(e["user_data"]["em"][0], sha256_hex("test@example.com"));
        assert_eq!(e["user_data"]["ph"][0], sha256_hex("16505551234"));
        assert_eq!(e["user_data"]["fn"][0], sha256_hex("john"));
        assert_eq!(e["user_data"]["external_id"][0], sha256_hex("pbid-1"));
        assert_eq!(e["user_data"]["fbp"], "fb.1.1700000000000.123");
        assert_eq!(e["user_data"]["client_ip_address"], "203.0.113.9");
        assert_eq!(e["custom_data"]["value"], 42.5);
        assert_eq!(e["custom_data"]["currency"], "EUR");
        assert_eq!(body["test_event_code"], "TEST123");
        assert!(
            !body.to_string().contains("test@example.com"),
            "no raw email"
        );
    }
}
