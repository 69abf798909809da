//! Switching currency (spec §3, §7 wmc_currency_switcher, §9): `POST /api/v1/currency` and
//! `?wmc-currency=` write both cookies for a day; unknown codes change nothing.

use axum::http::Method;
use serde_json::json;

use crate::helpers::{TestApp, inline_data};
use crate::pricing_support::{EUR, GBP, demo_app, set_cookies};

fn assert_switch_cookies(cookies: &[String], current: &str, previous: &str) {
    let expected = [
        format!("wmc_current_currency={current}"),
        format!("wmc_current_currency_old={previous}"),
    ];
    assert_eq!(cookies.len(), 2, "{cookies:?}");
    for (cookie, start) in cookies.iter().zip(expected) {
        assert!(cookie.starts_with(&format!("{start}; Path=/;")), "{cookie}");
        assert!(cookie.contains("Max-Age=86400"), "a day: {cookie}");
        assert!(cookie.contains("SameSite=Lax"), "{cookie}");
        assert!(
            !cookie.contains("HttpOnly"),
            "the page's scripts read it: {cookie}"
        );
        assert!(!cookie.contains("Secure"), "plain http: {cookie}");
    }
}

#[tokio::test]
async fn posting_a_currency_writes_both_cookies_for_a_day() {
    let app = demo_app().await;
    let body = json!({ "currency": "eur" });
    let res = app
        .send(Method::POST, "/api/v1/currency", &[], Some(&body))
        .await;
    assert_eq!(res.status, 200, "{}", res.text);
    assert_eq!(res.json(), json!({ "current": "EUR", "previous": "USD" }));
    assert_switch_cookies(&set_cookies(&res.headers), "EUR", "USD");
    assert_eq!(res.header("cache-control"), "private, no-store");
    let body = json!({ "currency": "GBP" });
    let res = app
        .send(Method::POST, "/api/v1/currency", &[EUR], Some(&body))
        .await;
    assert_eq!(res.json(), json!({ "current": "GBP", "previous": "EUR" }));
    assert_switch_cookies(&set_cookies(&res.headers), "GBP", "EUR");
}

#[tokio::test]
async fn cookies_are_secure_when_the_shop_is_reached_over_https() {
    let app = demo_app().await;
    let body = json!({ "currency": "EUR" });
    let https = [("x-forwarded-proto", "https")];
    let res = app
        .send(Method::POST, "/api/v1/currency", &https, Some(&body))
        .await;
    let cookies = set_cookies(&res.headers);
    assert!(
        cookies.iter().all(|c| c.ends_with("; Secure")),
        "{cookies:?}"
    );
}

#[tokio::test]
async fn a_currency_the_shop_does_not_offer_is_refused_and_writes_nothing() {
    let app = demo_app().await;
    for code in ["JPY", "XYZ", "", "EURO"] {
        let body = json!({ "currency": code });
        let res = app
            .send(Method::POST, "/api/v1/currency", &[], Some(&body))
            .await;
        assert_eq!(res.status, 400, "{code}: {}", res.text);
        assert_eq!(res.json()["code"], "unsupported_currency");
        assert_eq!(res.json()["field"], "currency");
        assert!(set_cookies(&res.headers).is_empty(), "{code}");
    }
    let single = TestApp::spawn().await;
    let body = json!({ "currency": "EUR" });
    let res = single
        .send(Method::POST, "/api/v1/currency", &[], Some(&body))
        .await;
    assert_eq!(res.json()["code"], "unsupported_currency", "USD only");
}

#[tokio::test]
async fn a_page_with_wmc_currency_renders_in_it_and_writes_the_cookies() {
    let app = demo_app().await;
    let res = app.get("/product/t-shirt/?wmc-currency=EUR").await;
    assert_eq!(res.status, 200);
    assert_switch_cookies(&set_cookies(&res.headers), "EUR", "USD");
    let data = inline_data(&res.text);
    assert_eq!(data["site"]["currency"]["current"], "EUR");
    assert_eq!(data["product"]["price"]["text"], "€16.99");
    let res = app
        .get_with("/product/t-shirt/?wmc-currency=eur", &[GBP])
        .await;
    assert_switch_cookies(&set_cookies(&res.headers), "EUR", "GBP");
}

#[tokio::test]
async fn an_unknown_wmc_currency_is_ignored_and_the_cookie_still_counts() {
    let app = demo_app().await;
    let res = app.get("/shop/?wmc-currency=XYZ").await;
    assert_eq!(res.status, 200);
    assert!(set_cookies(&res.headers).is_empty());
    assert_eq!(inline_data(&res.text)["site"]["currency"]["current"], "USD");
    let res = app.get_with("/shop/?wmc-currency=JPY", &[GBP]).await;
    assert!(set_cookies(&res.headers).is_empty());
    assert_eq!(inline_data(&res.text)["site"]["currency"]["current"], "GBP");
    let stale = ("cookie", "wmc_current_currency=XYZ");
    let res = app.get_with("/shop/", &[stale]).await;
    assert_eq!(res.status, 200, "a page never fails over a stale cookie");
    assert_eq!(inline_data(&res.text)["site"]["currency"]["current"], "USD");
}

#[tokio::test]
async fn the_pages_api_switches_by_its_parameter_or_the_paths_query() {
    let app = demo_app().await;
    let res = app
        .get("/api/v1/pages?path=/product/t-shirt/&wmc-currency=EUR")
        .await;
    assert_eq!(res.status, 200, "{}", res.text);
    assert_switch_cookies(&set_cookies(&res.headers), "EUR", "USD");
    assert_eq!(res.json()["product"]["price"]["text"], "€16.99");
    let res = app
        .get("/api/v1/pages?path=%2Fproduct%2Ft-shirt%2F%3Fwmc-currency%3DGBP")
        .await;
    assert_switch_cookies(&set_cookies(&res.headers), "GBP", "USD");
    assert_eq!(res.json()["product"]["price"]["text"], "£14.22");
    let res = app.get_with("/api/v1/pages?path=/shop/", &[EUR]).await;
    assert!(set_cookies(&res.headers).is_empty(), "no switch asked");
    assert_eq!(res.json()["site"]["currency"]["current"], "EUR");
}

#[tokio::test]
async fn pages_vary_by_cookie_only_when_the_shop_has_several_currencies() {
    let varies = |headers: &axum::http::HeaderMap| {
        headers
            .get_all("vary")
            .iter()
            .filter_map(|v| v.to_str().ok())
            .any(|v| {
                v.split(',')
                    .any(|part| part.trim().eq_ignore_ascii_case("cookie"))
            })
    };
    let app = demo_app().await;
    for uri in [
        "/",
        "/shop/",
        "/product/t-shirt/",
        "/api/v1/pages?path=/shop/",
    ] {
        assert!(varies(&app.get(uri).await.headers), "{uri}");
    }
    let single = TestApp::spawn().await;
    for uri in ["/", "/product/t-shirt/", "/api/v1/pages?path=/shop/"] {
        assert!(!varies(&single.get(uri).await.headers), "{uri}");
    }
}
