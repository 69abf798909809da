//! Named crash points for the checkout crash proof (`scripts/proof/crash.py`, ADR 0014
//! "Amendment: the proof scripts"). Each point is compiled in always and inert unless the
//! process was started with `VITRINE_CRASH_AT=<name>`: the first time a request (or a job)
//! reaches that point the process aborts on the spot — no unwinding, no destructor, no
//! transaction finished — as a SIGKILL or a power cut would leave it. The variable is read
//! once; `vitrine serve` checks it at start ([`armed`]) so a misspelt name fails loudly instead
//! of proving nothing.

use std::sync::OnceLock;

/// The environment variable naming the point to crash at.
pub const ENV: &str = "VITRINE_CRASH_AT";

/// Every point, in the order a paid checkout passes them.
pub const POINTS: &[&str] = &[
    // Store: in the placing transaction, the order's stock taken and its rows written, not
    // committed.
    PLACE_BEFORE_COMMIT,
    // App: the order and its held stock committed; nothing asked of the provider yet.
    AFTER_ORDER_INSERT,
    // App: the provider made the payment intent; the shop has not recorded the attempt.
    AFTER_INTENT_CREATE,
    // App: the provider charged the card; the shop has not recorded it nor marked the order.
    AFTER_PAYMENT_CONFIRMED,
    // Store: in `finalize`'s transaction, the order marked paid, not committed.
    FINALIZE_BEFORE_COMMIT,
    // App: the order marked paid and committed; the cart not emptied, the answer not stored.
    AFTER_FINALIZE,
    // App: a webhook's event id recorded as seen; the order not settled from it.
    WEBHOOK_BEFORE_SETTLE,
];

pub const PLACE_BEFORE_COMMIT: &str = "place_before_commit";
pub const AFTER_ORDER_INSERT: &str = "after_order_insert";
pub const AFTER_INTENT_CREATE: &str = "after_intent_create";
pub const AFTER_PAYMENT_CONFIRMED: &str = "after_payment_confirmed";
pub const FINALIZE_BEFORE_COMMIT: &str = "finalize_before_commit";
pub const AFTER_FINALIZE: &str = "after_finalize";
pub const WEBHOOK_BEFORE_SETTLE: &str = "webhook_before_settle";

static ARMED: OnceLock<Option<String>> = OnceLock::new();

/// An unknown name in `VITRINE_CRASH_AT`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownPoint(pub String);

impl std::fmt::Display for UnknownPoint {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{ENV}={:?} names no crash point; known: {}",
            self.0,
            POINTS.join(", ")
        )
    }
}

impl std::error::Error for UnknownPoint {}

/// The point this process will crash at (read once from the environment), if any.
pub fn armed() -> Result<Option<&'static str>, UnknownPoint> {
    let name = ARMED.get_or_init(|| {
        std::env::var(ENV)
            .ok()
            .map(|v| v.trim().to_owned())
            .filter(|v| !v.is_empty())
    });
    match name.as_deref() {
        None => Ok(None),
        Some(name) => POINTS
            .iter()
            .find(|p| **p == name)
            .map(|p| Some(*p))
            .ok_or_else(|| UnknownPoint(name.to_owned())),
    }
}

/// Aborts the process when it was started to crash at `name`; otherwise does nothing.
pub fn point(name: &'static str) {
    debug_assert!(POINTS.contains(&name), "crash point {name} is not listed");
    if matches!(armed(), Ok(Some(at)) if at == name) {
        eprintln!("vitrine: crash point {name} reached: aborting ({ENV})");
        std::process::abort();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_points_are_distinct_and_named_as_the_proof_calls_them() {
        let mut names = POINTS.to_vec();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), POINTS.len());
        assert_eq!(POINTS.len(), 7);
        assert!(POINTS.contains(&"after_payment_confirmed"));
    }

    #[test]
    fn an_unarmed_point_does_nothing() {
        // The test process is not started with the variable: reaching a point is harmless.
        if std::env::var(ENV).is_err() {
            point(AFTER_ORDER_INSERT);
            assert_eq!(armed(), Ok(None));
        }
    }
}
