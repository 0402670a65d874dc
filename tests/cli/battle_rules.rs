//! End-to-end: the rules of recording a battle the table would argue about (issue #14): which
//! unit a name credits in a mirror match, a slain one-model general, quest points a quest does
//! not count, who picks roles, twists once a round in rounds 1 to 5 before the result for one
//! of the battle's sides, and a points limit Ascension's glory table covers. Every refusal
//! leaves the database unchanged.

use crate::common;

use common::{ASHEN_VALE, Fixture, HAMMERS, Ptg, RATS, battle_new_args, named, roster_new};
use serde_json::Value;

const DUSK: &str = "Hammers of Dusk";
const LORD: &str = "Lord-Vigilant on Gryph-stalker";
const ARCANUM: &str = "Knight-Arcanum";

/// Hammers of Dawn and Hammers of Dusk, both Stormcast Eternals led by a Lord-Vigilant with
/// Liberators and a Knight-Arcanum, with battle 1 (1000 points) planned and both whole rosters as armies.
fn mirror_match() -> Ptg {
    let p = Ptg::ashen_vale();
    p.new_hammers();
    p.ok(&roster_new(
        DUSK,
        ASHEN_VALE,
        "Stormcast Eternals",
        LORD,
        "warrior",
        "berserker",
    ));
    for roster in [HAMMERS, DUSK] {
        p.ok(&["roster", "add", roster, "Liberators"]);
        p.ok(&["roster", "add", roster, ARCANUM]);
    }
    p.ok(&[
        "battle",
        "new",
        "--campaign",
        ASHEN_VALE,
        "--points",
        "1000",
        HAMMERS,
        DUSK,
        "--battleplan",
        "The Ruined Settlement",
    ]);
    p.ok(&["battle", "army", "1", HAMMERS, LORD, "Liberators", ARCANUM]);
    p.ok(&[
        "battle",
        "army",
        "1",
        DUSK,
        LORD,
        "Liberators",
        ARCANUM,
        "--dice",
        "6,1",
    ]);
    p
}

fn renown(p: &Ptg, roster: &str, warscroll: &str) -> u64 {
    let r = p.json(&["roster", "show", roster]);
    named(&r["units"], "warscroll", warscroll)["renown"]
        .as_u64()
        .expect("renown")
}

fn unit_id(p: &Ptg, roster: &str, warscroll: &str) -> String {
    let r = p.json(&["roster", "show", roster]);
    named(&r["units"], "warscroll", warscroll)["id"].to_string()
}

/// `battle result` of the mirror match (Dusk wins 14 to 8), with `extra` arguments.
fn result<'a>(extra: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec![
        "battle",
        "result",
        "1",
        "--vp",
        "Hammers of Dawn=8",
        "--vp",
        "Hammers of Dusk=14",
    ];
    args.extend_from_slice(extra);
    args
}

#[test]
fn a_unit_name_both_armies_field_credits_only_the_unit_named_and_is_never_guessed() {
    let p = mirror_match();
    let (dawn, dusk) = (
        unit_id(&p, HAMMERS, "Liberators"),
        unit_id(&p, DUSK, "Liberators"),
    );
    let out = p.refused(&result(&["--destroyed", "Liberators"]), "could be any of 2 units");
    assert!(
        out.contains(&format!("Liberators (#{dawn}) of {HAMMERS}"))
            && out.contains(&format!("Liberators (#{dusk}) of {DUSK}")),
        "{out}"
    );
    p.refused(
        &result(&[
            "--destroyed",
            "Hammers of Dawn:Liberators",
            "--slew-hero-or-monster",
            "Liberators",
        ]),
        "ROSTER:UNIT",
    );
    // A HERO of Dawn's must fall for Dusk's Liberators to have slain one (issue #31): its
    // general, the one-model Lord-Vigilant.
    p.refused(
        &result(&[
            "--destroyed",
            "Hammers of Dawn:Liberators",
            "--slew-hero-or-monster",
            &dusk,
        ]),
        "cannot have slain an enemy HERO or MONSTER: Hammers of Dawn's army held Lord-Vigilant",
    );
    p.ok(&result(&[
        "--destroyed",
        "Hammers of Dawn:Liberators",
        "--general-slain",
        HAMMERS,
        "--slew-hero-or-monster",
        &dusk,
    ]));
    let shown = p.json(&["battle", "show", "1"]);
    let army = |side: usize| shown["sides"][side]["army"].as_array().unwrap().clone();
    let liberators = |side: usize, id: &str| {
        army(side)
            .into_iter()
            .find(|u| u["unit_id"].as_i64() == id.parse().ok())
            .expect("in the army")
    };
    assert_eq!(liberators(0, &dawn)["destroyed"], true);
    assert_eq!(liberators(0, &dawn)["slew_hero_or_monster"], false);
    assert_eq!(liberators(1, &dusk)["destroyed"], false);
    assert_eq!(liberators(1, &dusk)["slew_hero_or_monster"], true);
    // Dawn's Liberators and Lord were destroyed: 1 renown each, no D3 (only the
    // Knight-Arcanum's D3 and the favoured D6 are rolled). Dusk's survived: a D3 of 3.
    p.ok(&["aftermath", "1", HAMMERS, "--favoured", ARCANUM, "--dice", "2,1"]);
    p.ok(&["aftermath", "1", DUSK, "--favoured", ARCANUM, "--dice", "2,3,2,1"]);
    assert_eq!(renown(&p, HAMMERS, "Liberators"), 1);
    assert_eq!(renown(&p, DUSK, "Liberators"), 3);
}

