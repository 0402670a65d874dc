//! Option `sudden-death` end to end (issue #17): the outnumbered side's objective picked and
//! shown, `battle result --sudden-death achieved` and results by casualties, their refusals
//! (the database unchanged), their undo, and a campaign without the option unaffected.

use crate::common;

use common::{ASHEN_VALE, Fixture, HAMMERS, Ptg, RATS};
use serde_json::Value;

/// Ashen Vale playing the sudden-death option, battle 1 planned and both armies recorded as
/// in `Ptg::small_battle`: Hammers of Dawn field 6 models (Lord-Vigilant on Gryph-stalker 1,
/// Liberators 5), Rat Tide 21 (Grey Seer 1, Clanrats 20), so the Hammers are outnumbered.
static ARMIES: Fixture = Fixture::new(|| Ptg::small_battle_with(&["--option", "sudden-death"]));

/// ARMIES with the Hammers' Assassinate objective: the Grey Seer, picked by the Rat Tide.
static PICKED: Fixture = Fixture::new(|| {
    let p = ARMIES.copy();
    p.ok(&[
        "battle",
        "sudden-death",
        "1",
        HAMMERS,
        "Assassinate",
        "--target",
        "Grey Seer",
    ]);
    p
});

fn side<'a>(b: &'a Value, roster: &str) -> &'a Value {
    common::named(&b["sides"], "roster", roster)
}

fn unit_id(p: &Ptg, roster: &str, warscroll: &str) -> i64 {
    let r = p.json(&["roster", "show", roster]);
    common::named(&r["units"], "warscroll", warscroll)["id"]
        .as_i64()
        .expect("unit id")
}

#[test]
fn the_outnumbered_sides_pick_is_recorded_and_shown() {
    let p = ARMIES.copy();
    let shown = p.ok(&["battle", "show", "1"]);
    assert!(
        shown.contains(
            "Models: Hammers of Dawn 6, Rat Tide 21; Hammers of Dawn is outnumbered (at least 4 for every 3)"
        ),
        "{shown}"
    );
    let out = p.ok(&[
        "battle",
        "sudden-death",
        "1",
        HAMMERS,
        "assassinate",
        "--target",
        "Grey Seer",
    ]);
    assert!(
        out.contains("sudden death objective: Assassinate: slay Grey Seer"),
        "{out}"
    );
    let b = p.json(&["battle", "show", "1"]);
    let seer = unit_id(&p, RATS, "Grey Seer");
    assert_eq!(side(&b, HAMMERS)["sudden_death"]["objective"], "Assassinate");
    assert_eq!(side(&b, HAMMERS)["sudden_death"]["target_unit"], seer);
    assert!(side(&b, RATS).get("sudden_death").is_none());
    assert_eq!(b["models"]["outnumbered"], HAMMERS);
    assert_eq!(b["models"]["outnumber"], serde_json::json!([4, 3]));
    assert_eq!(b["models"]["models"][1]["models"], 21);
    let log = p.ok(&["history"]);
    assert!(log.contains("battle sudden-death"), "{log}");
}

#[test]
fn seize_ground_records_the_terrain_feature() {
    let p = ARMIES.copy();
    p.ok(&[
        "battle",
        "sudden-death",
        "1",
        HAMMERS,
        "Seize Ground",
        "--terrain",
        "Old Watchtower",
    ]);
    let b = p.json(&["battle", "show", "1"]);
    assert_eq!(side(&b, HAMMERS)["sudden_death"]["target_text"], "Old Watchtower");
}

