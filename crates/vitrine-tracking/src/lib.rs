//! Vitrine's server side of tracking: signed event intake, outbox delivery to Meta Conversions
//! API, TikTok Events API and GA4 Measurement Protocol, the consent proof log, and
//! sourcebuster-style attribution recorded at landing.
//!
//! No SQL and no HTTP server here: the shop's database adapter is `vitrine_store::SqlTrackingStore`
//! and the endpoints are `vitrine_http::tracking`. Wiring: make a [`TrackingState`] over a
//! [`TrackingStore`], hand it to the HTTP state, and [`DeliveryWorker::spawn`] the outbox.

pub mod attribution;
pub mod browser;
pub mod consent;
pub mod delivery;
pub mod event;
pub mod hashing;
pub mod ids;
pub mod intake;
pub mod outbox;
pub mod payload;
pub mod ports;
pub mod rate_limit;
pub mod service;
pub mod settings;
pub mod state;
pub mod token;

pub use attribution::AttributionSnapshot;
pub use browser::{BrowserSettings, CspSources, PublicConfig};
pub use delivery::{DeliverySender, DeliveryWorker, HttpSender, WorkerHandle};
pub use ids::SessionId;
pub use ports::TrackingStore;
pub use settings::TrackingSettings;
pub use state::{TrackingError, TrackingState};
pub use token::{issue_page_token, verify_page_token};
