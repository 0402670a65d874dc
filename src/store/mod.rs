//! The SQLite store: opening the database (pragmas, default path, migrations), reading
//! campaigns and rosters, and applying an engine outcome in one transaction with its change
//! log entries.

mod apply;
mod backup;
mod battle_before;
pub mod battle_lines;
mod battle_rows;
pub mod battles;
pub mod builds_on;
mod busy;
mod campaigns;
pub mod checkpoints;
mod cursor;
mod gate;
pub mod history;
pub mod invites;
pub mod join_links;
pub mod kept;
pub mod league;
pub mod lookup;
pub mod notable;
pub mod open_sides;
pub mod race;
mod read_only;
pub mod realms;
pub mod restore;
mod reuse;
pub mod rolls;
pub mod rosters;
mod schema;
mod served;
pub mod sessions;
pub mod standings;
#[cfg(test)]
mod tests;
mod upgrade;

pub use busy::{BUSY, Failure};
pub use gate::Gate;
pub use schema::revision;
pub use served::{Held, hold, is_damaged};

pub use apply::{Applied, LogContext, apply, apply_changes, log_set};
pub use campaigns::{Campaign, CampaignRow};
pub use reuse::{FileId, Identity};
pub use rosters::RosterRow;

use crate::error::refusal;
use anyhow::{Context, Result};
use rusqlite::{Connection, OpenFlags, Transaction, TransactionBehavior};
use std::path::{Path, PathBuf};

mod embedded {
    refinery::embed_migrations!("migrations");
}

/// The size in bytes a write-ahead log is cut back to after a checkpoint.
const JOURNAL_LIMIT: i64 = 16 * 1024 * 1024;

/// Why a write was rolled back: its request ran out of time and was answered already.
const TOO_LATE: &str = "the request ran out of time before it was saved; nothing was saved";

/// An open ptg database.
pub struct Store {
    conn: Connection,
    /// The file, to name in a refusal to write it (`None` in memory).
    path: Option<PathBuf>,
    /// A server's request: its deadline, which a commit must not outlast ([`Gate`]).
    gate: Option<Gate>,
}

/// Where the database lives when neither `--db` nor `PTG_DB` says: the platform data folder.
pub fn default_path() -> Result<PathBuf> {
    let dirs = directories::ProjectDirs::from("", "", "ptg")
        .context("cannot find a home folder for the default database; pass --db PATH or set PTG_DB")?;
    Ok(dirs.data_dir().join("ptg.sqlite3"))
}

/// The folder for the user's own data files (e.g. re-imported factions).
pub fn default_data_dir() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "ptg").map(|d| d.data_dir().to_path_buf())
}

/// How `conn` prepares statements, set before it prepares anything: it keeps [`STATEMENTS`]
/// of them, and SQLite's query planner stability guarantee is on, so a plan never depends on
/// a bound value. Without the guarantee, a statement whose parameter the planner weighed
/// against a partial index's condition (`deleted = 0`, `claimed_set_id IS NULL`) is compiled
/// again each time it is bound a new value: every statement twice in each command and each of
/// the server's writes (issue 42; its readers had it already). ptg's queries name those
/// conditions as literals, so the partial indexes serve them as before.
pub(crate) fn statement_settings(conn: &Connection) -> Result<()> {
    conn.set_db_config(rusqlite::config::DbConfig::SQLITE_DBCONFIG_ENABLE_QPSG, true)?;
    conn.set_prepared_statement_cache_capacity(STATEMENTS);
    Ok(())
}

/// Statements kept prepared per connection (rusqlite keeps 16). A roster page of the server
/// runs a few dozen distinct ones and a write as many (an aftermath, an undo); with 16, one
/// command's statements pushed out those it ran again later in the same command, an undo
/// parsing four of its statements twice (a roster read before and after the change).
const STATEMENTS: usize = 128;

/// A writing command's open failure as the player should see it: busy, or not writable.
fn refuse_if_unusable(e: anyhow::Error, path: &Path) -> anyhow::Error {
    if read_only::is_read_only(&e) {
        read_only::cannot_write(path)
    } else if read_only::is_disk_full(&e) {
        read_only::disk_full(path)
    } else if let Some(cause) = read_only::is_cannot_open(&e)
        .then(|| read_only::why_not_writable(path))
        .flatten()
    {
        // A read-only file system: SQLite cannot make the `-shm` of a WAL database there.
        read_only::cannot_write_because(path, &cause)
    } else {
        busy::refuse_if_busy(e)
    }
}

/// Refuses a `--db` path that cannot be a database at all, naming what it is instead: a folder,
/// or a file that is not SQLite's (a list, a sheet, a league file given by mistake). That is
/// the user's path to fix (exit 1), not a broken database (exit 3); SQLite alone calls both
/// "unable to open" or "not a database". Checked where a path is typed (`ops::open_store`),
/// not when the server opens its database again: a file overwritten under a running server is
/// its failure (500), not a request's.
pub fn check_path(path: &Path) -> Result<()> {
    if path.is_dir() {
        return Err(refusal(format!(
            "{} is a folder, not a database file; give a file's path (e.g. {})",
            path.display(),
            path.join("ptg.sqlite3").display()
        )));
    }
    let mut head = [0u8; 16];
    let read = std::fs::File::open(path).and_then(|mut f| {
        use std::io::Read;
        f.read(&mut head)
    });
    if let Ok(n) = read
        && n > 0
        && head[..n] != b"SQLite format 3\0"[..n]
    {
        return Err(refusal(format!(
            "{} is not a database file (a SQLite file begins \"SQLite format 3\"); give ptg's \
             database, or a path where there is no file yet to start a new one",
            path.display()
        )));
    }
    Ok(())
}

