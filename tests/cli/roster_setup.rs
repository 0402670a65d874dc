//! End-to-end: setting up Path to Glory rosters through the `ptg` binary, with the bundled
//! faction data (imported from BSData) and the Ascension battlepack.

use crate::common;

use common::{Fixture, Ptg, named, roster_new};
use serde_json::Value;

const SCE: &str = "Stormcast Eternals";

/// A campaign and a Stormcast roster led by a Lord-Vigilant on the Warrior Path: Ashen Vale
/// and Hammers of Dawn, as `Ptg::ashen_vale` and `Ptg::new_hammers` make them.
static HAMMERS_ALONE: Fixture = Fixture::new(|| {
    let p = Ptg::new();
    p.ok(&["campaign", "new", "Ashen Vale"]);
    p.ok(&roster_new(
        "Hammers of Dawn",
        "Ashen Vale",
        SCE,
        "Lord-Vigilant on Gryph-stalker",
        "warrior",
        "berserker",
    ));
    p
});

fn unit<'a>(roster: &'a Value, warscroll: &str) -> &'a Value {
    named(&roster["units"], "warscroll", warscroll)
}

#[test]
fn a_legal_roster_fills_exactly_1000_points_with_enhancements_tome_and_quest() {
    let p = HAMMERS_ALONE.copy();
    // 120 warlord + 180 + 120 + 120 + 150 + 90 + 130 + 90 = 1000
    p.ok(&[
        "roster",
        "add",
        "Hammers of Dawn",
        "Liberators",
        "--reinforced",
        "--name",
        "Dawn Guard",
    ]);
    for w in [
        "Knight-Arcanum",
        "Knight-Relictor",
        "Prosecutors",
        "Vindictors",
        "Annihilators",
        "Vanquishers",
    ] {
        p.ok(&["roster", "add", "hammers of dawn", w]);
    }
    p.ok(&[
        "roster",
        "enhance",
        "Hammers of Dawn",
        "Lord-Vigilant on Gryph-stalker",
        "Staunch Defender",
    ]);
    p.ok(&[
        "roster",
        "enhance",
        "Hammers of Dawn",
        "knight-arcanum",
        "Mirrorshield",
    ]);
    p.ok(&[
        "roster",
        "lore",
        "Hammers of Dawn",
        "add",
        "spell",
        "Lightning Blast",
    ]);
    p.ok(&[
        "roster",
        "lore",
        "Hammers of Dawn",
        "add",
        "manifestation",
        "Summon Celestian Vortex",
    ]);
    p.ok(&[
        "roster",
        "lore",
        "Hammers of Dawn",
        "add",
        "prayer",
        "Bless Weapons",
    ]);
    p.ok(&[
        "roster",
        "lore",
        "Hammers of Dawn",
        "add",
        "manifestation",
        "Summon Dais Arcanum",
    ]);
    p.ok(&[
        "quest",
        "start",
        "Hammers of Dawn",
        "Seek Glory in Battle",
        "--unit",
        "Dawn Guard",
    ]);

    let r = p.json(&["roster", "show", "Hammers of Dawn"]);
    assert_eq!(r["points"], 1000);
    assert_eq!(r["glory"], 0);
    assert_eq!(r["units"].as_array().unwrap().len(), 8);
    let warlord = unit(&r, "Lord-Vigilant on Gryph-stalker");
    assert_eq!(warlord["warlord"], true);
    assert_eq!(warlord["renown"], 5);
    assert_eq!(warlord["rank"], "Aspiring");
    assert_eq!(warlord["path"], "warrior");
    assert_eq!(
        warlord["abilities"][0],
        serde_json::json!(["Aspiring", "berserker"])
    );
    assert_eq!(warlord["enhancements"][0]["name"], "Staunch Defender");
    let guard = unit(&r, "Liberators");
    assert_eq!(
        (guard["name"].as_str(), guard["reinforced"].as_bool()),
        (Some("Dawn Guard"), Some(true))
    );
    assert_eq!(
        (guard["points"].as_u64(), guard["unit_size"].as_u64()),
        (Some(90), Some(5))
    );
    let tome: Vec<(&str, &str, u64)> = r["tome"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e["kind"].as_str().unwrap(),
                e["name"].as_str().unwrap(),
                e["value"].as_u64().unwrap(),
            )
        })
        .collect();
    assert!(tome.contains(&("spell", "Lightning Blast", 5)), "{tome:?}");
    assert!(tome.contains(&("prayer", "Bless Weapons", 6)), "{tome:?}");
    assert_eq!(tome.iter().filter(|e| e.0 == "manifestation").count(), 2);
    assert_eq!(r["quest"]["quest"], "Seek Glory in Battle");
    assert_eq!(r["quest"]["unit"], guard["id"]);

    // The table view has the roster's sections, and the roster breaks no rule.
    let text = p.ok(&["roster", "show", "Hammers of Dawn"]);
    for needle in [
        "Order of Battle: 1000 points",
        "Dawn Guard",
        "[warlord]",
        "Berserker",
        "Arcane Tome",
        "Quest Log",
    ] {
        assert!(text.contains(needle), "missing {needle:?} in:\n{text}");
    }
    let check = p.ok(&["roster", "check", "Hammers of Dawn"]);
    assert!(check.contains("breaks no rules"), "{check}");

    // One point more is refused, naming the limit and the overshoot.
    p.refused(
        &["roster", "add", "Hammers of Dawn", "Vindictors"],
        "over the 1000-point starting limit by 90",
    );

    let list = p.json(&["roster", "list", "--campaign", "ashen vale"]);
    assert_eq!(list[0]["points"], 1000);
    assert_eq!(list[0]["units"], 8);
    let campaigns = p.json(&["campaign", "list"]);
    assert_eq!(
        (campaigns[0]["name"].as_str(), campaigns[0]["rosters"].as_i64()),
        (Some("Ashen Vale"), Some(1))
    );
    assert_eq!(campaigns[0]["battlepack"], "ascension");
}

