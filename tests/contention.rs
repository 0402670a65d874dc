//! End-to-end: sixteen players writing at once on two cores. SQLite's own busy wait is not
//! enough here (a writer can be starved past it, or told "busy" at once when its snapshot is
//! stale), so `Store::write` retries a busy transaction whole; no player may ever see
//! "database is locked", and nothing may be lost or written twice.

mod common;

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
