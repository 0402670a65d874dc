//! End-to-end: the aftermath (and the battle result before it) refuses what the Path to Glory
//! rules forbid, and a refusal leaves the whole database untouched. After most refusals the
//! valid version of the same command is run, to show the refusal was about the rule.

use crate::common;

use common::{Fixture, HAMMERS, Ptg, RATS, named};
use serde_json::Value;

const LORD: &str = "Lord-Vigilant on Gryph-stalker";

/// Plans battle 1 of `points` on The Ruined Settlement, with both whole rosters as armies.
/// Both generals start with 5 renown, so the roll-off for territories, once both armies are
/// in, is scripted (6 v 1).
fn plan(p: &Ptg, points: &str) {
    p.plan_battle(points, "The Ruined Settlement");
    p.ok(&[
        "battle",
        "army",
        "1",
        HAMMERS,
        LORD,
        "Liberators",
        "Knight-Arcanum",
        "Vindictors",
    ]);
    p.ok(&[
        "battle",
        "army",
        "1",
        RATS,
        "Grey Seer",
        "Clanrats",
        "Stormvermin",
        "Warlock Engineer",
        "--dice",
        "6,1",
    ]);
}

/// Records battle 1's result: Hammers of Dawn 14 VP, Rat Tide 8 VP (a lead of 6, so a major
/// victory for the Hammers), and the Hammers' Vindictors destroyed. Neither general was slain.
///
/// In the aftermath, the Hammers roll a D3 for each survivor (Lord-Vigilant, Liberators,
/// Knight-Arcanum: 3 dice), then the favoured warriors' D6: 4 dice in all (no quest, and The
/// Ruined Settlement has no campaign reward dice). The Rat Tide roll 4 D3 and a D6: 5 dice.
fn fight(p: &Ptg) {
    p.ok(&[
        "battle",
        "result",
        "1",
        "--vp",
        "Hammers of Dawn=14",
        "--vp",
        "Rat Tide=8",
        "--destroyed",
        "Vindictors",
    ]);
}

/// The rosters with battle 1 of 1000 points planned (`plan`).
static ARMIES_1000: Fixture = Fixture::new(|| {
    let p = Ptg::four_units_each();
    plan(&p, "1000");
    p
});

/// Battle 1 of 1000 points fought (`fight`). Hammers' glory: fought 30 + major victory 20 +
/// general alive 5 = 55.
static FOUGHT_1000: Fixture = Fixture::new(|| {
    let p = ARMIES_1000.copy();
    fight(&p);
    p
});

/// Battle 1 of 2500 points fought (`fight`). Hammers' glory: fought 150 + major victory 50 +
/// general alive 20 = 220 (ascension.toml band 2251+).
static FOUGHT_2500: Fixture = Fixture::new(|| {
    let p = Ptg::four_units_each();
    plan(&p, "2500");
    fight(&p);
    p
});

/// `ptg aftermath 1 <roster> --favoured <unit>` followed by `rest`.
fn aftermath<'a>(roster: &'a str, favoured: &'a str, rest: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec!["aftermath", "1", roster, "--favoured", favoured];
    args.extend_from_slice(rest);
    args
}

fn roster(p: &Ptg, name: &str) -> Value {
    p.json(&["roster", "show", name])
}

fn units_named<'a>(r: &'a Value, warscroll: &str) -> Vec<&'a Value> {
    r["units"]
        .as_array()
        .expect("units")
        .iter()
        .filter(|u| u["warscroll"] == warscroll)
        .collect()
}

#[test]
fn a_second_new_unit_in_one_aftermath_is_refused() {
    // 2500 points: 220 glory, enough for Liberators (90) + Vindictors (90) = 180, so only the
    // one-new-unit-per-aftermath rule can refuse this.
    let p = FOUGHT_2500.copy();
    p.refused(
        &aftermath(
            HAMMERS,
            "Liberators",
            &[
                "--add-unit",
                "Liberators",
                "--add-unit",
                "Vindictors",
                "--dice",
                "1,2,3,4",
            ],
        ),
        "only 1 new unit",
    );

    p.ok(&aftermath(
        HAMMERS,
        "Liberators",
        &["--add-unit", "Vindictors", "--dice", "1,2,3,4"],
    ));
    let r = roster(&p, HAMMERS);
    // 220 earned - 90 for the Vindictors.
    assert_eq!(r["glory"], 130);
    assert_eq!(units_named(&r, "Vindictors").len(), 2);
    assert_eq!(units_named(&r, "Liberators").len(), 1);
}

