//! Issue #31: a club night played out of order ends with the records of the same battles
//! played one after another. Three battles are planned at once and fought in the order 3, 1, 2,
//! with armies, a quest and aftermaths recorded in a shuffled but legal order; a twin database
//! plays the same battles one at a time with the same dice. Glory, renown, quests, triumphs and
//! roles come out the same, the audit is clean, and undo walks back through every step.

use crate::common;

use common::{HAMMERS, Ptg, RATS};
use serde_json::Value;

const LORD: &str = "Lord-Vigilant on Gryph-stalker";

fn rosters() -> Ptg {
    let p = Ptg::ashen_vale();
    p.ok(&["campaign", "set", common::ASHEN_VALE, "--option", "triumphs"]);
    p.new_hammers();
    p.new_rats();
    for w in ["Liberators", "Knight-Arcanum"] {
        p.ok(&["roster", "add", HAMMERS, w]);
    }
    p.ok(&["roster", "add", RATS, "Clanrats"]);
    p
}

/// The `k`th battle fought (1, 2, 3) as battle `n` of the database: armies, roll-off and
/// triumph dice are seeded by `k`, so the twin plays the same dice.
fn army(p: &Ptg, n: &str, k: usize, roster: &str, typed: Option<&str>) {
    let seed = (k * 10 + usize::from(roster == RATS)).to_string();
    let mut args = match roster {
        r if r == HAMMERS => vec!["battle", "army", n, HAMMERS, LORD, "Liberators", "Knight-Arcanum"],
        _ => vec!["battle", "army", n, RATS, "Grey Seer", "Clanrats"],
    };
    match typed {
        Some(dice) => args.extend(["--dice", dice]),
        None => args.extend(["--seed", &seed]),
    }
    p.ok(&args);
}

/// The result of the `k`th battle fought: the Hammers win the first two (14 to 8), the Rat
/// Tide the third.
fn result(p: &Ptg, n: &str, k: usize) {
    let vp = if k < 3 {
        ["Hammers of Dawn=14", "Rat Tide=8"]
    } else {
        ["Hammers of Dawn=8", "Rat Tide=14"]
    };
    p.ok(&["battle", "result", n, "--vp", vp[0], "--vp", vp[1]]);
}

fn aftermath(p: &Ptg, n: &str, k: usize, roster: &str) {
    let (favoured, seed) = match roster {
        r if r == HAMMERS => ("Liberators", k * 100),
        _ => ("Clanrats", k * 100 + 1),
    };
    p.ok(&[
        "aftermath",
        n,
        roster,
        "--favoured",
        favoured,
        "--seed",
        &seed.to_string(),
    ]);
}

fn quest(p: &Ptg) {
    p.ok(&[
        "quest",
        "start",
        HAMMERS,
        "Seek Glory in Battle",
        "--unit",
        "Knight-Arcanum",
    ]);
}

/// A battle as both databases should hold it, without its number and dates.
fn battle(p: &Ptg, n: &str) -> Value {
    let mut b = p.json(&["battle", "show", n]);
    for key in ["id", "created_at", "rolls"] {
        b.as_object_mut().unwrap().remove(key);
    }
    b
}

fn state(p: &Ptg) -> Value {
    serde_json::json!([
        p.json(&["roster", "show", HAMMERS]),
        p.json(&["roster", "show", RATS])
    ])
}

#[test]
fn battles_fought_out_of_order_keep_the_records_of_battles_played_in_turn() {
    // One after another: battle k is the kth fought.
    let twin = rosters();
    for k in 1..=3 {
        let n = k.to_string();
        twin.plan_battle("1000", "The Ruined Settlement");
        army(&twin, &n, k, HAMMERS, None);
        army(&twin, &n, k, RATS, (k == 1).then_some("6,1"));
        if k == 2 {
            quest(&twin);
        }
        result(&twin, &n, k);
        aftermath(&twin, &n, k, HAMMERS);
        aftermath(&twin, &n, k, RATS);
    }

    // All three planned at once, fought 3, 1, 2; each step's state kept for the undo.
    let p = rosters();
    let mut states = vec![state(&p)];
    let mut step = |p: &Ptg, f: &dyn Fn(&Ptg)| {
        f(p);
        states.push(state(p));
    };
    for _ in 0..3 {
        step(&p, &|p| p.plan_battle("1000", "The Ruined Settlement"));
    }
    // Battle 3 first: the Rat Tide's army first, so the Hammers' completes the pair and rolls
    // the roll-off (the same dice, 6 v 1).
    step(&p, &|p| army(p, "3", 1, RATS, None));
    step(&p, &|p| army(p, "3", 1, HAMMERS, Some("6,1")));
    step(&p, &|p| result(p, "3", 1));
    step(&p, &|p| aftermath(p, "3", 1, RATS));
    step(&p, &|p| aftermath(p, "3", 1, HAMMERS));
    // The quest is embarked on before battle 1's armies (the twin: after them).
    step(&p, &quest);
    step(&p, &|p| army(p, "1", 2, HAMMERS, None));
    step(&p, &|p| army(p, "1", 2, RATS, None));
    step(&p, &|p| result(p, "1", 2));
    step(&p, &|p| aftermath(p, "1", 2, HAMMERS));
    step(&p, &|p| aftermath(p, "1", 2, RATS));
    step(&p, &|p| army(p, "2", 3, HAMMERS, None));
    step(&p, &|p| army(p, "2", 3, RATS, None));
    step(&p, &|p| result(p, "2", 3));
    // Battle 2's aftermaths, the Rat Tide's first.
    step(&p, &|p| aftermath(p, "2", 3, RATS));
    step(&p, &|p| aftermath(p, "2", 3, HAMMERS));

    assert_eq!(state(&p), state(&twin), "the rosters after the three battles");
    for (ours, theirs) in [("3", "1"), ("1", "2"), ("2", "3")] {
        assert_eq!(
            battle(&p, ours),
            battle(&twin, theirs),
            "battle {ours} v the twin's {theirs}"
        );
    }
    // The second battle fought took the first's triumph, and the third the second's.
    assert!(battle(&p, "1")["sides"][0]["triumph"].is_object());
    assert!(battle(&p, "2")["sides"][0]["triumph"].is_object());
    let hammers = p.json(&["roster", "show", HAMMERS]);
    assert_eq!(
        hammers["completed_quests"],
        serde_json::json!(["Seek Glory in Battle"]),
        "{hammers}"
    );
    let audit = p.json(&["audit"]);
    assert_eq!(audit["findings"], serde_json::json!([]), "{audit}");

    // Undo walks back through every step.
    states.pop();
    while let Some(before) = states.pop() {
        p.ok(&["undo", "--campaign", common::ASHEN_VALE, "--yes"]);
        assert_eq!(state(&p), before, "after undoing back to step {}", states.len());
    }
}