#[test]
fn picks_the_rules_do_not_allow_are_refused_and_change_nothing() {
    let p = ARMIES.copy();
    p.refused(
        &["battle", "sudden-death", "1", RATS, "Endure"],
        "Rat Tide has 21 models and Hammers of Dawn 6; sudden death needs the other army to have at least 4 for every 3 (28)",
    );
    p.refused(
        &[
            "battle",
            "sudden-death",
            "1",
            HAMMERS,
            "Assassinate",
            "--target",
            "Clanrats",
        ],
        "Assassinate needs a HERO, WIZARD, PRIEST or MONSTER unit",
    );
    p.refused(
        &[
            "battle",
            "sudden-death",
            "1",
            HAMMERS,
            "Blunt",
            "--target",
            "Grey Seer",
        ],
        "(1 model) does not fit: Blunt needs a unit of 5 or more models",
    );
    p.refused(
        &[
            "battle",
            "sudden-death",
            "1",
            HAMMERS,
            "Blunt",
            "--target",
            "Liberators",
        ],
        "in Hammers of Dawn's own army",
    );
    p.refused(
        &["battle", "sudden-death", "1", HAMMERS, "Seize Ground"],
        "add --terrain",
    );
    p.refused(
        &["battle", "sudden-death", "1", HAMMERS, "Hold Fast"],
        "Assassinate, Blunt, Endure, Seize Ground",
    );
    let p = PICKED.copy();
    p.refused(
        &["battle", "sudden-death", "1", HAMMERS, "Endure"],
        "Hammers of Dawn already picked Assassinate",
    );
    p.refused(&["battle", "army", "1", RATS, "Grey Seer"], "undo the pick first");
}

#[test]
fn without_the_option_picks_and_decided_results_are_refused() {
    let p = ARMIES.copy();
    p.ok(&["campaign", "set", ASHEN_VALE, "--option", "sudden-death=off"]);
    let fix = "`ptg campaign set \"Ashen Vale\" --option sudden-death`";
    p.refused(&["battle", "sudden-death", "1", HAMMERS, "Endure"], fix);
    p.refused(
        &[
            "battle",
            "result",
            "1",
            "--vp",
            "Hammers of Dawn=3",
            "--vp",
            "Rat Tide=5",
            "--models-lost",
            "Hammers of Dawn=2",
            "--models-lost",
            "Rat Tide=10",
        ],
        fix,
    );
    let b = p.json(&["battle", "show", "1"]);
    assert!(b.get("models").is_none(), "{b}");
}

#[test]
fn an_achieved_objective_is_a_major_victory_and_the_aftermath_pays_for_it() {
    let p = PICKED.copy();
    // By victory points the Hammers would lose badly (2 v 15).
    let out = p.ok(&[
        "battle",
        "result",
        "1",
        "--vp",
        "Hammers of Dawn=2",
        "--vp",
        "Rat Tide=15",
        "--sudden-death",
        "achieved",
    ]);
    assert!(
        out.contains("Result decided by sudden death: Hammers of Dawn achieved Assassinate"),
        "{out}"
    );
    let b = p.json(&["battle", "show", "1"]);
    assert_eq!(side(&b, HAMMERS)["result"], "major_victory");
    assert_eq!(side(&b, RATS)["result"], "major_defeat");
    assert_eq!(side(&b, HAMMERS)["victory_points"], 2, "VPs are kept as given");
    assert_eq!(side(&b, HAMMERS)["decision"]["by"], "sudden_death");
    assert_eq!(side(&b, RATS)["decision"]["models_set_up"], 21);
    // Glory at 1000 points (ascension.toml): fought 30 + major victory 20 + general alive 5.
    p.ok(&[
        "aftermath",
        "1",
        HAMMERS,
        "--favoured",
        "Liberators",
        "--dice",
        "1,1,1",
    ]);
    assert_eq!(p.json(&["roster", "show", HAMMERS])["glory"], 55);
    let sheet = p.ok(&["roster", "sheet", HAMMERS, "--format", "text"]);
    assert!(
        sheet.contains("major victory (sudden death: Assassinate (achieved))"),
        "{sheet}"
    );
}