#[test]
fn spending_glory_not_held_is_refused() {
    // 1000 points: 55 glory after the battle, none before.
    let p = FOUGHT_1000.copy();
    // Prosecutors cost 150 > 55.
    p.refused(
        &aftermath(
            HAMMERS,
            "Liberators",
            &["--add-unit", "Prosecutors", "--dice", "1,2,3,4"],
        ),
        "glory",
    );
    // Liberators cost 90 > 55 on their own, and 90 + 90 = 180 reinforced.
    p.refused(
        &aftermath(
            HAMMERS,
            "Liberators",
            &[
                "--add-unit",
                "Liberators",
                "--reinforce",
                "new",
                "--dice",
                "1,2,3,4",
            ],
        ),
        "glory",
    );
    // Reinforcing the Liberators already held costs 90 > 55 too.
    p.refused(
        &aftermath(
            HAMMERS,
            "Liberators",
            &["--reinforce", "Liberators", "--dice", "1,2,3,4"],
        ),
        "glory",
    );

    // Spending nothing, the same aftermath runs and banks the 55.
    p.ok(&aftermath(HAMMERS, "Liberators", &["--dice", "1,2,3,4"]));
    let r = roster(&p, HAMMERS);
    assert_eq!(r["glory"], 55);
    assert_eq!(r["units"].as_array().unwrap().len(), 4);
}

#[test]
fn the_warlord_cannot_be_the_favoured_warriors() {
    let p = FOUGHT_1000.copy();
    p.refused(
        &["aftermath", "1", HAMMERS, "--favoured", LORD, "--dice", "1,2,3,4"],
        "warlord",
    );
    // By unit id (the warlord is unit 1) too.
    p.refused(
        &["aftermath", "1", HAMMERS, "--favoured", "1", "--dice", "1,2,3,4"],
        "warlord",
    );

    p.ok(&aftermath(HAMMERS, "Knight-Arcanum", &["--dice", "1,2,3,4"]));
    let r = roster(&p, HAMMERS);
    // Knight-Arcanum: D3 rolled 3 for surviving + D6 rolled 4 as the favoured warriors.
    assert_eq!(named(&r["units"], "warscroll", "Knight-Arcanum")["renown"], 7);
    // Lord-Vigilant: 5 at the start + D3 rolled 1.
    assert_eq!(named(&r["units"], "warscroll", LORD)["renown"], 6);
}

#[test]
fn a_unit_with_a_minimum_size_of_1_cannot_be_reinforced() {
    // 2500 points: 220 glory, enough for any of these, so only the unit size refuses.
    let p = FOUGHT_2500.copy();
    p.refused(
        &aftermath(
            HAMMERS,
            "Liberators",
            &["--reinforce", "Knight-Arcanum", "--dice", "1,2,3,4"],
        ),
        "minimum size of 1",
    );
    p.refused(
        &aftermath(HAMMERS, "Liberators", &["--reinforce", LORD, "--dice", "1,2,3,4"]),
        "minimum size of 1",
    );

    // The Liberators (5 models) can be: 220 - 90 = 130 glory left.
    p.ok(&aftermath(
        HAMMERS,
        "Liberators",
        &["--reinforce", "Liberators", "--dice", "1,2,3,4"],
    ));
    let r = roster(&p, HAMMERS);
    assert_eq!(r["glory"], 130);
    assert_eq!(named(&r["units"], "warscroll", "Liberators")["reinforced"], true);
    assert_eq!(
        named(&r["units"], "warscroll", "Knight-Arcanum")["reinforced"],
        false
    );
}

#[test]
fn the_aftermath_runs_once_per_roster_and_battle() {
    let p = FOUGHT_1000.copy();
    let args = aftermath(HAMMERS, "Liberators", &["--dice", "1,2,3,4"]);
    p.ok(&args);
    assert_eq!(roster(&p, HAMMERS)["glory"], 55);

    p.refused(&args, "already been run");
    assert_eq!(roster(&p, HAMMERS)["glory"], 55);

    // The other side's aftermath of the same battle is its own, and still runs once.
    let rats = aftermath(RATS, "Clanrats", &["--dice", "1,1,1,1,1"]);
    p.ok(&rats);
    p.refused(&rats, "already been run");
    // Major defeat: fought 30 + general alive 5.
    assert_eq!(roster(&p, RATS)["glory"], 35);
}

