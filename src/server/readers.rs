//! The server's read connections (issue #32): requests that only read (every page, download
//! and API `GET`, and who a request comes from) borrow one of a few connections opened once,
//! instead of opening the database each time, which cost more than most pages.
//!
//! A borrowed connection runs each request's reads in one read transaction
//! (`Store::begin_reading`, which `Store::read` joins), so every request sees the latest commit,
//! the CLI's included, and one snapshot of it; it is given back only when nothing is
//! left open on it (`Store::at_rest`), else closed. Before each lending it is compared with the
//! file at the server's path (`Store::identity`): when the file was replaced or its schema
//! changed, it is closed and the file opened afresh through `ops::open_store`, whose checks
//! refuse a foreign, corrupt or newer database exactly as they did when every request opened
//! it. At most a few requests read at once (two per core, so a read waiting on the disk does
//! not idle a core); the next wait their turn, first come first served, rather than fifty
//! blocking threads contending for two cores.
//! Reads that always overlap would keep the writers' checkpoints from finishing, so when the
//! write-ahead log has grown past a few MB they pause for one (`Server::checkpoint`).
//! Writes take a connection of their own per request, kept the same way (`kept.rs`,
//! `writers.rs`).

use super::kept::Kept;
use super::{Failure, READER, ReaderHere, Server};
use crate::error::{Error, Result};
use crate::store::{FileId, Identity, Store};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};
use tokio::sync::Semaphore;

/// The write-ahead log's size past which reads pause for a checkpoint: SQLite's own
/// checkpoint runs from 1,000 pages (4 MB).
const WAL_LIMIT: u64 = 4 * 1024 * 1024;

/// How long a checkpoint waits for other processes' readers and writers before trying later.
const CHECKPOINT_PATIENCE: Duration = Duration::from_millis(100);

/// How long a checkpoint waits for the server's reads under way (one may be a long audit; the
/// reads after it wait too meanwhile) before trying later.
const PAUSE_PATIENCE: Duration = Duration::from_millis(50);

/// The least time between two checkpoints the server asks for.
const CHECKPOINT_EVERY: Duration = Duration::from_secs(1);

/// The page cache's watching connection, the file it has open, and the `data_version` it last
/// saw.
struct Watcher {
    store: Store,
    file: Option<FileId>,
    seen: i64,
}

/// The idle read connections and the turns to read.
pub struct Readers {
    idle: Kept,
    /// The connection the page cache looks for commits on.
    watcher: Mutex<Option<Watcher>>,
    turns: Arc<Semaphore>,
    size: usize,
    /// A checkpoint is asked for or under way, and when the last one was.
    checkpointing: AtomicBool,
    last_checkpoint: Mutex<Instant>,
}

impl Readers {
    /// Room for two connections per core (at least two, at most sixteen): a request between
    /// two reads waits on neither the CPU nor the disk for long.
    pub fn new() -> Readers {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        let size = (2 * cores).clamp(2, 16);
        Readers {
            idle: Kept::new(size),
            watcher: Mutex::new(None),
            turns: Arc::new(Semaphore::new(size)),
            size,
            checkpointing: AtomicBool::new(false),
            last_checkpoint: Mutex::new(Instant::now()),
        }
    }

    /// Whether the write-ahead log of `db` has grown past [`WAL_LIMIT`] and no checkpoint was
    /// asked for lately; if so, it is now asked for (the caller runs [`Server::checkpoint`]).
    fn checkpoint_due(&self, db: &Path) -> bool {
        let mut wal = db.as_os_str().to_owned();
        wal.push("-wal");
        let big = std::fs::metadata(PathBuf::from(wal)).is_ok_and(|m| m.len() > WAL_LIMIT);
        let last = *self
            .last_checkpoint
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        big && last.elapsed() >= CHECKPOINT_EVERY && !self.checkpointing.swap(true, Ordering::AcqRel)
    }

    /// A connection to `db`: an idle one still on the same file and schema, else a new one.
    /// With `one_snapshot` the request's read transaction is begun first and the identity
    /// asked within it, so a request starts one read, not two.
    fn lend(&self, db: &Path, one_snapshot: bool) -> Result<(Store, Identity)> {
        if let Some(kept) = self
            .idle
            .take(|store| !one_snapshot || store.begin_reading().is_ok())
        {
            return Ok(kept);
        }
        let mut store = crate::ops::reopen_store(db)?;
        store.keep_for_reading()?;
        if one_snapshot {
            store.begin_reading()?;
        }
        let identity = store.identity()?;
        Ok((store, identity))
    }

    /// Keeps `store` for the next request, unless something is left open on it.
    fn give_back(&self, store: Store, identity: Identity) {
        self.idle.keep(store, identity);
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
    /// Every read of `work` sees one snapshot, in one read transaction (`Store::begin_reading`).
    pub(super) async fn with_reader<T: Send + 'static>(
        self: &Arc<Self>,
        work: impl FnOnce(&Server, &mut Store) -> Result<T> + Send + 'static,
    ) -> Result<T, Failure> {
        self.lend_reader(true, work).await
    }

