//! The database under a running server (issue 39): opened only where it is (never made again
//! at a path whose file was deleted or moved meanwhile), held with an advisory lock so that
//! `ptg restore` can tell a server is on it, and copied into memory for a long read (the
//! audit) so that no snapshot of the file is held open while writers need a checkpoint.

use super::Store;
use anyhow::{Context, Result};
use rusqlite::backup::Backup;
use rusqlite::{Connection, OpenFlags};
use std::fs::File;
use std::path::Path;

/// The file `ptg serve` keeps open while it serves, with a shared advisory lock (`flock`) on
/// the database file: `ptg restore` asks for the exclusive lock and refuses while any server
/// holds it. SQLite's own locks are POSIX record locks, which `flock` does not touch.
pub struct Held {
    _file: File,
}

/// Takes the shared lock on the database file at `path` for as long as the answer is kept.
pub fn hold(path: &Path) -> Result<Held> {
    let file = File::open(path).with_context(|| format!("cannot open {}", path.display()))?;
    file.lock_shared()
        .with_context(|| format!("cannot lock {}", path.display()))?;
    Ok(Held { _file: file })
}

impl Store {
    /// Opens the database at `path` for a server's request, which was checked and brought up
    /// to date when the server started: without SQLite's create flag, so a file deleted or
    /// moved under the server is not made again, empty, at its path.
    pub fn open_served(path: &Path) -> Result<Store> {
        let flags =
            OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_URI | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        let conn = Connection::open_with_flags(path, flags)
            .with_context(|| format!("cannot open the database {}", path.display()))?;
        Ok(Store::setup(conn)?.at(path))
    }

    /// A copy of the whole database in memory, taken in one short read: a long read (the
    /// audit of a league) runs on it rather than holding a snapshot of the file open, which
    /// would keep every checkpoint from finishing and the write-ahead log growing meanwhile.
    pub fn snapshot(&self) -> Result<Store> {
        let mut copy = Connection::open_in_memory()?;
        Backup::new(&self.conn, &mut copy)?.run_to_completion(
            i32::MAX,
            std::time::Duration::from_millis(10),
            None,
        )?;
        copy.pragma_update(None, "query_only", true)?;
        Ok(Store {
            conn: copy,
            path: None,
            gate: None,
        })
    }
}

/// Whether `e` says the database file cannot be read as a database any more: its pages do not
/// add up (SQLITE_CORRUPT) or it is not one (SQLITE_NOTADB), as when another file was copied
/// over it while it was open.
pub fn is_damaged(e: &anyhow::Error) -> bool {
    e.chain().any(|cause| {
        matches!(
            cause
                .downcast_ref::<rusqlite::Error>()
                .and_then(rusqlite::Error::sqlite_error_code),
            Some(rusqlite::ErrorCode::DatabaseCorrupt | rusqlite::ErrorCode::NotADatabase)
        )
    })
}

#[cfg(test)]
mod tests {
    use super::Store;
    use rusqlite::Connection;

    /// Whether a TRUNCATE checkpoint of `db` finishes now (nothing holding it back).
    fn checkpoint_done(db: &std::path::Path) -> bool {
        let writer = Connection::open(db).unwrap();
        writer
            .execute_batch(
                "CREATE TABLE IF NOT EXISTS filler (x); INSERT INTO filler VALUES (randomblob(100000));",
            )
            .unwrap();
        let busy: i64 = writer
            .query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |r| r.get(0))
            .unwrap();
        busy == 0
    }

    /// A long read on a snapshot (the audit's) holds nothing of the file: the writers'
    /// checkpoints finish meanwhile, where the same read on the file keeps them from it.
    #[test]
    fn a_read_of_a_snapshot_lets_checkpoints_through() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("league.sqlite3");
        let store = Store::open(&db).unwrap();
        let copy = store.snapshot().unwrap();
        copy.conn()
            .execute_batch("BEGIN; SELECT COUNT(*) FROM sqlite_master;")
            .unwrap();
        assert!(
            checkpoint_done(&db),
            "a read of the snapshot held the checkpoint back"
        );
        copy.conn().execute_batch("COMMIT").unwrap();
        // The same read held on the file itself does hold it back.
        store
            .conn()
            .execute_batch("BEGIN; SELECT COUNT(*) FROM filler;")
            .unwrap();
        assert!(!checkpoint_done(&db));
        store.conn().execute_batch("COMMIT").unwrap();
    }
}
