//! Golden tests of the BSData importer against the BSData checkout named by `PTG_BSDATA`
//! (default `../shared/bsdata`, BSData/age-of-sigmar-4th at commit 6c4bfee); each says it was
//! skipped when there is none. The per-faction counts are read from the XML by a second,
//! independent reading (`bsdata_view`); the expected unit facts below were read by hand from the
//! XML: the `cost name="pts"` on the faction catalogue's entryLink, the `min` constraints of the
//! Library's model entries, the entryLink to "Reinforced" (id 1b37-82b8-c062-eb82) and the unit
//! entry's categoryLinks. The tests of the bundled data need no checkout.

use crate::bsdata_view;
use crate::common;

use bsdata_view::Checkout;
use ptg::catalogue::bsdata::{Import, import_dir, slug, write_factions};
use ptg::catalogue::{Catalogue, EnhancementKind, Faction, LoreKind, parse_faction};
use quick_xml::events::Event;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

fn bsdata_dir(test: &str) -> Option<PathBuf> {
    common::bsdata_checkout(test)
}

/// One import shared by the tests (it reads 28 MB); `None` when there is no checkout.
fn import(test: &str) -> Option<&'static Import> {
    static IMPORT: OnceLock<Import> = OnceLock::new();
    let dir = bsdata_dir(test)?;
    Some(IMPORT.get_or_init(|| import_dir(&dir).expect("the BSData checkout imports")))
}

