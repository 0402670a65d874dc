//! The server's write connections (issue 42): a request that writes takes an idle connection
//! still on the same file and schema, else opens the file afresh through `ops::reopen_store`
//! (whose checks refuse a foreign, corrupt or newer database as they did when every write
//! opened it). Opening cost more than many writes: SQLite parses the whole schema on a
//! connection's first statement. A connection is given back only when nothing is left open
//! on it (`Store::at_rest`), with no request's deadline (`Gate`) left on it; at most a few are
//! kept, as writes take SQLite's write lock one at a time anyway.

use crate::error::Result;
use crate::store::{Identity, Store};
use std::path::Path;
use std::sync::{Mutex, PoisonError};

/// The idle write connections kept at most: writes wait on each other for the write lock, so
/// more than two would only sit idle.
const KEPT: usize = 2;

/// The idle write connections, each with the file and schema it had when it was given back.
#[derive(Default)]
pub struct Writers {
    idle: Mutex<Vec<(Store, Identity)>>,
}

impl Writers {
    /// A connection to `db` for one request's write: an idle one still on the same file and
    /// schema, else a new one.
    pub fn take(&self, db: &Path) -> Result<(Store, Identity)> {
        loop {
            let idle = self.idle.lock().unwrap_or_else(PoisonError::into_inner).pop();
            let Some((mut store, kept)) = idle else { break };
            if store.identity().is_ok_and(|now| now == kept) {
                return Ok((store, kept));
            }
        }
        let mut store = crate::ops::reopen_store(db)?;
        let identity = store.identity()?;
        Ok((store, identity))
    }

    /// Keeps `store` for the next write, unless something is left open on it or enough are
    /// kept. Its identity is read again: the write may have been the one that changed the
    /// schema or replaced the file (a restore), and then the connection is closed.
    pub fn give_back(&self, mut store: Store, identity: Identity) {
        store.clear_gate();
        if !store.at_rest() || !store.identity().is_ok_and(|now| now == identity) {
            return;
        }
        let mut idle = self.idle.lock().unwrap_or_else(PoisonError::into_inner);
        if idle.len() < KEPT {
            idle.push((store, identity));
        }
    }
}