#[test]
fn the_warlord_must_be_a_single_model_non_unique_hero_of_350_points_or_less() {
    let p = Ptg::new();
    p.ok(&["campaign", "new", "Ashen Vale"]);
    let new = |warlord: &'static str, faction: &'static str, path: &'static str, ability: &'static str| {
        roster_new("Test", "Ashen Vale", faction, warlord, path, ability)
    };
    p.refused(
        &new("Lord-Celestant on Stardrake", SCE, "warrior", "berserker"),
        "costs 490 points; a warlord may cost at most 350",
    );
    p.refused(
        &new(
            "Lord-Commander Bastian Carthalos",
            SCE,
            "leader",
            "tactical-acumen",
        ),
        "is UNIQUE and cannot be a warlord",
    );
    p.refused(
        &new(
            "Thricefold Discord",
            "Hedonites of Slaanesh",
            "mage",
            "eldritch-ward",
        ),
        "the warlord must be a single model",
    );
    p.refused(&new("Liberators", SCE, "warrior", "berserker"), "is not a HERO");
    p.refused(
        &new("Lord-Vigilant on Gryph-stalker", SCE, "mage", "eldritch-ward"),
        "Path of the Mage is only for WIZARD HEROES",
    );
    p.refused(
        &new("Knight-Relictor", SCE, "warrior", "martial-expertise"),
        "is not one of the Aspiring abilities",
    );
    p.refused(
        &new("Lord Vigilant on Gryph-stalker", SCE, "warrior", "berserker"),
        "did you mean 'Lord-Vigilant on Gryph-stalker'",
    );
    p.refused(
        &new("Lord-Celestant", "Stormcast", "warrior", "berserker"),
        "did you mean 'Stormcast Eternals'",
    );
    // A WIZARD may walk the Mage Path; a PRIEST the Devout Path.
    p.ok(&new("Knight-Arcanum", SCE, "mage", "eldritch-ward"));
    let r = p.json(&["roster", "show", "test"]);
    assert_eq!(r["units"][0]["path"], "mage");
}

#[test]
fn size_1_and_non_reinforceable_units_cannot_be_reinforced() {
    let p = HAMMERS_ALONE.copy();
    p.refused(
        &[
            "roster",
            "add",
            "Hammers of Dawn",
            "Knight-Questor",
            "--reinforced",
        ],
        "minimum size of 1 model and cannot be reinforced",
    );
    p.refused(
        &[
            "roster",
            "add",
            "Hammers of Dawn",
            "Questor Soulsworn",
            "--reinforced",
        ],
        "cannot be reinforced",
    );
    let out = p.json(&["roster", "add", "Hammers of Dawn", "Prosecutors", "--reinforced"]);
    assert_eq!(out["points"], 120 + 300);
}

