//! End-to-end: a bare `ptg undo` in a database with several rosters asks before taking back
//! what may be another player's command, holds no lock while it waits, and undoes only what
//! was confirmed.

use crate::common;

use common::{ASHEN_VALE, HAMMERS, Ptg, RATS};
use std::io::{Read, Write};
use std::process::Stdio;
use std::time::{Duration, Instant};

/// Both rosters, the Rat Tide's Clanrats added last: the latest command is the Rat Tide's.
fn two_rosters() -> Ptg {
    let p = Ptg::ashen_vale();
    p.new_hammers();
    p.new_rats();
    p.ok(&["roster", "add", HAMMERS, "Liberators"]);
    p.ok(&["roster", "add", RATS, "Clanrats"]);
    p
}

fn units(p: &Ptg, roster: &str) -> usize {
    p.json(&["roster", "show", roster])["units"]
        .as_array()
        .unwrap()
        .len()
}

#[test]
fn bare_undo_with_several_rosters_asks_and_refuses_without_a_yes() {
    let p = two_rosters();
    // No input at all: refused, naming what and whose it would have undone.
    let err = p.refused(&["undo"], "pass `--roster R`");
    assert!(err.contains("Undo #"), "{err}");
    assert!(err.contains("Rat Tide, player Ana)? [y/N]"), "{err}");
    assert!(err.contains("`--campaign C`") && err.contains("`--yes`"), "{err}");
    // Anything but yes: refused too.
    let mut no = p.cmd(&["undo"]);
    no.write_stdin("n\n");
    p.refused_cmd(no, 1, "nothing undone");
    let mut blank = p.cmd(&["undo"]);
    blank.write_stdin("\n");
    p.refused_cmd(blank, 1, "nothing undone");
    assert_eq!(units(&p, RATS), 2);

    // Yes on the pipe undoes the Rat Tide's Clanrats.
    let out = p.cmd(&["undo"]).write_stdin("y\n").output().unwrap();
    assert!(out.status.success(), "{out:?}");
    assert_eq!(units(&p, RATS), 1);
    assert_eq!(units(&p, HAMMERS), 2);

    // --yes, --roster and --campaign ask nothing.
    p.ok(&["roster", "add", RATS, "Clanrats"]);
    p.ok(&["undo", "--yes"]);
    assert_eq!(units(&p, RATS), 1);
    p.ok(&["undo", "--roster", HAMMERS]);
    assert_eq!(units(&p, HAMMERS), 1);
    p.ok(&["roster", "add", RATS, "Clanrats"]);
    p.ok(&["undo", "--campaign", ASHEN_VALE]);
    assert_eq!(units(&p, RATS), 1);
    p.refused(&["undo", "--campaign", "Nowhere"], "Nowhere");
}

#[test]
fn bare_undo_with_one_roster_asks_nothing() {
    let p = Ptg::ashen_vale();
    p.new_hammers();
    p.ok(&["roster", "add", HAMMERS, "Liberators"]);
    let undone = p.ok(&["undo"]);
    assert!(undone.contains("Undo #"), "{undone}");
    assert_eq!(units(&p, HAMMERS), 1);
}

#[test]
fn an_undo_waiting_for_its_answer_holds_no_lock_and_refuses_if_the_latest_changed() {
    let p = two_rosters();
    let mut child = p
        .process(&["undo"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Wait for the question (it ends with "[y/N] ", no newline).
    let mut stderr = child.stderr.take().unwrap();
    let mut seen = Vec::new();
    let start = Instant::now();
    while !String::from_utf8_lossy(&seen).contains("[y/N]") {
        assert!(start.elapsed() < Duration::from_secs(30), "no question asked");
        let mut byte = [0u8; 1];
        if stderr.read(&mut byte).unwrap() == 0 {
            panic!(
                "ptg undo ended without asking: {}",
                String::from_utf8_lossy(&seen)
            );
        }
        seen.push(byte[0]);
    }
    // Meanwhile the other player adds a unit: the database is not locked.
    p.ok(&["roster", "add", HAMMERS, "Liberators"]);
    let before = p.fingerprint();
    child.stdin.take().unwrap().write_all(b"y\n").unwrap();
    let mut rest = String::new();
    stderr.read_to_string(&mut rest).unwrap();
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(1), "{rest}");
    assert!(rest.contains("changed meanwhile"), "{rest}");
    assert_eq!(p.fingerprint(), before, "nothing was undone");
    assert_eq!(units(&p, HAMMERS), 3);
}
