//! Consent decisions land in the proof log; the GDPR filter values reflect them.

use axum::http::StatusCode;
use serde_json::json;
use vitrine_tracking::TrackingStore;
use vitrine_tracking::consent::{ConsentSource, pseudonymous_id};

use crate::tracking_support::{SECRET, TrackingApp, request};

#[tokio::test]
async fn consent_post_lands_in_the_proof_log() {
    let app = TrackingApp::spawn(|_| {}).await;
    let body = json!({ "decision_id": "decision-log-1", "banner_version": "1", "gpc": true,
        "choices": { "analytics": true, "marketing": true, "preferences": false } });
    let (status, headers, view) = app
        .call(request(
            "POST",
            "/api/v1/consent",
            None,
            None,
            body.to_string(),
        ))
        .await;
    assert_eq!(status, StatusCode::CREATED);
    assert_eq!(view["recorded"], true);
    let cookie = headers
        .get("set-cookie")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    assert!(
        cookie.starts_with("vitrine_consent_id=decision-log-1;") && cookie.contains("HttpOnly"),
        "{cookie}"
    );

    let subject = pseudonymous_id(SECRET.as_bytes(), "decision-log-1");
    assert_ne!(subject, "decision-log-1");
    let record = app
        .store
        .latest_consent(&subject)
        .await
        .expect("read")
        .expect("logged");
    assert!(record.choices.analytics && record.choices.marketing && !record.choices.preferences);
    assert!(record.gpc);
    assert_eq!(
        (record.banner_version.as_str(), record.source),
        ("1", ConsentSource::Banner)
    );
    assert_eq!(
        record.recorded_at,
        app.now(),
        "server time, not the browser's"
    );
}

#[tokio::test]
async fn invalid_consent_is_400() {
    let app = TrackingApp::spawn(|_| {}).await;
    let body = json!({ "decision_id": "x", "banner_version": "1", "choices": { "analytics": true, "marketing": true, "preferences": true } });
    let (status, _, err) = app
        .call(request(
            "POST",
            "/api/v1/consent",
            None,
            None,
            body.to_string(),
        ))
        .await;
    assert_eq!(
        (status, err["code"].as_str(), err["field"].as_str()),
        (
            StatusCode::BAD_REQUEST,
            Some("invalid_consent"),
            Some("decision_id")
        )
    );
    let (status, _, _) = app
        .call(request("POST", "/api/v1/consent", None, None, "{}".into()))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn gdpr_filters_reflect_the_recorded_consent() {
    let app = TrackingApp::spawn(|_| {}).await;
    let filters = |consent: Option<&'static str>| {
        let app = &app;
        async move {
            app.call(request(
                "GET",
                "/api/v1/tracking/gdpr-filters",
                None,
                consent,
                String::new(),
            ))
            .await
            .2
        }
    };
    let unknown = filters(None).await;
    assert_eq!(unknown["success"], true);
    assert_eq!(unknown["data"]["all_disabled_by_api"], true);
    assert_eq!(unknown["data"]["consent_required"], true);

    app.consent("decision-filter-1", true, false).await;
    let analytics_only = filters(Some("decision-filter-1")).await["data"].clone();
    assert_eq!(analytics_only["analytics_disabled_by_api"], false);
    assert_eq!(analytics_only["facebook_disabled_by_api"], true);
    assert_eq!(analytics_only["tiktok_disabled_by_api"], true);
    assert_eq!(analytics_only["consent_required"], false);

    // A later decision by the same visitor wins.
    app.consent("decision-filter-1", true, true).await;
    let all = filters(Some("decision-filter-1")).await["data"].clone();
    assert_eq!(
        (
            all["facebook_disabled_by_api"].as_bool(),
            all["externalID_disabled_by_api"].as_bool()
        ),
        (Some(false), Some(false))
    );

    // Twelve months and a day later the decision no longer counts and the banner is due.
    app.clock
        .fetch_add(366 * 86_400, std::sync::atomic::Ordering::SeqCst);
    let expired = filters(Some("decision-filter-1")).await["data"].clone();
    assert_eq!(
        (
            expired["consent_required"].as_bool(),
            expired["all_disabled_by_api"].as_bool()
        ),
        (Some(true), Some(true))
    );
}

