//! Issue #31: campaign time. "Previous", "next" and "since" are the order battles were fought
//! (their results recorded), not battle ids nor the order commands were typed.

use crate::common;

use common::{Fixture, HAMMERS, Ptg, RATS};
use serde_json::Value;

const LORD: &str = "Lord-Vigilant on Gryph-stalker";

/// Plans battle `n` (1000 points, The Ruined Settlement) with both whole rosters as armies; the
/// roll-off for roles scripted 6 v 1 while the generals' renown is equal.
fn plan(p: &Ptg, n: &str) {
    p.plan_battle("1000", "The Ruined Settlement");
    p.ok(&[
        "battle",
        "army",
        n,
        HAMMERS,
        LORD,
        "Liberators",
        "Knight-Arcanum",
        "Vindictors",
    ]);
    let rats = [
        "battle",
        "army",
        n,
        RATS,
        "Grey Seer",
        "Clanrats",
        "Stormvermin",
        "Warlock Engineer",
    ];
    let mut with_dice = rats.to_vec();
    with_dice.extend(["--dice", "6,1"]);
    if p.cmd(&with_dice).output().unwrap().status.success() {
        return;
    }
    p.ok(&rats);
}

/// Battle `n`: Hammers of Dawn 14 VP, Rat Tide 8 VP (a major victory for the Hammers), the
/// Hammers' Vindictors destroyed.
fn fight(p: &Ptg, n: &str) {
    p.ok(&[
        "battle",
        "result",
        n,
        "--vp",
        "Hammers of Dawn=14",
        "--vp",
        "Rat Tide=8",
        "--destroyed",
        "Vindictors",
    ]);
}

static FOUGHT: Fixture = Fixture::new(|| {
    let p = Ptg::four_units_each();
    plan(&p, "1");
    fight(&p, "1");
    p
});

fn roster(p: &Ptg, name: &str) -> Value {
    p.json(&["roster", "show", name])
}

#[test]
fn a_quest_started_after_the_result_counts_from_the_next_battle() {
    let p = FOUGHT.copy();
    // The Liberators took part in a major victory and survived: a quest embarked on before the
    // battle would be completed now. Embarked on after its result, it is not.
    p.ok(&[
        "quest",
        "start",
        HAMMERS,
        "Seek Glory in Battle",
        "--unit",
        "Liberators",
    ]);
    // Survivors' D3s (Lord-Vigilant, Liberators, Knight-Arcanum) and the favoured D6: no D3+3.
    let complete = [
        "aftermath",
        "1",
        HAMMERS,
        "--favoured",
        "Liberators",
        "--quest",
        "complete",
        "--dice",
        "1,2,3,4",
    ];
    p.refused(
        &complete,
        "was embarked on after battle 1 was fought, so it counts from the next battle",
    );
    let out = p.ok(&[
        "aftermath",
        "1",
        HAMMERS,
        "--favoured",
        "Liberators",
        "--dice",
        "1,2,3,4",
    ]);
    assert!(out.contains("counts from the next battle"), "{out}");
    let r = roster(&p, HAMMERS);
    assert_eq!(r["quest"]["quest"], "Seek Glory in Battle", "{}", r["quest"]);
    assert_eq!(r["completed_quests"], serde_json::json!([]));
    // Liberators: 2 (the survivors' D3) + 4 (favoured warriors' D6) = 6 renown; no D3+3 reward.
    let liberators = r["units"]
        .as_array()
        .unwrap()
        .iter()
        .find(|u| u["warscroll"] == "Liberators")
        .unwrap();
    assert_eq!(liberators["renown"], 6, "{liberators}");
}

#[test]
fn aftermaths_run_in_the_order_the_battles_were_fought() {
    let p = Ptg::four_units_each();
    plan(&p, "1");
    plan(&p, "2");
    // Battle 2 is fought first, then battle 1.
    fight(&p, "2");
    fight(&p, "1");
    let first = [
        "aftermath",
        "1",
        HAMMERS,
        "--favoured",
        "Liberators",
        "--seed",
        "3",
    ];
    p.refused(&first, "run battle 2's aftermath first");
    p.ok(&[
        "aftermath",
        "2",
        HAMMERS,
        "--favoured",
        "Liberators",
        "--seed",
        "3",
    ]);
    p.ok(&first);
    // The other side keeps its own order.
    p.refused(
        &["aftermath", "1", RATS, "--favoured", "Clanrats", "--seed", "4"],
        "run battle 2's aftermath first",
    );
}

/// Battle `n` with the Rat Tide winning 14 to 8: a major defeat for the Hammers.
fn lose(p: &Ptg, n: &str) {
    p.ok(&[
        "battle",
        "result",
        n,
        "--vp",
        "Hammers of Dawn=8",
        "--vp",
        "Rat Tide=14",
    ]);
}

fn triumph_of(p: &Ptg, battle: &str) -> Value {
    let b = p.json(&["battle", "show", battle]);
    common::named(&b["sides"], "roster", HAMMERS)["triumph"].clone()
}

