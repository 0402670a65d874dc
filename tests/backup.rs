//! `ptg backup` (issue #19): a consistent copy of the database that is itself a working ptg
//! database, also when taken while another process writes; an existing file is replaced only
//! with --force.

mod common;

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
