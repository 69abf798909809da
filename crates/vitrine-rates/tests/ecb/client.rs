//! EcbClient over HTTP: the served file, HTTP errors, timeouts, size limit, what errors show.

use std::time::Duration;

use axum::http::StatusCode;
use rust_decimal::Decimal;
use time::macros::date;
use vitrine_domain::money::Currency;
use vitrine_domain::rates::{ExchangeRates, RateSource, RateSourceError};
use vitrine_rates::{
    DocumentError, EcbClient, EcbError, MAX_BODY_BYTES, RatesSettings, SourceKind,
    source_from_settings,
};

use crate::fixture_server::{DAILY, FixtureServer, Reply};

fn client(url: &url::Url) -> EcbClient {
    EcbClient::new(url, Duration::from_secs(1)).expect("a client")
}

#[tokio::test]
async fn the_served_daily_file_becomes_rates_per_euro() {
    let server = FixtureServer::start(Reply::Xml(StatusCode::OK, DAILY.into())).await;
    let source = client(&server.url());

    let rates = source.latest().await.expect("the rates");

    assert_eq!(source.name(), "ecb");
    assert_eq!(server.calls(), 1);
    assert_eq!(rates.base(), Currency::EUR);
    assert_eq!(rates.published(), date!(2024 - 05 - 17));
    assert_eq!(rates.rates().len(), 30);
    assert_eq!(rates.rate(Currency::USD), Some(Decimal::new(10866, 4)));
    assert_eq!(rates.rate(Currency::GBP), Some(Decimal::new(85525, 5)));
}

#[tokio::test]
async fn a_moved_file_is_followed() {
    let server = FixtureServer::start(Reply::Xml(StatusCode::OK, DAILY.into())).await;
    let rates = client(&server.at("/moved"))
        .latest()
        .await
        .expect("the rates");
    assert_eq!(rates.published(), date!(2024 - 05 - 17));
}

#[tokio::test]
async fn server_errors_and_missing_files_are_refusals_with_their_status() {
    let server =
        FixtureServer::start(Reply::Xml(StatusCode::INTERNAL_SERVER_ERROR, "oops".into())).await;
    let source = client(&server.url());
    let error = source.fetch().await.expect_err("a 500");
    assert_eq!(
        error,
        EcbError::Status {
            url: server.url().to_string(),
            status: 500
        }
    );
    let refused = source.latest().await.expect_err("a 500");
    assert_eq!(refused.kind(), "refused");
    assert!(
        refused.to_string().contains("answered HTTP 500"),
        "{refused}"
    );

    let missing = client(&server.at("/eurofxref-hist.xml"))
        .fetch()
        .await
        .expect_err("a 404");
    assert!(matches!(missing, EcbError::Status { status: 404, .. }));
}

#[tokio::test]
async fn a_slow_answer_times_out() {
    let server = FixtureServer::start(Reply::Slow(Duration::from_secs(5))).await;
    let started = std::time::Instant::now();

    let error = client(&server.url()).latest().await.expect_err("too slow");

    assert!(
        matches!(
            error,
            RateSourceError::Unreachable {
                timed_out: true,
                ..
            }
        ),
        "{error:?}"
    );
    assert_eq!(error.kind(), "timeout");
    assert!(
        started.elapsed() < Duration::from_secs(4),
        "the timeout applied"
    );
}

#[tokio::test]
async fn a_closed_port_is_unreachable_not_a_timeout() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a free port");
    let address = listener.local_addr().expect("bound address");
    drop(listener);
    let url = format!("http://{address}/eurofxref-daily.xml")
        .parse()
        .expect("a URL");

    let error = client(&url).latest().await.expect_err("nothing listens");

    assert_eq!(error.kind(), "unreachable", "{error:?}");
}

#[tokio::test]
async fn an_answer_larger_than_the_limit_is_refused_with_or_without_a_length() {
    let server =
        FixtureServer::start(Reply::Xml(StatusCode::OK, " ".repeat(MAX_BODY_BYTES + 1))).await;
    let source = client(&server.url());
    let declared = source.fetch().await.expect_err("too large");
    assert!(
        matches!(declared, EcbError::TooLarge { .. }),
        "{declared:?}"
    );

    server.answer(Reply::Streamed {
        bytes: MAX_BODY_BYTES + 1,
    });
    let streamed = source.fetch().await.expect_err("too large");
    assert!(
        matches!(streamed, EcbError::TooLarge { .. }),
        "{streamed:?}"
    );
    assert_eq!(
        RateSourceError::from(streamed).kind(),
        "malformed",
        "an oversized answer is not a rate document"
    );

    // Exactly the limit is read (and then refused as XML, being only spaces).
    server.answer(Reply::Streamed {
        bytes: MAX_BODY_BYTES,
    });
    let at_limit = source.fetch().await.expect_err("not XML");
    assert!(
        matches!(
            at_limit,
            EcbError::Document {
                error: DocumentError::Xml(_),
                ..
            }
        ),
        "{at_limit:?}"
    );
}

#[tokio::test]
async fn a_page_that_is_not_the_rate_document_is_malformed() {
    let server = FixtureServer::start(Reply::Xml(
        StatusCode::OK,
        "<html><body>Maintenance</body></html>".into(),
    ))
    .await;
    let error = client(&server.url()).latest().await.expect_err("not ECB");
    assert_eq!(error.kind(), "malformed");
    assert!(
        error.to_string().contains("not the ECB's gesmes:Envelope"),
        "{error}"
    );
}

#[tokio::test]
async fn credentials_and_queries_in_the_url_never_reach_an_error() {
    let server = FixtureServer::start(Reply::Xml(StatusCode::NOT_FOUND, String::new())).await;
    let mut url = server.at("/private/eurofxref.xml?token=abc123");
    url.set_username("rates").expect("a host URL");
    url.set_password(Some("s3cret")).expect("a host URL");

    let source = client(&url);
    let error = source.latest().await.expect_err("a 404");

    let shown = format!("{error} {error:?} {source:?}");
    for secret in ["s3cret", "abc123", "token="] {
        assert!(!shown.contains(secret), "{secret} leaked: {shown}");
    }
    assert!(shown.contains("/private/eurofxref.xml"), "{shown}");
}

#[tokio::test]
async fn the_settings_build_the_configured_source() {
    let server = FixtureServer::start(Reply::Xml(StatusCode::OK, DAILY.into())).await;
    let fixed = ExchangeRates::new(
        Currency::USD,
        date!(2024 - 01 - 01),
        [(Currency::EUR, Decimal::new(92, 2))],
    )
    .expect("valid rates");

    let settings = RatesSettings {
        url: server.url().to_string(),
        timeout_seconds: 1,
        ..RatesSettings::new(SourceKind::Ecb)
    };
    let ecb = source_from_settings(&settings, fixed.clone()).expect("an ECB source");
    assert_eq!(ecb.name(), "ecb");
    assert_eq!(
        ecb.latest().await.map(|rates| rates.base()),
        Ok(Currency::EUR)
    );

    let configured = source_from_settings(&RatesSettings::new(SourceKind::Fixed), fixed.clone())
        .expect("a fixed source");
    assert_eq!(configured.name(), "fixed");
    assert_eq!(configured.latest().await, Ok(fixed));
    assert_eq!(server.calls(), 1, "the fixed source fetches nothing");
}
