//! Reading a database where ptg may not write: a file on read-only media, in a folder the
//! user cannot write, or itself write-protected.
//!
//! Why this needs care: a WAL database is read through its `-shm` index, which SQLite creates
//! (and locks) next to the file, so even a read fails when the folder is not writable. Opened
//! with `mode=ro`, SQLite reads through an existing `-shm` (or one it may create); where it can
//! do neither, `immutable=1` reads the main file alone, without locks, which is only right when
//! no other process writes it (true for a folder nobody here may write) and no `-wal` holds
//! changes not yet copied into it (refused then, rather than shown out of date).

use crate::error::refusal;
use anyhow::{Context, Result};
use rusqlite::{Connection, ErrorCode, OpenFlags};
use std::path::Path;

/// Whether `e` says the database (or its folder) cannot be written: the error a writing
/// command gets, told to the player as [`cannot_write`].
pub(super) fn is_read_only(e: &anyhow::Error) -> bool {
    e.chain().any(|cause| {
        let code = cause
            .downcast_ref::<rusqlite::Error>()
            .and_then(rusqlite::Error::sqlite_error_code);
        let io = cause.downcast_ref::<std::io::Error>().map(std::io::Error::kind);
        matches!(code, Some(ErrorCode::ReadOnly | ErrorCode::PermissionDenied))
            || matches!(
                io,
                Some(std::io::ErrorKind::PermissionDenied | std::io::ErrorKind::ReadOnlyFilesystem)
            )
    })
}

/// Whether a reading command should try the file read-only after `e`: it is read-only, or
/// SQLite could not open it or its side files (a `-shm` it may not create). Wider than
/// [`is_read_only`]: when the read-only open fails too, its own error is told.
pub(super) fn is_not_writable(e: &anyhow::Error) -> bool {
    is_read_only(e)
        || e.chain().any(|cause| {
            cause
                .downcast_ref::<rusqlite::Error>()
                .and_then(rusqlite::Error::sqlite_error_code)
                == Some(ErrorCode::CannotOpen)
        })
}

/// The refusal a writing command gets (exit 1): the command is fine and the file is not
/// broken, the user has to give ptg write access (or pass another --db).
pub(super) fn cannot_write(path: &Path) -> anyhow::Error {
    refusal(format!(
        "the database at {} cannot be written (not writable: check the permissions of the file \
         and its folder, or pass --db with a copy you may write); nothing was saved",
        path.display()
    ))
}

/// Whether `e` says the disk is full: SQLite's SQLITE_FULL, or the I/O error it gives when
/// its shared-memory index cannot grow (SQLITE_IOERR_SHMSIZE, 4874), or the OS's ENOSPC.
pub(super) fn is_disk_full(e: &anyhow::Error) -> bool {
    const SHMSIZE: std::ffi::c_int = 4874;
    e.chain().any(|cause| {
        let sqlite = match cause.downcast_ref::<rusqlite::Error>() {
            Some(rusqlite::Error::SqliteFailure(f, _)) => {
                f.code == ErrorCode::DiskFull || f.extended_code == SHMSIZE
            }
            _ => false,
        };
        let io = cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::StorageFull);
        sqlite || io
    })
}

/// The refusal a command gets when the disk holding the database is full (exit 1): nothing is
/// broken, the player frees space.
pub(super) fn disk_full(path: &Path) -> anyhow::Error {
    refusal(format!(
        "the disk holding the database at {} is full (no space left for SQLite to write); free \
         some space there, then run the command again; nothing was saved",
        path.display()
    ))
}

/// Why the database at `path` cannot be written, found by trying when SQLite could only say it
/// "cannot open" it: the file opened for writing, then a file made in its folder (where SQLite
/// keeps its `-wal` and `-shm`). `None` when both work, or fail for another reason.
pub(super) fn why_not_writable(path: &Path) -> Option<std::io::Error> {
    let refused = |e: &std::io::Error| {
        matches!(
            e.kind(),
            std::io::ErrorKind::PermissionDenied | std::io::ErrorKind::ReadOnlyFilesystem
        )
    };
    if path.exists()
        && let Err(e) = std::fs::OpenOptions::new().write(true).open(path)
        && refused(&e)
    {
        return Some(e);
    }
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    match tempfile::tempfile_in(dir) {
        Err(e) if refused(&e) => Some(e),
        _ => None,
    }
}

/// Whether SQLite said it cannot open the database or a file beside it.
pub(super) fn is_cannot_open(e: &anyhow::Error) -> bool {
    e.chain().any(|cause| {
        cause
            .downcast_ref::<rusqlite::Error>()
            .and_then(rusqlite::Error::sqlite_error_code)
            == Some(ErrorCode::CannotOpen)
    })
}