    /// As [`Server::with_reader`], for long work (the audit page, which replays the league a
    /// roster at a time): each of its reads is a transaction of its own, so the writers'
    /// checkpoints are held back by one roster's read at most, not by the whole audit.
    pub(super) async fn with_reader_apart<T: Send + 'static>(
        self: &Arc<Self>,
        work: impl FnOnce(&Server, &mut Store) -> Result<T> + Send + 'static,
    ) -> Result<T, Failure> {
        self.lend_reader(false, work).await
    }

    async fn lend_reader<T: Send + 'static>(
        self: &Arc<Self>,
        one_snapshot: bool,
        work: impl FnOnce(&Server, &mut Store) -> Result<T> + Send + 'static,
    ) -> Result<T, Failure> {
        let server = self.clone();
        let reader = READER.try_with(|r| r.clone()).ok().flatten();
        let turn = self
            .readers
            .turns
            .clone()
            .acquire_owned()
            .await
            .map_err(|e| Failure::from(Error::Internal(anyhow::anyhow!("no turn to read: {e}"))))?;
        let done = tokio::task::spawn_blocking(move || {
            let _turn = turn;
            let _reading = ReaderHere::set(reader);
            let (mut store, identity) = server.readers.lend(&server.db, one_snapshot)?;
            let done = work(&server, &mut store);
            store.end_reading();
            server.readers.give_back(store, identity);
            done
        })
        .await
        .map_err(|e| Failure::from(Error::Internal(anyhow::anyhow!("a request's work stopped: {e}"))))?
        .map_err(|e| self.failure(e));
        if self.readers.checkpoint_due(&self.db) {
            tokio::spawn(self.clone().checkpoint());
        }
        done
    }

    /// The page cache's generation once every commit made before now is counted in it: the
    /// watching connection (one of its own, so a look never waits for a turn to read behind
    /// pages being drawn) asks `PRAGMA data_version` and, when it moved since it last asked (or
    /// the connection is new), the generation goes up (see `cache`'s comment for why).
    pub(super) async fn look_for_commits(self: &Arc<Self>) -> Result<u64, Failure> {
        let server = self.clone();
        tokio::task::spawn_blocking(move || {
            let mut watcher = server
                .readers
                .watcher
                .lock()
                .unwrap_or_else(PoisonError::into_inner);
            // Only the file is compared, not the schema (`Store::identity`): a new schema, or a
            // migration that only rewrites rows, is a commit by another connection, which moves
            // `data_version` below as any commit does. Asking the schema as well cost a read
            // transaction of its own on every look, ~7% of the server's work for a battle page.
            let kept = watcher.take().filter(|w| w.store.file_now() == w.file);
            let (mut store, file, seen) = match kept {
                Some(w) => (w.store, w.file, Some(w.seen)),
                None => {
                    let mut store = crate::ops::reopen_store(&server.db)?;
                    store.keep_for_reading()?;
                    let file = store.file_now();
                    (store, file, None)
                }
            };
            let now = store.data_version();
            if seen.is_none() || now.as_ref().ok() != seen.as_ref() {
                server.cache.moved();
            }
            let generation = server.cache.generation();
            let now = now?;
            if store.at_rest() {
                *watcher = Some(Watcher {
                    store,
                    file,
                    seen: now,
                });
            }
            Ok(generation)
        })
        .await
        .map_err(|e| Failure::from(Error::Internal(anyhow::anyhow!("a request's work stopped: {e}"))))?
        .map_err(|e| self.failure(e))
    }

    /// Waits (briefly) for every read under way to finish, holds the next ones back, and folds the
    /// write-ahead log into the database (`Store::checkpoint`). Reads that always overlap keep
    /// SQLite's own checkpoints, run by the writers as they commit, from finishing: the log
    /// would grow for as long as the server is busy, and with it the disk it takes. Not done
    /// (another process reading a long while, a database that cannot be opened) is no error:
    /// it is tried again later.
    async fn checkpoint(self: Arc<Self>) {
        let readers = &self.readers;
        let all = u32::try_from(readers.size).unwrap_or(u32::MAX);
        let pause = tokio::time::timeout(PAUSE_PATIENCE, readers.turns.clone().acquire_many_owned(all));
        if let Ok(Ok(paused)) = pause.await {
            let db = self.db.clone();
            let _ = tokio::task::spawn_blocking(move || {
                let _paused = paused;
                crate::ops::reopen_store(&db).map(|mut store| store.checkpoint(CHECKPOINT_PATIENCE))
            })
            .await;
        }
        *readers
            .last_checkpoint
            .lock()
            .unwrap_or_else(PoisonError::into_inner) = Instant::now();
        readers.checkpointing.store(false, Ordering::Release);
    }
}