fn faction(import: &'static Import, name: &str) -> &'static Faction {
    import
        .factions
        .iter()
        .find(|f| f.name == name)
        .unwrap_or_else(|| panic!("faction {name} not imported"))
}

/// The faction catalogues of the checkout: every non-library catalogue that has a
/// "<name> - Library.cat" beside it. 27 of them (the 28th library, "Orruk Warclans", is shared
/// by Ironjawz and Kruleboyz and has no faction catalogue of its own).
const FACTIONS: [&str; 27] = [
    "Beasts of Chaos",
    "Blades of Khorne",
    "Bonesplitterz",
    "Cities of Sigmar",
    "Daughters of Khaine",
    "Disciples of Tzeentch",
    "Flesh-eater Courts",
    "Fyreslayers",
    "Gloomspite Gitz",
    "Hedonites of Slaanesh",
    "Helsmiths of Hashut",
    "Idoneth Deepkin",
    "Ironjawz",
    "Kharadron Overlords",
    "Kruleboyz",
    "Lumineth Realm-lords",
    "Maggotkin of Nurgle",
    "Nighthaunt",
    "Ogor Mawtribes",
    "Ossiarch Bonereapers",
    "Seraphon",
    "Skaven",
    "Slaves to Darkness",
    "Sons of Behemat",
    "Soulblight Gravelords",
    "Stormcast Eternals",
    "Sylvaneth",
];

/// Counts `<selectionEntry type="unit">` elements in a file: the catalogue's own unit entries.
fn unit_entries(path: &Path) -> usize {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut reader = quick_xml::Reader::from_str(&text);
    let mut n = 0;
    loop {
        match reader.read_event().expect("valid XML") {
            Event::Start(e) | Event::Empty(e)
                if e.local_name().as_ref() == "selectionEntry"
                    && e.attributes()
                        .flatten()
                        .any(|a| a.key.as_ref() == "type" && a.value == "unit") =>
            {
                n += 1;
            }
            Event::Eof => return n,
            _ => {}
        }
    }
}

#[test]
fn all_faction_catalogues_import_and_pass_their_checks() {
    let Some(import) = import("all_faction_catalogues_import_and_pass_their_checks") else {
        return;
    };
    let dir = bsdata_dir("").expect("checked above");
    let names: Vec<&str> = import.factions.iter().map(|f| f.name.as_str()).collect();
    assert_eq!(names, FACTIONS);
    for f in &import.factions {
        assert!(f.problems().is_empty(), "{}: {:?}", f.name, f.problems());
        let cat = dir.join(&f.source.catalogue);
        let lib = dir.join(f.source.catalogue.replace(".cat", " - Library.cat"));
        let own = unit_entries(&cat) + unit_entries(&lib);
        assert!(!f.units.is_empty(), "{}: no units", f.name);
        assert!(
            f.units.len() <= own,
            "{}: {} units but the catalogue has {own} unit entries",
            f.name,
            f.units.len()
        );
        assert_eq!(f.source.origin, "BSData/age-of-sigmar-4th");
        assert_eq!(
            (f.source.commit.as_str(), f.source.date.as_str()),
            ("6c4bfee", "2026-08-18"),
            "{}",
            f.name
        );
        assert!(f.source.revision > 0, "{}", f.name);
        assert!(
            ["Order", "Chaos", "Death", "Destruction"].contains(&f.grand_alliance.as_str()),
            "{}",
            f.name
        );
        for u in &f.units {
            assert!(
                // Free: terrain in Ascension, the Anvil templates, and the Freeguild Command
                // Corps' retinues (0 in BSData; they come with the Adjutants).
                u.points > 0 || u.is_faction_terrain() || u.anvil_of_apotheosis || u.unlocked_by.is_some(),
                "{} / {}: 0 points",
                f.name,
                u.name
            );
            assert!(!u.id.is_empty(), "{} / {}", f.name, u.name);
            assert!(
                u.keywords.iter().all(|k| !k.chars().any(char::is_lowercase)),
                "{} / {}",
                f.name,
                u.name
            );
        }
        for t in &f.enhancement_tables {
            assert!(
                !t.eligible.is_empty(),
                "{} / {}: nobody may take it",
                f.name,
                t.name
            );
        }
        for l in &f.lores {
            assert!(
                l.entries.iter().all(|e| e.value.is_some()),
                "{} / {}: an entry without a value",
                f.name,
                l.name
            );
        }
    }
}

/// What the catalogues show an Ascension roster, counted from the XML, is what ptg imports.
#[test]
fn per_faction_counts_equal_what_the_ascension_context_shows() {
    let Some(import) = import("per_faction_counts_equal_what_the_ascension_context_shows") else {
        return;
    };
    let view = Checkout::read(&bsdata_dir("").expect("checked above"));
    let mut totals = bsdata_view::Counts::default();
    for f in &import.factions {
        let expected = view.counts(&f.source.catalogue);
        let units = |keep: fn(&ptg::catalogue::Warscroll) -> bool| f.units.iter().filter(|u| keep(u)).count();
        let got = bsdata_view::Counts {
            units: f.units.len(),
            legends: units(|u| u.legends),
            terrain: units(|u| u.is_faction_terrain()),
            anvil: units(|u| u.anvil_of_apotheosis),
            unlocked: units(|u| u.unlocked_by.is_some()),
            tables: f.enhancement_tables.len(),
            enhancements: f.enhancement_tables.iter().map(|t| t.enhancements.len()).sum(),
            lores: f.lores.len(),
        };
        assert_eq!(got, expected, "{}", f.name);
        totals.units += got.units;
        totals.legends += got.legends;
        totals.anvil += got.anvil;
        totals.unlocked += got.unlocked;
    }
    eprintln!("{totals:?}");
    // Legends are imported now (Sequitors and the rest), as are the 24 Anvil templates and the
    // 13 units another unit unlocks (10 of them undersize copies, "Terradon Riders (2 Models)").
    assert!(totals.legends > 100, "{totals:?}");
    assert_eq!((totals.anvil, totals.unlocked), (24, 13), "{totals:?}");
}

#[test]
fn the_real_data_has_no_dangling_links() {
    let Some(import) = import("the_real_data_has_no_dangling_links") else {
        return;
    };
    // Only the two whole-faction [LEGENDS] notes are expected.
    let warnings = &import.warnings;
    assert_eq!(warnings.len(), 2, "{warnings:#?}");
    assert!(warnings.iter().all(|w| w.contains("[LEGENDS]")), "{warnings:#?}");
}

#[test]
fn other_catalogues_are_reported_as_skipped() {
    let Some(import) = import("other_catalogues_are_reported_as_skipped") else {
        return;
    };
    let skipped = &import.skipped;
    let has = |prefix: &str| skipped.iter().any(|s| s.starts_with(prefix));
    assert!(
        has("Regiments of Renown.cat: Regiments of Renown"),
        "{skipped:#?}"
    );
    assert!(has(
        "Stormcast Eternals - Astral Templars.cat: Army of Renown [LEGENDS] of Stormcast Eternals"
    ));
    assert!(has(
        "Skaven - The Great-grand Gnawhorde.cat: Army of Renown of Skaven"
    ));
    assert!(has(
        "Path to Glory - Ravaged Coast.cat: read only to resolve links"
    ));
    assert!(has(
        "Legions of Nagash [LEGENDS].cat: library [LEGENDS] no faction catalogue links"
    ));
    // Lores.cat and the factions' libraries are used, not skipped.
    assert!(
        !has("Lores.cat") && !has("Stormcast Eternals - Library.cat") && !has("Orruk Warclans - Library.cat")
    );
    let armies = skipped.iter().filter(|s| s.contains(": Army of Renown")).count();
    assert_eq!(armies, 69, "{skipped:#?}");
}

/// (name, points, unit size, reinforceable, keywords it must have)
type Golden = (&'static str, u32, u32, bool, &'static [&'static str]);

fn check_units(import: &'static Import, faction_name: &str, golden: &[Golden]) {
    let f = faction(import, faction_name);
    for &(name, points, size, reinforceable, keywords) in golden {
        let u = f
            .unit(name)
            .unwrap_or_else(|| panic!("{faction_name}: no unit {name}"));
        assert_eq!(u.name, name);
        assert_eq!(
            (u.points, u.unit_size, u.reinforceable),
            (points, size, reinforceable),
            "{name}"
        );
        for k in keywords {
            assert!(
                u.keywords.iter().any(|x| x == k),
                "{name}: no keyword {k} in {:?}",
                u.keywords
            );
        }
    }
}

#[test]
fn stormcast_eternals_units() {
    let Some(import) = import("stormcast_eternals_units") else {
        return;
    };
    check_units(
        import,
        "Stormcast Eternals",
        &[
            (
                "Liberators",
                90,
                5,
                true,
                &[
                    "INFANTRY",
                    "CHAMPION",
                    "WARRIOR CHAMBER",
                    "ORDER",
                    "STORMCAST ETERNALS",
                ],
            ),
            (
                "Lord-Celestant on Stardrake",
                490,
                1,
                false,
                &["HERO", "MONSTER", "FLY", "EXTREMIS CHAMBER"],
            ),
            (
                "Lord-Commander Bastian Carthalos",
                190,
                1,
                false,
                &["HERO", "UNIQUE", "INFANTRY", "WARD (5+)"],
            ),
            (
                "Yndrasta, the Celestial Spear",
                270,
                1,
                false,
                &["HERO", "UNIQUE", "WARMASTER", "FLY"],
            ),
            (
                "Krondys, Son of Dracothion",
                480,
                1,
                false,
                &["HERO", "UNIQUE", "MONSTER", "WIZARD (2)"],
            ),
            (
                "Knight-Arcanum",
                120,
                1,
                false,
                &["HERO", "WIZARD (1)", "INFANTRY"],
            ),
            (
                "Lord-Relictor",
                120,
                1,
                false,
                &["HERO", "PRIEST (1)", "INFANTRY"],
            ),
            (
                "Questor Soulsworn",
                210,
                6,
                false,
                &["INFANTRY", "CHAMPION (1/6)"],
            ),
            ("Gryph-hounds", 90, 6, true, &["BEAST", "CHAMPION"]),
            (
                "Vanquishers",
                90,
                5,
                true,
                &["INFANTRY", "MUSICIAN (1/5)", "STANDARD BEARER (1/5)"],
            ),
            ("Vindictors", 90, 5, true, &["INFANTRY", "STANDARD BEARER (1/5)"]),
            (
                "Vanguard-Hunters",
                120,
                5,
                true,
                &["INFANTRY", "VANGUARD CHAMBER"],
            ),
            ("Annihilators", 130, 3, true, &["INFANTRY", "WARRIOR CHAMBER"]),
            (
                "Prosecutors",
                150,
                3,
                true,
                &["INFANTRY", "FLY", "RUINATION CHAMBER"],
            ),
            ("Stormdrake Guard", 310, 2, true, &["MONSTER", "FLY", "CHAMPION"]),
            (
                "Dracothian Guard Concussors",
                200,
                2,
                true,
                &["CAVALRY", "EXTREMIS CHAMBER"],
            ),
            ("Stormcoven", 210, 3, false, &["INFANTRY", "WIZARD (1)"]),
            // 20 points on the link, set to 0 for a Path to Glory: Ascension force.
            ("Stormreach Portal", 0, 1, false, &["FACTION TERRAIN"]),
            // Legends: BSData shows them only with "Allow Legends".
            ("Sequitors", 120, 5, true, &["INFANTRY", "SACROSANCT CHAMBER"]),
            ("Retributors", 170, 5, true, &["INFANTRY", "WARRIOR CHAMBER"]),
            ("Castigators", 110, 3, true, &["INFANTRY"]),
            ("Knight-Incantor", 140, 1, false, &["HERO", "WIZARD (1)"]),
            ("Lord-Castellant", 150, 1, false, &["HERO", "INFANTRY"]),
        ],
    );
    let f = faction(import, "Stormcast Eternals");
    let bastian = f.unit("Lord-Commander Bastian Carthalos").expect("Bastian");
    assert!(bastian.is_unique() && bastian.is_hero() && !bastian.is_wizard());
    for legends in [
        "Sequitors",
        "Retributors",
        "Castigators",
        "Knight-Incantor",
        "Lord-Castellant",
    ] {
        assert!(f.unit(legends).is_some_and(|u| u.legends), "{legends}");
    }
    assert!(!f.unit("Liberators").expect("Liberators").legends);
    // Kept as a fact, marked: the Anvil of Apotheosis template (no cost of its own).
    let anvil = f
        .unit("Anvil of Apotheosis: Stormcast Eternals Hero")
        .expect("Anvil hero");
    assert!(anvil.anvil_of_apotheosis && anvil.points == 0);
    // No cost of its own (Lorai comes with Neave), and the seasonal copies.
    for gone in [
        "Lorai, Child of the Abyss",
        "Iridan the Witness (Scourge of Ghyran)",
        "Stormstrike Palladors (Scourge of Aqshy)",
    ] {
        assert!(f.unit(gone).is_none(), "{gone} should not be imported");
    }
    // The "Undersize Unit" copy of a unit is not a second unit.
    assert_eq!(f.units.iter().filter(|u| u.name == "Stormdrake Guard").count(), 1);
}

/// Units another unit unlocks ("max 0" lifted per selection of it) are kept with that unit.
#[test]
fn units_unlocked_by_another_unit() {
    let Some(import) = import("units_unlocked_by_another_unit") else {
        return;
    };
    let gitz = faction(import, "Gloomspite Gitz");
    let retinue = gitz.unit("Wolfgit Retinue").expect("Wolfgit Retinue");
    assert_eq!(
        (retinue.points, retinue.unlocked_by.as_deref()),
        (70, Some("Snarlboss"))
    );
    let cities = faction(import, "Cities of Sigmar");
    for name in [
        "Freeguild Command Corps Whisperblade",
        "Freeguild Command Corps Auxiliaries",
    ] {
        let u = cities.unit(name).unwrap_or_else(|| panic!("{name}"));
        assert_eq!(
            u.unlocked_by.as_deref(),
            Some("Freeguild Command Corps Adjutants"),
            "{name}"
        );
    }
    // An undersize copy: a second link to the unit's entry that renames it, with its own cost
    // (Seraphon.cat, link d3e4-1c9f-b706-c1fa: 70 pts, lifted per Terradon Chief).
    let seraphon = faction(import, "Seraphon");
    let small = seraphon
        .unit("Terradon Riders (2 Models)")
        .expect("the undersize unit");
    let full = seraphon.unit("Terradon Riders").expect("the full unit");
    assert_eq!(
        (
            small.points,
            small.unit_size,
            small.reinforceable,
            small.unlocked_by.as_deref()
        ),
        (70, 2, false, Some("Terradon Chief"))
    );
    assert_eq!(small.id, "d3e4-1c9f-b706-c1fa");
    assert_eq!((full.unit_size, full.unlocked_by.as_deref()), (3, None));
}

#[test]
fn skaven_units() {
    let Some(import) = import("skaven_units") else {
        return;
    };
    check_units(
        import,
        "Skaven",
        &[
            (
                "Clanrats",
                150,
                20,
                true,
                &[
                    "INFANTRY",
                    "VERMINUS",
                    "MUSICIAN (1/20)",
                    "STANDARD BEARER (1/20)",
                ],
            ),
            (
                "Stormvermin",
                110,
                10,
                true,
                &["INFANTRY", "VERMINUS", "CHAMPION"],
            ),
            ("Plague Monks", 140, 20, true, &["INFANTRY", "PESTILENS"]),
            (
                "Night Runners",
                130,
                10,
                false,
                &["INFANTRY", "ESHIN", "WARD (6+)"],
            ),
            ("Gutter Runners", 150, 10, false, &["INFANTRY", "ESHIN"]),
            ("Rat Ogors", 140, 3, true, &["INFANTRY", "MOULDER"]),
            ("Stormfiends", 230, 3, true, &["INFANTRY", "MOULDER", "SKRYRE"]),
            ("Warplock Jezzails", 120, 3, true, &["INFANTRY", "SKRYRE"]),
            ("Acolyte Globadiers", 90, 5, true, &["WEAPON TEAM", "SKRYRE"]),
            ("Ratling Guns", 170, 3, true, &["WEAPON TEAM"]),
            ("Doom-flayers", 100, 2, true, &["WAR MACHINE", "SKRYRE"]),
            (
                "Plaguepack",
                130,
                5,
                false,
                &["INFANTRY", "PRIEST (1)", "CHAMPION (1/5)"],
            ),
            ("Clawlord", 70, 1, false, &["HERO", "INFANTRY", "VERMINUS"]),
            ("Grey Seer", 110, 1, false, &["HERO", "WIZARD (1)", "MASTERCLAN"]),
            ("Arch-Warlock", 140, 1, false, &["HERO", "WIZARD (1)", "SKRYRE"]),
            (
                "Thanquol on Boneripper",
                310,
                1,
                false,
                &["HERO", "UNIQUE", "MONSTER", "WIZARD (2)"],
            ),
            (
                "Lord Skreech Verminking",
                380,
                1,
                false,
                &["HERO", "UNIQUE", "DAEMON", "WIZARD (2)"],
            ),
            (
                "Vizzik Skour, Prophet of the Horned Rat",
                340,
                1,
                false,
                &["HERO", "UNIQUE", "PRIEST (2)"],
            ),
            (
                "Plague Priest on Plague Furnace",
                350,
                1,
                false,
                &["HERO", "PRIEST (1)", "WAR MACHINE"],
            ),
            ("Hell Pit Abomination", 200, 1, false, &["MONSTER", "MOULDER"]),
            ("Warp Lightning Cannon", 120, 1, false, &["WAR MACHINE", "SKRYRE"]),
        ],
    );
    let f = faction(import, "Skaven");
    assert_eq!(f.grand_alliance, "Chaos");
    // An Underworlds warband BSData files under Legends: kept, marked.
    let skabbik = f.unit("Skabbik's Plaguepack").expect("Legends warband");
    assert!(skabbik.legends && skabbik.points == 100, "{skabbik:?}");
}

#[test]
fn stormcast_enhancement_tables() {
    let Some(import) = import("stormcast_enhancement_tables") else {
        return;
    };
    let f = faction(import, "Stormcast Eternals");
    let names: Vec<&str> = f.enhancement_tables.iter().map(|t| t.name.as_str()).collect();
    // The seasonal "Scars of War" (Scourge of Aqshy) is not an Ascension table.
    assert_eq!(names, ["Artefacts of Power", "Heroic Traits"]);
    let table = |n: &str| f.enhancement_tables.iter().find(|t| t.name == n).expect("table");

    let traits = table("Heroic Traits");
    assert_eq!(traits.kind, EnhancementKind::HeroicTrait);
    assert_eq!(
        &traits.enhancements[..3],
        ["Staunch Defender", "Envoy of the Heavens", "Shock and Awe"]
    );
    let artefacts = table("Artefacts of Power");
    assert_eq!(artefacts.kind, EnhancementKind::Artefact);
    assert_eq!(
        &artefacts.enhancements[..3],
        ["Null Pendant", "Quicksilver Draught", "Mirrorshield"]
    );
    for t in [traits, artefacts] {
        assert!(
            t.eligible.iter().any(|e| e == "Lord-Celestant")
                && t.eligible.iter().any(|e| e == "Knight-Arcanum")
                && t.eligible.iter().any(|e| e == "Lord-Castellant"),
            "{}: {:?}",
            t.name,
            t.eligible
        );
        for e in &t.eligible {
            let u = f.unit(e).expect("eligible unit");
            assert!(u.is_hero() && !u.is_unique(), "{}: {e}", t.name);
        }
    }
}

#[test]
fn other_enhancement_tables() {
    let Some(import) = import("other_enhancement_tables") else {
        return;
    };
    // The seasonal Monstrous Traits (a General's Handbook table) are not Ascension's.
    let ogors = faction(import, "Ogor Mawtribes");
    let names: Vec<&str> = ogors.enhancement_tables.iter().map(|t| t.name.as_str()).collect();
    assert_eq!(names, ["Heroic Traits", "Artefacts of Power"]);

    let slaves = faction(import, "Slaves to Darkness");
    let banners = slaves
        .enhancement_tables
        .iter()
        .find(|t| t.name == "Ensorcelled Banners")
        .expect("banners");
    assert_eq!(banners.enhancements.len(), 5);

    // Never tables: scars, paths, formations, lores, battlepack tables.
    for f in &import.factions {
        for t in &f.enhancement_tables {
            for bad in [
                "Battle Wounds",
                "Paths",
                "Battle Formations",
                "Lores",
                "Ghyranite Concoctions",
            ] {
                assert!(!t.name.contains(bad), "{}: {}", f.name, t.name);
            }
        }
    }
}

#[test]
fn lores_with_casting_and_chanting_values() {
    let Some(import) = import("lores_with_casting_and_chanting_values") else {
        return;
    };
    let f = faction(import, "Stormcast Eternals");
    let lore = |kind: LoreKind| -> Vec<(String, Option<u32>)> {
        let l = f.lores.iter().find(|l| l.kind == kind).expect("lore");
        l.entries.iter().map(|e| (e.name.clone(), e.value)).collect()
    };
    let v = |pairs: &[(&str, u32)]| -> Vec<(String, Option<u32>)> {
        pairs.iter().map(|(n, x)| (n.to_string(), Some(*x))).collect()
    };
    assert_eq!(
        f.lores.iter().map(|l| l.name.as_str()).collect::<Vec<_>>(),
        [
            "Lore of the Storm",
            "Prayers of the Stormhosts",
            "Manifestations of the Storm",
            // The universal manifestation lores (Lores.cat) every faction may take.
            "Aetherwrought Machineries",
            "Forbidden Power",
            "Krondspine Incarnate",
            "Morbid Conjuration",
            "Twilit Sorceries",
            "Primal Energy",
        ]
    );
    assert_eq!(
        lore(LoreKind::Spell),
        v(&[("Lightning Blast", 5), ("Starfall", 7), ("Thundershock", 6)])
    );
    assert_eq!(
        lore(LoreKind::Prayer),
        v(&[("Bless Weapons", 6), ("Translocation", 4), ("Healing Storm", 4)])
    );
    assert_eq!(
        lore(LoreKind::Manifestation),
        v(&[
            ("Summon Celestian Vortex", 6),
            ("Summon Dais Arcanum", 6),
            ("Summon Everblaze Comet", 8)
        ])
    );

    let skaven = faction(import, "Skaven");
    let ruin = skaven
        .lores
        .iter()
        .find(|l| l.name == "Lore of Ruin")
        .expect("Lore of Ruin");
    assert_eq!(ruin.kind, LoreKind::Spell);
    let entries: Vec<(&str, Option<u32>)> = ruin.entries.iter().map(|e| (e.name.as_str(), e.value)).collect();
    assert_eq!(
        entries,
        [
            ("Skitterleap", Some(6)),
            ("Warpgale", Some(6)),
            ("Wither", Some(6))
        ]
    );
    // Kharadron Overlords have neither wizards' nor priests' lores: only the universal
    // manifestations.
    let kharadron = &faction(import, "Kharadron Overlords").lores;
    assert_eq!(kharadron.len(), 6);
    assert!(kharadron.iter().all(|l| l.kind == LoreKind::Manifestation));
}

/// The bundled data (no checkout needed): nothing seasonal, a manifestation lore for every
/// faction, and where it came from.
#[test]
fn bundled_data_is_ascension_data_with_its_provenance() {
    let cat = Catalogue::bundled().expect("bundled data loads");
    let factions = cat.factions().expect("every bundled faction parses");
    assert_eq!(factions.len(), FACTIONS.len());
    for (f, _) in factions {
        let mut names: Vec<&str> = f.units.iter().map(|u| u.name.as_str()).collect();
        for t in &f.enhancement_tables {
            names.push(&t.name);
            names.extend(t.enhancements.iter().chain(&t.eligible).map(String::as_str));
        }
        for l in &f.lores {
            names.push(&l.name);
            names.extend(l.entries.iter().map(|e| e.name.as_str()));
        }
        assert!(!names.iter().any(|n| n.contains("Scourge of")), "{}", f.name);
        assert!(
            f.lores.iter().any(|l| l.kind == LoreKind::Manifestation),
            "{}: no manifestation lore",
            f.name
        );
        assert_eq!(
            (f.source.origin.as_str(), f.source.commit.as_str()),
            ("BSData/age-of-sigmar-4th", "6c4bfee"),
            "{}",
            f.name
        );
    }
    let sequitors = cat
        .faction("Stormcast Eternals")
        .expect("Stormcast")
        .unit("Sequitors")
        .expect("Sequitors bundled");
    assert!(sequitors.legends && sequitors.points == 120);
}

#[test]
fn bundled_faction_files_match_a_fresh_import_and_load() {
    let Some(import) = import("bundled_faction_files_match_a_fresh_import_and_load") else {
        return;
    };
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/factions");
    for f in &import.factions {
        let path = dir.join(format!("{}.toml", slug(&f.name)));
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
            panic!(
                "{}: {e} (run the regenerate_bundled_factions test)",
                path.display()
            )
        });
        assert!(
            text.starts_with(
                "# Generated by `ptg data import-bsdata` from BSData/age-of-sigmar-4th at 6c4bfee"
            )
        );
        let on_disk = parse_faction(&path.display().to_string(), &text).expect("valid faction file");
        assert!(
            on_disk == *f,
            "{} is stale: run the regenerate_bundled_factions test",
            path.display()
        );
    }
    let cat = Catalogue::bundled().expect("bundled data loads");
    for name in FACTIONS {
        assert!(cat.faction(name).is_ok(), "{name} not bundled");
    }
}

/// A copy of the checkout in a temporary folder, to break on purpose.
fn copy_checkout(from: &Path) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    for entry in std::fs::read_dir(from).expect("bsdata folder").flatten() {
        let path = entry.path();
        if path.is_file() {
            std::fs::copy(&path, dir.path().join(entry.file_name())).expect("copy");
        }
    }
    dir
}

