//! End-to-end: a database ptg may read but not write (a read-only folder, a write-protected
//! file). Reading commands work; writing commands are refused in words, the file unchanged;
//! a schema too old to read without upgrading is refused, since it cannot be upgraded there.
//!
//! Permission bits do not stop root, which runs these tests in CI, so as root each `ptg` runs
//! as the unprivileged user `nobody` through `setpriv` (util-linux); as anyone else it runs
//! as is. Without `setpriv`, as root, the tests say so and check nothing: the read-only open
//! is then covered only by `store::read_only`'s unit test, on a file that is writable.

use crate::common;

use assert_cmd::Command;
use common::{ASHEN_VALE, HAMMERS, Ptg};
use std::os::unix::fs::PermissionsExt;
use std::path::Path;

/// `ptg args` on `p`'s database as a user permission bits apply to; `None` when that cannot
/// be arranged here.
fn unprivileged(p: &Ptg, args: &[&str]) -> Option<Command> {
    let root = std::process::Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0");
    let bin = assert_cmd::cargo::cargo_bin("ptg");
    let mut c = if root {
        let setpriv = std::process::Command::new("setpriv").arg("--version").output();
        if !setpriv.is_ok_and(|o| o.status.success()) {
            eprintln!("running as root without setpriv: read-only permissions cannot be tested");
            return None;
        }
        let mut c = Command::new("setpriv");
        c.args(["--reuid=65534", "--regid=65534", "--clear-groups"])
            .arg(bin);
        c
    } else {
        Command::new(bin)
    };
    c.args(args)
        .env("PTG_DB", p.db())
        .env("HOME", p.dir.path())
        .env("XDG_DATA_HOME", p.dir.path().join("xdg"))
        .env_remove("PTG_DATA_DIR");
    Some(c)
}

fn chmod(path: &Path, mode: u32) {
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).expect("chmod");
}

/// A campaign with Hammers of Dawn, the database at rest (no `-wal` or `-shm` left).
fn campaign() -> Ptg {
    let p = Ptg::ashen_vale();
    p.new_hammers();
    p
}

/// Reading commands answer; `roster add` and `campaign new` are refused, nothing changed.
fn reads_work_and_writes_are_refused(p: &Ptg) {
    let Some(mut list) = unprivileged(p, &["campaign", "list"]) else {
        return;
    };
    let out = list.output().expect("ptg runs");
    let (stdout, stderr) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert!(out.status.success(), "campaign list failed:\n{stderr}");
    assert!(stdout.contains(ASHEN_VALE), "{stdout}");
    for args in [
        &["roster", "show", HAMMERS][..],
        &["campaign", "show", ASHEN_VALE],
        &["export"],
        &["history"],
        &["audit"],
    ] {
        let out = unprivileged(p, args).unwrap().output().expect("ptg runs");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{args:?} failed:\n{stderr}");
    }
    let expected = format!(
        "the database at {} cannot be written (not writable",
        p.db().display()
    );
    for args in [
        &["roster", "add", HAMMERS, "Liberators"][..],
        &["campaign", "new", "Hysh"],
    ] {
        p.refused_cmd(unprivileged(p, args).unwrap(), 1, &expected);
    }
}

#[test]
fn a_database_in_a_read_only_folder_is_read_and_never_written() {
    let p = campaign();
    chmod(p.dir.path(), 0o555);
    reads_work_and_writes_are_refused(&p);
    chmod(p.dir.path(), 0o755);
}

#[test]
fn a_write_protected_database_is_read_and_never_written() {
    let p = campaign();
    chmod(p.dir.path(), 0o777);
    chmod(&p.db(), 0o444);
    reads_work_and_writes_are_refused(&p);
    chmod(p.dir.path(), 0o755);
}

#[test]
fn an_older_schema_that_cannot_be_upgraded_here_is_refused_with_why() {
    let p = Ptg::from_fixture("schema_v1.sqlite3");
    chmod(&p.db(), 0o644);
    chmod(p.dir.path(), 0o555);
    if let Some(cmd) = unprivileged(&p, &["campaign", "list"]) {
        let stderr = p.refused_cmd(cmd, 3, "older than this ptg's");
        assert!(stderr.contains("not writable here"), "{stderr}");
    }
    chmod(p.dir.path(), 0o755);
}

#[test]
fn changes_left_in_a_wal_are_never_hidden_by_a_read_only_open() {
    // A copy taken while a writer held changes in the -wal (a crash, a copied folder): the
    // file alone is out of date, and without a -shm SQLite cannot read the -wal read-only.
    let p = campaign();
    let writer = rusqlite::Connection::open(p.db()).expect("open");
    writer
        .execute_batch("PRAGMA wal_autocheckpoint = 0; UPDATE rosters SET player = 'Bo';")
        .expect("write into the wal");
    let copy = Ptg::new();
    std::fs::copy(p.db(), copy.db()).expect("copy the file");
    let wal = |db: &Path| format!("{}-wal", db.display());
    std::fs::copy(wal(&p.db()), wal(&copy.db())).expect("copy its wal");
    drop(writer);
    chmod(copy.dir.path(), 0o555);
    // Not `refused_cmd`: its fingerprint, opened by root, would merge the wal first.
    let before = std::fs::read(wal(&copy.db())).expect("the wal");
    if let Some(mut cmd) = unprivileged(&copy, &["roster", "show", HAMMERS]) {
        let out = cmd.output().expect("ptg runs");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{stderr}");
        assert!(stderr.contains("its latest changes are still in"), "{stderr}");
    }
    assert_eq!(std::fs::read(wal(&copy.db())).expect("the wal"), before);
    chmod(copy.dir.path(), 0o755);
}