impl Store {
    /// Opens (creating if needed) the database at `path` and brings its schema up to date.
    /// A file that is not a ptg database, or one written by a newer ptg, is refused untouched.
    pub fn open(path: &Path) -> Result<Store> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)
                .with_context(|| format!("cannot create the folder {} for the database", dir.display()))?;
        }
        let conn =
            Connection::open(path).with_context(|| format!("cannot open the database {}", path.display()))?;
        Store::setup(conn)
            .map(|store| store.at(path))
            .with_context(|| format!("cannot use the database {}", path.display()))
            .map_err(|e| refuse_if_unusable(e, path))
    }

    /// Opens the database at `path` only if it is there: commands that only read never create
    /// a database (or its folder) where there is none. Opened without SQLite's create flag, so
    /// a file removed meanwhile is not made again either.
    pub fn open_existing(path: &Path) -> Result<Store> {
        if !path.exists() {
            return Err(refusal(format!(
                "no database at {} yet; create one with `ptg campaign new`",
                path.display()
            )));
        }
        let flags =
            OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_URI | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        let opened = Connection::open_with_flags(path, flags)
            .with_context(|| format!("cannot open the database {}", path.display()))
            .and_then(|conn| Ok(Store::setup(conn)?.at(path)));
        match opened {
            Err(e) if read_only::is_not_writable(&e) => Store::open_read_only(path),
            opened => opened,
        }
        .with_context(|| format!("cannot use the database {}", path.display()))
        .map_err(|e| match read_only::is_disk_full(&e) {
            true => read_only::disk_full(path),
            false => busy::refuse_if_busy(e),
        })
    }

    /// The database at `path` for reading only, when it cannot be opened for writing (see
    /// [`read_only`]). Migrations need writing, so a schema older than this ptg's is refused.
    fn open_read_only(path: &Path) -> Result<Store> {
        let mut conn = read_only::open(path)?;
        conn.busy_timeout(busy::TIMEOUT)?;
        if let upgrade::Plan::Migrate { from, .. } = upgrade::check(&mut conn)? {
            anyhow::bail!(
                "this database has schema version {from}, older than this ptg's {}, and ptg cannot \
                 upgrade it because it is not writable here; run any ptg command that writes on it \
                 once where it is writable, or read it with the older ptg",
                schema::latest_known()
            );
        }
        conn.pragma_update(None, "foreign_keys", "ON")?;
        Ok(Store {
            conn,
            path: None,
            gate: None,
        }
        .at(path))
    }

    /// The store, knowing it is the file at `path`.
    fn at(mut self, path: &Path) -> Store {
        self.path = Some(path.to_path_buf());
        self
    }

    /// An in-memory database, for tests.
    pub fn in_memory() -> Result<Store> {
        Store::setup(Connection::open_in_memory()?)
    }

    /// Checks, switches to WAL and upgrades the database on `conn`; the caller names its file.
    fn setup(mut conn: Connection) -> Result<Store> {
        statement_settings(&conn)?;
        conn.busy_timeout(busy::TIMEOUT)?;
        // Everything that refuses the file runs before anything is written to it; a file
        // already at this ptg's schema (every command's case) needs one lookup to know it.
        let plan = match upgrade::at_latest(&conn) {
            true => upgrade::Plan::UpToDate,
            false => upgrade::check(&mut conn)?,
        };
        // WAL is not available for in-memory databases; the pragma then answers "memory".
        // Switching a new file needs it to itself, so it waits out others opening it too.
        let to_wal =
            |conn: &mut Connection| Ok(conn.query_row("PRAGMA journal_mode = WAL", [], |r| r.get(0))?);
        let _mode: String = match plan {
            upgrade::Plan::UpToDate => upgrade::with_retries_at_latest(&mut conn, to_wal)?,
            _ => upgrade::with_retries(&mut conn, to_wal)?,
        };
        // In WAL mode NORMAL still keeps the file whole through a crash or power cut (a
        // transaction is all there or not at all) and syncs at every checkpoint, which each
        // command runs as it closes; what it skips is the sync of every commit, which cost
        // a write two of its five fsyncs (~2.5 ms of ~12 on this machine's disk, issue #16).
        conn.pragma_update(None, "synchronous", "NORMAL")?;
        // A write-ahead log that grew during a long burst is cut back to this once it has been
        // checkpointed, rather than keeping its largest size on the disk (issue 39).
        conn.pragma_update(None, "journal_size_limit", JOURNAL_LIMIT)?;
        // Foreign keys are checked from here on, not while migrating: a migration that
        // rebuilds a table (V9) drops the old one while other rows still refer to its ids.
        if plan != upgrade::Plan::UpToDate {
            conn.pragma_update(None, "foreign_keys", "OFF")?;
            upgrade::bring_up_to_date(&mut conn)?;
        }
        conn.pragma_update(None, "foreign_keys", "ON")?;
        Ok(Store {
            conn,
            path: None,
            gate: None,
        })
    }

    /// Runs `f` in one write transaction: all of it is saved, or (on any error) none of it.
    /// Nothing inside `f` may wait on a person: other players' commands queue behind it.
    /// When the database stays busy with other writers, the whole transaction is run again
    /// (see [`busy`]), so `f` must do nothing outside it: it only reads what it captured.
    /// A file that cannot be written is refused in words (see [`read_only::cannot_write`]).
    pub fn write<T, E: From<anyhow::Error> + Failure>(
        &mut self,
        mut f: impl FnMut(&Transaction) -> Result<T, E>,
    ) -> Result<T, E> {
        busy::retry(|| {
            let tx = self
                .conn
                .transaction_with_behavior(TransactionBehavior::Immediate)
                .map_err(anyhow::Error::from)?;
            // ptg's own writes are seen by the audit through the rosters' logs; only a row
            // changed by anyone else may leave the file marked as edited (V20).
            let edited = checkpoints::edited_outside(&tx)?;
            let value = f(&tx)?;
            if !edited {
                checkpoints::set_edited_outside(&tx, false)?;
            }
            if let Some(slow) = gate::test_slowness() {
                std::thread::sleep(slow);
            }
            match &self.gate {
                None => tx.commit().map_err(anyhow::Error::from)?,
                Some(gate) => match gate.commit(|| tx.commit()) {
                    Some(done) => done.map_err(anyhow::Error::from)?,
                    // Dropped, so rolled back: the request was answered already.
                    None => return Err(E::from(anyhow::anyhow!(TOO_LATE))),
                },
            }
            Ok(value)
        })
        .map_err(|e: E| match (e.cause(), &self.path) {
            (Some(cause), Some(path)) if read_only::is_read_only(cause) => {
                E::from(read_only::cannot_write(path))
            }
            (Some(cause), Some(path)) if read_only::is_disk_full(cause) => {
                E::from(read_only::disk_full(path))
            }
            _ => e,
        })
    }

    /// From now on, commits only while `gate` is open (a server's request within its time).
    pub fn set_gate(&mut self, gate: Gate) {
        self.gate = Some(gate);
    }

    /// Commits whenever asked again, as before [`Store::set_gate`]: a kept connection leaves
    /// its request's deadline behind.
    pub fn clear_gate(&mut self) {
        self.gate = None;
    }

    /// Runs `f` in one read transaction, so every query in it sees the same snapshot even
    /// while other processes write. Inside a request's read ([`Store::begin_reading`]) it joins
    /// that one instead: a page's dozen reads then take SQLite's read lock once, not a dozen
    /// times, and all see the same snapshot.
    pub fn read<T, E: From<anyhow::Error>>(&mut self, f: impl FnOnce(&Conn) -> Result<T, E>) -> Result<T, E> {
        if !self.conn.is_autocommit() {
            return f(&self.conn);
        }
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Deferred)
            .map_err(anyhow::Error::from)?;
        let value = f(&tx)?;
        tx.finish().map_err(anyhow::Error::from)?;
        Ok(value)
    }
}

