//! Vitrine's server side of tracking: signed event intake, outbox delivery to Meta Conversions
//! API, TikTok Events API and GA4 Measurement Protocol, the consent proof log, and
//! sourcebuster-style attribution recorded at landing.
//!
//! The rules and the adapters to the ad platforms live here; no SQL, no HTTP server and no use
//! cases (ADR 0011): the database adapter is `vitrine_store::SqlTrackingStore`, the use cases
//! (intake, consent, landing, page tokens) are `vitrine_app::tracking`, the endpoints
//! `vitrine_http::tracking`. The binary [`DeliveryWorker::spawn`]s the outbox.

pub mod attribution;
pub mod browser;
pub mod consent;
pub mod delivery;
pub mod event;
pub mod hashing;
pub mod ids;
pub mod intake;
pub mod outbox;
pub mod page;
pub mod page_events;
pub mod payload;
pub mod ports;
mod public;
pub mod settings;
pub mod token;

pub use attribution::AttributionSnapshot;
pub use browser::{BrowserSettings, CspSources, PublicConfig};
pub use delivery::{DeliverySender, DeliveryWorker, HttpSender, WorkerHandle};
pub use ids::SessionId;
pub use ports::TrackingStore;
pub use settings::TrackingSettings;
pub use token::{issue_page_token, verify_page_token};