#[test]
fn withdrawing_needs_half_the_army_destroyed_and_is_a_major_defeat() {
    let p = ARMIES_1000.copy();
    // The Rat Tide lead on VP, so only the withdrawal can decide the result.
    p.refused(
        &[
            "battle",
            "result",
            "1",
            "--vp",
            "Hammers of Dawn=8",
            "--vp",
            "Rat Tide=10",
            "--withdrew",
            RATS,
            "--destroyed",
            "Clanrats",
        ],
        "withdraw",
    );

    // 2 of 4 units destroyed is half.
    p.ok(&[
        "battle",
        "result",
        "1",
        "--vp",
        "Hammers of Dawn=8",
        "--vp",
        "Rat Tide=10",
        "--withdrew",
        RATS,
        "--destroyed",
        "Clanrats",
        "Stormvermin",
    ]);
    let b = p.json(&["battle", "show", "1"]);
    let hammers = named(&b["sides"], "roster", HAMMERS);
    let rats = named(&b["sides"], "roster", RATS);
    assert_eq!(hammers["result"], "major_victory");
    assert_eq!(hammers["withdrew"], false);
    assert_eq!(rats["result"], "major_defeat");
    assert_eq!(rats["withdrew"], true);
    assert_eq!(rats["victory_points"], 10);
}

#[test]
fn a_d3_typed_as_4_is_refused() {
    let p = FOUGHT_1000.copy();
    // The third die is the Knight-Arcanum's D3.
    p.refused(
        &aftermath(HAMMERS, "Liberators", &["--dice", "1,2,4,4"]),
        "4 cannot be rolled on a D3",
    );
    // A 4 is fine on the favoured warriors' D6 (the fourth die).
    p.ok(&aftermath(HAMMERS, "Liberators", &["--dice", "1,2,3,4"]));
    let r = roster(&p, HAMMERS);
    // Liberators: D3 rolled 2 + D6 rolled 4.
    assert_eq!(named(&r["units"], "warscroll", "Liberators")["renown"], 6);
}

#[test]
fn leftover_typed_dice_are_refused() {
    let p = FOUGHT_1000.copy();
    // The Hammers roll 4 dice; a fifth is not needed.
    p.refused(
        &aftermath(HAMMERS, "Liberators", &["--dice", "1,2,3,4,5"]),
        "not needed",
    );
    // The Rat Tide roll 5 (4 survivors' D3 and a D6); a sixth is not needed.
    p.refused(
        &aftermath(RATS, "Clanrats", &["--dice", "1,1,1,1,1,1"]),
        "not needed",
    );

    p.ok(&aftermath(HAMMERS, "Liberators", &["--dice", "1,2,3,4"]));
    p.ok(&aftermath(RATS, "Clanrats", &["--dice", "1,1,1,1,1"]));
}

#[test]
fn the_unit_just_added_can_be_reinforced_paying_both_costs() {
    // 2500 points: 220 glory (fought 150 + major victory 50 + general alive 20).
    let p = FOUGHT_2500.copy();
    p.ok(&aftermath(
        HAMMERS,
        "Liberators",
        &[
            "--add-unit",
            "Liberators",
            "--add-name",
            "Dawn Guard",
            "--reinforce",
            "new",
            "--dice",
            "1,2,3,4",
        ],
    ));
    let r = roster(&p, HAMMERS);
    // 220 - 90 (adding Liberators) - 90 (reinforcing them) = 40.
    assert_eq!(r["glory"], 40);
    // 420 before + 180 for the reinforced Liberators.
    assert_eq!(r["points"], 600);
    let new = named(&r["units"], "name", "Dawn Guard");
    assert_eq!(new["warscroll"], "Liberators");
    assert_eq!(new["reinforced"], true);
    assert_eq!(new["retired"], false);
    // The Liberators that fought are not the ones reinforced.
    let old: Vec<_> = units_named(&r, "Liberators")
        .into_iter()
        .filter(|u| u["name"].is_null())
        .collect();
    assert_eq!(old.len(), 1);
    assert_eq!(old[0]["reinforced"], false);
}

