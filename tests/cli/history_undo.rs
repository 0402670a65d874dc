//! End-to-end: the change log read back as history, and undo appending reversals that put a
//! roster back exactly where it was.

use crate::common;

use common::{Fixture, HAMMERS, Ptg, RATS};
use serde_json::Value;

/// Two rosters with a battle fought (1000 points, Relics of Myth): the Hammers win 14-8 with
/// the Dawn Guard on Seek Glory in Battle; the Stormvermin are destroyed.
static FOUGHT: Fixture = Fixture::new(|| {
    let p = Ptg::ashen_vale();
    p.new_hammers();
    p.ok(&["roster", "add", HAMMERS, "Liberators", "--name", "Dawn Guard"]);
    p.ok(&["roster", "add", HAMMERS, "Knight-Arcanum"]);
    p.ok(&[
        "quest",
        "start",
        HAMMERS,
        "Seek Glory in Battle",
        "--unit",
        "Dawn Guard",
    ]);
    p.new_rats();
    p.ok(&["roster", "add", RATS, "Stormvermin"]);
    p.plan_battle("1000", "Relics of Myth");
    p.ok(&[
        "battle",
        "army",
        "1",
        HAMMERS,
        "1",
        "Dawn Guard",
        "Knight-Arcanum",
    ]);
    p.ok(&["battle", "army", "1", RATS, "Grey Seer", "Stormvermin"]);
    p.ok(&[
        "battle",
        "result",
        "1",
        "--vp",
        "Hammers of Dawn=14",
        "--vp",
        "Rat Tide=8",
        "--destroyed",
        "Stormvermin",
    ]);
    p
});

fn show(p: &Ptg, roster: &str) -> Value {
    p.json(&["roster", "show", roster])
}

#[test]
fn undoing_an_aftermath_puts_glory_renown_ranks_quest_and_order_of_battle_back() {
    let p = FOUGHT.copy();
    // 55 glory cannot buy a unit, so this aftermath retires one; buying and reinforcing are
    // undone in the 2500-point test below.
    let before = show(&p, HAMMERS);
    // D3s: Lord-Vigilant 3, Dawn Guard 3, Knight-Arcanum 2; favoured Dawn Guard D6 6 (-> 9);
    // Seek Glory D3+3 with a 3 (-> 15, Elite); Relics of Myth D6 2 + 14 = 16: an artefact.
    p.ok(&[
        "aftermath",
        "1",
        HAMMERS,
        "--favoured",
        "Dawn Guard",
        "--retire",
        "Knight-Arcanum",
        "--dice",
        "3,3,2,6,3,2",
    ]);
    let after = show(&p, HAMMERS);
    assert_eq!(after["glory"], 55);
    assert_eq!(
        after["completed_quests"],
        serde_json::json!(["Seek Glory in Battle"])
    );
    // The artefact joins the starting spell and manifestation the Knight-Arcanum left unpicked.
    assert_eq!(after["rewards"].as_array().unwrap().len(), 3);
    let dg = &after["units"][1];
    assert_eq!(
        (dg["renown"].as_u64(), dg["rank"].as_str()),
        (Some(15), Some("Elite"))
    );

    let undo = p.json(&["undo", "--roster", HAMMERS]);
    assert!(
        undo["summary"]
            .as_str()
            .unwrap()
            .contains("Aftermath of battle 1"),
        "{undo}"
    );
    let back = show(&p, HAMMERS);
    // set-up stays over: that came with the battle result, not the aftermath.
    assert_eq!(back["glory"], before["glory"]);
    assert_eq!(back["units"], before["units"]);
    assert_eq!(back["quest"], before["quest"]);
    assert_eq!(back["completed_quests"], before["completed_quests"]);
    assert_eq!(back["rewards"], before["rewards"]);
    assert_eq!(back["waiting"], before["waiting"]);

    // The aftermath can be run again, and history keeps the first run, its undo and the rerun.
    p.ok(&[
        "aftermath",
        "1",
        HAMMERS,
        "--favoured",
        "Dawn Guard",
        "--dice",
        "1,1,1,1,1,1",
    ]);
    let log = p.ok(&["history", "--roster", HAMMERS]);
    assert_eq!(
        log.matches("aftermath: Aftermath of battle 1 for Hammers of Dawn")
            .count(),
        2,
        "{log}"
    );
    assert!(log.contains("[undone by #"), "{log}");
    assert!(log.contains("undo: Undo #"), "{log}");
    // Abilities by name, as players know them, not by id (issue #33).
    assert!(log.contains("Aspiring ability: Berserker"), "{log}");
    assert!(!log.contains("ability: berserker"), "{log}");
    assert!(
        log.contains("+55 glory (battle 1: fought 30, major victory 20, general alive 5)"),
        "{log}"
    );
    assert!(
        log.contains("Dawn Guard +3 renown (battle 1: took part and survived, D3 rolled 3)"),
        "{log}"
    );
    assert!(
        log.contains("-55 glory (undo: Aftermath of battle 1 for Hammers of Dawn)"),
        "{log}"
    );
}

