//! End-to-end: the campaign option `allies` (issue #17). Dark Host (Slaves to Darkness, Chaos)
//! takes Chaos Spawn of Tzeentch from Disciples of Tzeentch (Chaos): at most 1 unit in every 4
//! (the battlepack's `[options.allies] one_in`) on the starting Order of Battle and in an army,
//! never the general, no enhancements, renown like any unit, shown as allies everywhere. Every
//! refusal leaves the database unchanged; a campaign with no options has no allies at all.

use crate::common;

use common::{Fixture, Ptg, RATS, named, roster_new};

const CAMPAIGN: &str = "Eightpoints";
const HOST: &str = "Dark Host";
const FOE: &str = "Rat Tide";
const ALLY: &str = "Disciples of Tzeentch";
const SPAWN: &str = "Chaos Spawn of Tzeentch";

/// Dark Host, 16 units, 1000 points: #1 Darkoath Chieftain (warlord, 80), #2 Darkoath
/// Warqueen (80), #3..#12 Chaos Spawn (10 x 60), then four allied Chaos Spawn of Tzeentch (60
/// each): #13 "Blue Spawn", #14 "Pink Spawn", #15, #16. Rat Tide (Skaven): #17 Grey Seer
/// (warlord), #18 Clanrats. Battle 1: 1000 points, The Ruined Settlement.
static ALLIED: Fixture = Fixture::new(|| {
    let p = Ptg::new();
    p.ok(&["campaign", "new", CAMPAIGN, "--option", "allies"]);
    p.ok(&roster_new(
        HOST,
        CAMPAIGN,
        "Slaves to Darkness",
        "Darkoath Chieftain",
        "warrior",
        "berserker",
    ));
    p.ok(&["roster", "add", HOST, "Darkoath Warqueen"]);
    for _ in 0..10 {
        p.ok(&["roster", "add", HOST, "Chaos Spawn"]);
    }
    for name in ["Blue Spawn", "Pink Spawn"] {
        p.ok(&["roster", "add", HOST, SPAWN, "--ally", ALLY, "--name", name]);
    }
    for _ in 0..2 {
        p.ok(&["roster", "add", HOST, SPAWN, "--ally", ALLY]);
    }
    p.ok(&roster_new(
        FOE,
        CAMPAIGN,
        "Skaven",
        "Grey Seer",
        "mage",
        "dedicated-practitioner",
    ));
    p.ok(&["roster", "add", FOE, "Clanrats"]);
    p.ok(&[
        "battle",
        "new",
        "--campaign",
        CAMPAIGN,
        "--points",
        "1000",
        HOST,
        FOE,
        "--battleplan",
        "The Ruined Settlement",
    ]);
    p
});

#[test]
fn allies_join_the_order_of_battle_and_are_shown_as_allies() {
    let p = ALLIED.copy();
    let r = p.json(&["roster", "show", HOST]);
    assert_eq!(r["points"], 1000);
    let units = r["units"].as_array().unwrap();
    assert_eq!(units.len(), 16);
    assert_eq!(units.iter().filter(|u| u["ally"] == ALLY).count(), 4);
    assert_eq!(named(&r["units"], "name", "Blue Spawn")["in_current_data"], true);
    let text = p.ok(&["roster", "show", HOST]);
    assert!(text.contains("[ally: Disciples of Tzeentch]"), "{text}");
    let sheet = p.ok(&["roster", "sheet", HOST, "--format", "text"]);
    assert!(sheet.contains("ally: Disciples of Tzeentch"), "{sheet}");
    let check = p.ok(&["roster", "check", HOST]);
    assert!(!check.contains("not in the current data"), "{check}");
    let audit = p.ok(&["audit", "--roster", HOST]);
    assert!(audit.contains("no findings"), "{audit}");
}

#[test]
fn a_fifth_ally_in_16_units_is_refused() {
    let p = ALLIED.copy();
    p.refused(
        &["roster", "add", HOST, SPAWN, "--ally", ALLY],
        "the starting Order of Battle would hold 5 allied units in 17; at most 1 unit in every 4 may be an ally",
    );
}

