//! Exchange rates kept fresh (ADR 0013): a [`RateRefresher`] polls a `RateSource`, keeps the
//! last good rates restated in the shop's base currency, and reports how that goes in the log
//! and as a [`RateStatus`] the web layer can show.
//!
//! The fallback (the shop's configured rates) is answered until the first success. A failed
//! refresh never replaces good rates; it is retried sooner than the regular interval, with a
//! jittered exponential backoff capped at that interval. Every instance refreshes on its own:
//! the ECB's file is public and cheap, instances agree again within one interval, and an order
//! records the rate it was priced at (see the ADR for why no table holds the rates).

use std::sync::{Arc, Mutex, PoisonError, RwLock};
use std::time::Duration;

use rand::Rng;
use time::{Date, OffsetDateTime};
use vitrine_domain::money::Currency;
use vitrine_domain::rates::{ExchangeRates, RateSource, RateSourceError};

use crate::clock::Clock;

/// The first retry after a failure; each further failure doubles it, up to the interval.
pub const FIRST_RETRY: Duration = Duration::from_secs(60);
/// Without a success for this long, failures also log that the rates are stale.
pub const DEFAULT_STALE_AFTER: Duration = Duration::from_secs(36 * 3600);
/// Rates published longer ago than this are logged as old even when fetched successfully:
/// the ECB's longest pause (Easter, Christmas, with a weekend) is four to five days.
pub const OLD_PUBLICATION_DAYS: i64 = 7;

/// Keeps current exchange rates; cheap to clone (clones share the rates and the status).
#[derive(Clone)]
pub struct RateRefresher {
    shared: Arc<Shared>,
    interval: Duration,
    first_retry: Duration,
    stale_after: Duration,
}

struct Shared {
    source: Arc<dyn RateSource>,
    base: Currency,
    clock: Clock,
    started: OffsetDateTime,
    /// The fallback's currencies: what the shop offers besides its base.
    offered: Vec<Currency>,
    current: RwLock<Arc<ExchangeRates>>,
    state: Mutex<State>,
}

#[derive(Default)]
struct State {
    from_source: bool,
    last_attempt: Option<OffsetDateTime>,
    last_success: Option<OffsetDateTime>,
    last_error: Option<(OffsetDateTime, RateSourceError)>,
    consecutive_failures: u32,
    successes: u64,
    failures: u64,
}

/// How refreshing goes, for logs, a status page or metrics (`successes` and `failures` are
/// counters since start; the rest are gauges).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RateStatus {
    /// The source's name ("ecb", "fixed").
    pub source: String,
    /// The currency every current rate is quoted against (the fallback's base).
    pub base: Currency,
    /// When the current rates were published.
    pub published: Date,
    /// No fetch has succeeded yet: the configured rates are in use.
    pub using_fallback: bool,
    pub last_attempt: Option<OffsetDateTime>,
    pub last_success: Option<OffsetDateTime>,
    /// The latest failure and when it happened; kept after a later success.
    pub last_error: Option<(OffsetDateTime, RateSourceError)>,
    pub consecutive_failures: u32,
    pub successes: u64,
    pub failures: u64,
    /// No success for longer than the stale limit (counted from start before the first).
    pub stale: bool,
    /// Offered currencies the current rates do not quote; they keep their configured rate.
    pub unquoted: Vec<Currency>,
}

impl RateRefresher {
    /// Answers `fallback` until the first successful refresh; fetched rates are restated
    /// against `fallback`'s base. `interval` is the pause after a success (at least a second).
    pub fn new(
        source: Arc<dyn RateSource>,
        fallback: ExchangeRates,
        interval: Duration,
        clock: Clock,
    ) -> Self {
        let interval = interval.max(Duration::from_secs(1));
        let started = clock();
        let shared = Shared {
            source,
            base: fallback.base(),
            clock,
            started,
            offered: fallback.rates().keys().copied().collect(),
            current: RwLock::new(Arc::new(fallback)),
            state: Mutex::new(State::default()),
        };
        Self {
            shared: Arc::new(shared),
            interval,
            first_retry: FIRST_RETRY.min(interval),
            stale_after: DEFAULT_STALE_AFTER,
        }
    }

    /// Sets how long without a success makes the rates stale.
    pub fn with_stale_after(mut self, stale_after: Duration) -> Self {
        self.stale_after = stale_after;
        self
    }

    /// The rates to price with now, in the shop's base currency.
    pub fn current(&self) -> Arc<ExchangeRates> {
        Arc::clone(
            &self
                .shared
                .current
                .read()
                .unwrap_or_else(PoisonError::into_inner),
        )
    }

    pub fn source_name(&self) -> &str {
        self.shared.source.name()
    }

