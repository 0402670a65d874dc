//! A `Store` kept open to serve many reads (the server's read connections, issue #32): set up
//! for it once, and asked before each lending whether it is still fit to lend.
//!
//! Opening a database costs more than most of what a page reads (the schema parsed and
//! checked, the pragmas, a page cache that starts cold), so the server opens a few connections
//! once and lends one to each reading request. A request's reads are one transaction
//! ([`Store::begin_reading`]), so it sees the latest commit; between requests none may stay open, or
//! the writers' checkpoints could not finish ([`Store::at_rest`]). A connection stays the file
//! and schema it was opened on while the path could name another file or another schema by
//! now, so the server compares [`Store::identity`] before each lending and opens the file
//! afresh (with its schema check) when it changed.

use super::Store;
use anyhow::Result;

/// How much of the database one kept connection holds in memory, in KiB. Small on purpose: in
/// WAL mode a connection drops its whole cache when it begins a read after anyone committed,
/// and dropping costs in proportion to what it held. With writers about (serve_load's 80
/// commits a second) a 16 MB cache was mostly dropped unread; 2 MB served the 10,000-battle
/// league's pages as fast or faster (roster page 1,161-1,350 against 1,373-1,542 a second),
/// the file's pages being in the OS's cache either way (issue 42).
const CACHE_KIB: i64 = 2 * 1024;

/// A file as the file system knows it: its device and inode (on Unix; elsewhere a constant,
/// so only whether a file is there is compared).
pub type FileId = (u64, u64);

/// What a kept connection must still match to be lent again: the file at its path (device and
/// inode, where the platform has them) and the schema it was opened with (SQLite's schema
/// cookie, which every `CREATE`, `ALTER` or `DROP` moves, and ptg's schema version, which a
/// newer ptg's migration moves even when it only rewrites rows).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Identity {
    file: Option<FileId>,
    schema: (i64, Option<i64>),
}

impl Store {
    /// Makes this store one kept open for reads only: its own page cache size (its statements
    /// stay prepared, as on every connection: `store::STATEMENTS`), and `query_only`,
    /// so a read lent this connection that tried to write would be refused by SQLite rather
    /// than write outside the writers' own connections.
    pub fn keep_for_reading(&mut self) -> Result<()> {
        self.conn.pragma_update(None, "cache_size", -CACHE_KIB)?;
        // No memory map (issue 39): a file copied over the served one, shorter than it was,
        // killed the server with SIGBUS on the next read of a page past the new end. Read
        // through the OS's cache, such a file is an error the request is answered with.
        self.conn.pragma_update(None, "mmap_size", 0)?;
        self.conn.pragma_update(None, "query_only", true)?;
        Ok(())
    }

    /// SQLite's `data_version` on this connection, in a read of its own: it moves whenever
    /// another connection (another process's too) committed since this one last looked, so a
    /// connection that never writes (a kept reader, `query_only`) sees every commit as a new
    /// value. The server's page cache keys its pages by it (`server::cache`).
    pub fn data_version(&mut self) -> Result<i64> {
        super::checkpoints::data_version(&self.conn)
    }

