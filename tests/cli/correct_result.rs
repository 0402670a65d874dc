//! Issue 38: a result corrected keeps its battle's place in campaign time, and undo refuses
//! to leave later records resting on a result that no longer stands. `battle result N
//! --correct` writes one change set that `undo` reverses; the battle's time stays its
//! `battle result` set, so aftermaths, favour and triumphs follow the order fought. Each
//! refusal leaves the database unchanged (`Ptg::refused`).

use crate::common;

use common::league::assert_table_adds_up;
use common::wastes::{CULT, SILKEN, WASTES};
use common::{ASHEN_VALE, HAMMERS, Ptg, RATS, roster_new};
use serde_json::Value;

const LORD: &str = "Lord-Vigilant on Gryph-stalker";

/// Battle `n` (1000 points) between the Hammers and `other`, both armies recorded; the
/// roll-off for roles scripted 6 v 1 while the generals' renown is equal.
fn plan(p: &Ptg, n: &str, other: &str) {
    p.ok(&[
        "battle",
        "new",
        "--campaign",
        ASHEN_VALE,
        "--points",
        "1000",
        "--battleplan",
        "The Ruined Settlement",
        HAMMERS,
        other,
    ]);
    p.ok(&[
        "battle",
        "army",
        n,
        HAMMERS,
        LORD,
        "Liberators",
        "Vindictors",
        "--seed",
        "5",
    ]);
    let units: &[&str] = match other {
        RATS => &["Grey Seer", "Clanrats"],
        _ => &["Lord of Pain", "Daemonettes"],
    };
    let mut args = vec!["battle", "army", n, other];
    args.extend(units);
    let mut with_dice = args.clone();
    with_dice.extend(["--dice", "6,1"]);
    if !p.cmd(&with_dice).output().unwrap().status.success() {
        p.ok(&args);
    }
}

/// The result of battle `n`: the Hammers' victory points, then the other side's.
fn result(p: &Ptg, n: &str, other: &str, vp: (u32, u32), correct: bool) -> String {
    let (h, o) = (format!("{HAMMERS}={}", vp.0), format!("{other}={}", vp.1));
    let mut args = vec!["battle", "result", n, "--vp", &h, "--vp", &o];
    if correct {
        args.push("--correct");
    }
    p.ok(&args)
}

/// Hammers of Dawn (Lord-Vigilant, Liberators, Knight-Arcanum, Vindictors), Rat Tide (Grey
/// Seer, Clanrats, Stormvermin, Warlock Engineer) and Silken Host (Lord of Pain, Daemonettes).
fn three_rosters() -> Ptg {
    let p = Ptg::four_units_each();
    p.ok(&roster_new(
        SILKEN,
        ASHEN_VALE,
        "Hedonites of Slaanesh",
        "Lord of Pain",
        "warrior",
        "berserker",
    ));
    p.ok(&["roster", "add", SILKEN, "Daemonettes"]);
    p
}

fn side<'a>(b: &'a Value, roster: &str) -> &'a Value {
    common::named(&b["sides"], "roster", roster)
}

#[test]
fn a_corrected_result_keeps_its_place_in_campaign_time_and_undo_puts_it_back() {
    let p = Ptg::four_units_each();
    plan(&p, "1", RATS);
    plan(&p, "2", RATS);
    // Battle 2 is fought first (mistyped as a Hammers' major victory, Vindictors destroyed),
    // then battle 1.
    p.ok(&[
        "battle",
        "result",
        "2",
        "--vp",
        "Hammers of Dawn=14",
        "--vp",
        "Rat Tide=8",
        "--destroyed",
        "Vindictors",
    ]);
    result(&p, "1", RATS, (10, 10), false);
    let out = result(&p, "2", RATS, (8, 14), true);
    assert!(out.contains("keeps its place in campaign time"), "{out}");
    let b = p.json(&["battle", "show", "2"]);
    assert_eq!(side(&b, HAMMERS)["result"], "major_defeat");
    assert_eq!(side(&b, RATS)["result"], "major_victory");
    assert!(
        side(&b, HAMMERS)["army"]
            .as_array()
            .unwrap()
            .iter()
            .all(|u| u["destroyed"] == false),
        "the correction names no unit destroyed: {b}"
    );
    // Battle 2 is still the one fought first: its aftermath runs before battle 1's.
    p.refused(
        &[
            "aftermath",
            "1",
            HAMMERS,
            "--favoured",
            "Liberators",
            "--seed",
            "3",
        ],
        "run battle 2's aftermath first",
    );
    let history = p.ok(&["history", "--campaign", ASHEN_VALE]);
    assert!(history.contains("battle result --correct"), "{history}");
    assert_table_adds_up(&p, ASHEN_VALE, "after the correction");
    // Undo puts the result back as it was, league table included.
    p.ok(&["undo", "--yes"]);
    let b = p.json(&["battle", "show", "2"]);
    assert_eq!(side(&b, HAMMERS)["result"], "major_victory");
    let destroyed: Vec<&Value> = side(&b, HAMMERS)["army"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|u| u["destroyed"] == true)
        .collect();
    assert_eq!(destroyed.len(), 1, "the Vindictors destroyed again: {b}");
    assert_table_adds_up(&p, ASHEN_VALE, "after the correction's undo");
    p.refused(
        &[
            "aftermath",
            "1",
            HAMMERS,
            "--favoured",
            "Liberators",
            "--seed",
            "3",
        ],
        "run battle 2's aftermath first",
    );
}

