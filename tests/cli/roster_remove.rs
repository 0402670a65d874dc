//! End-to-end: `ptg roster remove ROSTER UNIT` takes a starting unit off the Order of Battle
//! during set-up (issue #19), `ptg undo` brings the same unit back, and every refusal names
//! what keeps the unit there and leaves the database unchanged.

use crate::common;

use common::{ASHEN_VALE, Fixture, HAMMERS, Ptg, RATS, roster_new};
use serde_json::Value;

/// Hammers of Dawn in set-up, 510 points: #1 Lord-Vigilant on Gryph-stalker (warlord, 120),
/// #2 "Dawn Guard" (Liberators, reinforced, 180), #3 Knight-Arcanum (120; the only WIZARD,
/// its starting spell and manifestation still owed), #4 Liberators (90).
static SET_UP: Fixture = Fixture::new(|| {
    let p = Ptg::ashen_vale();
    p.new_hammers();
    p.add_dawn_guard();
    p.ok(&["roster", "add", HAMMERS, "Knight-Arcanum"]);
    p.ok(&["roster", "add", HAMMERS, "Liberators"]);
    p
});

/// `Ptg::small_battle`: both rosters' armies recorded for battle 1, no result yet. The Hammers'
/// Liberators are #3.
static ARMIES: Fixture = Fixture::new(Ptg::small_battle);

fn show(p: &Ptg) -> Value {
    p.json(&["roster", "show", HAMMERS])
}

fn ids(roster: &Value) -> Vec<i64> {
    roster["units"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| u["id"].as_i64().unwrap())
        .collect()
}

fn audit_is_clean(p: &Ptg) {
    let out = p.ok(&["audit"]);
    assert!(out.contains("no findings"), "{out}");
}

#[test]
fn a_starting_unit_comes_off_and_undo_brings_the_same_unit_back() {
    let p = SET_UP.copy();
    let before = show(&p);
    let out = p.ok(&["roster", "remove", HAMMERS, "4"]);
    assert!(
        out.contains("Liberators (#4) removed from the Order of Battle. Order of Battle: 420 points"),
        "{out}"
    );
    let after = show(&p);
    assert_eq!(ids(&after), [1, 2, 3]);
    assert_eq!(after["points"], 420);
    assert_eq!(
        after["glory"], 0,
        "adding spent no glory, so removing refunds none"
    );
    audit_is_clean(&p);

    let history = p.ok(&["history", "--roster", HAMMERS]);
    assert!(
        history.contains("roster remove: Liberators (#4) removed from the Order of Battle")
            && history.contains("taken off the Order of Battle during set-up (90 pts)"),
        "{history}"
    );

    let undo = p.ok(&["undo", "--roster", HAMMERS]);
    assert!(undo.contains("back on the Order of Battle (90 pts)"), "{undo}");
    assert_eq!(show(&p), before, "the same unit, id 4, in its place");
    audit_is_clean(&p);
    let history = p.ok(&["history", "--roster", HAMMERS]);
    assert!(history.contains("[undone by #"), "{history}");
}

#[test]
fn a_unit_is_named_by_name_with_campaign_slash_roster_and_json_says_what_changed() {
    let p = SET_UP.copy();
    let roster = format!("{ASHEN_VALE}/{HAMMERS}");
    let done = p.json(&["roster", "remove", &roster, "dawn guard"]);
    assert_eq!(
        done["summary"],
        "Dawn Guard (Liberators, #2) removed from the Order of Battle"
    );
    assert_eq!(
        done["changes"][0],
        "taken off the Order of Battle during set-up (180 pts, reinforced)"
    );
    assert_eq!(done["points"], 330, "its points twice over: it was reinforced");
    assert_eq!(ids(&done["roster"]), [1, 3, 4]);
    let logged = p.json(&["history", "--roster", HAMMERS]);
    let last = logged.as_array().unwrap().last().unwrap();
    assert_eq!(last["command"], "roster remove");
    assert_eq!(last["changes"][0]["kind"], "remove_starting_unit");
    assert_eq!(last["changes"][0]["unit_id"], 2);
}

#[test]
fn an_unknown_ambiguous_or_already_removed_unit_is_refused() {
    let p = SET_UP.copy();
    let e = p.refused(&["roster", "remove", HAMMERS, "Liberators"], "names 2 units");
    assert!(
        e.contains("Dawn Guard (Liberators, #2)")
            && e.contains("Liberators (#4)")
            && e.contains("use the unit's id"),
        "{e}"
    );
    p.refused(&["roster", "remove", HAMMERS, "Vindictors"], "unknown unit");
    p.ok(&["roster", "remove", HAMMERS, "4"]);
    p.refused(&["roster", "remove", HAMMERS, "4"], "unknown unit '4'");
    p.refused(&["roster", "remove", "Hammers of Dusk", "4"], "Hammers of Dusk");
}

#[test]
fn the_warlord_never_leaves() {
    let p = SET_UP.copy();
    let e = p.refused(
        &["roster", "remove", HAMMERS, "Lord-Vigilant on Gryph-stalker"],
        "is the warlord",
    );
    assert!(e.contains("and delete this one (`ptg roster new"), "{e}");
}

