//! End-to-end: eight players' commands at once, with an organiser auditing all the while.
//! Every write succeeds (writers queue, never "database is locked"), none is lost, and no
//! audit run during the writes reports a finding that is not real (each audit reads one
//! consistent snapshot; the writes are whole battles, so glory, renown and the dice log move).

use crate::common;

use common::{Ptg, roster_new};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

const WRITERS: usize = 8;
/// Writes per writer: battles fought to the end, six commands each (plan, two armies, result,
/// two aftermaths), so glory, renown and the dice log all move while the audit reads.
const WRITES: usize = 100;

/// Writer `i`'s campaign and its two rosters.
fn names(i: usize) -> (String, String, String) {
    (format!("Vale {i}"), format!("Hosts {i}"), format!("Rats {i}"))
}

/// The `n`th command of writer `i`, given the id of its current battle (set by a plan).
fn command(i: usize, n: usize, battle: &str) -> Vec<String> {
    let (campaign, a, b) = names(i);
    let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
    match n % 6 {
        0 => s(&[
            "battle",
            "new",
            "--campaign",
            &campaign,
            "--points",
            "1000",
            &a,
            &b,
            "--json",
        ]),
        1 => s(&[
            "battle",
            "army",
            battle,
            &a,
            "Lord-Vigilant on Gryph-stalker",
            "Liberators",
        ]),
        2 => s(&["battle", "army", battle, &b, "Grey Seer", "Clanrats"]),
        3 => s(&[
            "battle",
            "result",
            battle,
            "--vp",
            &format!("{a}=9"),
            "--vp",
            &format!("{b}=4"),
        ]),
        4 => s(&["aftermath", battle, &a, "--favoured", "Liberators"]),
        _ => s(&["aftermath", battle, &b, "--favoured", "Clanrats"]),
    }
}

#[test]
fn eight_writers_and_an_audit_loop_lose_nothing_and_find_nothing_false() {
    let p = Ptg::new();
    for i in 0..WRITERS {
        let (campaign, a, b) = names(i);
        p.ok(&["campaign", "new", &campaign]);
        p.ok(&roster_new(
            &a,
            &campaign,
            "Stormcast Eternals",
            "Lord-Vigilant on Gryph-stalker",
            "warrior",
            "berserker",
        ));
        p.ok(&roster_new(
            &b,
            &campaign,
            "Skaven",
            "Grey Seer",
            "mage",
            "dedicated-practitioner",
        ));
        p.ok(&["roster", "add", &a, "Liberators"]);
        p.ok(&["roster", "add", &b, "Clanrats"]);
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
                let mut battle = String::new();
                for n in 0..WRITES {
                    let args = command(i, n, &battle);
                    let args: Vec<&str> = args.iter().map(String::as_str).collect();
                    let out = p.cmd(&args).output().expect("ptg runs");
                    if !out.status.success() {
                        let err = String::from_utf8_lossy(&out.stderr).to_string();
                        failures.lock().unwrap().push(format!("{args:?}: {err}"));
                        return;
                    }
                    if n % 6 == 0 {
                        let planned: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
                        battle = planned["id"].to_string();
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
    // Nothing lost: 100 writes are 16 whole battles and a 17th with its result recorded.
    for i in 0..WRITERS {
        let (campaign, a, b) = names(i);
        let battles = p.json(&["battle", "list", "--campaign", &campaign]);
        let battles = battles.as_array().unwrap();
        assert_eq!(battles.len(), WRITES.div_ceil(6), "{campaign}");
        let results = battles.iter().filter(|b| b["status"] == "fought").count();
        assert_eq!(results, WRITES.div_ceil(6), "{campaign}");
        for roster in [&a, &b] {
            let sets = p.json(&["history", "--roster", roster]);
            let aftermaths = sets
                .as_array()
                .unwrap()
                .iter()
                .filter(|s| s["command"] == "aftermath")
                .count();
            assert_eq!(aftermaths, WRITES / 6, "{roster}");
        }
    }
    p.ok(&["audit"]);
}
