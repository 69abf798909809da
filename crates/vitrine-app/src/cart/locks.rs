//! Queues writes to the same cart inside one process, so the tabs of one shopper take turns
//! instead of racing to a version conflict; conflicts then only come from other instances.

use std::hash::{BuildHasher, RandomState};

use tokio::sync::{Mutex, MutexGuard};
use vitrine_domain::cart::SessionId;

/// Locks are striped: sessions share one of these many mutexes (a collision only makes two
/// shoppers take turns briefly).
const STRIPES: usize = 4096;

pub struct SessionLocks {
    stripes: Vec<Mutex<()>>,
    hasher: RandomState,
}

impl Default for SessionLocks {
    fn default() -> Self {
        Self {
            stripes: (0..STRIPES).map(|_| Mutex::new(())).collect(),
            hasher: RandomState::new(),
        }
    }
}

impl SessionLocks {
    /// Waits for this session's turn; the turn lasts as long as the guard.
    pub(crate) async fn lock(&self, session: &SessionId) -> MutexGuard<'_, ()> {
        let stripe = self.hasher.hash_one(session.as_str()) as usize % self.stripes.len();
        self.stripes[stripe].lock().await
    }
}