#[test]
fn a_unit_holding_an_enhancement_or_named_by_the_quest_stays() {
    let p = SET_UP.copy();
    p.ok(&["roster", "enhance", HAMMERS, "Knight-Arcanum", "Mirrorshield"]);
    let e = p.refused(
        &["roster", "remove", HAMMERS, "Knight-Arcanum"],
        "holds Mirrorshield",
    );
    assert!(
        e.contains("would be lost") && e.contains("ptg undo --roster \"Hammers of Dawn\""),
        "{e}"
    );
    p.ok(&[
        "quest",
        "start",
        HAMMERS,
        "Seek Glory in Battle",
        "--unit",
        "Dawn Guard",
    ]);
    let e = p.refused(
        &["roster", "remove", HAMMERS, "Dawn Guard"],
        "unit of the current quest, Seek Glory in Battle",
    );
    assert!(e.contains("ptg quest start"), "{e}");
}

#[test]
fn the_only_wizard_takes_its_unpicked_starting_spell_and_manifestation_with_it() {
    let p = SET_UP.copy();
    assert_eq!(show(&p)["rewards"].as_array().unwrap().len(), 2);
    let out = p.ok(&["roster", "remove", HAMMERS, "Knight-Arcanum"]);
    assert!(
        out.contains("no longer owed a spell (the first WIZARD on the Order of Battle)")
            && out.contains("no longer owed a manifestation"),
        "{out}"
    );
    assert_eq!(show(&p)["rewards"], serde_json::json!([]));
    p.refused(
        &["roster", "lore", HAMMERS, "add", "spell", "Lightning Blast"],
        "add a WIZARD",
    );
    audit_is_clean(&p);
    let before_undo = show(&p);
    p.ok(&["undo", "--roster", HAMMERS]);
    let back = show(&p);
    assert_eq!(back["rewards"].as_array().unwrap().len(), 2, "owed again");
    assert_ne!(back, before_undo);
    p.ok(&["roster", "lore", HAMMERS, "add", "spell", "Lightning Blast"]);
    audit_is_clean(&p);
}

#[test]
fn a_starting_pick_already_made_keeps_its_only_wizard() {
    let p = SET_UP.copy();
    p.ok(&["roster", "lore", HAMMERS, "add", "spell", "Lightning Blast"]);
    let e = p.refused(
        &["roster", "remove", HAMMERS, "Knight-Arcanum"],
        "is the only WIZARD",
    );
    assert!(
        e.contains("starting spell it brought is already picked")
            && e.contains("spell lore: Lightning Blast")
            && e.contains("Add another WIZARD first"),
        "{e}"
    );
}

#[test]
fn a_unit_in_a_recorded_army_stays_and_after_the_first_battle_units_are_retired() {
    let p = ARMIES.copy();
    let e = p.refused(
        &["roster", "remove", HAMMERS, "Liberators"],
        "in the army recorded for battle 1",
    );
    assert!(e.contains("ptg battle army 1"), "{e}");
    p.ok(&[
        "battle",
        "result",
        "1",
        "--vp",
        &format!("{HAMMERS}=10"),
        "--vp",
        &format!("{RATS}=8"),
    ]);
    let e = p.refused(&["roster", "remove", HAMMERS, "Liberators"], "set-up is over");
    assert!(
        e.contains("ptg aftermath <battle> \"Hammers of Dawn\" --retire 3"),
        "{e}"
    );
}

#[test]
fn a_unit_that_unlocks_another_still_there_stays() {
    let p = Ptg::ashen_vale();
    p.ok(&roster_new(
        "Moonclan Mob",
        ASHEN_VALE,
        "Gloomspite Gitz",
        "Loonboss",
        "warrior",
        "berserker",
    ));
    p.ok(&["roster", "add", "Moonclan Mob", "Snarlboss"]);
    p.ok(&["roster", "add", "Moonclan Mob", "Wolfgit Retinue"]);
    let e = p.refused(
        &["roster", "remove", "Moonclan Mob", "Snarlboss"],
        "unlocks Wolfgit Retinue",
    );
    assert!(
        e.contains("1 Wolfgit Retinue would stay with 0 Snarlboss")
            && e.contains("ptg roster remove \"Moonclan Mob\" 3"),
        "{e}"
    );
    p.ok(&["roster", "remove", "Moonclan Mob", "3"]);
    p.ok(&["roster", "remove", "Moonclan Mob", "Snarlboss"]);
}

#[test]
fn the_allies_stay_within_their_share() {
    let p = Ptg::new();
    p.ok(&["campaign", "new", "Eightpoints", "--option", "allies"]);
    p.ok(&roster_new(
        "Dark Host",
        "Eightpoints",
        "Slaves to Darkness",
        "Darkoath Chieftain",
        "warrior",
        "berserker",
    ));
    for _ in 0..2 {
        p.ok(&["roster", "add", "Dark Host", "Chaos Spawn"]);
    }
    p.ok(&[
        "roster",
        "add",
        "Dark Host",
        "Chaos Spawn of Tzeentch",
        "--ally",
        "Disciples of Tzeentch",
    ]);
    let e = p.refused(
        &["roster", "remove", "Dark Host", "2"],
        "would hold 1 allied unit in 3",
    );
    assert!(e.contains("remove an allied unit first"), "{e}");
    p.ok(&["roster", "remove", "Dark Host", "Chaos Spawn of Tzeentch"]);
    p.ok(&["roster", "remove", "Dark Host", "2"]);
}
