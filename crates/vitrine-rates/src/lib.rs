//! Exchange rate sources (ADR 0013): the ECB's euro reference rates fetched over HTTP and
//! fixed rates from configuration, both behind the domain's `RateSource` port. The
//! application's `RateRefresher` (vitrine-app) polls a source and keeps the last good rates.
//!
//! # Wiring
//!
//! ```text
//! [shop.rates]                       # optional table; no table, fixed rates only
//! source = "ecb"                     # "ecb" | "fixed" (required)
//! url = "https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml"
//! refresh_minutes = 60               # ≥ 1
//! timeout_seconds = 10               # 1–120
//! stale_after_hours = 36             # ≥ one refresh interval
//! ```
//!
//! - Configuration: `Option<RatesSettings>` (serde, `deny_unknown_fields`), then
//!   `source_from_settings(&settings, fixed)?`, where `fixed` are the shop's configured rates (also the
//!   refresher's fallback): an [`EcbClient`] or a [`FixedRates`] as `Arc<dyn RateSource>`.
//! - The ECB quotes every rate per euro; the refresher rebases onto the shop's base currency
//!   (`ExchangeRates::rebased`).
//!
//! # Secrets
//!
//! The ECB's file needs none, but a private mirror's URL may carry credentials or a token in
//! its query: errors, logs and `Debug` show the URL without user, password, query or fragment.
//!
//! # Public API
//!
//! ```text
//! RatesSettings { source: SourceKind, url: String, refresh_minutes: u64,
//!     timeout_seconds: u64, stale_after_hours: u64 }
//! RatesSettings::new(SourceKind) -> RatesSettings
//! RatesSettings::{validate(&self) -> Result<(), SettingsError>, url(&self) -> Result<Url, _>,
//!     refresh_interval(&self) -> Duration, timeout(&self) -> Duration,
//!     stale_after(&self) -> Duration}
//! source_from_settings(&RatesSettings, fixed: ExchangeRates)
//!     -> Result<Arc<dyn RateSource>, SettingsError>
//! EcbClient::new(&Url, timeout: Duration) -> Result<EcbClient, SettingsError>
//! EcbClient::fetch(&self) -> Result<EcbDaily, EcbError>      // also impl RateSource ("ecb")
//! FixedRates::new(ExchangeRates) -> FixedRates               // impl RateSource ("fixed")
//! ecb::parse(&str) / ecb::parse_bytes(&[u8]) -> Result<EcbDaily, DocumentError>
//! EcbDaily { rates: ExchangeRates, skipped: Vec<String> }
//! ```

pub mod client;
pub mod ecb;
pub mod error;
pub mod fixed;
pub mod settings;
mod source;

pub use client::{EcbClient, MAX_BODY_BYTES};
pub use ecb::{DocumentError, EcbDaily};
pub use error::EcbError;
pub use fixed::FixedRates;
pub use settings::{ECB_DAILY_URL, RatesSettings, SettingsError, SourceKind};
pub use source::source_from_settings;
