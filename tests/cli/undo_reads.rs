//! Issue #42: a rename reads the roster's row only and an undo only the units its changes
//! name. What they print, give as JSON and refuse stays what the whole roster gave.

use crate::common;

use common::{Fixture, HAMMERS, Ptg, RATS};

/// A battle fought and its aftermath recorded for the Hammers, retiring the Knight-Arcanum:
/// the roster has a retired unit that the aftermath's undo must name.
static RETIRED: Fixture = Fixture::new(|| {
    let p = Ptg::ashen_vale();
    p.new_hammers();
    p.ok(&["roster", "add", HAMMERS, "Liberators", "--name", "Dawn Guard"]);
    p.ok(&["roster", "add", HAMMERS, "Knight-Arcanum"]);
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
    ]);
    p.ok(&[
        "aftermath",
        "1",
        HAMMERS,
        "--favoured",
        "Dawn Guard",
        "--retire",
        "Knight-Arcanum",
        "--dice",
        "3,3,2,6,2",
    ]);
    p
});

#[test]
fn undoing_an_aftermath_names_each_unit_it_touches_the_retired_one_too() {
    let p = RETIRED.copy();
    let out = p.ok(&["undo", "--roster", HAMMERS]);
    // Every reversed change about a unit names it, read by id, retired or not.
    assert!(out.contains("Hammers of Dawn: Knight-Arcanum (#"), "{out}");
    assert!(
        out.contains("Hammers of Dawn: Dawn Guard (Liberators, #"),
        "{out}"
    );
    assert!(out.contains("-55 glory"), "{out}");
    let back = p.json(&["roster", "show", HAMMERS]);
    let names: Vec<&str> = back["units"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|u| u["warscroll"].as_str())
        .collect();
    assert!(names.contains(&"Knight-Arcanum"), "{back}");
}

#[test]
fn an_undo_refused_by_what_builds_on_it_changes_nothing_with_a_retired_unit_named() {
    let p = RETIRED.copy();
    // The battle result under the aftermath: the Hammers' aftermath builds on it.
    let err = p.refused(&["undo", "--roster", RATS], "cannot be undone while #");
    assert!(err.contains("Aftermath of battle 1 for Hammers of Dawn"), "{err}");
}

#[test]
fn a_rename_gives_the_whole_roster_as_json_and_refuses_as_before() {
    let p = RETIRED.copy();
    p.refused(&["roster", "rename", HAMMERS, HAMMERS], "already called");
    p.refused(&["roster", "rename", HAMMERS, RATS], "is called 'Rat Tide'");
    let renamed = p.json(&["roster", "rename", HAMMERS, "Dawn Hammers"]);
    assert_eq!(renamed["name"], "Dawn Hammers");
    // --json still gives every unit, the retired Knight-Arcanum with the rest.
    let shown = p.json(&["roster", "show", "Dawn Hammers"]);
    assert_eq!(renamed["glory"], shown["glory"]);
    let retired: Vec<&serde_json::Value> = renamed["units"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|u| u["retired"] == true)
        .collect();
    assert_eq!(retired.len(), 1, "{renamed}");
    assert_eq!(retired[0]["warscroll"], "Knight-Arcanum");
    let out = p.ok(&["roster", "rename", "Dawn Hammers", "Hammers of Dawn"]);
    assert!(out.contains("Dawn Hammers renamed Hammers of Dawn"), "{out}");
    // And the rename is undone as one.
    p.ok(&["undo", "--roster", HAMMERS]);
    assert_eq!(
        p.json(&["roster", "show", "Dawn Hammers"])["name"],
        "Dawn Hammers"
    );
}