#[test]
fn bad_input_missing_folder() {
    let missing = Path::new(env!("CARGO_MANIFEST_DIR")).join("no-such-folder");
    let err = import_dir(&missing).expect_err("missing folder").to_string();
    assert!(
        err.contains("no-such-folder: cannot read the catalogue folder"),
        "{err}"
    );
}

#[test]
fn bad_input_non_xml_and_truncated_catalogues() {
    let Some(from) = bsdata_dir("bad_input_non_xml_and_truncated_catalogues") else {
        return;
    };
    let dir = copy_checkout(&from);
    std::fs::write(
        dir.path().join("Garbage.cat"),
        "This is a shopping list, not a catalogue.\n",
    )
    .expect("write");
    let err = import_dir(dir.path()).expect_err("non-XML").to_string();
    assert!(
        err.starts_with("Garbage.cat: not a valid catalogue: XML error at line 1 (byte 0)"),
        "{err}"
    );
    std::fs::remove_file(dir.path().join("Garbage.cat")).expect("remove");

    let skaven = dir.path().join("Skaven.cat");
    let bytes = std::fs::read(&skaven).expect("read");
    let cut = bytes[..bytes.len() / 2]
        .iter()
        .rposition(|&b| b == b'>')
        .expect("a tag")
        + 1;
    std::fs::write(&skaven, &bytes[..cut]).expect("truncate");
    let err = import_dir(dir.path()).expect_err("truncated").to_string();
    assert!(err.starts_with("Skaven.cat: truncated catalogue: <"), "{err}");
    assert!(err.contains("opened at line "), "{err}");
    assert!(
        err.contains(&format!("before the end of the file (byte {cut})")),
        "{err}"
    );

    std::fs::write(&skaven, &bytes[..bytes.len() / 2]).expect("truncate mid-tag");
    let err = import_dir(dir.path()).expect_err("truncated").to_string();
    assert!(err.starts_with("Skaven.cat: "), "{err}");
}