    pub fn status(&self) -> RateStatus {
        let now = (self.shared.clock)();
        let current = self.current();
        let state = self.state();
        RateStatus {
            source: self.source_name().to_owned(),
            base: self.shared.base,
            published: current.published(),
            using_fallback: !state.from_source,
            last_attempt: state.last_attempt,
            last_success: state.last_success,
            last_error: state.last_error.clone(),
            consecutive_failures: state.consecutive_failures,
            successes: state.successes,
            failures: state.failures,
            stale: self.stale_for(&state, now).is_some(),
            unquoted: self.unquoted(&current),
        }
    }

    /// Starts refreshing now and then forever: after `interval` on success, after the
    /// backoff on failure. Abort the handle to stop (at shutdown).
    pub fn spawn(&self) -> tokio::task::JoinHandle<()> {
        let refresher = self.clone();
        tokio::spawn(async move {
            loop {
                let pause = match refresher.refresh().await {
                    Ok(_) => refresher.interval,
                    Err(_) => refresher.retry_delay(refresher.state().consecutive_failures),
                };
                tokio::time::sleep(pause).await;
            }
        })
    }

    /// One refresh now; the spawned loop calls it, and so may an owner's "refresh" button.
    /// On failure the current rates stay as they are.
    pub async fn refresh(&self) -> Result<Arc<ExchangeRates>, RateSourceError> {
        let fetched = self.shared.source.latest().await;
        let rebased = fetched.and_then(|rates| Ok(rates.rebased(self.shared.base)?));
        let now = (self.shared.clock)();
        match rebased {
            Ok(rates) => Ok(self.succeeded(rates, now)),
            Err(error) => {
                self.failed(&error, now);
                Err(error)
            }
        }
    }

    fn succeeded(&self, rates: ExchangeRates, now: OffsetDateTime) -> Arc<ExchangeRates> {
        let source = self.source_name();
        let kept = {
            let mut state = self.state();
            let mut current = self
                .shared
                .current
                .write()
                .unwrap_or_else(PoisonError::into_inner);
            // A mirror or cache answering an older file than the one held does not win.
            let older = state.from_source && rates.published() < current.published();
            if !older {
                *current = Arc::new(rates);
            }
            state.from_source = true;
            state.last_attempt = Some(now);
            state.last_success = Some(now);
            state.consecutive_failures = 0;
            state.successes = state.successes.saturating_add(1);
            Arc::clone(&current)
        };
        let unquoted = self.unquoted(&kept);
        tracing::info!(
            source,
            base = %kept.base(),
            published = %kept.published(),
            currencies = kept.rates().len(),
            "exchange rates refreshed"
        );
        let age_days = (now.date() - kept.published()).whole_days();
        if age_days > OLD_PUBLICATION_DAYS {
            tracing::warn!(source, published = %kept.published(), age_days,
                "the rate source serves rates published more than a week ago");
        }
        if !unquoted.is_empty() {
            tracing::warn!(source, unquoted = ?unquoted,
                "the rate source does not quote these currencies; they keep their configured rate");
        }
        kept
    }

    fn failed(&self, error: &RateSourceError, now: OffsetDateTime) {
        let source = self.source_name();
        let mut state = self.state();
        state.last_attempt = Some(now);
        state.last_error = Some((now, error.clone()));
        state.consecutive_failures = state.consecutive_failures.saturating_add(1);
        state.failures = state.failures.saturating_add(1);
        let consecutive_failures = state.consecutive_failures;
        let stale_for = self.stale_for(&state, now);
        let last_success = state.last_success;
        drop(state);
        tracing::warn!(source, error = %error, error_kind = error.kind(), consecutive_failures,
            "exchange rate refresh failed; the last good rates stay");
        if let Some(stale_for) = stale_for {
            tracing::warn!(source, stale_for_hours = stale_for.whole_hours(),
                last_success = ?last_success, "exchange rates are stale");
        }
    }

    /// How long since the last success (or the start), when that is past the stale limit.
    fn stale_for(&self, state: &State, now: OffsetDateTime) -> Option<time::Duration> {
        let since = now - state.last_success.unwrap_or(self.shared.started);
        (since > self.stale_after).then_some(since)
    }

    fn unquoted(&self, rates: &ExchangeRates) -> Vec<Currency> {
        let offered = self.shared.offered.iter().copied();
        offered.filter(|c| !rates.quotes(*c)).collect()
    }

    /// A random point in the upper half of [`backoff`]'s delay, so instances that failed
    /// together do not all retry together.
    fn retry_delay(&self, failures: u32) -> Duration {
        let ceiling = backoff(self.first_retry, self.interval, failures);
        rand::thread_rng().gen_range(ceiling / 2..=ceiling)
    }

    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        self.shared
            .state
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }
}

/// The longest pause after `failures` consecutive failures: `first` doubled per failure after
/// the first, never longer than `interval`.
pub fn backoff(first: Duration, interval: Duration, failures: u32) -> Duration {
    let doublings = failures.saturating_sub(1).min(30);
    first.saturating_mul(1 << doublings).min(interval)
}

#[cfg(test)]
#[path = "rates_tests.rs"]
mod tests;