impl Store {
    /// Counts, from now on, the virtual machine steps of every statement run on this store:
    /// the work SQLite does, rows scanned included. Only for the regression tests that prove a
    /// command about one roster does not read the whole league (tests/cli/perf_scaling.rs).
    #[doc(hidden)]
    pub fn count_steps(&mut self) -> Result<std::sync::Arc<std::sync::atomic::AtomicU64>> {
        use rusqlite::trace::{TraceEvent, TraceEventCodes};
        use std::sync::atomic::{AtomicU64, Ordering};
        let steps = std::sync::Arc::new(AtomicU64::new(0));
        let counter = steps.clone();
        self.conn.trace_v2(
            TraceEventCodes::SQLITE_TRACE_PROFILE,
            Some(move |event: TraceEvent<'_>| {
                if let TraceEvent::Profile(stmt, _) = event {
                    let n = stmt.get_status(rusqlite::StatementStatus::VmStep);
                    counter.fetch_add(u64::try_from(n).unwrap_or(0), Ordering::Relaxed);
                }
            }),
        )?;
        Ok(steps)
    }
}

#[cfg(test)]
impl Store {
    /// The connection, for the store's own tests.
    pub(crate) fn conn(&self) -> &Connection {
        &self.conn
    }
}

/// The handle store functions take: an open connection or transaction. Callers outside the
/// store only pass it back to store functions inside [`Store::read`] or [`Store::write`].
pub type Conn = Connection;
/// The write transaction `Store::write` hands out, for operations that apply in steps.
pub type Tx<'c> = rusqlite::Transaction<'c>;

/// Now, as stored in the database (RFC 3339, UTC).
pub(crate) fn now() -> String {
    chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}
