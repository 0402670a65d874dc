//! `ptg restore BACKUP` (issue 39), the file side: a backup copied into a new file beside the
//! database, and that file put in the database's place with the replaced one kept aside.
//!
//! Copying a backup over the database by hand went wrong two ways: a `-wal` left beside the
//! database (by a crash, or a server stopped hard) was then applied to the backup's pages
//! ("database disk image is malformed", or the backup silently mixed with later writes); and a
//! server still running wrote on. So the replaced database is folded whole (its `-wal` into it)
//! and moved aside with everything beside it before the restored file takes its name, and
//! nothing is done while a server or another ptg has the database open.

use super::{Store, busy};
use crate::error::refusal;
use anyhow::{Context, Result};
use rusqlite::backup::Backup;
use rusqlite::{Connection, OpenFlags};
use std::path::{Path, PathBuf};

/// The files SQLite may keep beside a database.
const SIDES: [&str; 3] = ["-wal", "-shm", "-journal"];

/// `path` with `suffix` appended to its name.
pub fn beside(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

/// Copies the database `backup` (opened read-only: the backup is never changed, not even
/// upgraded) into the new file `dest`, and opens the copy as ptg's, bringing its schema up to
/// date: a file that is not a ptg database, or is from a newer ptg, is refused.
pub fn copy_backup(backup: &Path, dest: &Path) -> Result<Store> {
    let flags =
        OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_URI | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let source = Connection::open_with_flags(backup, flags)
        .with_context(|| format!("cannot open {}", backup.display()))?;
    source.busy_timeout(busy::TIMEOUT)?;
    {
        let mut copy = Connection::open(dest).with_context(|| format!("cannot create {}", dest.display()))?;
        Backup::new(&source, &mut copy)?.run_to_completion(
            i32::MAX,
            std::time::Duration::from_millis(10),
            None,
        )?;
        let _mode: String = copy.query_row("PRAGMA journal_mode = DELETE", [], |r| r.get(0))?;
    }
    Store::open(dest)
}

/// Puts the file `restored` (closed, whole: no `-wal` beside it) at `db`'s place. The database
/// there, if any, is first folded whole and moved to `aside` with its side files. Refused while
/// a `ptg serve` holds `db` ([`super::hold`]) or any other connection has it open.
pub fn put_in_place(restored: &Path, db: &Path, aside: &Path) -> Result<Option<PathBuf>> {
    let mut kept = None;
    // The exclusive advisory lock, held until the restored file is in place: no server starts
    // on the old file meanwhile.
    let lock = match std::fs::File::open(db) {
        Ok(file) => {
            match file.try_lock() {
                Ok(()) => {}
                Err(std::fs::TryLockError::WouldBlock) => return Err(refusal(server_holds(db))),
                Err(std::fs::TryLockError::Error(e)) => {
                    return Err(e).with_context(|| format!("cannot lock {}", db.display()));
                }
            }
            Some(file)
        }
        Err(_) => None,
    };
    let mut alone = None;
    if let Some(old) = lock.as_ref().and_then(|f| f.metadata().ok()) {
        // The restored file is readable by whoever could read the one it replaces (a
        // temporary file is made readable by its owner alone).
        std::fs::set_permissions(restored, old.permissions())
            .with_context(|| format!("cannot set the permissions of {}", restored.display()))?;
    }
    if lock.is_some() {
        alone = fold_alone(db)?;
        std::fs::rename(db, aside).with_context(|| format!("cannot move {} aside", db.display()))?;
        kept = Some(aside.to_path_buf());
    }
    // Whatever is still beside the database's name (a `-wal` of a file that could not be
    // opened to fold it) goes with it: never applied to the restored file.
    for side in SIDES {
        let left = beside(db, side);
        if left.exists() {
            std::fs::rename(&left, beside(aside, side))
                .with_context(|| format!("cannot move {} aside", left.display()))?;
            kept = Some(aside.to_path_buf());
        }
    }
    std::fs::rename(restored, db).with_context(|| format!("cannot put the backup at {}", db.display()))?;
    drop(alone);
    Ok(kept)
}

/// Opens the database at `db`, folds its `-wal` into it and makes it a file on its own
/// (journal mode DELETE, which SQLite grants only to a connection alone on the file), then
/// holds it exclusively so that no one opens it before it is moved. `None` when it cannot be
/// opened as a database (then its files are moved aside as they are); refused when another
/// connection has it open.
fn fold_alone(db: &Path) -> Result<Option<Connection>> {
    let flags = OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let Ok(conn) = Connection::open_with_flags(db, flags) else {
        return Ok(None);
    };
    conn.busy_timeout(std::time::Duration::from_millis(500))?;
    let mode: rusqlite::Result<String> = conn.query_row("PRAGMA journal_mode = DELETE", [], |r| r.get(0));
    match mode {
        Ok(mode) if mode.eq_ignore_ascii_case("delete") => {}
        Ok(_) => return Err(refusal(in_use(db))),
        Err(e) if e.sqlite_error_code() == Some(rusqlite::ErrorCode::DatabaseBusy) => {
            return Err(refusal(in_use(db)));
        }
        // Not a database any more (damaged, or never one): moved aside as it is.
        Err(_) => return Ok(None),
    }
    conn.execute_batch("BEGIN EXCLUSIVE")
        .map_err(|_| refusal(in_use(db)))?;
    Ok(Some(conn))
}

fn server_holds(db: &Path) -> String {
    format!(
        "a ptg serve is running on {}; stop it first (Ctrl-C where it runs, or `systemctl stop` \
         its service), then run ptg restore again; nothing was changed",
        db.display()
    )
}

fn in_use(db: &Path) -> String {
    format!(
        "another ptg has {} open (a command still running, or a server); let it finish or stop \
         it, then run ptg restore again; nothing was changed",
        db.display()
    )
}
