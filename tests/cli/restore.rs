//! `ptg restore BACKUP` (issue 39): a backup put back in place of the database, checked first
//! (a ptg database that passes the audit), the replaced one kept aside, never mixed with a
//! `-wal` left beside the database; refused with nothing changed otherwise, and while a
//! server is on the database.

#![cfg(unix)]

use crate::common;
use crate::serve_support;

use common::{HAMMERS, Ptg};
use std::path::{Path, PathBuf};

fn beside(db: &Path, suffix: &str) -> PathBuf {
    let mut path = db.as_os_str().to_owned();
    path.push(suffix);
    PathBuf::from(path)
}

/// The names of the files in `dir`, sorted.
fn files_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// Every row of the database at `file`, as `Ptg::fingerprint` gives them.
fn rows_of(file: &Path) -> String {
    let q = Ptg::new();
    std::fs::copy(file, q.db()).unwrap();
    q.fingerprint()
}

#[test]
fn a_restore_over_a_database_with_a_crash_wal_gives_exactly_the_backup() {
    let p = Ptg::small_battle();
    let backup = p.dir.path().join("night-1.sqlite3");
    p.ok(&["backup", backup.to_str().unwrap()]);
    let backed_up = rows_of(&backup);
    // Later play, some of it only in the write-ahead log when the machine went down: a
    // connection that never closes and never checkpoints, its files copied as a crash leaves them.
    p.ok(&["roster", "add", HAMMERS, "Vindictors"]);
    let live = rusqlite::Connection::open(p.db()).unwrap();
    live.execute_batch("PRAGMA wal_autocheckpoint = 0; UPDATE campaigns SET name = 'Ashen Vale After';")
        .unwrap();
    let crashed = Ptg::new();
    std::fs::copy(p.db(), crashed.db()).unwrap();
    std::fs::copy(beside(&p.db(), "-wal"), beside(&crashed.db(), "-wal")).unwrap();
    drop(live);
    assert!(std::fs::metadata(beside(&crashed.db(), "-wal")).unwrap().len() > 0);

    let said = crashed.ok(&["restore", backup.to_str().unwrap()]);
    assert!(said.contains("all adding up"), "{said}");
    assert_eq!(crashed.fingerprint(), backed_up, "not exactly the backup");
    crashed.ok(&["audit"]);
    assert!(
        !beside(&crashed.db(), "-wal").exists(),
        "a -wal beside the restored file"
    );
    // The replaced database is kept aside, whole: the later play and what was only in its log.
    let aside = files_in(crashed.dir.path())
        .into_iter()
        .find(|n| n.starts_with("ptg.sqlite3.replaced-") && !n.ends_with("-wal") && !n.ends_with("-shm"))
        .unwrap_or_else(|| panic!("nothing kept aside: {:?}", files_in(crashed.dir.path())));
    assert!(said.contains(&aside), "{said} does not say where {aside} is");
    let aside = crashed.dir.path().join(aside);
    let kept = crashed.ok(&["--db", aside.to_str().unwrap(), "campaign", "list"]);
    assert!(kept.contains("Ashen Vale After"), "{kept}");
    let hammers = crashed.ok(&["--db", aside.to_str().unwrap(), "roster", "show", HAMMERS]);
    assert!(hammers.contains("Vindictors"), "{hammers}");
    // The backup itself is untouched.
    assert_eq!(rows_of(&backup), backed_up);
}

#[test]
fn a_file_that_is_no_ptg_database_or_fails_the_audit_is_refused_changing_nothing() {
    let p = Ptg::small_battle();
    let dir = p.dir.path();
    let text = dir.join("notes.sqlite3");
    std::fs::write(&text, "not a league").unwrap();
    let foreign = dir.join("foreign.sqlite3");
    rusqlite::Connection::open(&foreign)
        .unwrap()
        .execute_batch("CREATE TABLE birds (name TEXT); INSERT INTO birds VALUES ('crow');")
        .unwrap();
    let broken = dir.join("broken.sqlite3");
    p.ok(&["backup", broken.to_str().unwrap()]);
    rusqlite::Connection::open(&broken)
        .unwrap()
        .execute_batch("UPDATE rosters SET glory = 999 WHERE name = 'Hammers of Dawn';")
        .unwrap();
    let missing = dir.join("missing.sqlite3");
    let listed = files_in(dir);
    for (file, expected) in [
        (&text, "not a database file"),
        (&foreign, "not a ptg database"),
        (&broken, "fails the audit"),
        (&missing, "no backup file"),
        (&p.db(), "the database itself"),
    ] {
        let said = p.refused(&["restore", file.to_str().unwrap()], expected);
        if file == &foreign || file == &broken {
            assert!(said.contains("nothing was changed"), "{said}");
        }
        assert_eq!(files_in(dir), listed, "files made or moved by {file:?}");
    }
    let audit = p.refused(&["--db", broken.to_str().unwrap(), "audit"], "finding");
    assert!(audit.contains(HAMMERS), "{audit}");
}

#[test]
fn a_restore_is_refused_while_a_server_is_on_the_database() {
    let p = Ptg::small_battle();
    let backup = p.dir.path().join("b.sqlite3");
    p.ok(&["backup", backup.to_str().unwrap()]);
    let server = serve_support::process::serve(&p, &[]);
    let said = p.refused(&["restore", backup.to_str().unwrap()], "ptg serve is running");
    assert!(said.contains("stop it first"), "{said}");
    drop(server);
    p.ok(&["restore", backup.to_str().unwrap()]);
}

#[test]
fn a_restore_where_there_is_no_database_yet_puts_the_backup_there() {
    let p = Ptg::small_battle();
    let backup = p.dir.path().join("b.sqlite3");
    p.ok(&["backup", backup.to_str().unwrap()]);
    let fresh = Ptg::new();
    let said = fresh.ok(&["restore", backup.to_str().unwrap()]);
    assert!(said.contains("no database there before"), "{said}");
    assert_eq!(fresh.fingerprint(), rows_of(&backup));
}
