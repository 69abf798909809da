//! The rate refresher over a scripted source, on tokio's paused clock: fallback first, last
//! good rates kept through failures, the schedule and its backoff, status and staleness.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicUsize, Ordering};

use async_trait::async_trait;
use rust_decimal::Decimal;
use time::macros::{date, datetime};
use vitrine_domain::rates::RatesError;

use super::*;

const HOUR: Duration = Duration::from_secs(3600);

fn dec(text: &str) -> Decimal {
    text.parse().expect("a decimal")
}

fn code(text: &str) -> Currency {
    text.parse().expect("an ISO 4217 code")
}

/// The shop's configured rates: USD base, EUR and GBP.
fn fallback() -> ExchangeRates {
    ExchangeRates::new(
        Currency::USD,
        date!(2024 - 01 - 02),
        [(Currency::EUR, dec("0.9")), (Currency::GBP, dec("0.8"))],
    )
    .expect("valid rates")
}

/// Rates per euro as the ECB publishes them on `day`.
fn ecb(day: Date, usd: &str) -> ExchangeRates {
    ExchangeRates::new(
        Currency::EUR,
        day,
        [(Currency::USD, dec(usd)), (Currency::GBP, dec("0.85525"))],
    )
    .expect("valid rates")
}

fn unreachable() -> RateSourceError {
    RateSourceError::Unreachable {
        timed_out: true,
        message: "operation timed out".into(),
    }
}

/// Answers its script in order, then repeats the last answer; counts calls.
struct Scripted {
    replies: Mutex<VecDeque<Result<ExchangeRates, RateSourceError>>>,
    calls: AtomicUsize,
}

impl Scripted {
    fn new(replies: impl IntoIterator<Item = Result<ExchangeRates, RateSourceError>>) -> Arc<Self> {
        Arc::new(Self {
            replies: Mutex::new(replies.into_iter().collect()),
            calls: AtomicUsize::new(0),
        })
    }

    fn calls(&self) -> usize {
        self.calls.load(Ordering::SeqCst)
    }
}

#[async_trait]
impl RateSource for Scripted {
    fn name(&self) -> &str {
        "scripted"
    }

    async fn latest(&self) -> Result<ExchangeRates, RateSourceError> {
        self.calls.fetch_add(1, Ordering::SeqCst);
        let mut replies = self.replies.lock().expect("lock");
        if replies.len() > 1 {
            replies.pop_front().expect("a reply")
        } else {
            replies.front().cloned().expect("a reply")
        }
    }
}

/// Wall time that moves with tokio's (paused) clock, from 2024-05-17 16:30 UTC.
fn paused_clock() -> Clock {
    let start = tokio::time::Instant::now();
    Arc::new(move || datetime!(2024-05-17 16:30 UTC) + (tokio::time::Instant::now() - start))
}

fn refresher(source: Arc<Scripted>) -> RateRefresher {
    RateRefresher::new(source, fallback(), HOUR, paused_clock())
}

/// Lets the spawned task run what is due without moving the clock.
async fn settle() {
    for _ in 0..20 {
        tokio::task::yield_now().await;
    }
}

async fn advance(by: Duration) {
    tokio::time::advance(by).await;
    settle().await;
}

#[tokio::test(start_paused = true)]
async fn the_fallback_is_answered_before_the_first_success() {
    let source = Scripted::new([Err(unreachable())]);
    let rates = refresher(source.clone());

    assert_eq!(*rates.current(), fallback());
    let status = rates.status();
    assert!(status.using_fallback);
    assert_eq!(status.source, "scripted");
    assert_eq!(status.base, Currency::USD);
    assert_eq!(status.published, date!(2024 - 01 - 02));
    assert_eq!((status.successes, status.failures), (0, 0));
    assert_eq!(status.last_attempt, None);
    assert_eq!(
        source.calls(),
        0,
        "nothing is fetched before refresh or spawn"
    );

    rates.refresh().await.expect_err("the source is down");
    assert_eq!(*rates.current(), fallback());
    assert!(rates.status().using_fallback);
}

