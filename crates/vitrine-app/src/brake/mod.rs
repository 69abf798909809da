//! Brakes on repeated attempts. [`Brakes`] reserves attempts in the shared [`BrakeStore`]
//! before the guarded work runs (a password check, storing a review), so concurrent requests
//! and other instances cannot slip past a count that is only spent afterwards; the use case
//! gives the attempt back when it should not count. The rules are the domain's
//! (`vitrine_domain::brake`); [`LocalBrake`] is the tracking endpoints' in-memory load limiter.

mod local;

use std::sync::Arc;

use vitrine_domain::brake::{Attempt, BrakeStore, Reservation};

pub use local::LocalBrake;

use crate::clock::Clock;
use crate::error::{AppError, AppResult};
pub use crate::error::{BrakeKind, Braked};

/// Attempts counted by [`Brakes::reserve`], to give back with [`Brakes::release`] when the
/// attempt should not count after all.
#[derive(Debug)]
#[must_use = "a reservation is kept (counted) unless released"]
pub struct Reserved {
    attempts: Vec<Attempt>,
}

/// The shared brakes, over their store and the shop's clock. Cheap to clone.
#[derive(Clone)]
pub struct Brakes {
    store: Arc<dyn BrakeStore>,
    clock: Clock,
}

impl Brakes {
    pub fn new(store: Arc<dyn BrakeStore>, clock: Clock) -> Self {
        Self { store, clock }
    }

    /// Counts one attempt on each of `attempts`, all or none; `AppError::Braked` (nothing
    /// counted) when any is held back.
    pub async fn reserve(&self, kind: BrakeKind, attempts: Vec<Attempt>) -> AppResult<Reserved> {
        let now = (self.clock)();
        match self.store.reserve(&attempts, now).await? {
            Reservation::Reserved => Ok(Reserved { attempts }),
            Reservation::Braked { retry_after, .. } => {
                Err(AppError::Braked(Braked { kind, retry_after }))
            }
        }
    }

    /// Gives reserved attempts back. A failure is logged, not answered: the request it
    /// guarded has its own answer, and the cost is one attempt counted too many.
    pub async fn release(&self, reserved: Reserved) {
        if let Err(error) = self.store.release(&reserved.attempts).await {
            tracing::warn!(%error, "could not give back a brake reservation");
        }
    }
}

impl std::fmt::Debug for Brakes {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Brakes").finish_non_exhaustive()
    }
}
