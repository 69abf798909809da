//! Server-side tracking's use cases (ADR 0007, 0011): page tokens, signed event intake into the
//! outbox, the consent proof log, landing attribution and the per-client request brake. The
//! rules, the record types and the delivery adapters are `vitrine-tracking`'s; the web layer
//! reaches all of them through this module.

mod service;
mod state;

pub use service::{ConsentError, IntakeError, RequestContext};
pub use state::{Clock, TrackingError, TrackingState};
/// The tracking rules and record types the web layer shows or reads.
pub use vitrine_tracking::{
    AttributionSnapshot, CspSources, PublicConfig, SessionId, TrackingSettings, TrackingStore,
    attribution, browser, consent, ids, intake, settings, token,
};