#[tokio::test(start_paused = true)]
async fn a_success_replaces_the_fallback_with_rates_restated_in_the_shop_base() {
    let source = Scripted::new([Ok(ecb(date!(2024 - 05 - 17), "1.0866"))]);
    let rates = refresher(source);

    let fresh = rates.refresh().await.expect("the rates");

    assert_eq!(fresh, rates.current());
    assert_eq!(fresh.base(), Currency::USD);
    assert_eq!(fresh.published(), date!(2024 - 05 - 17));
    // 1 / 1.0866 and 0.85525 / 1.0866, rounded half-even to ten significant digits.
    assert_eq!(fresh.rate(Currency::EUR), Some(dec("0.9203018590")));
    assert_eq!(fresh.rate(Currency::GBP), Some(dec("0.7870881649")));
    let status = rates.status();
    assert!(!status.using_fallback);
    assert_eq!(status.last_success, Some(datetime!(2024-05-17 16:30 UTC)));
    assert_eq!((status.successes, status.failures), (1, 0));
    assert!(status.unquoted.is_empty());
}

#[tokio::test(start_paused = true)]
async fn a_failure_after_a_success_keeps_the_last_good_rates_and_counts() {
    let good = ecb(date!(2024 - 05 - 17), "1.0866");
    let source = Scripted::new([
        Ok(good.clone()),
        Err(unreachable()),
        Err(RateSourceError::Refused("HTTP 500".into())),
        Ok(ecb(date!(2024 - 05 - 20), "1.0870")),
    ]);
    let rates = refresher(source);
    let kept = rates.refresh().await.expect("the rates");

    advance(Duration::from_secs(90)).await;
    assert_eq!(rates.refresh().await, Err(unreachable()));
    assert_eq!(rates.current(), kept);
    let status = rates.status();
    assert_eq!(status.consecutive_failures, 1);
    let failed_at = datetime!(2024-05-17 16:31:30 UTC);
    assert_eq!(status.last_error, Some((failed_at, unreachable())));
    assert_eq!(status.last_attempt, Some(failed_at));
    assert_eq!(status.last_success, Some(datetime!(2024-05-17 16:30 UTC)));

    rates.refresh().await.expect_err("refused");
    assert_eq!(rates.current(), kept);
    let status = rates.status();
    assert_eq!(status.consecutive_failures, 2);
    assert_eq!((status.successes, status.failures), (1, 2));
    let last_kind = status.last_error.as_ref().map(|(_, e)| e.kind());
    assert_eq!(last_kind, Some("refused"));

    let newer = rates.refresh().await.expect("back");
    assert_eq!(newer.published(), date!(2024 - 05 - 20));
    let status = rates.status();
    assert_eq!(status.consecutive_failures, 0);
    assert_eq!((status.successes, status.failures), (2, 2));
    assert!(
        status.last_error.is_some(),
        "the last failure stays visible"
    );
}

#[tokio::test(start_paused = true)]
async fn rates_that_cannot_be_restated_in_the_shop_base_are_a_failure() {
    let no_dollar = ExchangeRates::new(
        Currency::EUR,
        date!(2024 - 05 - 17),
        [(Currency::GBP, dec("0.85525"))],
    )
    .expect("valid rates");
    let rates = refresher(Scripted::new([Ok(no_dollar)]));

    let error = rates.refresh().await.expect_err("no USD quote");

    assert_eq!(
        error,
        RateSourceError::Invalid(RatesError::NoRate(Currency::USD))
    );
    assert_eq!(*rates.current(), fallback());
    assert_eq!(rates.status().consecutive_failures, 1);
}

#[tokio::test(start_paused = true)]
async fn an_older_publication_does_not_replace_a_newer_one() {
    let source = Scripted::new([
        Ok(ecb(date!(2024 - 05 - 17), "1.0866")),
        Ok(ecb(date!(2024 - 05 - 16), "1.0800")),
        Ok(ecb(date!(2024 - 05 - 17), "1.0870")),
    ]);
    let rates = refresher(source);
    let first = rates.refresh().await.expect("the rates");

    let after_older = rates.refresh().await.expect("the source works");
    assert_eq!(after_older, first);
    assert_eq!(rates.status().successes, 2);

    // The same day again (a correction) does replace them.
    let corrected = rates.refresh().await.expect("the rates");
    assert_eq!(corrected.rate(Currency::EUR), Some(dec("0.9199632015")));
}

#[tokio::test(start_paused = true)]
async fn offered_currencies_the_source_does_not_quote_are_listed() {
    let shop = ExchangeRates::new(
        Currency::USD,
        date!(2024 - 01 - 02),
        [(Currency::EUR, dec("0.9")), (code("ARS"), dec("880"))],
    )
    .expect("valid rates");
    let source = Scripted::new([Ok(ecb(date!(2024 - 05 - 17), "1.0866"))]);
    let rates = RateRefresher::new(source, shop, HOUR, paused_clock());

    assert!(
        rates.status().unquoted.is_empty(),
        "the fallback quotes all"
    );
    rates.refresh().await.expect("the rates");
    assert_eq!(rates.status().unquoted, [code("ARS")]);
}