#[test]
fn undoing_purchases_takes_the_new_unit_off_and_refunds_the_glory() {
    let p = Ptg::ashen_vale();
    p.new_hammers();
    p.ok(&["roster", "add", HAMMERS, "Liberators"]);
    p.new_rats();
    p.plan_battle("2500", "The Ruined Settlement");
    p.ok(&["battle", "army", "1", HAMMERS, "1", "Liberators"]);
    p.ok(&["battle", "army", "1", RATS, "Grey Seer"]);
    p.ok(&[
        "battle",
        "result",
        "1",
        "--vp",
        "Hammers of Dawn=10",
        "--vp",
        "Rat Tide=0",
    ]);
    let before = show(&p, HAMMERS);
    // 2500 points, major victory, general alive: 150 + 50 + 20 = 220; Vindictors 90, reinforced 90.
    p.ok(&[
        "aftermath",
        "1",
        HAMMERS,
        "--favoured",
        "Liberators",
        "--add-unit",
        "Vindictors",
        "--reinforce",
        "new",
        "--dice",
        "1,1,1",
    ]);
    assert_eq!(show(&p, HAMMERS)["glory"], 220 - 180);
    assert_eq!(show(&p, HAMMERS)["units"].as_array().unwrap().len(), 3);
    p.ok(&["undo", "--roster", HAMMERS]);
    let back = show(&p, HAMMERS);
    assert_eq!(back["glory"], 0);
    assert_eq!(back["units"], before["units"]);
    assert_eq!(back["points"], before["points"]);
}

#[test]
fn undo_refuses_what_later_entries_build_on_and_walks_back_in_order() {
    let p = FOUGHT.copy();
    p.ok(&[
        "aftermath",
        "1",
        HAMMERS,
        "--favoured",
        "Dawn Guard",
        "--dice",
        "1,1,1,1,1,1",
    ]);
    p.ok(&[
        "aftermath",
        "1",
        RATS,
        "--favoured",
        "Stormvermin",
        "--dice",
        "1,1",
    ]);
    // Rat Tide's latest entry is its aftermath; the battle result underneath needs both
    // aftermaths gone first.
    p.ok(&["undo", "--roster", RATS]);
    p.refused(
        &["undo", "--roster", RATS],
        "Aftermath of battle 1 for Hammers of Dawn",
    );
    p.ok(&["undo", "--roster", HAMMERS]);
    // Now the result, then the armies, then the battle itself.
    let undone = p.json(&["undo", "--roster", RATS]);
    assert!(
        undone["summary"]
            .as_str()
            .unwrap()
            .contains("Battle 1: Hammers of Dawn major victory")
    );
    let battle = p.json(&["battle", "show", "1"]);
    assert_eq!(battle["status"], "planned");
    assert!(battle["sides"][0]["result"].is_null());
    assert_eq!(
        show(&p, HAMMERS)["setup_complete"],
        false,
        "set-up reopens with the result undone"
    );
    p.ok(&["undo", "--yes"]); // Rat Tide's army
    p.ok(&["undo", "--yes"]); // Hammers' army
    p.ok(&["undo", "--yes"]); // the battle
    p.refused(
        &["battle", "show", "1"],
        "cancelled by an undo; see the history (`ptg history`)",
    );
    // The Rat Tide's roster creation is next, and that cannot be undone.
    p.ok(&["undo", "--yes"]); // Stormvermin added
    let err = p.refused(&["undo", "--yes"], "undo cannot remove a roster");
    // Not a dead end: deleting the roster is the way (issue #33).
    assert!(
        err.contains("delete the roster instead (`ptg roster delete \"Rat Tide\"`)"),
        "{err}"
    );
}