#[test]
fn write_factions_replaces_files_in_place() {
    let Some(import) = import("write_factions_replaces_files_in_place") else {
        return;
    };
    let parent = tempfile::tempdir().expect("temp dir");
    let out = parent.path().join("factions");
    let some: Vec<Faction> = import.factions.iter().take(3).cloned().collect();
    let written = write_factions(&some, &out).expect("first write");
    assert_eq!(written.len(), 3);
    let again = write_factions(&some, &out).expect("second write");
    assert_eq!(written, again);
    let files = std::fs::read_dir(parent.path()).expect("list").flatten().count();
    assert_eq!(files, 1, "only the factions folder, no staging leftovers");
}

/// Regenerates `data/factions/*.toml` from `../shared/bsdata`:
/// `cargo test --test cli bsdata_golden::regenerate_bundled_factions -- --ignored --nocapture`.
#[test]
#[ignore]
fn regenerate_bundled_factions() {
    let dir = bsdata_dir("regenerate_bundled_factions").expect("a BSData checkout");
    let import = import_dir(&dir).expect("import");
    for w in &import.warnings {
        println!("warning: {w}");
    }
    for s in &import.skipped {
        println!("skipped: {s}");
    }
    let out = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/factions");
    let written = write_factions(&import.factions, &out).expect("write");
    for (f, path) in import.factions.iter().zip(&written) {
        println!("{:>3} units  {}", f.units.len(), path.display());
    }
}
