//! payments-anchors §9 O1–O5 (selection), through `build_provider`.

use std::collections::HashMap;

use vitrine_domain::payment::ProviderKind;

use super::*;

async fn ledger() -> (Arc<dyn TestLedger>, tempfile::TempDir) {
    let dir = tempfile::tempdir().expect("temp dir");
    let url = format!("sqlite://{}", dir.path().join("shop.db").display());
    let db = vitrine_store::Database::connect(&url).await.expect("open");
    db.migrate().await.expect("migrate");
    (Arc::new(db.test_ledger()), dir)
}

/// A `[payments]` section written as JSON (the binary reads TOML into the same type).
fn parse(text: &str) -> PaymentsConfig {
    #[derive(Deserialize)]
    struct File {
        payments: PaymentsConfig,
    }
    serde_json::from_str::<File>(text).expect("config").payments
}

fn env(vars: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
    let vars: HashMap<String, String> = vars
        .iter()
        .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
        .collect();
    move |name| vars.get(name).cloned()
}

fn stripe_config() -> PaymentsConfig {
    parse(r#"{"payments": {"provider": "stripe", "stripe": {"publishable_key": "pk_test_123", "api_base": "http://127.0.0.1:9/"}}}"#)
}

const GOOD_ENV: &[(&str, &str)] = &[
    ("STRIPE_SECRET_KEY", "sk_test_123"),
    ("STRIPE_WEBHOOK_SECRET", "whsec_abc"),
];

#[tokio::test]
async fn o1_the_test_provider_is_the_default_in_development() {
    let (ledger, _dir) = ledger().await;
    let config = PaymentsConfig::default();
    assert_eq!(config.provider, ProviderChoice::Test);
    assert_eq!(config.webhook_tolerance_secs, 300);
    let payments = build_provider(&config, false, ledger, env(&[]), None).expect("built");
    assert_eq!(payments.provider.kind(), ProviderKind::Test);
    assert_eq!(payments.provider.browser_config().provider, "test");
    assert_eq!(
        payments.provider.browser_config().api_base.as_deref(),
        Some("/_test_provider/v1")
    );
    assert!(payments.test_provider.is_some());
}

#[tokio::test]
async fn o3_the_test_provider_is_refused_in_production() {
    let (ledger, _dir) = ledger().await;
    let refused = build_provider(&PaymentsConfig::default(), true, ledger, env(&[]), None);
    assert_eq!(refused.err(), Some(ConfigError::TestProviderInProduction));
}

#[tokio::test]
async fn o2_stripe_with_its_keys_has_no_test_routes() {
    let (ledger, _dir) = ledger().await;
    let payments =
        build_provider(&stripe_config(), true, ledger, env(GOOD_ENV), None).expect("built");
    assert_eq!(payments.provider.kind(), ProviderKind::Stripe);
    let browser = payments.provider.browser_config();
    assert_eq!((browser.provider.as_str(), browser.publishable_key.as_str()), ("stripe", "pk_test_123"));
    assert_eq!(browser.api_base, None);
    assert!(payments.test_provider.is_none());
    assert!(!payments.provider.livemode());
}

#[tokio::test]
async fn o4_stripe_without_proper_secrets_refuses_to_start() {
    let cases: [(&[(&str, &str)], ConfigError); 4] = [
        (
            &[("STRIPE_WEBHOOK_SECRET", "whsec_abc")],
            ConfigError::MissingSecretKey("STRIPE_SECRET_KEY".to_owned()),
        ),
        (
            &[("STRIPE_SECRET_KEY", "pk_test_123"), ("STRIPE_WEBHOOK_SECRET", "whsec_abc")],
            ConfigError::NotASecretKey("STRIPE_SECRET_KEY".to_owned()),
        ),
        (
            &[("STRIPE_SECRET_KEY", "sk_test_123")],
            ConfigError::MissingWebhookSecret("STRIPE_WEBHOOK_SECRET".to_owned()),
        ),
        (
            &[("STRIPE_SECRET_KEY", "sk_test_123"), ("STRIPE_WEBHOOK_SECRET", "abc")],
            ConfigError::NotAWebhookSecret("STRIPE_WEBHOOK_SECRET".to_owned()),
        ),
    ];
    for (vars, expected) in cases {
        let (ledger, _dir) = ledger().await;
        let outcome = build_provider(&stripe_config(), true, ledger, env(vars), None);
        assert_eq!(outcome.err(), Some(expected));
    }
    let (ledger, _dir) = ledger().await;
    let mut no_pk = stripe_config();
    no_pk.stripe.publishable_key = String::new();
    assert_eq!(
        build_provider(&no_pk, true, ledger, env(GOOD_ENV), None).err(),
        Some(ConfigError::NotAPublishableKey)
    );
}

#[tokio::test]
async fn unknown_keys_and_out_of_range_tolerances_are_refused() {
    let unknown = serde_json::from_value::<PaymentsConfig>(serde_json::json!({"provdier": "stripe"}));
    assert!(unknown.is_err());
    let (ledger, _dir) = ledger().await;
    let mut config = PaymentsConfig::default();
    config.webhook_tolerance_secs = 0;
    assert_eq!(
        build_provider(&config, false, ledger, env(&[]), None).err(),
        Some(ConfigError::BadTolerance(0))
    );
}