/// Issue #31, item 3: "slay the unit that they pick". An achieved Assassinate means the target
/// was slain: the Grey Seer (the Rat Tide's general) is destroyed and its general slain, so
/// the Rat Tide earn no "general not slain" glory and the Grey Seer no survivor's D3.
#[test]
fn an_achieved_assassinate_slays_its_target() {
    let p = PICKED.copy();
    p.ok(&[
        "battle",
        "result",
        "1",
        "--vp",
        "Hammers of Dawn=2",
        "--vp",
        "Rat Tide=15",
        "--sudden-death",
        "achieved",
    ]);
    let b = p.json(&["battle", "show", "1"]);
    let rats = side(&b, RATS);
    assert_eq!(rats["general_slain"], true, "{rats}");
    let seer = unit_id(&p, RATS, "Grey Seer");
    let in_army = rats["army"]
        .as_array()
        .unwrap()
        .iter()
        .find(|u| u["unit_id"] == seer)
        .unwrap();
    assert_eq!(in_army["destroyed"], true, "{in_army}");
    // Dice: the Clanrats' survivor D3, then the favoured warriors' D6 (no D3 for the Grey Seer).
    p.ok(&["aftermath", "1", RATS, "--favoured", "Clanrats", "--dice", "2,3"]);
    // Glory at 1000 points: fought 30, a major defeat 0, the general slain 0.
    assert_eq!(p.json(&["roster", "show", RATS])["glory"], 30);
}

#[test]
fn achieved_without_a_pick_is_refused() {
    let p = ARMIES.copy();
    p.refused(
        &[
            "battle",
            "result",
            "1",
            "--vp",
            "Hammers of Dawn=2",
            "--vp",
            "Rat Tide=15",
            "--sudden-death",
            "achieved",
        ],
        "no sudden death objective was picked for battle 1",
    );
}

#[test]
fn casualties_give_the_smaller_share_lost_a_minor_victory() {
    let p = ARMIES.copy();
    // Hammers lost 3 of 6 (50%); the Rat Tide set up 21, summoned 4 and lost 14 (67%).
    let out = p.ok(&[
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
        "--models-added",
        "Rat Tide=4",
    ]);
    assert!(
        out.contains(
            "decided by casualties: Hammers of Dawn lost 3 of 6 (50%), Rat Tide 14 of 21 (67%, 4 added)"
        ),
        "{out}"
    );
    let b = p.json(&["battle", "show", "1"]);
    assert_eq!(side(&b, HAMMERS)["result"], "minor_victory");
    assert_eq!(side(&b, RATS)["result"], "minor_defeat");
    assert_eq!(side(&b, RATS)["decision"]["models_lost"], 14);
    assert_eq!(side(&b, RATS)["decision"]["models_added"], 4);
    assert!(
        b["decided"]
            .as_str()
            .unwrap()
            .starts_with("decided by casualties")
    );
    let sheet = p.ok(&["roster", "sheet", RATS, "--format", "text"]);
    assert!(sheet.contains("minor defeat (by casualties)"), "{sheet}");
}

#[test]
fn equal_shares_lost_are_a_draw() {
    let p = ARMIES.copy();
    p.ok(&[
        "battle",
        "result",
        "1",
        "--vp",
        "Hammers of Dawn=3",
        "--vp",
        "Rat Tide=9",
        "--models-lost",
        "Hammers of Dawn=0",
        "--models-lost",
        "Rat Tide=0",
    ]);
    let b = p.json(&["battle", "show", "1"]);
    assert_eq!(side(&b, HAMMERS)["result"], "draw");
}

