//! End-to-end: the army a roster takes to a battle (`ptg battle army`) and the Order of Battle
//! checked as an army (`ptg roster check --points`): units from the Order of Battle, the
//! general (warlord, WARMASTER, HERO), regiments (given with --regiment or placed
//! automatically), and the points limit with reinforced units at double. Every refusal leaves
//! the database unchanged.

use crate::common;

use common::{Fixture, HAMMERS, Ptg, RATS, named, roster_new};
use serde_json::Value;
use std::collections::BTreeMap;

const LORD: &str = "Lord-Vigilant on Gryph-stalker";
const CELESTANT: &str = "Celestant-Prime, Hammer of Sigmar";

/// Hammers of Dawn (Stormcast, 990 pts): #1 Lord-Vigilant on Gryph-stalker (warlord, 120),
/// #2 Dawn Guard (Liberators, 90), #3 Vindictors (90), #4 Prosecutors (150), #5 Knight-Arcanum
/// (120), #6 Dusk Guard (Liberators, 90), #7 Gryph-hounds (90), #8 Celestant-Prime (UNIQUE
/// WARMASTER HERO, 240).
/// Rat Tide (Skaven, 620 pts): #9 Grey Seer (warlord, 110), #10 Clanrats reinforced (2 x 150),
/// #11 Stormvermin (110), #12 Warlock Engineer (100).
/// Battle 1: 1000 points, The Ruined Settlement, Hammers of Dawn v Rat Tide.
static BATTLE: Fixture = Fixture::new(|| {
    let p = Ptg::ashen_vale();
    p.new_hammers();
    p.ok(&["roster", "add", HAMMERS, "Liberators", "--name", "Dawn Guard"]);
    for w in ["Vindictors", "Prosecutors", "Knight-Arcanum"] {
        p.ok(&["roster", "add", HAMMERS, w]);
    }
    p.ok(&["roster", "add", HAMMERS, "Liberators", "--name", "Dusk Guard"]);
    p.ok(&["roster", "add", HAMMERS, "Gryph-hounds"]);
    p.ok(&["roster", "add", HAMMERS, CELESTANT]);
    p.new_rats();
    p.ok(&["roster", "add", RATS, "Clanrats", "--reinforced"]);
    for w in ["Stormvermin", "Warlock Engineer"] {
        p.ok(&["roster", "add", RATS, w]);
    }
    assert_eq!(p.json(&["roster", "show", HAMMERS])["points"], 990);
    assert_eq!(p.json(&["roster", "show", RATS])["points"], 620);
    new_battle(&p, "1000");
    p
});

/// Plans the next battle between the two rosters at `points`.
fn new_battle(p: &Ptg, points: &str) {
    p.plan_battle(points, "The Ruined Settlement");
}

/// `ptg battle army <battle> <roster> <args>...`
fn army<'a>(battle: &'a str, roster: &'a str, args: &[&'a str]) -> Vec<&'a str> {
    let mut all = vec!["battle", "army", battle, roster];
    all.extend_from_slice(args);
    all
}

/// One side's army as `battle show --json` has it: unit id -> (regiment leader, general).
fn regiments(p: &Ptg, battle: &str, roster: &str) -> BTreeMap<i64, (Option<i64>, bool)> {
    let b = p.json(&["battle", "show", battle]);
    named(&b["sides"], "roster", roster)["army"]
        .as_array()
        .expect("an army")
        .iter()
        .map(|u| {
            (
                u["unit_id"].as_i64().unwrap(),
                (u["regiment"].as_i64(), u["general"] == true),
            )
        })
        .collect()
}

fn expect(rows: &[(i64, i64, bool)]) -> BTreeMap<i64, (Option<i64>, bool)> {
    rows.iter().map(|&(u, r, g)| (u, (Some(r), g))).collect()
}