/// [`cannot_write`], with the cause the system gave (a read-only file system, a permission).
pub(super) fn cannot_write_because(path: &Path, cause: &std::io::Error) -> anyhow::Error {
    refusal(format!(
        "the database at {} cannot be written ({cause}): check that its disk is mounted \
         writable and the permissions of the file and its folder, or pass --db with a copy you \
         may write; nothing was saved",
        path.display()
    ))
}

/// Opens the database at `path` for reading only: `mode=ro` first, then `immutable=1`.
/// The connection also refuses writes itself (`query_only`), whatever runs on it.
pub(super) fn open(path: &Path) -> Result<Connection> {
    let conn = match open_uri(path, "mode=ro") {
        Ok(conn) => conn,
        Err(e) if is_not_writable(&e) => {
            let wal = wal_of(path);
            if std::fs::metadata(&wal).is_ok_and(|m| m.len() > 0) {
                // The player's to fix (exit 1): nothing is broken, the file needs a writer once.
                return Err(refusal(format!(
                    "the database at {} cannot be read here: its latest changes are still in {}, \
                     which SQLite can only merge where it may write; run any ptg command on it \
                     once where it is writable",
                    path.display(),
                    wal.display()
                )));
            }
            open_uri(path, "immutable=1")?
        }
        Err(e) => return Err(e),
    };
    conn.pragma_update(None, "query_only", "ON")?;
    Ok(conn)
}

/// Opens `path` through a `file:` URI with `query` and reads the schema once, so a file that
/// cannot be read this way fails here rather than in the command.
fn open_uri(path: &Path, query: &str) -> Result<Connection> {
    let uri = format!("file:{}?{query}", escape(&path.to_string_lossy()));
    let flags =
        OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_URI | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let conn = Connection::open_with_flags(&uri, flags)
        .with_context(|| format!("cannot open the database {} read-only", path.display()))?;
    super::statement_settings(&conn)?;
    conn.query_row("SELECT COUNT(*) FROM sqlite_master", [], |r| r.get::<_, i64>(0))
        .with_context(|| format!("cannot read the database {} read-only", path.display()))?;
    Ok(conn)
}

/// The `-wal` file next to `path`, where SQLite keeps changes not yet in the main file.
fn wal_of(path: &Path) -> std::path::PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push("-wal");
    name.into()
}

/// A path as the path part of a `file:` URI: `%`, `?` and `#` would otherwise end or change it.
fn escape(path: &str) -> String {
    path.replace('%', "%25").replace('?', "%3f").replace('#', "%23")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uri_paths_keep_their_question_marks_and_hashes() {
        assert_eq!(escape("/a/b?c#d%e.db"), "/a/b%3fc%23d%25e.db");
    }

    /// The fallback itself, on a file ptg may write (permission bits do not stop root, which
    /// runs the tests; `tests/cli/read_only.rs` checks the real thing as an unprivileged user).
    #[test]
    fn a_read_only_connection_reads_and_refuses_writes() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("what? #1.sqlite3");
        let rw = Connection::open(&path).unwrap();
        rw.execute_batch("PRAGMA journal_mode = WAL; CREATE TABLE t (x); INSERT INTO t VALUES (7);")
            .unwrap();
        drop(rw);
        let conn = open(&path).unwrap();
        let x: i64 = conn.query_row("SELECT x FROM t", [], |r| r.get(0)).unwrap();
        assert_eq!(x, 7);
        let write = conn
            .execute("INSERT INTO t VALUES (8)", [])
            .map_err(anyhow::Error::from);
        assert!(is_read_only(&write.unwrap_err()));
    }
}

#[cfg(test)]
mod disk_tests {
    use super::*;

    fn sqlite(extended: std::ffi::c_int) -> anyhow::Error {
        anyhow::Error::from(rusqlite::Error::SqliteFailure(
            rusqlite::ffi::Error::new(extended),
            Some("disk I/O error".into()),
        ))
        .context("cannot use the database")
    }

    #[test]
    fn a_full_disk_is_told_in_words_and_exits_1() {
        // SQLITE_IOERR_SHMSIZE, what a full disk gave as "disk I/O error ... 4874".
        for e in [
            sqlite(4874),
            sqlite(13),
            std::io::Error::from(std::io::ErrorKind::StorageFull).into(),
        ] {
            assert!(is_disk_full(&e), "{e:#}");
        }
        assert!(!is_disk_full(&sqlite(10)), "another I/O error is not a full disk");
        let said: crate::error::Error = disk_full(Path::new("/srv/league.sqlite3")).into();
        assert_eq!(said.exit_code(), 1);
        assert!(
            said.to_string()
                .contains("the disk holding the database at /srv/league.sqlite3 is full")
        );
    }
}