#[test]
fn allies_come_from_another_faction_of_the_same_grand_alliance() {
    let p = ALLIED.copy();
    p.refused(
        &[
            "roster",
            "add",
            HOST,
            "Liberators",
            "--ally",
            "Stormcast Eternals",
        ],
        "Stormcast Eternals is of the Order grand alliance and Dark Host (Slaves to Darkness) of Chaos; allies come from another faction of the same grand alliance, so pick a faction of the Chaos grand alliance",
    );
    p.refused(
        &[
            "roster",
            "add",
            HOST,
            "Chaos Spawn",
            "--ally",
            "Slaves to Darkness",
        ],
        "no ally; leave out --ally",
    );
}

#[test]
fn an_ally_needs_the_option() {
    let p = Ptg::new();
    p.ok(&["campaign", "new", "Plain"]);
    p.ok(&roster_new(
        HOST,
        "Plain",
        "Slaves to Darkness",
        "Darkoath Chieftain",
        "warrior",
        "berserker",
    ));
    for _ in 0..3 {
        p.ok(&["roster", "add", HOST, "Chaos Spawn"]);
    }
    p.refused(
        &["roster", "add", HOST, SPAWN, "--ally", ALLY],
        "campaign 'Plain' does not play with allies; the organiser turns it on with `ptg campaign set \"Plain\" --option allies`, or leave out --ally",
    );
    // No options: no allegiance line and no allies anywhere, as before.
    let text = p.ok(&["roster", "show", HOST]);
    assert!(!text.contains("ally"), "{text}");
}

#[test]
fn an_ally_gets_no_enhancements() {
    let p = ALLIED.copy();
    p.refused(
        &["roster", "enhance", HOST, "Blue Spawn", "Anything"],
        "is an allied unit (from Disciples of Tzeentch), and allied units get no enhancements",
    );
}