#[test]
fn a_slain_single_model_general_is_a_destroyed_unit() {
    let p = mirror_match();
    let before = renown(&p, HAMMERS, LORD);
    p.ok(&result(&["--general-slain", HAMMERS]));
    let shown = p.json(&["battle", "show", "1"]);
    let lord = &shown["sides"][0]["army"][0];
    assert_eq!(
        (lord["general"].clone(), lord["destroyed"].clone()),
        (true.into(), true.into())
    );
    // The Lord-Vigilant (one model) gains the destroyed unit's 1 renown and rolls no D3: the
    // dice are the Liberators' and the Knight-Arcanum's D3 and the favoured D6, none left over.
    p.ok(&[
        "aftermath",
        "1",
        HAMMERS,
        "--favoured",
        ARCANUM,
        "--dice",
        "3,3,1",
    ]);
    assert_eq!(renown(&p, HAMMERS, LORD), before + 1);
}

#[test]
fn quest_points_are_refused_for_a_roster_whose_quest_does_not_count_them() {
    let p = mirror_match();
    let points = result(&["--quest-points", "Hammers of Dawn=2"]);
    let none = p.refused(&points, "Hammers of Dawn has no current quest");
    assert!(none.contains("leave out --quest-points"), "{none}");
    p.ok(&[
        "quest",
        "start",
        HAMMERS,
        "Seek Glory in Battle",
        "--unit",
        "Liberators",
    ]);
    p.refused(
        &points,
        "Hammers of Dawn's quest, Seek Glory in Battle, does not count quest points",
    );
    p.ok(&["quest", "start", HAMMERS, "Search for the Artefact"]);
    p.ok(&points);
}

#[test]
fn roles_are_picked_by_the_general_with_fewer_renown_once_both_armies_are_in() {
    let p = Ptg::ashen_vale();
    p.new_hammers();
    p.new_rats();
    p.ok(&["roster", "add", HAMMERS, "Liberators"]);
    p.ok(&["roster", "add", HAMMERS, ARCANUM]);
    p.ok(&["roster", "add", RATS, "Clanrats"]);
    p.plan_battle("1000", "The Ruined Settlement");
    let roles = |p: &Ptg| p.json(&["battle", "show", "1"])["roles_roster_id"].clone();
    assert_eq!(roles(&p), Value::Null);
    assert!(p.ok(&["battle", "show", "1"]).contains("not decided yet"));
    // One army in: nothing to compare, so no dice may be typed for it.
    p.refused(
        &[
            "battle",
            "army",
            "1",
            HAMMERS,
            LORD,
            "Liberators",
            "--dice",
            "6,1",
        ],
        "not needed",
    );
    p.ok(&["battle", "army", "1", HAMMERS, LORD, "Liberators"]);
    assert!(p.ok(&["battle", "show", "1"]).contains("not decided yet"));
    // Both generals have 5 renown: a roll-off, 2 v 5, logged with the Rat Tide's army.
    let out = p.ok(&[
        "battle",
        "army",
        "1",
        RATS,
        "Grey Seer",
        "Clanrats",
        "--dice",
        "2,5",
    ]);
    assert!(out.contains("Rat Tide picks"), "{out}");
    assert_eq!(roles(&p), 2);
    let rolls = p.json(&["rolls", "--battle", "1"]);
    assert_eq!(rolls.as_array().unwrap().len(), 2, "{rolls}");
    // The Hammers' army again under the Knight-Arcanum (0 renown): it has fewer, no dice.
    p.ok(&[
        "battle",
        "army",
        "1",
        HAMMERS,
        ARCANUM,
        "Liberators",
        "--general",
        ARCANUM,
    ]);
    assert_eq!(roles(&p), 1);
    assert_eq!(p.json(&["rolls", "--battle", "1"]), rolls);
    // Undoing that army puts the roles back as the roll-off left them.
    p.ok(&["undo", "--roster", HAMMERS]);
    assert_eq!(roles(&p), 2);
}

