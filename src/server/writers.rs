//! The server's write connections (issue 42): a request that writes takes an idle connection
//! still on the same file and schema (`kept.rs`), else opens the file afresh through
//! `ops::reopen_store` (whose checks refuse a foreign, corrupt or newer database as they did
//! when every write opened it). A connection is kept with no request's deadline (`Gate`) left
//! on it.

use super::kept::Kept;
use crate::error::Result;
use crate::store::{Identity, Store};
use std::path::Path;

/// The idle write connections kept at most: writes wait on each other for the write lock, so
/// more than two would only sit idle.
const KEPT: usize = 2;

/// The idle write connections.
pub struct Writers(Kept);

impl Default for Writers {
    fn default() -> Writers {
        Writers(Kept::new(KEPT))
    }
}

impl Writers {
    /// A connection to `db` for one request's write: an idle one still on the same file and
    /// schema, else a new one.
    pub fn take(&self, db: &Path) -> Result<(Store, Identity)> {
        if let Some(kept) = self.0.take(|_| true) {
            return Ok(kept);
        }
        let mut store = crate::ops::reopen_store(db)?;
        let identity = store.identity()?;
        Ok((store, identity))
    }

    /// Keeps `store` for the next write, without the deadline of the request that used it.
    pub fn give_back(&self, mut store: Store, identity: Identity) {
        store.clear_gate();
        self.0.keep(store, identity);
    }
}