#[test]
fn undoing_an_army_puts_the_earlier_army_back() {
    let p = FOUGHT.copy();
    // `FOUGHT` recorded the result; start a second battle to change armies in.
    p.ok(&[
        "battle",
        "new",
        "--campaign",
        "Ashen Vale",
        "--points",
        "1000",
        HAMMERS,
        RATS,
        "--battleplan",
        "The Ambush",
    ]);
    p.ok(&["battle", "army", "2", HAMMERS, "1", "Dawn Guard"]);
    p.ok(&["battle", "army", "2", HAMMERS, "1", "Knight-Arcanum"]);
    let army = |p: &Ptg| -> Vec<u64> {
        p.json(&["battle", "show", "2"])["sides"][0]["army"]
            .as_array()
            .unwrap()
            .iter()
            .map(|u| u["unit_id"].as_u64().unwrap())
            .collect()
    };
    assert_eq!(army(&p), [1, 3]);
    // The other side's army, recorded since, does not depend on this one and stays.
    p.ok(&["battle", "army", "2", RATS, "Grey Seer"]);
    p.ok(&["undo", "--roster", HAMMERS]);
    assert_eq!(army(&p), [1, 2]);
    assert_eq!(
        p.json(&["battle", "show", "2"])["sides"][1]["army"]
            .as_array()
            .unwrap()
            .len(),
        1
    );
    p.ok(&["undo", "--roster", HAMMERS]);
    assert_eq!(army(&p), Vec::<u64>::new());
}

