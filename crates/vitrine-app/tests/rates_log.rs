//! The rate refresher's log lines, in a test binary of its own: tracing caches whether a log
//! call is enabled per process, so a test elsewhere in the same process that reached the call
//! first (with no subscriber) could hide it from this test's subscriber.

use std::io;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use async_trait::async_trait;
use rust_decimal::Decimal;
use time::macros::{date, datetime};
use vitrine_app::rates::RateRefresher;
use vitrine_domain::money::Currency;
use vitrine_domain::rates::{ExchangeRates, RateSource, RateSourceError};

/// Collects everything a fmt subscriber writes.
#[derive(Clone, Default)]
struct LogBuffer(Arc<Mutex<Vec<u8>>>);

impl io::Write for LogBuffer {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.0.lock().expect("lock").extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// Fails once, then answers rates published long ago.
struct FlakySource(Mutex<u32>);

#[async_trait]
impl RateSource for FlakySource {
    fn name(&self) -> &str {
        "ecb"
    }

    async fn latest(&self) -> Result<ExchangeRates, RateSourceError> {
        let mut calls = self.0.lock().expect("lock");
        *calls += 1;
        if *calls == 1 {
            return Err(RateSourceError::Refused(
                "https://mirror.example/eurofxref.xml answered HTTP 503".into(),
            ));
        }
        Ok(ExchangeRates::new(
            Currency::EUR,
            date!(2024 - 05 - 02),
            [(Currency::USD, Decimal::new(10866, 4))],
        )
        .expect("valid rates"))
    }
}

#[tokio::test(flavor = "current_thread")]
async fn failures_staleness_and_old_rates_are_logged_with_structured_fields() {
    let logs = LogBuffer::default();
    let subscriber = tracing_subscriber::fmt()
        .with_max_level(tracing::Level::TRACE)
        .with_ansi(false)
        .with_writer({
            let logs = logs.clone();
            move || logs.clone()
        })
        .finish();
    let _guard = tracing::subscriber::set_default(subscriber);
    let fallback = ExchangeRates::new(
        Currency::USD,
        date!(2024 - 01 - 02),
        [
            (Currency::EUR, Decimal::new(9, 1)),
            (Currency::GBP, Decimal::new(8, 1)),
        ],
    )
    .expect("valid rates");
    // Started two days ago: the fallback alone is already stale at the first failure.
    let now = datetime!(2024-05-17 16:30 UTC);
    let started = Mutex::new(Some(now - Duration::from_secs(48 * 3600)));
    let clock = Arc::new(move || started.lock().expect("lock").take().unwrap_or(now));
    let rates = RateRefresher::new(
        Arc::new(FlakySource(Mutex::new(0))),
        fallback,
        Duration::from_secs(3600),
        clock,
    );

    rates.refresh().await.expect_err("the first call fails");
    rates.refresh().await.expect("the second succeeds");

    let text = String::from_utf8_lossy(&logs.0.lock().expect("lock")).into_owned();
    let line = |needle: &str| {
        text.lines()
            .find(|line| line.contains(needle))
            .unwrap_or_else(|| panic!("no line with {needle:?} in:\n{text}"))
            .to_owned()
    };
    let failed = line("exchange rate refresh failed");
    assert!(failed.contains("WARN"), "{failed}");
    for field in [
        "source=\"ecb\"",
        "error_kind=\"refused\"",
        "consecutive_failures=1",
        "answered HTTP 503",
    ] {
        assert!(failed.contains(field), "{field} missing: {failed}");
    }
    let stale = line("exchange rates are stale");
    assert!(
        stale.contains("WARN") && stale.contains("stale_for_hours=48"),
        "{stale}"
    );
    let refreshed = line("exchange rates refreshed");
    assert!(refreshed.contains("INFO"), "{refreshed}");
    assert!(refreshed.contains("published=2024-05-02"), "{refreshed}");
    assert!(refreshed.contains("base=USD"), "{refreshed}");
    let old = line("published more than a week ago");
    assert!(old.contains("WARN") && old.contains("age_days=15"), "{old}");
    let unquoted = line("does not quote these currencies");
    assert!(unquoted.contains("GBP"), "{unquoted}");
}
