//! A request's commit and its deadline, settled one way or the other (issue 39): a server's
//! request that runs out of time is answered 503 while its work may still be running on a
//! thread of its own. Without a gate the work went on and saved, so the retry the 503 invited
//! saved the same thing twice (a second battle planned). With it, the work commits only if the
//! deadline has not passed, and the deadline's answer knows whether it did.

use std::sync::{Arc, Mutex, PoisonError};

/// Shared by a request's deadline and the store its work writes with.
#[derive(Clone, Default, Debug)]
pub struct Gate(Arc<Mutex<State>>);

#[derive(Default, Debug)]
struct State {
    /// The deadline passed: nothing more may be committed.
    closed: bool,
    /// Something was committed before it passed.
    saved: bool,
}

impl Gate {
    pub fn new() -> Gate {
        Gate::default()
    }

    /// Runs `commit` unless the gate is closed (then `None`: the caller rolls back). Holds the
    /// gate meanwhile, so [`Gate::close`] waits for a commit under way rather than race it.
    pub(super) fn commit<T, E>(&self, commit: impl FnOnce() -> Result<T, E>) -> Option<Result<T, E>> {
        let mut state = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        if state.closed {
            return None;
        }
        let done = commit();
        state.saved |= done.is_ok();
        Some(done)
    }

    /// Closes the gate (the deadline passed): whether anything was saved before it closed.
    pub fn close(&self) -> bool {
        let mut state = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        state.closed = true;
        state.saved
    }
}

/// For tests only (`PTG_TEST_SLOW_WRITE_MS`): each write transaction waits this long before it
/// commits, and each backup before it is whole, so a test can make a request outlast its
/// deadline or kill a command part way. Never set it for real use.
pub(super) fn test_slowness() -> Option<std::time::Duration> {
    std::env::var("PTG_TEST_SLOW_WRITE_MS")
        .ok()
        .and_then(|ms| ms.parse().ok())
        .map(std::time::Duration::from_millis)
}