#[tokio::test]
async fn a_new_banner_version_asks_again() {
    let app = TrackingApp::spawn(|s| s.consent.banner_version = "2".into()).await;
    app.consent("decision-banner-1", true, true).await; // the helper records banner "1"
    let (_, _, body) = app
        .call(request(
            "GET",
            "/api/v1/tracking/gdpr-filters",
            None,
            Some("decision-banner-1"),
            String::new(),
        ))
        .await;
    assert_eq!(body["data"]["consent_required"], true);
    assert_eq!(body["data"]["banner_version"], "2");
    assert_eq!(body["data"]["facebook_disabled_by_api"], true);
}

#[tokio::test]
async fn google_ads_is_a_consent_category_of_its_own() {
    let app = TrackingApp::spawn(|_| {}).await;
    let post = |decision_id: &'static str, choices: serde_json::Value| {
        let app = &app;
        async move {
            let body =
                json!({ "decision_id": decision_id, "banner_version": "1", "choices": choices });
            app.call(request(
                "POST",
                "/api/v1/consent",
                None,
                None,
                body.to_string(),
            ))
            .await
            .0
        }
    };
    let filters = |consent: &'static str| {
        let app = &app;
        async move {
            app.call(request(
                "GET",
                "/api/v1/tracking/gdpr-filters",
                None,
                Some(consent),
                String::new(),
            ))
            .await
            .2["data"]
                .clone()
        }
    };

    // Marketing granted, Google Ads refused: the social pixels may run, Google Ads may not.
    let marketing_only =
        json!({ "analytics": false, "marketing": true, "google_ads": false, "preferences": false });
    assert_eq!(
        post("decision-gads-1", marketing_only).await,
        StatusCode::CREATED
    );
    let record = app
        .store
        .latest_consent(&pseudonymous_id(SECRET.as_bytes(), "decision-gads-1"))
        .await
        .expect("read")
        .expect("logged");
    assert!(record.choices.marketing && !record.choices.google_ads);
    let data = filters("decision-gads-1").await;
    assert_eq!(data["google_ads_disabled_by_api"], true);
    assert_eq!(data["disabled_google_ads_cookie"], true);
    assert_eq!(data["facebook_disabled_by_api"], false);
    assert_eq!(data["categories"]["google_ads"], false);
    assert_eq!(data["categories"]["marketing"], true);

    // Google Ads alone: only Google Ads.
    let ads_only =
        json!({ "analytics": false, "marketing": false, "google_ads": true, "preferences": false });
    assert_eq!(post("decision-gads-2", ads_only).await, StatusCode::CREATED);
    let data = filters("decision-gads-2").await;
    assert_eq!(data["google_ads_disabled_by_api"], false);
    assert_eq!(data["facebook_disabled_by_api"], true);
    assert_eq!(data["all_disabled_by_api"], false);

    // A banner or consent tool that predates the category: google_ads follows marketing.
    let old = json!({ "analytics": false, "marketing": true, "preferences": false });
    assert_eq!(post("decision-gads-3", old).await, StatusCode::CREATED);
    assert_eq!(
        filters("decision-gads-3").await["categories"]["google_ads"],
        true
    );

    // Not a boolean: 400 invalid_consent, nothing recorded.
    let wrong =
        json!({ "analytics": false, "marketing": true, "google_ads": "yes", "preferences": false });
    assert_eq!(
        post("decision-gads-4", wrong).await,
        StatusCode::BAD_REQUEST
    );
    assert!(
        app.store
            .latest_consent(&pseudonymous_id(SECRET.as_bytes(), "decision-gads-4"))
            .await
            .expect("read")
            .is_none()
    );
}
