//! End-to-end: eight players' commands at once, with an organiser auditing all the while.
//! Every write succeeds (writers queue, never "database is locked"), none is lost, and no
//! audit run during the writes reports a finding that is not real (each audit reads one
//! consistent snapshot).

mod common;

use common::{ASHEN_VALE, Ptg, roster_new};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

const WRITERS: usize = 8;
/// Writes per writer: an add and its undo, repeated.
const WRITES: usize = 100;

fn roster(i: usize) -> String {
    format!("Host {i}")
}

#[test]
fn eight_writers_and_an_audit_loop_lose_nothing_and_find_nothing_false() {
    let p = Ptg::ashen_vale();
    for i in 0..WRITERS {
        let name = roster(i);
        p.ok(&roster_new(
            &name,
            ASHEN_VALE,
            "Stormcast Eternals",
            "Lord-Vigilant on Gryph-stalker",
            "warrior",
            "berserker",
        ));
    }
    let p = Arc::new(p);
    let failures = Arc::new(Mutex::new(Vec::<String>::new()));
    let writing = Arc::new(AtomicBool::new(true));

    let auditor = {
        let (p, failures, writing) = (p.clone(), failures.clone(), writing.clone());
        std::thread::spawn(move || {
            let mut audits = 0;
            while writing.load(Ordering::SeqCst) {
                let out = p.cmd(&["audit"]).output().expect("ptg runs");
                if !out.status.success() {
                    let err = String::from_utf8_lossy(&out.stderr).to_string();
                    let found = String::from_utf8_lossy(&out.stdout).to_string();
                    failures.lock().unwrap().push(format!("audit: {err}\n{found}"));
                }
                audits += 1;
            }
            audits
        })
    };
    let writers: Vec<_> = (0..WRITERS)
        .map(|i| {
            let (p, failures) = (p.clone(), failures.clone());
            std::thread::spawn(move || {
                let name = roster(i);
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
    writing.store(false, Ordering::SeqCst);
    let audits = auditor.join().expect("auditor thread");

    let failures = failures.lock().unwrap();
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(audits > 0, "the audit ran during the writes");
    // Nothing lost: each roster logged its creation and all 100 writes, and holds only its
    // warlord again (every add was undone).
    for i in 0..WRITERS {
        let name = roster(i);
        let history = p.json(&["history", "--roster", &name]);
        assert_eq!(history.as_array().unwrap().len(), 1 + WRITES, "{name}");
        let shown = p.json(&["roster", "show", &name]);
        assert_eq!(shown["units"].as_array().unwrap().len(), 1, "{name}");
    }
    p.ok(&["audit"]);
}
