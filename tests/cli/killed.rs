//! A `ptg backup` or `ptg import` killed part way (issue 39): only a whole file ever appears at
//! the name asked for. A killed backup's partial file is hidden, named for what it is, and
//! removed by the next backup; a killed import into a new path leaves no database there (it
//! is built in a hidden file beside it and renamed when done). Each is killed while it waits
//! in the test-only pause `PTG_TEST_SLOW_WRITE_MS` (before a backup is whole, before a write
//! commits), so the kill lands mid-way every time.

#![cfg(unix)]

use crate::common;

use common::Ptg;
use std::path::Path;
use std::process::Stdio;
use std::time::{Duration, Instant};

/// The names of the files in `dir` that end with `.ptg-partial` and start with `.{name}.`.
fn partials(dir: &Path, name: &str) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(&format!(".{name}.")) && n.ends_with(".ptg-partial"))
        .collect()
}

/// Runs `ptg args` on `p` paused at its commit, waits (at most 60 s) until `ready` says it is
/// under way, and kills it.
fn kill_part_way(p: &Ptg, args: &[&str], ready: impl Fn() -> bool) {
    let mut child = p
        .process(args)
        .env("PTG_TEST_SLOW_WRITE_MS", "60000")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while !ready() {
        assert!(
            child.try_wait().unwrap().is_none(),
            "ptg {args:?} ended before it was killed"
        );
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "ptg {args:?} never got under way"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    child.kill().unwrap();
    child.wait().unwrap();
}

#[test]
fn a_killed_backup_leaves_nothing_at_its_name_and_the_next_one_clears_its_partial() {
    let p = Ptg::small_battle();
    let dir = p.dir.path();
    let file = dir.join("league.sqlite3");
    kill_part_way(&p, &["backup", file.to_str().unwrap()], || {
        // Whole but for the pause: the copy is done, its partial file full.
        partials(dir, "league.sqlite3")
            .iter()
            .any(|n| std::fs::metadata(dir.join(n)).is_ok_and(|m| m.len() > 0))
    });
    assert!(!file.exists(), "a killed backup left a file at its name");
    assert_eq!(partials(dir, "league.sqlite3").len(), 1);
    p.ok(&["backup", file.to_str().unwrap()]);
    assert!(
        partials(dir, "league.sqlite3").is_empty(),
        "the killed backup's partial is still there"
    );
    p.ok(&["--db", file.to_str().unwrap(), "audit"]);
}

#[test]
fn a_killed_import_into_a_new_path_leaves_no_database_there() {
    let p = Ptg::small_battle();
    let league = p.dir.path().join("league.json");
    p.ok(&["export", "--output", league.to_str().unwrap()]);
    let fresh = Ptg::new();
    let dir = fresh.dir.path();
    kill_part_way(&fresh, &["import", league.to_str().unwrap()], || {
        // Its database made and being written: the write-ahead log of the hidden file is there.
        std::fs::read_dir(dir).unwrap().any(|e| {
            e.unwrap()
                .file_name()
                .to_string_lossy()
                .ends_with(".ptg-partial-wal")
        })
    });
    assert!(
        !fresh.db().exists(),
        "a killed import left a database at its path"
    );
    fresh.ok(&["import", league.to_str().unwrap()]);
    let left: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains("ptg-partial"))
        .collect();
    assert!(
        left.is_empty(),
        "the killed import's files are still there: {left:?}"
    );
    fresh.ok(&["audit"]);
    assert_eq!(fresh.ok(&["roster", "list"]), p.ok(&["roster", "list"]));
}