#[test]
fn a_legal_army_with_explicit_regiments_is_recorded_and_shown() {
    let p = BATTLE.copy();
    p.ok(&army(
        "1",
        HAMMERS,
        &[
            LORD,
            "Dawn Guard",
            "Vindictors",
            "Prosecutors",
            "Knight-Arcanum",
            "Dusk Guard",
            "--regiment",
            "Knight-Arcanum=Dusk Guard,Prosecutors",
            "--regiment",
            "1=Dawn Guard,3",
        ],
    ));
    assert_eq!(
        regiments(&p, "1", HAMMERS),
        expect(&[
            (1, 1, true),
            (2, 1, false),
            (3, 1, false),
            (4, 5, false),
            (5, 5, false),
            (6, 5, false)
        ])
    );
    let text = p.ok(&["battle", "show", "1"]);
    for want in [
        "general: Lord-Vigilant on Gryph-stalker (#1)",
        "regiment of Lord-Vigilant on Gryph-stalker (#1) (general): Dawn Guard (Liberators, #2), Vindictors (#3)",
        "regiment of Knight-Arcanum (#5): Prosecutors (#4), Dusk Guard (Liberators, #6)",
    ] {
        assert!(text.contains(want), "expected {want:?} in:\n{text}");
    }
    // The other side has no army yet.
    assert!(text.contains("army not recorded"), "{text}");
}

#[test]
fn regiments_left_out_are_placed_automatically_generals_first() {
    let p = BATTLE.copy();
    // Five non-HERO units: the general leads four, the Knight-Arcanum the fifth.
    p.ok(&army(
        "1",
        HAMMERS,
        &[
            LORD,
            "Dawn Guard",
            "Vindictors",
            "Prosecutors",
            "Dusk Guard",
            "Gryph-hounds",
            "Knight-Arcanum",
        ],
    ));
    assert_eq!(
        regiments(&p, "1", HAMMERS),
        expect(&[
            (1, 1, true),
            (2, 1, false),
            (3, 1, false),
            (4, 1, false),
            (5, 5, false),
            (6, 1, false),
            (7, 5, false)
        ])
    );
    // Naming one regiment: the units left out fill the regiments with room, general's first.
    p.ok(&army(
        "1",
        HAMMERS,
        &[
            LORD,
            "Dawn Guard",
            "Vindictors",
            "Prosecutors",
            "Dusk Guard",
            "Gryph-hounds",
            "Knight-Arcanum",
            "--regiment",
            "Knight-Arcanum=Dawn Guard",
        ],
    ));
    assert_eq!(
        regiments(&p, "1", HAMMERS),
        expect(&[
            (1, 1, true),
            (2, 5, false),
            (3, 1, false),
            (4, 1, false),
            (5, 5, false),
            (6, 1, false),
            (7, 1, false)
        ])
    );
    // Every HERO leads a regiment, even an empty one; a reinforced unit is placed like any other.
    p.ok(&army("1", RATS, &["Grey Seer", "Clanrats", "Warlock Engineer"]));
    assert_eq!(
        regiments(&p, "1", RATS),
        expect(&[(9, 9, true), (10, 9, false), (12, 12, false)])
    );
    let text = p.ok(&["battle", "show", "1"]);
    assert!(
        text.contains("regiment of Warlock Engineer (#12): no other units"),
        "{text}"
    );
}

#[test]
fn non_heroes_beyond_what_the_heroes_can_lead_are_refused() {
    let p = BATTLE.copy();
    p.refused(
        &army(
            "1",
            HAMMERS,
            &[
                LORD,
                "Dawn Guard",
                "Vindictors",
                "Prosecutors",
                "Dusk Guard",
                "Gryph-hounds",
            ],
        ),
        "regiments: 5 non-HERO units need a regiment but the HEROes can lead only 4; add a HERO or leave a unit out (no room for Gryph-hounds (#7))",
    );
    // Leaving a unit out fits.
    p.ok(&army(
        "1",
        HAMMERS,
        &[LORD, "Dawn Guard", "Vindictors", "Prosecutors", "Dusk Guard"],
    ));
}