fn army(p: &Ptg, n: &str) {
    p.ok(&[
        "battle",
        "army",
        n,
        HAMMERS,
        LORD,
        "Liberators",
        "Knight-Arcanum",
        "Vindictors",
        "--seed",
        "5",
    ]);
}

#[test]
fn a_major_victory_gives_one_triumph_to_the_next_battle_fought() {
    let p = Ptg::four_units_each();
    p.ok(&["campaign", "set", common::ASHEN_VALE, "--option", "triumphs"]);
    plan(&p, "1");
    p.plan_battle("1000", "The Ruined Settlement");
    p.plan_battle("1000", "The Ruined Settlement");
    fight(&p, "1");
    army(&p, "2");
    army(&p, "3");
    assert!(
        triumph_of(&p, "2").is_object(),
        "battle 2 takes battle 1's triumph"
    );
    assert!(
        triumph_of(&p, "3").is_null(),
        "one victory, one triumph: {}",
        triumph_of(&p, "3")
    );
    p.refused(
        &[
            "battle",
            "army",
            "3",
            HAMMERS,
            LORD,
            "Liberators",
            "--triumph-table",
            "ascension",
            "--seed",
            "5",
        ],
        "already gave its triumph to battle 2",
    );
}

#[test]
fn the_previous_battle_is_the_one_fought_last_not_the_highest_numbered() {
    let p = Ptg::four_units_each();
    p.ok(&["campaign", "set", common::ASHEN_VALE, "--option", "triumphs"]);
    plan(&p, "1");
    plan(&p, "2");
    p.plan_battle("1000", "The Ruined Settlement");
    // Battle 2 (a major victory) is fought first, then battle 1 (a major defeat).
    fight(&p, "2");
    lose(&p, "1");
    army(&p, "3");
    assert!(
        triumph_of(&p, "3").is_null(),
        "fought right after a major defeat: {}",
        triumph_of(&p, "3")
    );
}

#[test]
fn roles_follow_the_generals_renown_when_the_battle_is_fought() {
    let p = Ptg::four_units_each();
    plan(&p, "1");
    // Battle 2's armies are recorded with the generals level (5 v 5): the roll-off, 6 v 1,
    // goes to the Hammers.
    p.plan_battle("1000", "The Ruined Settlement");
    p.ok(&["battle", "army", "2", HAMMERS, LORD, "Liberators"]);
    p.ok(&[
        "battle",
        "army",
        "2",
        RATS,
        "Grey Seer",
        "Clanrats",
        "--dice",
        "6,1",
    ]);
    let hammers = roster(&p, HAMMERS)["id"].clone();
    let rats = roster(&p, RATS)["id"].clone();
    assert_eq!(p.json(&["battle", "show", "2"])["roles_roster_id"], hammers);
    // Battle 1 is fought first and the Hammers' aftermath gives their Lord-Vigilant a D3 of 1:
    // 6 renown to the Grey Seer's 5, so the Rat Tide's general now has fewer.
    fight(&p, "1");
    p.ok(&[
        "aftermath",
        "1",
        HAMMERS,
        "--favoured",
        "Liberators",
        "--dice",
        "1,2,3,4",
    ]);
    let shown = p.json(&["battle", "show", "2"]);
    assert_eq!(shown["roles_roster_id"], rats, "{shown}");
    assert_eq!(shown["generals_renown"], serde_json::json!([6, 5]));
    let text = p.ok(&["battle", "show", "2"]);
    assert!(
        text.contains("Rat Tide picks") && text.contains("fewer renown now, 5 v 6"),
        "{text}"
    );
    // The result fixes it.
    p.ok(&[
        "battle",
        "result",
        "2",
        "--vp",
        "Hammers of Dawn=10",
        "--vp",
        "Rat Tide=10",
    ]);
    assert_eq!(p.json(&["battle", "show", "2"])["roles_roster_id"], rats);
}

/// Issue #38: the roster sheet lists battles in the order they were fought (their results
/// recorded), not by battle id.
#[test]
fn the_sheet_lists_battles_in_the_order_they_were_fought() {
    let p = Ptg::four_units_each();
    plan(&p, "1");
    plan(&p, "2");
    fight(&p, "2");
    lose(&p, "1");
    let sheet = p.ok(&["roster", "sheet", HAMMERS, "--format", "text"]);
    let (two, one) = (sheet.find("W #2 v Rat Tide"), sheet.find("L #1 v Rat Tide"));
    assert!(two.is_some() && one.is_some() && two < one, "{sheet}");
    let json = p.json(&["roster", "sheet", HAMMERS, "--format", "json"]);
    let order: Vec<i64> = json["battles"]
        .as_array()
        .expect("battles")
        .iter()
        .filter_map(|b| b["battle"].as_i64())
        .collect();
    assert_eq!(order, [2, 1]);
}
