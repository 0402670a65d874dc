//! Connections kept open between a server's requests (issues 32 and 42): opening the file
//! costs more than most requests, SQLite parsing the whole schema on a connection's first
//! statement. Each is kept with the file and schema it was on (`Store::identity`), and lent
//! again only while the file at the server's path is still that one; one that is not is
//! closed, and the caller opens the file afresh through `ops::reopen_store` with all its
//! checks. The read connections (`readers.rs`) and the write ones (`writers.rs`) are each a
//! `Kept` of their own.

use crate::store::{Identity, Store};
use std::sync::{Mutex, PoisonError};

/// Idle connections, at most `most` of them.
pub struct Kept {
    idle: Mutex<Vec<(Store, Identity)>>,
    most: usize,
}

impl Kept {
    pub fn new(most: usize) -> Kept {
        Kept {
            idle: Mutex::new(Vec::new()),
            most,
        }
    }

    /// An idle connection that `ready` readies for the request (false: it could not) and that
    /// is still on the file and schema it was kept with; `None` when no idle one is.
    pub fn take(&self, ready: impl Fn(&mut Store) -> bool) -> Option<(Store, Identity)> {
        loop {
            let (mut store, kept) = self.idle.lock().unwrap_or_else(PoisonError::into_inner).pop()?;
            if ready(&mut store) && store.identity().is_ok_and(|now| now == kept) {
                return Some((store, kept));
            }
        }
    }

    /// Keeps `store` for a later request, unless something is left open on it (a
    /// transaction, a statement not reset) or `most` are kept already.
    pub fn keep(&self, store: Store, identity: Identity) {
        if !store.at_rest() {
            return;
        }
        let mut idle = self.idle.lock().unwrap_or_else(PoisonError::into_inner);
        if idle.len() < self.most {
            idle.push((store, identity));
        }
    }
}