/// `battle army 1 "Dark Host" <units>...`
fn army<'a>(units: &[&'a str], extra: &[&'a str]) -> Vec<&'a str> {
    let mut all = vec!["battle", "army", "1", HOST];
    all.extend_from_slice(units);
    all.extend_from_slice(extra);
    all
}

#[test]
fn an_army_of_8_takes_2_allies_not_3_and_never_an_allied_general() {
    let p = ALLIED.copy();
    p.refused(
        &army(&["1", "2", "3", "4", "5", "13", "14", "15"], &[]),
        "the army would hold 3 allied units in 8; at most 1 unit in every 4 may be an ally",
    );
    p.refused(
        &army(&["2", "3", "4", "13"], &["--general", "Blue Spawn"]),
        "allied units are never the general",
    );
    let shown = p.json(&army(&["1", "2", "3", "4", "5", "6", "13", "14"], &[]));
    // Only Dark Host's army is in so far.
    let a = &shown["allegiances"][0];
    assert_eq!(a["faction"], "Slaves to Darkness");
    assert_eq!(
        a["words"],
        "Slaves to Darkness (Chaos, with allies from Disciples of Tzeentch)"
    );
    let text = p.ok(&["battle", "show", "1"]);
    assert!(
        text.contains("allegiance: Slaves to Darkness (Chaos, with allies from Disciples of Tzeentch)"),
        "{text}"
    );
}

#[test]
fn an_allied_unit_earns_renown_like_any_unit() {
    let p = ALLIED.copy();
    p.ok(&army(&["1", "2", "3", "4", "5", "6", "13", "14"], &[]));
    p.ok(&[
        "battle",
        "army",
        "1",
        FOE,
        "Grey Seer",
        "Clanrats",
        "--dice",
        "6,1",
    ]);
    p.ok(&[
        "battle",
        "result",
        "1",
        "--vp",
        "Dark Host=14",
        "--vp",
        "Rat Tide=8",
    ]);
    // One D3 per unit taken (all 2s), then the favoured warriors' D6 (3).
    p.ok(&[
        "aftermath",
        "1",
        HOST,
        "--favoured",
        "Blue Spawn",
        "--dice",
        "2,2,2,2,2,2,2,2,3",
    ]);
    let r = p.json(&["roster", "show", HOST]);
    let blue = named(&r["units"], "name", "Blue Spawn");
    let pink = named(&r["units"], "name", "Pink Spawn");
    let own = &r["units"].as_array().unwrap()[2];
    assert_eq!(own["warscroll"], "Chaos Spawn");
    assert_eq!(pink["renown"], own["renown"]);
    assert_eq!(
        blue["renown"].as_u64().unwrap(),
        pink["renown"].as_u64().unwrap() + 3
    );
    let audit = p.ok(&["audit", "--roster", HOST]);
    assert!(audit.contains("no findings"), "{audit}");
}

/// Battle 2 (1500 points) planned, fought and won by the Dark Host (eight units, two of them
/// allies): 100 glory to spend in its aftermath (60 + 30 + 10).
fn fought_at_1500(p: &Ptg) {
    p.ok(&[
        "battle",
        "new",
        "--campaign",
        CAMPAIGN,
        "--points",
        "1500",
        HOST,
        FOE,
        "--battleplan",
        "The Ruined Settlement",
    ]);
    p.ok(&[
        "battle", "army", "2", HOST, "1", "2", "3", "4", "5", "6", "13", "14",
    ]);
    p.ok(&[
        "battle",
        "army",
        "2",
        FOE,
        "Grey Seer",
        "Clanrats",
        "--dice",
        "6,1",
    ]);
    p.ok(&[
        "battle",
        "result",
        "2",
        "--vp",
        "Dark Host=14",
        "--vp",
        "Rat Tide=8",
    ]);
}

#[test]
fn an_aftermath_adds_an_ally_from_the_grand_alliance_only() {
    let p = ALLIED.copy();
    fought_at_1500(&p);
    let aftermath = |extra: &[&'static str]| {
        let mut args = vec![
            "aftermath",
            "2",
            HOST,
            "--favoured",
            "Blue Spawn",
            "--dice",
            "2,2,2,2,2,2,2,2,3",
        ];
        args.extend_from_slice(extra);
        args
    };
    // Another grand alliance or the roster's own faction is refused, the database unchanged.
    p.refused(
        &aftermath(&["--add-unit", "Liberators", "--ally", "Stormcast Eternals"]),
        "allies come from another faction of the same grand alliance",
    );
    p.refused(
        &aftermath(&["--add-unit", "Chaos Spawn", "--ally", "Slaves to Darkness"]),
        "own faction",
    );
    // The glory rule holds for an ally as for any unit: Pink Horrors cost 170, more than 100.
    p.refused(
        &aftermath(&["--add-unit", "Pink Horrors", "--ally", ALLY]),
        "adding Pink Horrors costs 170 glory",
    );
    p.ok(&aftermath(&[
        "--add-unit",
        SPAWN,
        "--ally",
        ALLY,
        "--add-name",
        "Gold Spawn",
    ]));
    let r = p.json(&["roster", "show", HOST]);
    assert_eq!(named(&r["units"], "name", "Gold Spawn")["ally"], ALLY);
    let audit = p.ok(&["audit", "--roster", HOST]);
    assert!(audit.contains("no findings"), "{audit}");
}

/// Another faction's unit asked without `--ally` is named as that faction's (issue #33), not
/// answered with look-alikes of the roster's own ("Rat Ogors" for Liberators); where the
/// campaign plays allies, the fix is to add it as one.
#[test]
fn another_factions_unit_is_named_as_theirs() {
    let p = ALLIED.copy();
    let err = p.refused(
        &["roster", "add", FOE, SPAWN],
        "Chaos Spawn of Tzeentch is a unit of Disciples of Tzeentch, not of Skaven",
    );
    assert!(err.contains("use --ally \"Disciples of Tzeentch\""), "{err}");
    assert!(!err.contains("did you mean"), "{err}");

    let plain = Ptg::ashen_vale();
    plain.new_rats();
    let err = plain.refused(
        &["roster", "add", RATS, "Liberators"],
        "Liberators is a unit of Stormcast Eternals, not of Skaven; a roster's units are its own faction's",
    );
    assert!(!err.contains("--ally") && !err.contains("Rat Ogors"), "{err}");
}