#[test]
fn a_correction_waits_for_the_result_and_stops_at_an_aftermath() {
    let p = Ptg::four_units_each();
    plan(&p, "1", RATS);
    let correct = [
        "battle",
        "result",
        "1",
        "--vp",
        "Hammers of Dawn=10",
        "--vp",
        "Rat Tide=10",
        "--correct",
    ];
    p.refused(&correct, "battle 1 has no result to correct yet");
    result(&p, "1", RATS, (14, 8), false);
    p.refused(
        &[
            "battle",
            "result",
            "1",
            "--vp",
            "Hammers of Dawn=14",
            "--vp",
            "Rat Tide=8",
            "--correct",
        ],
        "nothing to correct",
    );
    p.ok(&["aftermath", "1", RATS, "--favoured", "Clanrats", "--seed", "4"]);
    let refused = p.refused(&correct, "Rat Tide's aftermath of battle 1 has run");
    assert!(refused.contains("undo that aftermath first"), "{refused}");
    assert!(refused.contains("ptg undo --roster \"Rat Tide\""), "{refused}");
}

#[test]
fn a_result_cannot_be_undone_while_a_later_result_of_its_roster_stands() {
    let p = three_rosters();
    plan(&p, "1", SILKEN);
    plan(&p, "2", RATS);
    // Battle 2 is fought first, then battle 1; both are the Hammers' (and end its set-up).
    result(&p, "2", RATS, (14, 8), false);
    result(&p, "1", SILKEN, (10, 10), false);
    // The Rat Tide's latest command is battle 2's result; undoing it would leave battle 1
    // (fought after it by the Hammers) resting on a battle no longer fought.
    let refused = p.refused(
        &["undo", "--roster", RATS],
        "builds on it (Hammers of Dawn fought battle 1 after it); undo that first",
    );
    assert!(
        refused.contains("ptg undo --roster \"Hammers of Dawn\""),
        "{refused}"
    );
    // Set-up stays over for the Hammers: no starting unit is added for free.
    p.refused(&["roster", "add", HAMMERS, "Liberators"], "set-up is over");
    // Once battle 1's result is undone, battle 2's may be, and with no result standing the
    // Hammers' set-up reopens.
    p.ok(&["undo", "--roster", SILKEN]);
    p.ok(&["undo", "--roster", RATS]);
    p.ok(&["roster", "add", HAMMERS, "Liberators"]);
    p.ok(&["audit"]);
}

fn triumph_of(p: &Ptg, battle: &str) -> Value {
    side(&p.json(&["battle", "show", battle]), HAMMERS)["triumph"].clone()
}

#[test]
fn a_triumph_rolled_from_a_victory_holds_its_result_against_correction_and_undo() {
    let p = three_rosters();
    p.ok(&["campaign", "set", ASHEN_VALE, "--option", "triumphs"]);
    plan(&p, "1", RATS);
    result(&p, "1", RATS, (14, 8), false);
    plan(&p, "2", SILKEN);
    assert!(
        triumph_of(&p, "2").is_object(),
        "battle 2 takes battle 1's triumph"
    );
    p.refused(
        &[
            "battle",
            "result",
            "1",
            "--vp",
            "Hammers of Dawn=10",
            "--vp",
            "Rat Tide=10",
            "--correct",
        ],
        "Hammers of Dawn's army for battle 2 rolled a triumph from its major victory in battle 1",
    );
    // A correction that leaves the major victory standing keeps the triumph, and its undo too.
    result(&p, "1", RATS, (16, 8), true);
    p.ok(&["undo", "--roster", RATS]);
    // The result itself cannot be undone while the triumph rolled from it stands.
    p.refused(
        &["undo", "--roster", RATS],
        "(Hammers of Dawn's army for battle 2 rolled a triumph from its major victory); undo that first",
    );
    assert!(triumph_of(&p, "2").is_object());
    p.ok(&["audit"]);
}

