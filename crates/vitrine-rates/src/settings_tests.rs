//! `[shop.rates]`: defaults, the checks serde cannot make, and what logs may show.

use super::*;

fn parse(toml_text: &str) -> Result<RatesSettings, toml::de::Error> {
    toml::from_str(toml_text)
}

#[test]
fn only_the_source_is_required_and_the_rest_defaults() {
    let settings = parse("source = \"ecb\"").expect("valid settings");
    assert_eq!(settings, RatesSettings::new(SourceKind::Ecb));
    assert_eq!(
        settings.url,
        "https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml"
    );
    assert_eq!(settings.refresh_interval(), Duration::from_secs(3600));
    assert_eq!(settings.timeout(), Duration::from_secs(10));
    assert_eq!(settings.stale_after(), Duration::from_secs(36 * 3600));
    assert_eq!(settings.validate(), Ok(()));

    assert!(parse("").is_err(), "no source");
    let fixed = parse("source = \"fixed\"\nurl = \"not checked\"").expect("valid settings");
    assert_eq!(fixed.source, SourceKind::Fixed);
    assert_eq!(fixed.validate(), Ok(()), "a fixed source fetches nothing");
}

#[test]
fn unknown_sources_and_keys_are_refused() {
    let source = parse("source = \"openexchangerates\"").expect_err("unknown source");
    assert!(source.to_string().contains("unknown variant"), "{source}");
    let key = parse("source = \"ecb\"\nrefresh = 5").expect_err("unknown key");
    assert!(key.to_string().contains("unknown field `refresh`"), "{key}");
}

#[test]
fn refresh_timeout_and_staleness_bounds_are_checked() {
    let mut settings = RatesSettings::new(SourceKind::Ecb);
    settings.refresh_minutes = 0;
    assert_eq!(settings.validate(), Err(SettingsError::RefreshMinutes));
    settings.refresh_minutes = 1;
    assert_eq!(settings.validate(), Ok(()));

    for (seconds, valid) in [(0, false), (1, true), (120, true), (121, false)] {
        settings.timeout_seconds = seconds;
        assert_eq!(
            settings.validate().is_ok(),
            valid,
            "timeout_seconds = {seconds}"
        );
    }
    settings.timeout_seconds = 10;

    settings.refresh_minutes = 120;
    settings.stale_after_hours = 1;
    assert_eq!(
        settings.validate(),
        Err(SettingsError::StaleAfter {
            hours: 1,
            refresh_minutes: 120
        })
    );
    settings.stale_after_hours = 2;
    assert_eq!(settings.validate(), Ok(()));
}

#[test]
fn the_url_must_be_absolute_http_and_is_shown_without_credentials() {
    let mut settings = RatesSettings::new(SourceKind::Ecb);
    for bad in [
        "www.ecb.europa.eu/stats",
        "ftp://mirror.example/rates.xml",
        "",
    ] {
        settings.url = bad.into();
        assert!(
            matches!(settings.validate(), Err(SettingsError::Url(_))),
            "{bad:?}"
        );
    }
    settings.url = "https://rates:s3cret@mirror.example/eurofxref.xml?token=abc123#x".into();
    assert_eq!(settings.validate(), Ok(()));
    let debug = format!("{settings:?}");
    assert!(
        debug.contains("https://mirror.example/eurofxref.xml"),
        "{debug}"
    );
    for secret in ["s3cret", "abc123", "rates:"] {
        assert!(!debug.contains(secret), "{secret} in {debug}");
    }
    settings.url = "ftp://user:s3cret@mirror.example/".into();
    let refused = settings.validate().expect_err("not http").to_string();
    assert!(!refused.contains("s3cret"), "{refused}");
}