#[test]
fn an_enhancement_is_never_taken_twice_nor_given_to_a_unique_unit() {
    let p = HAMMERS_ALONE.copy();
    p.ok(&["roster", "add", "Hammers of Dawn", "Knight-Relictor"]);
    p.ok(&["roster", "add", "Hammers of Dawn", "Gardus Steel Soul"]);
    p.ok(&[
        "roster",
        "enhance",
        "Hammers of Dawn",
        "Lord-Vigilant on Gryph-stalker",
        "Staunch Defender",
    ]);
    p.refused(
        &[
            "roster",
            "enhance",
            "Hammers of Dawn",
            "Knight-Relictor",
            "Staunch Defender",
            "--reason",
            "quest",
        ],
        "cannot include the same enhancement twice",
    );
    p.refused(
        &[
            "roster",
            "enhance",
            "Hammers of Dawn",
            "Gardus Steel Soul",
            "Mirrorshield",
        ],
        "is UNIQUE and cannot be given enhancements",
    );
    // The starting pick of a table is used up; a second needs a reason (an earned one).
    p.refused(
        &[
            "roster",
            "enhance",
            "Hammers of Dawn",
            "Knight-Relictor",
            "Envoy of the Heavens",
        ],
        "starting pick from Heroic Traits",
    );
    p.refused(
        &[
            "roster",
            "enhance",
            "Hammers of Dawn",
            "Lord-Vigilant on Gryph-stalker",
            "Envoy of the Heavens",
            "--reason",
            "quest",
        ],
        "cannot hold two enhancements of the same table",
    );
    p.ok(&[
        "roster",
        "enhance",
        "Hammers of Dawn",
        "Knight-Relictor",
        "Envoy of the Heavens",
        "--reason",
        "Rise of a Champion",
    ]);
}

#[test]
fn a_seventh_spell_needs_replace() {
    let p = Ptg::new();
    // Lumineth have six spells in Ascension; a club's own file adds a third lore (the seasonal
    // Lore of Prismatic Resonance), so a seventh spell exists.
    let bundled = include_str!("../../data/factions/lumineth-realm-lords.toml");
    let extra = "\n[[lores]]\nname = \"Lore of Prismatic Resonance\"\nkind = \"spell\"\n\
                 entries = [{ name = \"Beam of Hysh\", value = 7 }, { name = \"Unseen Force\", value = 6 }]\n";
    let factions = p.dir.path().join("xdg/ptg/factions");
    std::fs::create_dir_all(&factions).unwrap();
    std::fs::write(
        factions.join("lumineth-realm-lords.toml"),
        format!("{bundled}{extra}"),
    )
    .unwrap();
    p.ok(&["campaign", "new", "Hysh"]);
    p.ok(&roster_new(
        "Light",
        "Hysh",
        "Lumineth Realm-lords",
        "Scinari Cathallar",
        "mage",
        "dedicated-practitioner",
    ));
    p.ok(&["roster", "lore", "Light", "add", "spell", "Overwhelming Heat"]);
    p.refused(
        &["roster", "lore", "Light", "add", "spell", "Beam of Hysh"],
        "--reason",
    );
    for s in [
        "Piercing Refraction",
        "Beacon of Hysh",
        "Beam of Hysh",
        "Unseen Force",
        "Realmshield",
    ] {
        p.ok(&[
            "roster",
            "lore",
            "Light",
            "add",
            "spell",
            s,
            "--reason",
            "Master Magical Lore",
        ]);
    }
    p.refused(
        &[
            "roster",
            "lore",
            "Light",
            "add",
            "spell",
            "Elemental Push",
            "--reason",
            "Master Magical Lore",
        ],
        "the spell lore already holds 6, the most it can; add in place of one of",
    );
    p.ok(&[
        "roster",
        "lore",
        "Light",
        "add",
        "spell",
        "Elemental Push",
        "--replace",
        "beam of hysh",
        "--reason",
        "quest",
    ]);
    let r = p.json(&["roster", "show", "Light"]);
    let spells: Vec<&str> = r["tome"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["name"].as_str().unwrap())
        .collect();
    assert_eq!(spells.len(), 6);
    assert!(
        spells.contains(&"Elemental Push") && !spells.contains(&"Beam of Hysh"),
        "{spells:?}"
    );
}

