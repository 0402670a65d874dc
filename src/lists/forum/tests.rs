use super::*;
use crate::lists::test_support::*;
use crate::lists::{Format, detect};

const NIGHTHAUNT: &str = include_str!("../../../tests/fixtures/lists/forum-nighthaunt.txt");
const SLAANESH: &str = include_str!("../../../tests/fixtures/lists/forum-slaanesh-crlf.txt");
const IRONJAWZ: &str = include_str!("../../../tests/fixtures/lists/forum-ironjawz-stormcast.txt");

#[test]
fn nighthaunt_listbot() {
    let list = parse(NIGHTHAUNT);
    assert_eq!(list.name, None);
    assert_eq!(list.faction.as_deref(), Some("Nighthaunt"));
    assert_eq!(list.points, Some(990), "the last points header wins");
    let knight = ListUnit {
        general: true,
        enhancements: vec!["Deathly Possessor".into()],
        enhancement_lines: vec![(9, "Deathly Possessor".into())],
        ..unit(8, "Knight of Shrouds on Ethereal Steed", 140)
    };
    let olynder = ListUnit {
        enhancements: vec!["Lightshard of the Harvest Moon".into()],
        enhancement_lines: vec![(11, "Lightshard of the Harvest Moon".into())],
        ..unit(10, "Lady Olynder, Mortarch of Grief", 250)
    };
    // A count is kept as printed: the matching decides whether it counts units or models.
    let chainrasps = ListUnit {
        count: Some(3),
        ..unit(15, "Chainrasps", 110)
    };
    assert_eq!(
        list.units,
        vec![
            knight,
            olynder,
            chainrasps,
            ListUnit {
                reinforced: true,
                ..unit(16, "Grimghast Reapers", 150)
            },
            unit(17, "Kurdoss Valentian, the Craven King", 120),
            unit(18, "Spirit Hosts", 100),
            ListUnit {
                reinforced: true,
                ..unit(19, "Bladegheist Revenants", 180)
            },
            unit(20, "Myrmourn Banshees", 80),
        ]
    );
    assert_eq!(
        list.lores,
        vec![ListLore {
            line: 12,
            kind: "spell".into(),
            name: "Lore of the Underworlds".into()
        }]
    );
    assert_eq!(not_understood(&list), vec!["Dreadscythe Harridans"]);
    assert_accounted(NIGHTHAUNT, &list);
}

#[test]
fn slaanesh_with_crlf_commas_and_dashes() {
    assert!(SLAANESH.contains("\r\n"));
    let list = parse(SLAANESH);
    assert_eq!(list.name.as_deref(), Some("Seekers of the Pale"));
    assert_eq!(list.faction.as_deref(), Some("Hedonites of Slaanesh"));
    assert_eq!(list.points, Some(1000));
    let bladebringer = ListUnit {
        general: true,
        enhancements: vec!["Unseemly Vitality".into()],
        enhancement_lines: vec![(5, "Unseemly Vitality".into())],
        ..unit(4, "Bladebringer, Herald on Exalted Chariot", 150)
    };
    let daemonettes = ListUnit {
        count: Some(2),
        ..unit(7, "Daemonettes", 130)
    };
    assert_eq!(
        list.units,
        vec![
            bladebringer,
            unit(6, "Infernal Enrapturess, Herald of Slaanesh", 130),
            daemonettes,
            unit(8, "Seeker Chariot", 110),
            ListUnit {
                reinforced: true,
                ..unit(9, "Blissbarb Archers", 120)
            },
        ]
    );
    assert_eq!(
        list.lores,
        vec![ListLore {
            line: 10,
            kind: "manifestation".into(),
            name: "Manifestations of Depravity".into()
        }]
    );
    assert!(not_understood(&list).is_empty());
    assert_accounted(SLAANESH, &list);
}

#[test]
fn ironjawz_pipes_and_a_title() {
    let list = parse(IRONJAWZ);
    assert_eq!(list.name.as_deref(), Some("Ironjawz"));
    assert_eq!(list.faction, None);
    assert_eq!(list.points, Some(2000));
    let megaboss = ListUnit {
        general: true,
        enhancements: vec!["Trophy Skulls".into(), "Hulking Brute".into()],
        enhancement_lines: vec![(3, "Trophy Skulls".into()), (4, "Hulking Brute".into())],
        ..unit(2, "Megaboss on Maw-krusha", 460)
    };
    let ardboyz = ListUnit {
        count: Some(2),
        ..unit(6, "Ardboyz", 150)
    };
    let shaman = ListUnit {
        enhancements: vec!["Bossrokk Pebble".into()],
        ..unit(8, "Weirdnob Shaman", 100)
    };
    let lord = ListUnit {
        custom_name: Some("Dawnbringer".into()),
        ..unit(11, "Lord-Celestant", 160)
    };
    assert_eq!(
        list.units,
        vec![
            megaboss,
            ListUnit {
                reinforced: true,
                ..unit(5, "Brutes", 180)
            },
            ardboyz,
            unit(7, "Gore-gruntas", 180),
            shaman,
            unit(9, "Warchanter", 110),
            unit(10, "Bossrokk Tower", 0),
            lord,
        ]
    );
    assert_eq!(not_understood(&list), vec!["Some words that mean nothing"]);
    // Eight unit lines (two Ardboyz on one), two enhancement lines; the shaman's artefact
    // shares its unit's line.
    let non_blank = IRONJAWZ.lines().filter(|l| !l.trim().is_empty()).count();
    assert_eq!(8 + 2 + list.notes.len(), non_blank);
}