#[test]
fn history_pages_with_limit_and_since_and_says_what_it_left_out() {
    let p = FOUGHT.copy();
    let all = p.json(&["history"]);
    let ids: Vec<i64> = all
        .as_array()
        .expect("sets")
        .iter()
        .map(|s| s["id"].as_i64().expect("id"))
        .collect();
    assert!(ids.len() > 5, "{ids:?}");
    // The latest two, oldest first, and how many came before.
    let last_two = p.json(&["history", "--limit", "2"]);
    let shown: Vec<i64> = last_two
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["id"].as_i64().unwrap())
        .collect();
    assert_eq!(shown, ids[ids.len() - 2..]);
    let text = p.ok(&["history", "--limit", "2"]);
    assert!(
        text.contains(&format!(
            "({} earlier change sets not shown: use --limit N or --since N to see them)",
            ids.len() - 2
        )),
        "{text}"
    );
    // From a set number (as history prints it, with or without '#'), or a date.
    let from = ids[3];
    for since in [from.to_string(), format!("#{from}")] {
        let page = p.json(&["history", "--since", &since]);
        let first = page[0]["id"].as_i64().unwrap();
        assert_eq!((first, page.as_array().unwrap().len()), (from, ids.len() - 3));
    }
    let today = p.json(&["history", "--since", "2000-01-01"]);
    assert_eq!(today.as_array().unwrap().len(), ids.len());
    let future = p.ok(&["history", "--since", "2999-01-01"]);
    assert!(future.contains("No history yet."), "{future}");
    // One roster's page keeps to that roster.
    let rats = p.json(&["history", "--roster", RATS, "--limit", "1"]);
    let rats_all = p.json(&["history", "--roster", RATS]);
    let rats_all = rats_all.as_array().unwrap();
    assert!(rats_all.len() < ids.len());
    assert_eq!(rats.as_array().unwrap().len(), 1);
    assert_eq!(rats[0]["id"], rats_all[rats_all.len() - 1]["id"]);
    // A roster's page is the top of its own list (issue 42 reads it from `roster_sets`): from
    // a set number on, the latest so many, and what came before it counted for that roster.
    let rats_ids: Vec<i64> = rats_all.iter().map(|s| s["id"].as_i64().unwrap()).collect();
    let n = rats_ids.len();
    assert!(n >= 3, "{rats_ids:?}");
    let ids_of = |v: serde_json::Value| -> Vec<i64> {
        v.as_array()
            .unwrap()
            .iter()
            .map(|s| s["id"].as_i64().unwrap())
            .collect()
    };
    let since = rats_ids[1].to_string();
    let from = ["history", "--roster", RATS, "--since", &since];
    assert_eq!(ids_of(p.json(&from)), rats_ids[1..]);
    assert_eq!(
        ids_of(p.json(&[&from[..], &["--limit", "2"]].concat())),
        rats_ids[n - 2..]
    );
    let text = p.ok(&["history", "--roster", RATS, "--limit", "2"]);
    assert!(
        text.contains(&format!("({} earlier change sets not shown", n - 2)),
        "{text}"
    );
    // Wrong usage: exit 2, naming the fix.
    p.refused_cmd(
        p.cmd(&["history", "--since", "last tuesday"]),
        2,
        "use e.g. --since 120 or --since 2026-11-23",
    );
    p.refused_cmd(p.cmd(&["history", "--limit", "0"]), 2, "--limit");
}

#[test]
fn undoing_a_result_and_the_armies_puts_the_battle_back_exactly() {
    let p = Ptg::ashen_vale();
    p.new_hammers();
    p.ok(&["roster", "add", HAMMERS, "Liberators", "--name", "Dawn Guard"]);
    p.ok(&["roster", "add", HAMMERS, "Knight-Arcanum"]);
    p.new_rats();
    p.ok(&["roster", "add", RATS, "Stormvermin"]);
    p.plan_battle("1000", "Relics of Myth");
    let battle = |p: &Ptg| p.json(&["battle", "show", "1"]);
    let mut seen = vec![battle(&p)];
    let steps: [&[&str]; 4] = [
        &["battle", "army", "1", HAMMERS, "1", "Dawn Guard"],
        // The Hammers' army replaced: its undo puts the first one back.
        &[
            "battle",
            "army",
            "1",
            HAMMERS,
            "1",
            "Knight-Arcanum",
            "Dawn Guard",
        ],
        // The second army decides who picks roles.
        &["battle", "army", "1", RATS, "Grey Seer", "Stormvermin"],
        &[
            "battle",
            "result",
            "1",
            "--vp",
            "Hammers of Dawn=14",
            "--vp",
            "Rat Tide=8",
            "--destroyed",
            "Stormvermin",
            "Dawn Guard",
            "--slew-hero-or-monster",
            "Knight-Arcanum",
            "--general-slain",
            RATS,
        ],
    ];
    for step in steps {
        p.ok(step);
        let now = battle(&p);
        assert_ne!(Some(&now), seen.last(), "{step:?} changed the battle");
        seen.push(now);
    }
    assert_eq!(seen[3]["roles_roster_id"], seen[4]["roles_roster_id"]);
    assert!(!seen[3]["roles_roster_id"].is_null(), "{}", seen[3]);
    let fought = seen.pop().unwrap();
    assert_eq!(fought["status"], "fought");
    // Newest first: the result, the Rats' army, the Hammers' second army, then their first.
    for before in seen.into_iter().rev() {
        p.ok(&["undo", "--yes"]);
        assert_eq!(battle(&p), before);
    }
    assert!(p.ok(&["audit"]).contains("no findings"));
}