/// `Ptg::small_battle`: battle 1 (1000 points, The Ruined Settlement, D3 twists) with both
/// armies recorded, and a third roster of the campaign that is not a side of it.
static PLANNED: Fixture = Fixture::new(|| {
    let p = Ptg::small_battle();
    p.ok(&roster_new(
        "Third Wheel",
        ASHEN_VALE,
        "Stormcast Eternals",
        "Lord-Vigilant on Gryph-stalker",
        "warrior",
        "berserker",
    ));
    p
});

fn twist(round: &str, underdog: &str, dice: &str) -> Vec<String> {
    [
        "battle",
        "twist",
        "1",
        "--round",
        round,
        "--underdog",
        underdog,
        "--dice",
        dice,
    ]
    .map(String::from)
    .to_vec()
}

fn args(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}

#[test]
fn twists_are_refused_outside_rounds_one_to_five() {
    let p = PLANNED.copy();
    for round in ["0", "6", "12"] {
        let a = twist(round, RATS, "2");
        p.refused(&args(&a), "a battle has rounds 1 to 5");
    }
    p.ok(&args(&twist("5", RATS, "2")));
}

#[test]
fn a_second_twist_in_one_round_is_refused() {
    let p = PLANNED.copy();
    p.ok(&args(&twist("1", RATS, "2")));
    let a = twist("1", HAMMERS, "3");
    p.refused(
        &args(&a),
        "the twist for round 1 of battle 1 was already rolled (Wild Fire",
    );
}

#[test]
fn no_twist_is_rolled_after_the_result() {
    let p = PLANNED.copy();
    p.ok(&[
        "battle",
        "result",
        "1",
        "--vp",
        &format!("{HAMMERS}=12"),
        "--vp",
        &format!("{RATS}=8"),
    ]);
    let a = twist("3", RATS, "2");
    p.refused(&args(&a), "battle 1 already has its result");
}

#[test]
fn the_underdog_must_be_a_side_of_the_battle() {
    let p = PLANNED.copy();
    let a = twist("1", "Third Wheel", "2");
    p.refused(&args(&a), "not a side of battle 1");
}

#[test]
fn a_battle_below_ascensions_first_glory_band_is_refused_with_the_bands() {
    let p = PLANNED.copy();
    for points in ["500", "999"] {
        p.refused(
            &battle_new_args(points, "The Ruined Settlement"),
            "glory table, which starts at 1000 points (bands: 1000-1250, 1251-1750, 1751-2250, 2251+); use --points 1000",
        );
    }
}

#[test]
fn counts_out_of_range_in_a_result_are_refused_naming_the_range() {
    let p = Ptg::small_battle();
    for points in ["4294967295", "100001"] {
        p.refused(
            &battle_new_args(points, "The Ruined Settlement"),
            "give a points limit of at most 100000",
        );
    }
    let rats = format!("{RATS}=3");
    for (flag, huge, range) in [
        ("--vp", "4294967295", "from 0 to 1000"),
        ("--vp", "1001", "from 0 to 1000"),
    ] {
        let hammers = format!("{HAMMERS}={huge}");
        p.refused(&["battle", "result", "1", flag, &hammers, flag, &rats], range);
    }
    let vp = [format!("{HAMMERS}=10"), rats];
    p.refused(
        &[
            "battle",
            "result",
            "1",
            "--vp",
            &vp[0],
            "--vp",
            &vp[1],
            "--quest-points",
            &format!("{HAMMERS}=4294967295"),
        ],
        "from 0 to 1000",
    );
    // Past what the parser's type holds: a usage error (exit 2) in words, not "not a number".
    let too_big = format!("{HAMMERS}=4294967296");
    let out = p
        .cmd(&["battle", "result", "1", "--vp", &too_big, "--vp", &vp[1]])
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{said}");
    assert!(said.contains("4294967296 is out of range"), "{said}");
    p.ok(&["battle", "result", "1", "--vp", &vp[0], "--vp", &vp[1]]);
}
