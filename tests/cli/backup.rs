//! `ptg backup` (issue #19): a consistent copy of the database that is itself a working ptg
//! database, also when taken while another process writes; an existing file is replaced only
//! with --force.

use crate::common;

use common::{ASHEN_VALE, HAMMERS, Ptg};
use std::path::Path;

/// `args` run on the database at `db`.
fn on(p: &Ptg, db: &Path, args: &[&str]) -> String {
    p.ok(&[&["--db", db.to_str().unwrap()][..], args].concat())
}

#[test]
fn a_backup_is_the_same_league_and_an_existing_file_is_kept_without_force() {
    let p = Ptg::small_battle();
    let file = p.dir.path().join("league-backup.sqlite3");
    let out = p.ok(&["backup", file.to_str().unwrap()]);
    assert!(out.contains("Backed up to"), "{out}");
    assert!(
        !file.with_extension("sqlite3-wal").exists(),
        "the backup is one file"
    );
    for args in [
        ["roster", "show", HAMMERS],
        ["campaign", "show", ASHEN_VALE],
        ["battle", "show", "1"],
    ] {
        assert_eq!(on(&p, &file, &args), p.ok(&args), "{args:?}");
    }
    on(&p, &file, &["audit"]);
    let before = std::fs::read(&file).unwrap();
    p.refused(&["backup", file.to_str().unwrap()], "--force");
    assert_eq!(std::fs::read(&file).unwrap(), before, "kept without --force");
    p.ok(&["roster", "add", HAMMERS, "Vindictors"]);
    p.ok(&["backup", file.to_str().unwrap(), "--force"]);
    assert_eq!(
        on(&p, &file, &["roster", "show", HAMMERS]),
        p.ok(&["roster", "show", HAMMERS])
    );
    p.refused(
        &["backup", p.db().to_str().unwrap(), "--force"],
        "the database itself",
    );
}

#[test]
fn a_backup_taken_while_another_process_writes_passes_the_audit() {
    let p = Ptg::small_battle();
    let db = p.db();
    let writer = std::thread::spawn(move || {
        // Another player's process writing all along: campaign settings back and forth.
        for i in 0..30 {
            let rule = if i % 2 == 0 { "glory" } else { "wins" };
            let status = std::process::Command::new(env!("CARGO_BIN_EXE_ptg"))
                .args(["campaign", "set", ASHEN_VALE, "--standings", rule])
                .env("PTG_DB", &db)
                .env_remove("PTG_DATA_DIR")
                .output()
                .expect("ptg runs");
            assert!(
                status.status.success(),
                "{}",
                String::from_utf8_lossy(&status.stderr)
            );
        }
    });
    for n in 0..5 {
        let file = p.dir.path().join(format!("backup-{n}.sqlite3"));
        p.ok(&["backup", file.to_str().unwrap()]);
        on(&p, &file, &["audit"]);
        on(&p, &file, &["history", "--limit", "1"]);
    }
    writer.join().unwrap();
    p.ok(&["audit"]);
}

#[test]
fn a_backup_into_a_missing_folder_is_refused_naming_the_folder() {
    let p = Ptg::small_battle();
    let missing = p.dir.path().join("no-such-folder");
    let file = missing.join("league.sqlite3");
    let said = p.refused(&["backup", file.to_str().unwrap()], "does not exist");
    assert!(said.contains(missing.to_str().unwrap()), "{said}");
    assert!(
        !said.contains("partial") && !said.contains("internal error"),
        "{said}"
    );
    assert!(!missing.exists());
}

#[test]
fn what_a_killed_backup_left_is_cleared_by_the_next_one() {
    let p = Ptg::small_battle();
    let file = p.dir.path().join("league.sqlite3");
    // A process that has ended, as a backup killed part way has.
    let mut gone = std::process::Command::new("true").spawn().unwrap();
    let pid = gone.id();
    gone.wait().unwrap();
    let left = p
        .dir
        .path()
        .join(format!(".league.sqlite3.{pid}.abc123.ptg-partial"));
    std::fs::write(&left, b"half a backup").unwrap();
    // One of a process still running (this test) is another backup under way: kept.
    let busy = p.dir.path().join(format!(
        ".league.sqlite3.{}.xyz789.ptg-partial",
        std::process::id()
    ));
    std::fs::write(&busy, b"under way").unwrap();
    p.ok(&["backup", file.to_str().unwrap()]);
    assert!(!left.exists(), "the killed backup's file is still there");
    assert!(busy.exists(), "a running backup's file was removed");
    let litter: Vec<String> = std::fs::read_dir(p.dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains("tmp") || (n.contains("partial") && !n.contains("xyz789")))
        .collect();
    assert!(litter.is_empty(), "{litter:?}");
}
