//! "Now", replaceable in tests (sale dates, sessions and tokens depend on it).

use std::sync::Arc;

use time::OffsetDateTime;

/// A source of "now".
pub type Clock = Arc<dyn Fn() -> OffsetDateTime + Send + Sync>;

/// The system's UTC clock.
pub fn system_clock() -> Clock {
    Arc::new(OffsetDateTime::now_utc)
}
