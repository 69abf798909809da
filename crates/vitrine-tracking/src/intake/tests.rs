//! The intake's field rules, bounds and browser rules.

use super::*;
use serde_json::json;

const NOW: i64 = 1_741_608_000; // 2025-03-10 12:00 UTC
/// The largest amount these tests allow (a shop's `max_event_value`).
const MAX: f64 = 5_000.0;

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
    validate(request(overrides), now(), MAX)
        .expect_err("must be invalid")
        .field
}

#[test]
fn a_well_formed_event_is_normalised() {
    let event = validate(request(json!({})), now(), MAX).expect("valid");
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
fn value_must_be_a_finite_number_from_zero_to_the_maximum() {
    for bad in [
        json!(-0.01),
        json!(5_000.01),
        json!(999_999_999),
        json!("NaN"),
        json!("inf"),
        json!("-Infinity"),
        json!("abc"),
        json!(true),
        json!(null),
    ] {
        let f = field_of(json!({"custom_data": {"value": bad, "currency": "EUR"}}));
        assert_eq!(f, "custom_data.value", "{bad}");
    }
    for (good, read) in [
        (json!("12.50"), 12.5),
        (json!(0), 0.0),
        (json!(5_000), 5_000.0),
    ] {
        let ok = validate(
            request(json!({"custom_data": {"value": good, "currency": "USD"}})),
            now(),
            MAX,
        );
        assert_eq!(ok.map(|e| e.value()), Ok(Some(read)), "{good}");
    }
}

#[test]
fn predicted_lifetime_value_is_bounded_like_value() {
    let f = field_of(json!({"custom_data": {"predicted_ltv": 5_001, "currency": "EUR"}}));
    assert_eq!(f, "custom_data.predicted_ltv");
}

#[test]
fn item_prices_and_quantities_are_bounded() {
    let contents =
        |item: Value| json!({"custom_data": {"value": 1, "currency": "EUR", "contents": [item]}});
    for bad in [
        json!({"id": "a", "item_price": -1}),
        json!({"id": "a", "item_price": 5_000.5}),
        json!({"id": "a", "item_price": "NaN"}),
        json!({"id": "a", "price": 1e12}),
        json!({"id": "a", "quantity": -1}),
        json!({"id": "a", "quantity": 10_001}),
        json!({"id": "a", "quantity": 1.5}),
        json!({"id": "a", "quantity": "2"}),
        json!("not an item"),
    ] {
        assert_eq!(
            field_of(contents(bad.clone())),
            "custom_data.contents",
            "{bad}"
        );
    }
    let at_bounds = json!({"id": "a", "item_price": "5000", "quantity": 10_000});
    let event = validate(request(contents(at_bounds)), now(), MAX).expect("valid");
    assert_eq!(
        event.custom_data["contents"][0]["item_price"],
        json!(5_000.0)
    );
    let items = json!({"custom_data": {"items": [{"item_id": "a", "price": 6_000}]}});
    assert_eq!(field_of(items), "custom_data.items");
}

#[test]
fn item_lists_and_item_counts_are_bounded() {
    let many = vec![json!({"id": "a"}); 201];
    let f = field_of(json!({"custom_data": {"contents": many}}));
    assert_eq!(f, "custom_data.contents");
    let ok = validate(
        request(json!({"custom_data": {"contents": vec![json!({"id": "a"}); 200]}})),
        now(),
        MAX,
    );
    assert!(ok.is_ok());
    for bad in [json!(-1), json!(2_000_001), json!("3")] {
        let f = field_of(json!({"custom_data": {"num_items": bad}}));
        assert_eq!(f, "custom_data.num_items");
    }
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

fn event_at(url: &str, name: &str) -> ValidEvent {
    let req = request(json!({"event_source_url": url, "event_name": name,
        "custom_data": {"value": 1, "currency": "EUR"}}));
    validate(req, now(), MAX).expect("valid")
}

fn page(path: &str) -> PagePath {
    PagePath::parse(path).expect("page")
}

#[test]
fn a_browser_event_on_the_tokens_page_of_the_shop_is_taken() {
    let origin = ShopOrigin::resolve("https://shop.example.com", None);
    let event = event_at(
        "https://shop.example.com/product/hoodie/?color=red",
        "AddToCart",
    );
    let checked = check_browser_event(&event, &page("/product/hoodie/"), origin.as_ref());
    assert_eq!(checked, Ok(()));
}

#[test]
fn a_browser_event_from_another_origin_or_page_is_refused() {
    let origin = ShopOrigin::resolve("https://shop.example.com", None);
    let hoodie = page("/product/hoodie/");
    let foreign = event_at("https://evil.example/product/hoodie/", "AddToCart");
    assert_eq!(
        check_browser_event(&foreign, &hoodie, origin.as_ref()),
        Err(BrowserRefusal::ForeignOrigin)
    );
    let own = event_at("https://shop.example.com/product/hoodie/", "AddToCart");
    assert_eq!(
        check_browser_event(&own, &hoodie, None),
        Err(BrowserRefusal::ForeignOrigin),
        "no known origin takes nothing"
    );
    let elsewhere = event_at("https://shop.example.com/product/beanie/", "AddToCart");
    assert_eq!(
        check_browser_event(&elsewhere, &hoodie, origin.as_ref()),
        Err(BrowserRefusal::OtherPage)
    );
}

#[test]
fn a_browser_purchase_is_refused_however_well_formed() {
    let origin = ShopOrigin::resolve("https://shop.example.com", None);
    let event = event_at(
        "https://shop.example.com/checkout/order-received/",
        "Purchase",
    );
    let checked = check_browser_event(&event, &page("/checkout/order-received/"), origin.as_ref());
    assert_eq!(
        checked,
        Err(BrowserRefusal::ServerOnly(EventName::Purchase))
    );
}