#[test]
fn a_result_decided_by_casualties_is_decided_again_when_corrected() {
    let p = Ptg::small_battle_with(&["--option", "sudden-death"]);
    p.ok(&[
        "battle",
        "result",
        "1",
        "--vp",
        "Hammers of Dawn=3",
        "--vp",
        "Rat Tide=9",
        "--models-lost",
        "Hammers of Dawn=3",
        "--models-lost",
        "Rat Tide=14",
    ]);
    let b = p.json(&["battle", "show", "1"]);
    assert_eq!(side(&b, RATS)["decision"]["models_lost"], 14);
    // Told again by victory points alone: no decision is left from the casualties.
    result(&p, "1", RATS, (3, 9), true);
    let b = p.json(&["battle", "show", "1"]);
    assert_eq!(side(&b, HAMMERS)["result"], "major_defeat", "{b}");
    assert!(side(&b, RATS)["decision"].is_null(), "{b}");
    p.ok(&["undo", "--yes"]);
    let b = p.json(&["battle", "show", "1"]);
    assert_eq!(side(&b, HAMMERS)["result"], "minor_victory", "{b}");
    assert_eq!(side(&b, RATS)["decision"]["models_lost"], 14, "{b}");
    p.ok(&["audit"]);
}

/// Battle `n` at Mount Hedon between the Silken Host and the Cult of Change, armies in.
fn at_mount_hedon(p: &Ptg, n: &str) {
    p.ok(&[
        "battle",
        "new",
        "--campaign",
        WASTES,
        "--points",
        "1000",
        SILKEN,
        CULT,
        "--battleplan",
        "The Ruined Settlement",
        "--realm",
        "Mount Hedon",
    ]);
    p.ok(&["battle", "army", n, SILKEN, "Lord of Pain", "Daemonettes"]);
    p.ok(&[
        "battle",
        "army",
        n,
        CULT,
        "Magister",
        "Pink Horrors",
        "--dice",
        "6,1",
    ]);
}

fn favour(p: &Ptg) -> i64 {
    p.json(&["roster", "show", SILKEN])["favour"]
        .as_i64()
        .expect("favour")
}

#[test]
fn favour_adds_up_in_the_order_fought_after_a_result_is_corrected() {
    let p = Ptg::the_wastes("realms,favour");
    p.ok(&["roster", "add", SILKEN, "Daemonettes"]);
    p.ok(&["roster", "add", CULT, "Pink Horrors"]);
    at_mount_hedon(&p, "1");
    at_mount_hedon(&p, "2");
    let vp = |n: &str, silken: u32, cult: u32, correct: bool| {
        let (s, c) = (format!("{SILKEN}={silken}"), format!("{CULT}={cult}"));
        let mut args = vec!["battle", "result", n, "--vp", &s, "--vp", &c];
        if correct {
            args.push("--correct");
        }
        p.ok(&args);
    };
    // Battle 2 is fought first: a Silken victory, mistyped as a defeat; then battle 1, lost.
    vp("2", 8, 14, false);
    vp("1", 8, 14, false);
    // Both rosters fought both battles: battle 2's result is corrected, not undone and typed
    // again (which would move it after battle 1).
    vp("2", 14, 8, true);
    // As fought: 0, then +1 at Mount Hedon (battle 2), then a D3 lost (battle 1): 0.
    assert_eq!(favour(&p), 0);
    p.ok(&[
        "aftermath",
        "2",
        SILKEN,
        "--favoured",
        "Daemonettes",
        "--seed",
        "1",
    ]);
    assert_eq!(favour(&p), 1);
    p.ok(&[
        "aftermath",
        "1",
        SILKEN,
        "--favoured",
        "Daemonettes",
        "--seed",
        "2",
    ]);
    assert_eq!(favour(&p), 0);
    p.ok(&["audit"]);
}