#[test]
fn casualty_counts_that_cannot_be_are_refused() {
    let p = ARMIES.copy();
    let base = [
        "battle",
        "result",
        "1",
        "--vp",
        "Hammers of Dawn=3",
        "--vp",
        "Rat Tide=9",
    ];
    let with = |extra: &[&'static str]| [base.as_slice(), extra].concat();
    p.refused(
        &with(&[
            "--models-lost",
            "Hammers of Dawn=7",
            "--models-lost",
            "Rat Tide=1",
        ]),
        "Hammers of Dawn set up 6 models and added 0 during the game, so it cannot have lost 7",
    );
    p.refused(
        &with(&["--models-lost", "Hammers of Dawn=2"]),
        "(Rat Tide's too); add --models-lost ROSTER=N",
    );
    p.refused(
        &with(&[
            "--models-lost",
            "Hammers of Dawn=2",
            "--models-lost",
            "Rat Tide=3",
            "--withdrew",
            RATS,
        ]),
        "leave out --models-lost, or leave out --withdrew",
    );
}

#[test]
fn undoing_the_pick_and_the_result_leaves_the_battle_as_before() {
    let p = ARMIES.copy();
    let before = p.json(&["battle", "show", "1"]);
    p.ok(&["battle", "sudden-death", "1", HAMMERS, "Endure"]);
    let picked = p.json(&["battle", "show", "1"]);
    p.ok(&[
        "battle",
        "result",
        "1",
        "--vp",
        "Hammers of Dawn=2",
        "--vp",
        "Rat Tide=15",
        "--sudden-death",
        "achieved",
    ]);
    p.ok(&["undo", "--yes"]);
    assert_eq!(p.json(&["battle", "show", "1"]), picked);
    p.ok(&["undo", "--roster", HAMMERS, "--yes"]);
    assert_eq!(p.json(&["battle", "show", "1"]), before);
    // The armies may change again once the pick is undone.
    p.ok(&["battle", "army", "1", RATS, "Grey Seer"]);
}

#[test]
fn a_campaign_without_options_records_a_plain_result_as_before() {
    let p = Ptg::small_battle();
    let b = p.json(&["battle", "show", "1"]);
    assert!(b.get("models").is_none());
    p.ok(&[
        "battle",
        "result",
        "1",
        "--vp",
        "Hammers of Dawn=14",
        "--vp",
        "Rat Tide=8",
    ]);
    let b = p.json(&["battle", "show", "1"]);
    assert_eq!(side(&b, HAMMERS)["result"], "major_victory");
    assert!(side(&b, HAMMERS).get("decision").is_none());
    assert!(b.get("decided").is_none());
    let shown = p.ok(&["battle", "show", "1"]);
    assert!(
        !shown.contains("Models:") && !shown.contains("decided by"),
        "{shown}"
    );
}

/// Issue #31, item 10: Endure is judged at the end of the sixth battle round, and Ascension's
/// battles have five: the pick stands, with a note to the players and in the history.
#[test]
fn picking_endure_says_these_battles_have_no_sixth_round() {
    let p = ARMIES.copy();
    let out = p.ok(&["battle", "sudden-death", "1", HAMMERS, "Endure"]);
    assert!(
        out.contains("note: Endure is judged at the end of battle round 6, and these battles have 5"),
        "{out}"
    );
    assert!(p.ok(&["history"]).contains("(note: Endure is judged"));
    // Seize Ground (the fourth round) needs no note.
    let p = ARMIES.copy();
    let out = p.ok(&[
        "battle",
        "sudden-death",
        "1",
        HAMMERS,
        "Seize Ground",
        "--terrain",
        "the ruined tower",
    ]);
    assert!(!out.contains("note:"), "{out}");
}

/// Issue #31, item 10: a club that reads Endure as "at the end of the battle" says so with the
/// option `endure-at-end`, and the note says how this campaign judges it.
#[test]
fn with_endure_at_end_the_note_says_it_is_judged_at_the_end_of_the_battle() {
    let p = ARMIES.copy();
    p.ok(&["campaign", "set", ASHEN_VALE, "--option", "endure-at-end"]);
    let out = p.ok(&["battle", "sudden-death", "1", HAMMERS, "Endure"]);
    assert!(
        out.contains(
            "note: Endure is judged at the end of the battle (battle round 5), not of battle round 6: this campaign's option endure-at-end"
        ),
        "{out}"
    );
    // The option needs sudden death, so a campaign cannot keep it alone.
    p.refused(
        &["campaign", "set", ASHEN_VALE, "--option", "sudden-death=off"],
        "needs the option 'sudden-death'",
    );
}
