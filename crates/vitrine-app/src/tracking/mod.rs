//! Server-side tracking's use cases (ADR 0007, 0011): page tokens, signed event intake into the
//! outbox, the consent proof log, landing attribution and the per-client request brake. The
//! rules, the record types and the delivery adapters are `vitrine-tracking`'s; the web layer
//! reaches all of them through this module.

mod accept;
mod service;
mod state;

pub use accept::IntakeError;
pub use service::{ConsentError, RequestContext};
pub use state::{Clock, IssuedToken, TrackingError, TrackingState};
/// The tracking rules and record types the web layer shows or reads.
pub use vitrine_tracking::{
    AttributionSnapshot, CspSources, PublicConfig, SessionId, TrackingSettings, TrackingStore,
    attribution, browser, consent, event, ids, intake, page, page_events, settings, token,
};