#[test]
fn each_regiment_given_is_checked_naming_the_rule_and_the_unit() {
    let p = BATTLE.copy();
    let taken = [
        LORD,
        "Dawn Guard",
        "Vindictors",
        "Knight-Arcanum",
        "Dusk Guard",
        "Gryph-hounds",
    ];
    let with = |regiments: &[&'static str]| -> Vec<&'static str> {
        let mut args = army("1", HAMMERS, &taken);
        for r in regiments {
            args.extend(["--regiment", r]);
        }
        args
    };
    p.refused(
        &with(&["Dawn Guard=Vindictors"]),
        "regiments: Dawn Guard (Liberators, #2) is not a HERO, so it cannot lead a regiment",
    );
    p.refused(
        &with(&["Lord-Vigilant on Gryph-stalker=Knight-Arcanum,Vindictors"]),
        "regiments: Knight-Arcanum (#5) is a HERO and leads its own regiment, so it cannot join Lord-Vigilant on Gryph-stalker (#1)'s",
    );
    p.refused(
        &with(&["Knight-Arcanum=Prosecutors"]),
        "regiments: Prosecutors (#4) is not in the army, so it cannot join a regiment",
    );
    p.refused(
        &with(&["Celestant-Prime, Hammer of Sigmar=Vindictors"]),
        "is not in the army, so it cannot lead a regiment",
    );
    p.refused(
        &with(&["1=Dawn Guard", "Knight-Arcanum=Vindictors,Dawn Guard"]),
        "regiments: Dawn Guard (Liberators, #2) is named in both Lord-Vigilant on Gryph-stalker (#1)'s and Knight-Arcanum (#5)'s regiment",
    );
    p.refused(
        &with(&["Knight-Arcanum=Dawn Guard,Dawn Guard"]),
        "is named twice in Knight-Arcanum (#5)'s regiment",
    );
    p.refused(
        &with(&["Knight-Arcanum=Dawn Guard,Vindictors,Dusk Guard,Gryph-hounds"]),
        "regiments: Knight-Arcanum (#5)'s regiment is given 4 non-HERO units, but a regiment may have up to 3 (the general's up to 4); move Gryph-hounds (#7)",
    );
    // A regiment with no HERO before '=' is wrong usage (exit 2).
    p.refused_cmd(p.cmd(&with(&["=Vindictors"])), 2, "name the HERO leading it");
    // The general's regiment holds four.
    p.ok(&with(&[
        "1=Dawn Guard,Vindictors,Dusk Guard,Gryph-hounds",
        "Knight-Arcanum",
    ]));
    assert_eq!(
        regiments(&p, "1", HAMMERS),
        expect(&[
            (1, 1, true),
            (2, 1, false),
            (3, 1, false),
            (5, 5, false),
            (6, 1, false),
            (7, 1, false)
        ])
    );
}

#[test]
fn a_warmaster_taken_must_be_the_general_and_clashes_with_the_warlord() {
    let p = BATTLE.copy();
    p.refused(
        &army("1", HAMMERS, &[LORD, CELESTANT, "Dawn Guard"]),
        "warmaster: the warlord Lord-Vigilant on Gryph-stalker (#1) is taken, so it must be the general (Path to Glory), but Celestant-Prime, Hammer of Sigmar (#8) has the WARMASTER keyword, so the general must be a WARMASTER (core rules 3.2); leave one of them out",
    );
    p.refused(
        &army(
            "1",
            HAMMERS,
            &[
                CELESTANT,
                "Knight-Arcanum",
                "Dawn Guard",
                "--general",
                "Knight-Arcanum",
            ],
        ),
        "warmaster: Celestant-Prime, Hammer of Sigmar (#8) has the WARMASTER keyword, so the general must be a WARMASTER (core rules 3.2), and Knight-Arcanum (#5) is not",
    );
    // Without the warlord, the WARMASTER is the general by default.
    p.ok(&army("1", HAMMERS, &[CELESTANT, "Knight-Arcanum", "Dawn Guard"]));
    assert_eq!(
        regiments(&p, "1", HAMMERS),
        expect(&[(2, 8, false), (5, 5, false), (8, 8, true)])
    );
    // A WARMASTER left on the Order of Battle does not bind the general.
    p.ok(&army("1", HAMMERS, &[LORD, "Dawn Guard"]));
    assert_eq!(
        regiments(&p, "1", HAMMERS),
        expect(&[(1, 1, true), (2, 1, false)])
    );
}

#[test]
fn the_units_and_general_come_from_the_order_of_battle() {
    let p = BATTLE.copy();
    p.refused(
        &army("1", HAMMERS, &[LORD, "Gutter Runners"]),
        "an army is drawn from the Order of Battle",
    );
    p.refused(
        &army(
            "1",
            HAMMERS,
            &[LORD, "Knight-Arcanum", "--general", "Knight-Arcanum"],
        ),
        "the warlord must be the general",
    );
    p.refused(
        &army(
            "1",
            HAMMERS,
            &["Knight-Arcanum", "Dawn Guard", "--general", "Dawn Guard"],
        ),
        "general: the general must be a HERO, and Dawn Guard (Liberators, #2) is not",
    );
    p.refused(
        &army("1", HAMMERS, &["Dawn Guard", "Vindictors"]),
        "general: the army has no HERO that may be its general",
    );
}

/// Runs `roster check` expecting exit `code`; returns stdout.
fn check(p: &Ptg, args: &[&str], code: i32) -> String {
    let before = p.fingerprint();
    let out = p.cmd(args).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    assert_eq!(
        out.status.code(),
        Some(code),
        "ptg {args:?}:\n{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(before, p.fingerprint(), "roster check changed the database");
    stdout
}

#[test]
fn roster_check_with_points_checks_the_order_of_battle_as_an_army() {
    let p = BATTLE.copy();
    let ok = check(&p, &["roster", "check", RATS, "--points", "1000"], 0);
    for want in [
        "As a 1000-point army: the Order of Battle costs 620 points, within the limit.",
        "general: Grey Seer (#9)",
        "regiment of Grey Seer (#9) (general): Clanrats (#10), Stormvermin (#11)",
        "regiment of Warlock Engineer (#12): no other units",
        "Rat Tide breaks no rules.",
    ] {
        assert!(ok.contains(want), "expected {want:?} in:\n{ok}");
    }

    // Over the points: the reinforced Clanrats count double. (A battle can no longer be this
    // small, so the what-if check is where the doubling shows end to end.)
    let over = check(&p, &["roster", "check", RATS, "--points", "600"], 1);
    for want in [
        "As a 600-point army: the Order of Battle costs 620 points, over the limit by 20.",
        "BROKEN points limit: the Order of Battle costs 620 points, over a 600-point limit by 20",
    ] {
        assert!(over.contains(want), "expected {want:?} in:\n{over}");
    }
    p.refused(
        &["roster", "check", RATS, "--points", "600"],
        "Rat Tide breaks 1 rule(s)",
    );
    let json: Value = serde_json::from_str(&check(
        &p,
        &["roster", "check", RATS, "--points", "600", "--json"],
        1,
    ))
    .unwrap();
    assert_eq!(json["army"]["points"], 620);
    assert_eq!(json["army"]["points_limit"], 600);
    assert_eq!(json["army"]["general"], 9);
    let problem = named(&json["problems"], "rule", "points limit");
    assert!(problem["message"].as_str().unwrap().contains("620"));
    assert!(json["notes"].is_array(), "the usual roster report: {json}");

    // The Hammers' whole Order of Battle holds the warlord and a WARMASTER.
    let clash = check(&p, &["roster", "check", HAMMERS, "--points", "1000"], 1);
    assert!(
        clash.contains("BROKEN warmaster: the warlord Lord-Vigilant on Gryph-stalker (#1) is taken"),
        "{clash}"
    );
    assert!(clash.contains("leave one of them out"), "{clash}");
    // Without --points only the roster rules are checked.
    check(&p, &["roster", "check", HAMMERS], 0);
    let json: Value = serde_json::from_str(&check(&p, &["roster", "check", HAMMERS, "--json"], 0)).unwrap();
    assert!(json.get("army").is_none(), "{json}");
}

#[test]
fn roster_check_with_points_finds_units_no_hero_can_lead() {
    let p = BATTLE.copy();
    p.ok(&roster_new(
        "Lone Lord",
        "Ashen Vale",
        "Stormcast Eternals",
        LORD,
        "warrior",
        "berserker",
    ));
    for _ in 0..3 {
        p.ok(&["roster", "add", "Lone Lord", "Liberators"]);
    }
    p.ok(&["roster", "add", "Lone Lord", "Vindictors"]);
    check(&p, &["roster", "check", "Lone Lord", "--points", "1000"], 0);
    p.ok(&["roster", "add", "Lone Lord", "Gryph-hounds"]);
    let out = check(&p, &["roster", "check", "Lone Lord", "--points", "1000"], 1);
    assert!(
        out.contains(
            "BROKEN regiments: 5 non-HERO units need a regiment but the HEROes can lead only 4; add a HERO, or leave a unit out when you pick the army (no room for Gryph-hounds (#18))"
        ),
        "{out}"
    );
    assert!(out.contains("costs 570 points, within the limit"), "{out}");
}
