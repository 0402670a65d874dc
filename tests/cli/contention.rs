//! End-to-end: sixteen players writing at once on two cores. SQLite's own busy wait is not
//! enough here (a writer can be starved past it, or told "busy" at once when its snapshot is
//! stale), so `Store::write` retries a busy transaction whole; no player may ever see
//! "database is locked", and nothing may be lost or written twice.

use crate::common;

use common::{ASHEN_VALE, Ptg, roster_new};
use std::sync::{Arc, Mutex};

const WRITERS: usize = 16;
/// Writes per writer: an add and its undo, repeated (odd, so each roster ends with one add).
const WRITES: usize = 15;

fn roster(i: usize) -> String {
    format!("Host {i}")
}

#[test]
fn sixteen_writers_at_once_all_succeed_and_lose_nothing() {
    let p = Ptg::ashen_vale();
    for i in 0..WRITERS {
        p.ok(&roster_new(
            &roster(i),
            ASHEN_VALE,
            "Stormcast Eternals",
            "Lord-Vigilant on Gryph-stalker",
            "warrior",
            "berserker",
        ));
    }
    let p = Arc::new(p);
    let failures = Arc::new(Mutex::new(Vec::<String>::new()));
    // All writers start together, so their commands overlap from the first one.
    let start = Arc::new(std::sync::Barrier::new(WRITERS));
    let writers: Vec<_> = (0..WRITERS)
        .map(|i| {
            let (p, failures, start) = (p.clone(), failures.clone(), start.clone());
            std::thread::spawn(move || {
                let name = roster(i);
                start.wait();
                for n in 0..WRITES {
                    let args: Vec<&str> = if n % 2 == 0 {
                        vec!["roster", "add", &name, "Liberators"]
                    } else {
                        vec!["undo", "--roster", &name]
                    };
                    let out = p.cmd(&args).output().expect("ptg runs");
                    if !out.status.success() {
                        let err = String::from_utf8_lossy(&out.stderr).to_string();
                        failures.lock().unwrap().push(format!("{args:?}: {err}"));
                    }
                }
            })
        })
        .collect();
    for w in writers {
        w.join().expect("writer thread");
    }
    let failures = failures.lock().unwrap();
    assert!(
        failures.is_empty(),
        "{} of {} writes failed:\n{}",
        failures.len(),
        WRITERS * WRITES,
        failures.join("\n")
    );
    // Nothing lost, nothing doubled by a retry: each roster logged its creation and every
    // write once, and holds its warlord and the one unit its last add left.
    for i in 0..WRITERS {
        let name = roster(i);
        let history = p.json(&["history", "--roster", &name]);
        assert_eq!(history.as_array().unwrap().len(), 1 + WRITES, "{name}");
        let shown = p.json(&["roster", "show", &name]);
        assert_eq!(shown["units"].as_array().unwrap().len(), 2, "{name}");
    }
    p.ok(&["audit"]);
}

/// Issue #31, item 8: a command that asks nobody (dice rolled by ptg, or typed up front) is
/// never refused "changed meanwhile": when another command changed what it read, it runs again
/// from a fresh read. Eight armies of one roster recorded at once, for eight planned battles:
/// each army's change set touches the roster every other one read.
#[test]
fn commands_that_ask_nobody_are_never_refused_for_a_change_meanwhile() {
    const BATTLES: usize = 8;
    let p = Ptg::ashen_vale();
    p.new_hammers();
    p.new_rats();
    p.ok(&["roster", "add", common::HAMMERS, "Liberators"]);
    for _ in 0..BATTLES {
        p.plan_battle("1000", "The Ruined Settlement");
    }
    let p = Arc::new(p);
    let refused = Arc::new(Mutex::new(Vec::<String>::new()));
    let start = Arc::new(std::sync::Barrier::new(BATTLES));
    let writers: Vec<_> = (1..=BATTLES)
        .map(|n| {
            let (p, refused, start) = (p.clone(), refused.clone(), start.clone());
            std::thread::spawn(move || {
                let battle = n.to_string();
                let args = [
                    "battle",
                    "army",
                    &battle,
                    common::HAMMERS,
                    "Lord-Vigilant on Gryph-stalker",
                    "Liberators",
                    "--seed",
                    "3",
                ];
                start.wait();
                let out = p.cmd(&args).output().expect("ptg runs");
                if !out.status.success() {
                    refused
                        .lock()
                        .unwrap()
                        .push(String::from_utf8_lossy(&out.stderr).to_string());
                }
            })
        })
        .collect();
    for w in writers {
        w.join().expect("writer thread");
    }
    let refused = refused.lock().unwrap();
    assert!(
        refused.is_empty(),
        "{} of {BATTLES} refused: {refused:?}",
        refused.len()
    );
    for n in 1..=BATTLES {
        let b = p.json(&["battle", "show", &n.to_string()]);
        assert!(
            !b["sides"][0]["army"].as_array().unwrap().is_empty(),
            "battle {n}"
        );
    }
}