#[test]
fn quests_one_at_a_time_naming_the_right_unit() {
    let p = HAMMERS_ALONE.copy();
    p.ok(&["roster", "add", "Hammers of Dawn", "Liberators"]);
    p.refused(
        &["quest", "start", "Hammers of Dawn", "Seek Glory in Battle"],
        "add --unit",
    );
    p.refused(
        &[
            "quest",
            "start",
            "Hammers of Dawn",
            "Rise of a Champion",
            "--unit",
            "Liberators",
        ],
        "must be a HERO",
    );
    p.refused(
        &["quest", "start", "Hammers of Dawn", "Search for the Artifact"],
        "did you mean 'Search for the Artefact'",
    );
    p.ok(&[
        "quest",
        "start",
        "Hammers of Dawn",
        "Rise of a Champion",
        "--unit",
        "Lord-Vigilant on Gryph-stalker",
    ]);
    // During set-up a new choice replaces the current quest.
    p.ok(&["quest", "start", "Hammers of Dawn", "Search for the Artefact"]);
    let r = p.json(&["roster", "show", "Hammers of Dawn"]);
    assert_eq!(r["quest"]["quest"], "Search for the Artefact");
    assert_eq!(r["quest"]["unit"], Value::Null);
}

#[test]
fn units_are_named_by_id_or_unique_name() {
    let p = HAMMERS_ALONE.copy();
    p.ok(&["roster", "add", "Hammers of Dawn", "Knight-Relictor"]);
    p.ok(&[
        "roster",
        "add",
        "Hammers of Dawn",
        "Knight-Relictor",
        "--name",
        "Brother Ulm",
    ]);
    p.refused(
        &[
            "roster",
            "enhance",
            "Hammers of Dawn",
            "Knight-Relictor",
            "Mirrorshield",
        ],
        "names 2 units",
    );
    p.ok(&[
        "roster",
        "enhance",
        "Hammers of Dawn",
        "brother ulm",
        "Mirrorshield",
    ]);
    let r = p.json(&["roster", "show", "Hammers of Dawn"]);
    let first_relictor = r["units"][1]["id"].as_i64().unwrap().to_string();
    p.ok(&[
        "roster",
        "enhance",
        "Hammers of Dawn",
        &first_relictor,
        "Staunch Defender",
    ]);
    p.refused(
        &[
            "roster",
            "enhance",
            "Hammers of Dawn",
            "Brother Ulmo",
            "Envoy of the Heavens",
        ],
        "did you mean 'Brother Ulm'",
    );
    p.refused(
        &[
            "roster",
            "add",
            "Hammers of Dawn",
            "Vindictors",
            "--name",
            "BROTHER ULM",
        ],
        "already called",
    );
    p.refused(
        &["roster", "add", "Hammer of Dawn", "Vindictors"],
        "did you mean 'Hammers of Dawn'",
    );
    p.refused(
        &roster_new(
            "Hammers of Dawn",
            "Ashen Vale",
            SCE,
            "Knight-Questor",
            "warrior",
            "berserker",
        ),
        "already has a roster called 'Hammers of Dawn'",
    );
    p.refused(&["campaign", "new", "ashen vale"], "already exists");
}

#[test]
fn the_realm_of_origin_is_set_shown_and_cleared() {
    let p = HAMMERS_ALONE.copy();
    let realm = |p: &Ptg| p.json(&["roster", "show", common::HAMMERS])["realm"].clone();
    assert_eq!(realm(&p), serde_json::Value::Null);
    let out = p.ok(&["roster", "realm", common::HAMMERS, "Ghyran"]);
    assert!(out.contains("Hammers of Dawn hails from Ghyran"), "{out}");
    assert_eq!(realm(&p), "Ghyran");
    p.refused(&["roster", "realm", "Hammers of Dusk", "Ghur"], "unknown roster");
    p.ok(&["roster", "realm", common::HAMMERS, "--clear"]);
    assert_eq!(realm(&p), serde_json::Value::Null);
}
