//! End-to-end: the starting spell and manifestation come with the first WIZARD on the Order of
//! Battle whenever it joins, at set-up or in an aftermath, once; undoing its arrival takes
//! them away again.

use crate::common;

use common::{Fixture, HAMMERS, Ptg, RATS};
use serde_json::Value;

const LORD: &str = "Lord-Vigilant on Gryph-stalker";

/// Hammers of Dawn with no WIZARD (Lord-Vigilant, Liberators) and Rat Tide (Grey Seer,
/// Clanrats) have fought battle 1 at 2000 points: the Hammers won 14-8, a major victory with
/// their general alive, so their aftermath earns 100 + 40 + 15 = 155 glory, enough to add a
/// Knight-Arcanum (120). Their aftermath rolls a D3 for each of their two units, then the
/// favoured warriors' D6 (no quest; The Ruined Settlement rolls no campaign reward).
static FOUGHT: Fixture = Fixture::new(|| {
    let p = Ptg::ashen_vale();
    p.new_hammers();
    p.new_rats();
    p.ok(&["roster", "add", HAMMERS, "Liberators"]);
    p.ok(&["roster", "add", RATS, "Clanrats"]);
    p.plan_battle("2000", "The Ruined Settlement");
    p.ok(&["battle", "army", "1", HAMMERS, LORD, "Liberators"]);
    p.ok(&["battle", "army", "1", RATS, "Grey Seer", "Clanrats"]);
    p.ok(&[
        "battle",
        "result",
        "1",
        "--vp",
        "Hammers of Dawn=14",
        "--vp",
        "Rat Tide=8",
    ]);
    p
});

/// The Hammers' aftermath adds a Knight-Arcanum, their first WIZARD.
fn add_the_first_wizard(p: &Ptg) {
    p.ok(&[
        "aftermath",
        "1",
        HAMMERS,
        "--favoured",
        "Liberators",
        "--add-unit",
        "Knight-Arcanum",
        "--dice",
        "2,1,3",
    ]);
}

fn lore_add<'a>(kind: &'a str, name: &'a str) -> [&'a str; 6] {
    ["roster", "lore", HAMMERS, "add", kind, name]
}

/// Sources of the rewards the Hammers are owed.
fn owed(p: &Ptg) -> Vec<String> {
    let h = p.json(&["roster", "show", HAMMERS]);
    h["rewards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            format!(
                "{} from {}",
                r["reward"].as_str().unwrap(),
                r["source"].as_str().unwrap()
            )
        })
        .collect()
}

const SPELL: &str = "spell from the first WIZARD on the Order of Battle";
const MANIFESTATION: &str = "manifestation from the first WIZARD on the Order of Battle";

#[test]
fn a_first_wizard_added_by_an_aftermath_brings_one_spell_and_one_manifestation() {
    let p = FOUGHT.copy();
    assert_eq!(
        owed(&p),
        Vec::<String>::new(),
        "no WIZARD at set-up, nothing owed"
    );
    p.refused(&lore_add("spell", "Lightning Blast"), "add a WIZARD");

    add_the_first_wizard(&p);
    let h = p.json(&["roster", "show", HAMMERS]);
    assert_eq!(h["setup_complete"], Value::Bool(true));
    assert_eq!(owed(&p), [SPELL, MANIFESTATION]);
    let waiting: Vec<&str> = h["waiting"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(Value::as_str)
        .filter(|w| w.contains("the first WIZARD"))
        .collect();
    assert_eq!(waiting.len(), 2, "{waiting:?}");
    assert!(waiting[0].contains("add spell"), "{waiting:?}");
    assert!(waiting[1].contains("add manifestation"), "{waiting:?}");

    // Each pick is made once, after set-up, with no --reason.
    p.ok(&lore_add("spell", "Lightning Blast"));
    p.ok(&lore_add("manifestation", "Summon Celestian Vortex"));
    assert_eq!(owed(&p), Vec::<String>::new());
    p.refused(
        &lore_add("spell", "Thundershock"),
        "no spell is waiting to be picked on Hammers of Dawn",
    );
    p.refused(
        &lore_add("manifestation", "Summon Dais Arcanum"),
        "no manifestation is waiting to be picked on Hammers of Dawn",
    );
    assert!(p.ok(&["audit"]).contains("no findings"));
}

#[test]
fn undoing_the_aftermath_that_added_the_first_wizard_takes_its_picks_away() {
    let p = FOUGHT.copy();
    add_the_first_wizard(&p);
    p.ok(&lore_add("spell", "Lightning Blast"));
    // The pick builds on the aftermath, so it is undone first; then the aftermath.
    p.ok(&["undo", "--roster", HAMMERS]);
    assert_eq!(owed(&p), [SPELL, MANIFESTATION]);
    p.ok(&["undo", "--roster", HAMMERS]);
    assert_eq!(owed(&p), Vec::<String>::new(), "no orphan pick left behind");
    p.refused(
        &lore_add("manifestation", "Summon Celestian Vortex"),
        "add a WIZARD",
    );
    assert!(p.ok(&["audit"]).contains("no findings"));
    // Run again, the aftermath owes them again, once.
    add_the_first_wizard(&p);
    assert_eq!(owed(&p), [SPELL, MANIFESTATION]);
}

/// A lore entry BSData spells with two spaces ("Summon  Purple Sun of Shyish") is imported
/// with one, and found however many a player types (issue #33).
#[test]
fn a_name_with_a_double_space_is_found_with_one() {
    let p = Ptg::ashen_vale();
    p.new_rats();
    let typed = "Summon  Purple Sun  of Shyish";
    let out = p.ok(&["roster", "lore", RATS, "add", "manifestation", typed]);
    assert!(
        out.contains("Summon Purple Sun of Shyish added to the manifestation lore"),
        "{out}"
    );
}
