//! The server's read connections (issue #32): requests that only read (every page, download
//! and API `GET`, and who a request comes from) borrow one of a few connections opened once,
//! instead of opening the database each time, which cost more than most pages.
//!
//! A borrowed connection runs each read as a transaction of its own (`Store::read`), so every
//! request sees the latest commit, the CLI's included; it is given back only when nothing is
//! left open on it (`Store::at_rest`), else closed. Before each lending it is compared with the
//! file at the server's path (`Store::identity`): when the file was replaced or its schema
//! changed, it is closed and the file opened afresh through `ops::open_store`, whose checks
//! refuse a foreign, corrupt or newer database exactly as they did when every request opened
//! it. At most a few requests read at once (two per core); the next wait their turn in order,
//! which on two cores keeps the latency of all of them lower than running fifty side by side.
//! Writes still open a connection of their own per request (`Server::with_store`).

use super::{Failure, READER, ReaderHere, Server};
use crate::error::{Error, Result};
use crate::store::{Identity, Store};
use std::path::Path;
use std::sync::{Arc, Mutex, PoisonError};
use tokio::sync::Semaphore;

/// The idle read connections and the turns to read.
pub struct Readers {
    idle: Mutex<Vec<(Store, Identity)>>,
    turns: Arc<Semaphore>,
    size: usize,
}

impl Readers {
    /// Room for two connections per core (at least two, at most sixteen): a request between
    /// two reads waits on neither the CPU nor the disk for long.
    pub fn new() -> Readers {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        let size = (2 * cores).clamp(2, 16);
        Readers {
            idle: Mutex::new(Vec::new()),
            turns: Arc::new(Semaphore::new(size)),
            size,
        }
    }

    /// A connection to `db`: an idle one still on the same file and schema, else a new one.
    fn lend(&self, db: &Path) -> Result<(Store, Identity)> {
        loop {
            let idle = self.idle.lock().unwrap_or_else(PoisonError::into_inner).pop();
            let Some((mut store, kept)) = idle else { break };
            if store.identity().is_ok_and(|now| now == kept) {
                return Ok((store, kept));
            }
        }
        let mut store = crate::ops::open_store(Some(db))?;
        store.keep_for_reading()?;
        let identity = store.identity()?;
        Ok((store, identity))
    }

    /// Keeps `store` for the next request, unless something is left open on it.
    fn give_back(&self, store: Store, identity: Identity) {
        if !store.at_rest() {
            return;
        }
        let mut idle = self.idle.lock().unwrap_or_else(PoisonError::into_inner);
        if idle.len() < self.size {
            idle.push((store, identity));
        }
    }
}

impl Default for Readers {
    fn default() -> Readers {
        Readers::new()
    }
}

impl Server {
    /// Runs `work`, which only reads, on a blocking thread with one of the server's read
    /// connections, once a turn to read is free. `with_store` is for requests that write.
    pub(super) async fn with_reader<T: Send + 'static>(
        self: &Arc<Self>,
        work: impl FnOnce(&Server, &mut Store) -> Result<T> + Send + 'static,
    ) -> Result<T, Failure> {
        let server = self.clone();
        let reader = READER.try_with(|r| *r).ok().flatten();
        let turn = self
            .readers
            .turns
            .clone()
            .acquire_owned()
            .await
            .map_err(|e| Failure::from(Error::Internal(anyhow::anyhow!("no turn to read: {e}"))))?;
        tokio::task::spawn_blocking(move || {
            let _turn = turn;
            let _reading = ReaderHere::set(reader);
            let (mut store, identity) = server.readers.lend(&server.db)?;
            let done = work(&server, &mut store);
            server.readers.give_back(store, identity);
            done
        })
        .await
        .map_err(|e| Failure::from(Error::Internal(anyhow::anyhow!("a request's work stopped: {e}"))))?
        .map_err(Failure::from)
    }
}
