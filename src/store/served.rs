//! The database under a running server (issue 39): opened only where it is (never made again
//! at a path whose file was deleted or moved meanwhile), held with an advisory lock so that
//! `ptg restore` can tell a server is on it. (A league's audit, the one long read, reads it
//! roster by roster in short reads: `ops::audit`.)

use super::Store;
use anyhow::{Context, Result};
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