    /// Folds the write-ahead log into the database file and empties it, waiting at most
    /// `patience` for other processes' readers and writers; whether it was done. A server whose
    /// reads overlap without a gap keeps SQLite's own checkpoints from ever finishing, so the
    /// log would grow for as long as it is busy: it pauses its reads now and then for this.
    pub fn checkpoint(&mut self, patience: std::time::Duration) -> Result<bool> {
        self.conn.busy_timeout(patience)?;
        let (busy, _, _): (i64, i64, i64) =
            self.conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |r| {
                Ok((r.get(0)?, r.get(1)?, r.get(2)?))
            })?;
        self.conn.busy_timeout(super::busy::TIMEOUT)?;
        Ok(busy == 0)
    }

    /// Opens one read transaction for what follows on this store, which every
    /// [`Store::read`] joins until [`Store::end_reading`]: a server's request reads one
    /// snapshot, and begins and ends a transaction once rather than once a read.
    pub fn begin_reading(&mut self) -> Result<()> {
        self.conn.prepare_cached("BEGIN DEFERRED")?.execute([])?;
        Ok(())
    }

    /// Ends the read transaction [`Store::begin_reading`] opened (it wrote nothing, so ending
    /// it only lets its snapshot go); rolled back when it cannot be ended, and left to
    /// [`Store::at_rest`] to tell when even that failed.
    pub fn end_reading(&mut self) {
        if self.conn.is_autocommit() {
            return;
        }
        let ended = self.conn.prepare_cached("COMMIT").and_then(|mut s| s.execute([]));
        if ended.is_err() {
            let _ = self.conn.execute_batch("ROLLBACK");
        }
    }

    /// Whether nothing is left open on it: no transaction, no statement stepped and not reset
    /// (either would hold a read snapshot, and writers' checkpoints, until the next request).
    pub fn at_rest(&self) -> bool {
        self.conn.is_autocommit() && !self.conn.is_busy()
    }

    /// Whether the database answers a trivial read (its schema's version, in a read
    /// transaction of its own): for the server's health check.
    pub fn answers(&mut self) -> Result<()> {
        self.read(|c| {
            c.cached_row("SELECT MAX(version) FROM refinery_schema_history", [], |r| {
                r.get::<_, Option<i64>>(0)
            })?;
            Ok(())
        })
    }

    /// The file and schema this store has open now (see [`Identity`]); an error when the
    /// file cannot be read any more.
    pub fn identity(&mut self) -> Result<Identity> {
        let schema = self.conn.cached_row(
            "SELECT schema_version, (SELECT MAX(version) FROM refinery_schema_history)
             FROM pragma_schema_version",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )?;
        Ok(Identity {
            file: self.file_now(),
            schema,
        })
    }

    /// The file at this store's path now (device and inode, where the platform has them;
    /// `None` for none, or an in-memory store): [`Identity`]'s file alone, asked of the file
    /// system without a read of the database.
    pub fn file_now(&self) -> Option<FileId> {
        self.path.as_deref().and_then(file_id)
    }
}

#[cfg(unix)]
fn file_id(path: &std::path::Path) -> Option<FileId> {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata(path).ok().map(|m| (m.dev(), m.ino()))
}

#[cfg(not(unix))]
fn file_id(path: &std::path::Path) -> Option<FileId> {
    // No inode here: the file's length and modification time would change with every write,
    // so only whether it is there at all is compared.
    std::fs::metadata(path).ok().map(|_| (0, 0))
}

/// `query_row` and `execute` through the connection's cache of prepared statements, as
/// `prepare_cached` is to `prepare`: on a connection kept open (the server's) a statement is
/// parsed once, not on every request, and a write that runs one statement per change (an
/// aftermath, an undo) parses it once, not once per change with its tables' triggers.
pub(crate) trait CachedRow {
    fn cached_row<T, P: rusqlite::Params>(
        &self,
        sql: &str,
        params: P,
        f: impl FnOnce(&rusqlite::Row<'_>) -> rusqlite::Result<T>,
    ) -> rusqlite::Result<T>;

    /// `execute` through the cache: the number of rows changed.
    fn cached_execute<P: rusqlite::Params>(&self, sql: &str, params: P) -> rusqlite::Result<usize>;
}

impl CachedRow for rusqlite::Connection {
    fn cached_row<T, P: rusqlite::Params>(
        &self,
        sql: &str,
        params: P,
        f: impl FnOnce(&rusqlite::Row<'_>) -> rusqlite::Result<T>,
    ) -> rusqlite::Result<T> {
        self.prepare_cached(sql)?.query_row(params, f)
    }

    fn cached_execute<P: rusqlite::Params>(&self, sql: &str, params: P) -> rusqlite::Result<usize> {
        self.prepare_cached(sql)?.execute(params)
    }
}
