//! The serving binary's allocator: mimalloc (ADR 0039), told to hand freed memory back to the
//! system sooner (ADR 0045).

use std::os::raw::{c_int, c_long};

/// `mi_option_purge_delay` in mimalloc's `mi_option_t` (mimalloc.h; deprecated options keep
/// their numbers, so this one is stable). The `extended` bindings do not name it.
const MI_OPTION_PURGE_DELAY: c_int = 15;

/// Milliseconds before memory freed in whole pages goes back to the system (mimalloc 3's
/// default is 1,000, and its arenas wait ten times that): 10, mimalloc 2's default.
const PURGE_DELAY_MS: c_long = 10;

/// Purges freed memory after [`PURGE_DELAY_MS`] unless the operator set `MIMALLOC_PURGE_DELAY`
/// (mimalloc keeps a value from its environment over a default). A search index build frees
/// about 90 MB on threads that then sit idle, and mimalloc purges only when the process
/// allocates again after the delay: with its defaults the memory stayed resident through the
/// load that followed. Call first thing in `main`.
#[allow(unsafe_code)]
pub fn purge_sooner() {
    // SAFETY: `mi_option_set_default` stores one option's value in mimalloc's options table
    // (a bounds-checked index, no pointers); mimalloc reads it whenever it schedules a purge.
    unsafe { libmimalloc_sys::mi_option_set_default(MI_OPTION_PURGE_DELAY, PURGE_DELAY_MS) };
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The purge delay mimalloc uses now.
    #[allow(unsafe_code)]
    fn purge_delay_ms() -> c_long {
        // SAFETY: reads one option's value from mimalloc's options table.
        unsafe { libmimalloc_sys::mi_option_get(MI_OPTION_PURGE_DELAY) }
    }

    /// Option 15 is the purge delay: mimalloc 3's default for it is 1,000 ms (no other option
    /// of its table defaults to that), and it takes ours. Fails if mimalloc renumbers.
    #[test]
    fn option_15_is_the_purge_delay_and_takes_the_shops_default() {
        if std::env::var_os("MIMALLOC_PURGE_DELAY").is_some() {
            return;
        }
        assert_eq!(purge_delay_ms(), 1000, "mimalloc 3's purge delay");
        purge_sooner();
        assert_eq!(purge_delay_ms(), PURGE_DELAY_MS);
    }
}