/// Moves the clock in one-second steps until the source is called again; answers how long
/// that took (the retry delays are random, so they are measured, not predicted).
async fn until_next_call(source: &Scripted, limit: Duration) -> Duration {
    let before = source.calls();
    let start = tokio::time::Instant::now();
    while source.calls() == before {
        assert!(start.elapsed() <= limit, "no call within {limit:?}");
        advance(Duration::from_secs(1)).await;
    }
    start.elapsed()
}

#[tokio::test(start_paused = true)]
async fn the_loop_refreshes_at_the_interval_and_retries_sooner_after_failures() {
    let source = Scripted::new([
        Ok(ecb(date!(2024 - 05 - 17), "1.0866")),
        Err(unreachable()),
        Err(unreachable()),
        Err(unreachable()),
        Ok(ecb(date!(2024 - 05 - 20), "1.0870")),
    ]);
    let rates = refresher(source.clone());
    let task = rates.spawn();
    settle().await;
    assert_eq!(source.calls(), 1, "the first refresh is at once");

    // The sleep starts when a refresh ends, so the interval is exact from here.
    advance(HOUR - Duration::from_millis(1)).await;
    assert_eq!(source.calls(), 1);
    advance(Duration::from_millis(1)).await;
    assert_eq!(source.calls(), 2, "an interval after a success");

    // Retries after 30–60 s, 60–120 s, 120–240 s (measured to the next whole second).
    let second = Duration::from_secs(1);
    for (low, high) in [(30, 60), (60, 120), (120, 240)] {
        let waited = until_next_call(&source, HOUR).await;
        let (low, high) = (Duration::from_secs(low), Duration::from_secs(high));
        assert!(low <= waited && waited <= high + second, "{waited:?}");
    }
    assert_eq!(source.calls(), 5);
    assert_eq!(rates.current().published(), date!(2024 - 05 - 20));
    assert_eq!(rates.status().consecutive_failures, 0);

    // Back to the interval (the last reply repeats).
    advance(HOUR - Duration::from_millis(1)).await;
    assert_eq!(source.calls(), 5);
    advance(Duration::from_millis(1)).await;
    assert_eq!(source.calls(), 6);
    task.abort();
}

#[tokio::test(start_paused = true)]
async fn rates_are_stale_once_no_success_for_longer_than_the_limit() {
    let source = Scripted::new([Err(unreachable()), Ok(ecb(date!(2024 - 05 - 17), "1.0866"))]);
    let rates = refresher(source).with_stale_after(2 * HOUR);

    assert!(!rates.status().stale);
    advance(2 * HOUR).await;
    rates.refresh().await.expect_err("down");
    assert!(!rates.status().stale, "exactly the limit is not stale yet");
    advance(Duration::from_millis(1)).await;
    assert!(rates.status().stale, "the fallback counts from the start");

    rates.refresh().await.expect("back");
    assert!(!rates.status().stale);
    advance(2 * HOUR + Duration::from_millis(1)).await;
    assert!(rates.status().stale, "counted from the last success");
}

#[test]
fn backoff_doubles_from_the_first_retry_up_to_the_interval() {
    let minute = Duration::from_secs(60);
    let expected = [
        (0, 60),
        (1, 60),
        (2, 120),
        (3, 240),
        (6, 1920),
        (7, 3600),
        (u32::MAX, 3600),
    ];
    for (failures, seconds) in expected {
        assert_eq!(
            backoff(minute, HOUR, failures),
            Duration::from_secs(seconds),
            "{failures} failures"
        );
    }
    assert_eq!(
        backoff(minute, Duration::from_secs(30), 1),
        Duration::from_secs(30)
    );
}

#[tokio::test(start_paused = true)]
async fn retries_are_jittered_within_the_upper_half_of_the_backoff() {
    let rates = refresher(Scripted::new([Err(unreachable())]));
    let delays: Vec<Duration> = (0..200).map(|_| rates.retry_delay(3)).collect();
    let (low, high) = (Duration::from_secs(120), Duration::from_secs(240));
    assert!(
        delays.iter().all(|d| (low..=high).contains(d)),
        "{delays:?}"
    );
    assert!(delays.iter().any(|d| *d != delays[0]), "the delays vary");
}