#[test]
fn detects_the_forum_fixtures() {
    for text in [NIGHTHAUNT, SLAANESH, IRONJAWZ] {
        assert_eq!(detect(text.as_bytes()), Ok(Format::Forum));
    }
}

#[test]
fn one_line_spellings() {
    let cases: &[(&str, &str, u32, bool, bool)] = &[
        ("Liberators | 220 | Reinforced", "Liberators", 220, true, false),
        ("Liberators (120)", "Liberators", 120, false, false),
        ("Liberators 120 pts", "Liberators", 120, false, false),
        ("Liberators 120pts", "Liberators", 120, false, false),
        ("Liberators (10 Points)", "Liberators", 10, false, false),
        ("Liberators [120]", "Liberators", 120, false, false),
        ("Liberators - 120", "Liberators", 120, false, false),
        ("Liberators — 120", "Liberators", 120, false, false),
        ("Liberators 220", "Liberators", 220, false, false),
        ("• Liberators (120) x2 size", "Liberators", 120, true, false),
        ("+ Liberators (Reinforced) (120)", "Liberators", 120, true, false),
        (
            "Lord-Celestant (160), General",
            "Lord-Celestant",
            160,
            false,
            true,
        ),
        (
            "Lord-Celestant [General] (160)",
            "Lord-Celestant",
            160,
            false,
            true,
        ),
    ];
    for &(line, warscroll, points, reinforced, general) in cases {
        let list = parse(line);
        let want = ListUnit {
            reinforced,
            general,
            ..unit(1, warscroll, points)
        };
        assert_eq!(list.units, vec![want], "{line}");
        assert!(list.notes.is_empty(), "{line}");
    }
    assert_eq!(parse("2 X Rat Ogors (140)").units[0].count, Some(2));
    assert_eq!(parse("1 x Rat Ogors (140)").units[0].count, None);
    // Listbot's model counts, up to 200.
    assert_eq!(
        parse("20 x Sisters of Slaughter with Bladed Bucklers (240)").units[0].count,
        Some(20)
    );
    for nonsense in [
        "- 120",
        "(120)",
        "3x Clanrats",
        "Liberators | Reinforced",
        "Liberators220",
    ] {
        assert_eq!(not_understood(&parse(nonsense)), vec![nonsense], "{nonsense}");
    }
    // A first line of words alone names the list.
    let titled = parse(
        "Starborne Skyhost
Terradon Chief (100)",
    );
    assert_eq!(titled.name.as_deref(), Some("Starborne Skyhost"));
    assert!(not_understood(&titled).is_empty());
    assert_eq!(
        not_understood(&parse(
            "Points: 1000
Stormcast Eternals"
        )),
        vec!["Stormcast Eternals"]
    );
}

#[test]
fn words_in_brackets_after_the_points_are_set_aside_for_the_matching() {
    let u = &parse("Abhorrant Ghoul King on Royal Terrorgheist (350) (Batussy)").units[0];
    assert_eq!(u.warscroll, "Abhorrant Ghoul King on Royal Terrorgheist");
    assert_eq!(u.aside.as_deref(), Some("Batussy"));
    assert!(u.enhancements.is_empty());
    // Markers stay markers.
    let g = &parse("Lord-Celestant (160) (General)").units[0];
    assert!(g.general && g.aside.is_none());
}

#[test]
fn a_seasons_tag_after_the_points_stays_with_the_name() {
    for (line, tag) in [
        ("Screamers of Tzeentch (80) [SoG]", "SoG"),
        ("Screamers of Tzeentch (80) SoG", "SoG"),
        (
            "Screamers of Tzeentch (80) - Scourge of Ghyran",
            "Scourge of Ghyran",
        ),
        (
            "Screamers of Tzeentch (80) (Scourge of Aqshy), General",
            "Scourge of Aqshy",
        ),
    ] {
        let parsed = parse(line);
        let Some(u) = parsed.units.first() else {
            panic!("{line}: {parsed:?}")
        };
        assert_eq!(u.warscroll, format!("Screamers of Tzeentch ({tag})"), "{line}");
        assert_eq!(u.points, Some(80), "{line}");
        assert!(u.aside.is_none() && u.enhancements.is_empty(), "{line}: {u:?}");
    }
}

#[test]
fn points_said_so_win_over_a_bare_number_and_follow_a_bracketed_tag() {
    let u = &parse("Liberators (10) - 180 pts").units[0];
    assert_eq!((u.warscroll.as_str(), u.points), ("Liberators (10)", Some(180)));
    let u = &parse("Prosecutors [3 models] 120").units[0];
    assert_eq!(
        (u.warscroll.as_str(), u.points),
        ("Prosecutors [3 models]", Some(120))
    );
    let u = &parse("Grey Seer on Screaming Bell – Scourge of Aqshy (310)").units[0];
    assert_eq!(u.warscroll, "Grey Seer on Screaming Bell - Scourge of Aqshy");
    assert!(u.enhancements.is_empty());
    let list = parse("**Rat Tide**\nGrey Seer (110)");
    assert_eq!(list.name.as_deref(), Some("Rat Tide"));
}
