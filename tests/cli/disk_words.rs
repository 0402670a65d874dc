//! What a player reads when the disk fails them (issue 30, item 9): a database on a read-only
//! file system, a full disk under the database or under a backup. Each is the player's to fix
//! (exit 1, naming the path and the cause), not "please report it" (exit 3).
//!
//! These need a small file system of their own (a tmpfs, mounted read-only or filled up), so
//! they run where the tests may mount one (as root, e.g. in CI containers) and say they were
//! skipped elsewhere.

use crate::common;

use common::Ptg;
use std::path::{Path, PathBuf};
use std::process::Command;

/// A 2 MB tmpfs mounted on a folder of `p`'s, unmounted when dropped.
struct Tmpfs(PathBuf);

impl Tmpfs {
    fn new(p: &Ptg) -> Option<Tmpfs> {
        let dir = p.dir.path().join("disk");
        std::fs::create_dir(&dir).unwrap();
        let mounted = Command::new("mount")
            .args(["-t", "tmpfs", "-o", "size=2m", "tmpfs"])
            .arg(&dir)
            .output()
            .is_ok_and(|o| o.status.success());
        if !mounted {
            eprintln!("skipped: cannot mount a tmpfs here (not root?)");
            return None;
        }
        Some(Tmpfs(dir))
    }

    fn remount(&self, how: &str) {
        let ok = Command::new("mount")
            .args(["-o", &format!("remount,{how}")])
            .arg(&self.0)
            .status()
            .unwrap();
        assert!(ok.success());
    }

    /// Fills the file system to the last byte.
    fn fill(&self) {
        let _ = Command::new("dd")
            .args(["if=/dev/zero", "bs=4k"])
            .arg(format!("of={}", self.0.join("fill").display()))
            .output();
    }

    fn path(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }
}

impl Drop for Tmpfs {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(&self.0).status();
    }
}

/// `ptg --db DB ARGS`, expecting exit 1 with `expected` in its error.
fn refused_on(p: &Ptg, db: &Path, args: &[&str], expected: &str) {
    let mut cmd = p.cmd(&[&["--db", db.to_str().unwrap()][..], args].concat());
    let out = cmd.output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{args:?}: {stderr}");
    assert!(
        stderr.contains(expected),
        "{args:?}: expected {expected:?} in {stderr}"
    );
    assert!(
        !stderr.contains("please report") && !stderr.contains("internal error"),
        "{stderr}"
    );
}

#[test]
fn a_database_on_a_read_only_file_system_cannot_be_written_in_words() {
    let p = Ptg::new();
    let Some(disk) = Tmpfs::new(&p) else { return };
    let db = disk.path("league.sqlite3");
    p.ok(&["--db", db.to_str().unwrap(), "campaign", "new", "Ashen Vale"]);
    disk.remount("ro");
    let words = format!(
        "the database at {} cannot be written (Read-only file system",
        db.display()
    );
    refused_on(&p, &db, &["campaign", "new", "Other Vale"], &words);
    // Reading still works, and a backup onto it is refused naming the file, not a temp file.
    p.ok(&["--db", db.to_str().unwrap(), "campaign", "list"]);
    let other = p.dir.path().join("league.sqlite3");
    std::fs::copy(&db, &other).unwrap();
    let backup = disk.path("backup.sqlite3");
    refused_on(
        &p,
        &other,
        &["backup", backup.to_str().unwrap()],
        &format!(
            "cannot write the backup {}: Read-only file system",
            backup.display()
        ),
    );
    disk.remount("rw");
}

#[test]
fn a_full_disk_is_named_not_reported_as_a_disk_io_error() {
    let p = Ptg::new();
    let Some(disk) = Tmpfs::new(&p) else { return };
    let db = disk.path("league.sqlite3");
    p.ok(&["--db", db.to_str().unwrap(), "campaign", "new", "Ashen Vale"]);
    disk.fill();
    let words = format!("the disk holding the database at {} is full", db.display());
    refused_on(&p, &db, &["campaign", "new", "Other Vale"], &words);
    refused_on(&p, &db, &["campaign", "new", "Third Vale"], &words);
    // A backup of a database elsewhere onto the full disk.
    let home = p.dir.path().join("home.sqlite3");
    p.ok(&["--db", home.to_str().unwrap(), "campaign", "new", "Home Vale"]);
    let backup = disk.path("backup.sqlite3");
    refused_on(
        &p,
        &home,
        &["backup", backup.to_str().unwrap()],
        &format!("the disk holding {} is full", disk.0.display()),
    );
    let left: Vec<_> = std::fs::read_dir(&disk.0)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains("partial") || n.contains("backup"))
        .collect();
    assert!(left.is_empty(), "{left:?}");
}