#[test]
fn the_dice_log_lists_the_typed_aftermath_rolls_in_order() {
    let p = FOUGHT_1000.copy();
    p.ok(&aftermath(HAMMERS, "Knight-Arcanum", &["--dice", "2,3,1,6"]));
    let rolls = p.json(&["rolls", "--battle", "1"]);
    let aftermath: Vec<&Value> = rolls
        .as_array()
        .expect("a JSON array")
        .iter()
        .filter(|r| r["command"] == "aftermath")
        .collect();
    let seen: Vec<(String, String, Vec<u64>, String)> = aftermath
        .iter()
        .map(|r| {
            (
                r["roster"].as_str().unwrap().to_string(),
                r["expression"].as_str().unwrap().to_string(),
                r["faces"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|f| f.as_u64().unwrap())
                    .collect(),
                r["source"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    let typed = |e: &str, f: u64| (HAMMERS.to_string(), e.to_string(), vec![f], "typed".into());
    assert_eq!(
        seen,
        vec![typed("D3", 2), typed("D3", 3), typed("D3", 1), typed("D6", 6)]
    );
    let purposes: Vec<&str> = aftermath.iter().map(|r| r["purpose"].as_str().unwrap()).collect();
    assert_eq!(
        purposes,
        vec![
            "renown for Lord-Vigilant on Gryph-stalker",
            "renown for Liberators",
            "renown for Knight-Arcanum",
            "favoured warriors: Knight-Arcanum",
        ]
    );
    for r in &aftermath {
        assert!(r["seed"].is_null(), "typed dice have no seed: {r}");
    }
    // The ids rise in the order the dice were typed.
    let ids: Vec<u64> = aftermath.iter().map(|r| r["id"].as_u64().unwrap()).collect();
    assert!(ids.windows(2).all(|w| w[0] < w[1]), "ids out of order: {ids:?}");
}

/// Issue #31, item 10: "retire any number of units". ptg keeps the warlord unless the campaign
/// turns on the club option `retire-warlord`; with it, the player names the HERO who leads
/// the roster from then on, and it must meet the warlord rules (Knight-Arcanum: a single-model,
/// non-UNIQUE HERO of 120 points). Undo brings the old warlord back to lead.
#[test]
fn the_warlord_retires_only_under_the_club_option_and_hands_the_roster_on() {
    let p = FOUGHT_1000.copy();
    // 3 survivors' D3s, then the favoured warriors' D6.
    let retire_lord = |rest: &[&'static str]| {
        let mut args = aftermath(HAMMERS, "Liberators", &["--retire", LORD]);
        args.extend_from_slice(rest);
        args.extend_from_slice(&["--dice", "2,2,2,3"]);
        args
    };
    p.refused(
        &retire_lord(&[]),
        "Lord-Vigilant on Gryph-stalker (#1) is the warlord, who leads the roster and cannot be retired; leave it out of the units retired; the organiser turns it on with `ptg campaign set \"Ashen Vale\" --option retire-warlord`",
    );
    p.ok(&[
        "campaign",
        "set",
        common::ASHEN_VALE,
        "--option",
        "retire-warlord",
    ]);
    p.refused(
        &retire_lord(&[]),
        "retiring Lord-Vigilant on Gryph-stalker (#1) leaves the roster without a warlord; name who leads the roster from now on (one of: Knight-Arcanum (#4)); add --warlord UNIT",
    );
    p.refused(
        &retire_lord(&["--warlord", "Liberators"]),
        "Liberators is not a HERO",
    );
    p.refused(
        &aftermath(HAMMERS, "Liberators", &["--warlord", "Knight-Arcanum", "--dice", "2,2,2,3"]),
        "a new warlord is named only when the warlord retires, and Lord-Vigilant on Gryph-stalker (#1) is not retiring; leave out --warlord",
    );

    let before = roster(&p, HAMMERS);
    let out = p.ok(&retire_lord(&["--warlord", "Knight-Arcanum"]));
    assert!(
        out.contains("leads the roster as its warlord from now on"),
        "{out}"
    );
    let r = roster(&p, HAMMERS);
    let lord = named(&r["units"], "warscroll", LORD);
    let knight = named(&r["units"], "warscroll", "Knight-Arcanum");
    assert_eq!(
        (lord["retired"].clone(), lord["warlord"].clone()),
        (true.into(), false.into())
    );
    assert_eq!(knight["warlord"], true);
    assert!(p.ok(&["audit"]).contains("no findings"), "audit is clean");

    p.ok(&["undo", "--roster", HAMMERS]);
    assert_eq!(
        roster(&p, HAMMERS),
        before,
        "undo leads with the old warlord again"
    );
    assert!(
        p.ok(&["audit"]).contains("no findings"),
        "audit is clean after undo"
    );
}
