use super::*;
use crate::lists::test_support::*;
use crate::lists::{Format, NoteKind, detect};
use proptest::prelude::*;

const STORMCAST: &str = include_str!("../../../tests/fixtures/lists/app-stormcast.txt");
const SKAVEN: &str = include_str!("../../../tests/fixtures/lists/app-skaven.txt");
const GLOOMSPITE: &str = include_str!("../../../tests/fixtures/lists/app-gloomspite.txt");

fn lores(list: &ParsedList) -> Vec<(&str, &str)> {
    list.lores
        .iter()
        .map(|l| (l.kind.as_str(), l.name.as_str()))
        .collect()
}

#[test]
fn stormcast_export() {
    let list = parse(STORMCAST);
    assert_eq!(list.name.as_deref(), Some("Hammers of Dawn"));
    assert_eq!(list.faction.as_deref(), Some("Stormcast Eternals"));
    assert_eq!(list.points, Some(2000));
    let lord = ListUnit {
        general: true,
        enhancements: vec!["Staunch Defender".into()],
        enhancement_lines: vec![(14, "Staunch Defender".into())],
        ..unit(12, "Lord-Celestant on Dracoth", 240)
    };
    // A bare bullet is kept for the matching, which reads it as wargear or an enhancement.
    let libs = ListUnit {
        reinforced: true,
        custom_name: Some("Dawn Guard".into()),
        bullets: vec![(18, "1x Liberator-Prime".into())],
        ..unit(15, "Liberators", 220)
    };
    let arcanum = ListUnit {
        enhancements: vec!["Null Pendant".into()],
        enhancement_lines: vec![(23, "Null Pendant".into())],
        ..unit(22, "Knight-Arcanum", 140)
    };
    assert_eq!(
        list.units,
        vec![
            lord,
            libs,
            unit(19, "Vindictors", 130),
            arcanum,
            unit(26, "Knight-Judicator with Gryph-hounds", 90),
            unit(29, "Realmgate", 0),
        ]
    );
    assert_eq!(
        lores(&list),
        vec![
            ("spell", "Lore of the Storm"),
            ("prayer", "Prayers of the Stormhosts"),
            ("manifestation", "Manifestations of the Storm")
        ]
    );
    assert!(not_understood(&list).is_empty());
    assert_accounted(STORMCAST, &list);
}

#[test]
fn skaven_export_with_crlf_counts_and_point_spellings() {
    assert!(SKAVEN.contains("\r\n"));
    let list = parse(SKAVEN);
    assert_eq!(list.name.as_deref(), Some("Ratmen of Ruin"));
    assert_eq!(list.faction.as_deref(), Some("Skaven"));
    assert_eq!(list.points, Some(1000));
    let seer = ListUnit {
        general: true,
        enhancements: vec!["Short-tempered".into()],
        enhancement_lines: vec![(14, "Short-tempered".into())],
        ..unit(12, "Grey Seer", 120)
    };
    let clanrats = ListUnit {
        reinforced: true,
        count: Some(3),
        ..unit(15, "Clanrats", 110)
    };
    let engineer = ListUnit {
        enhancements: vec!["Warpstone Charm".into()],
        enhancement_lines: vec![(21, "Warpstone Charm".into())],
        ..unit(20, "Warlock Engineer", 100)
    };
    assert_eq!(
        list.units,
        vec![
            seer,
            clanrats,
            unit(17, "Rat Ogors", 10),
            engineer,
            unit(22, "Stormfiends", 270),
            unit(25, "Gnawhole", 0),
        ]
    );
    assert_eq!(
        lores(&list),
        vec![
            ("spell", "Lore of Ruin"),
            ("prayer", "Noxious Prayers"),
            ("manifestation", "Manifestations of Doom")
        ]
    );
    assert!(
        list.notes
            .iter()
            .any(|n| n.text == "Broken Ranks" && n.kind == NoteKind::Ignored("a battle tactic card".into()))
    );
    assert!(not_understood(&list).is_empty());
    assert_accounted(SKAVEN, &list);
}

#[test]
fn gloomspite_export_with_renown_and_options() {
    let list = parse(GLOOMSPITE);
    assert_eq!(list.name.as_deref(), Some("Moonclan Mob"));
    assert_eq!(list.faction.as_deref(), Some("Gloomspite Gitz"));
    assert_eq!(list.points, Some(1000));
    let boss = ListUnit {
        general: true,
        enhancements: vec!["Loontouched".into(), "The Clammy Cowl".into()],
        enhancement_lines: vec![(10, "Loontouched".into()), (11, "The Clammy Cowl".into())],
        ..unit(8, "Loonboss on Giant Cave Squig", 100)
    };
    let stabbas = ListUnit {
        custom_name: Some("Da Pokey Ladz".into()),
        ..unit(14, "Moonclan Stabbas", 100)
    };
    assert_eq!(
        list.units,
        vec![
            boss,
            ListUnit {
                reinforced: true,
                ..unit(12, "Squig Hoppers", 90)
            },
            stabbas,
            unit(18, "Fungoid Cave-Shaman", 70),
            ListUnit {
                bullets: vec![(20, "Big choppa for da boss".into())],
                ..unit(19, "Rockgut Troggoths", 180)
            },
            ListUnit {
                bullets: vec![(24, "Ceremonial Spear".into())],
                ..unit(23, "Kragnos, the End of Empires", 450)
            },
            unit(26, "Bad Moon Loonshrine", 0),
        ]
    );
    assert_eq!(
        lores(&list),
        vec![
            ("spell", "Lore of the Clammy Dank"),
            ("manifestation", "Dank Manifestations")
        ]
    );
    // A regiment of renown's own name has no points: set aside with its reason.
    assert!(not_understood(&list).is_empty());
    let zogbog = list.notes.iter().find(|n| n.line == 25).unwrap();
    assert!(matches!(&zogbog.kind, NoteKind::Ignored(why) if why.contains("Regiment of Renown")));
    assert_accounted(GLOOMSPITE, &list);
}

#[test]
fn detects_the_app_fixtures() {
    for text in [STORMCAST, SKAVEN, GLOOMSPITE] {
        assert!(looks_like(text));
        assert_eq!(detect(text.as_bytes()), Ok(Format::App));
    }
    assert!(looks_like(
        "Spell Lore - Lore of Ruin\nRegiment 2\nClanrats (110)"
    ));
    assert!(!looks_like("Spell Lore - Lore of Ruin\nClanrats (110)"));
}

#[test]
fn odd_lines_after_a_heading() {
    let text =
        "Regiment 1\n• General\nLiberators (x)\n(120)\n3x (120)\nLiberators (120 pts)\n• Weapon: Grandhammer";
    let list = parse(text);
    assert_eq!(list.units, vec![unit(6, "Liberators", 120)]);
    assert_eq!(
        not_understood(&list),
        vec!["• General", "Liberators (x)", "(120)", "3x (120)"]
    );
    assert_accounted(text, &list);
}

fn soup() -> impl Strategy<Value = String> {
    let token = prop::sample::select(vec![
        "General's Regiment",
        "Regiment 1",
        "Liberators (220)",
        "• General",
        "- Reinforced",
        "* Name: X",
        "3x Clanrats (110)",
        "Spell Lore - ",
        "Spell Lore: Y",
        "Hammers 1000/2000 pts",
        "Battle Traits",
        "| 220 |",
        "[120]",
        "120pts",
        "(10 Points)",
        "- 120",
        "Allegiance:",
        "Total: ",
        "+++",
        "—",
        "–",
        "\r\n",
        "\n",
        " ",
        "x",
        "(",
        ")",
        "[",
        "]",
        ":",
        "\"",
        "“",
        "é",
        "99999999999x ",
        "0x ",
        "1 x ",
        "Heroic Traits: Z",
        "Created with Warhammer Age of Sigmar",
        ",",
    ]);
    prop::collection::vec(token, 0..40).prop_map(|t| t.concat())
}

proptest! {
    #[test]
    fn never_panics_on_any_text(text in ".*") {
        let _ = parse(&text);
        let _ = crate::lists::forum::parse(&text);
        let _ = detect(text.as_bytes());
    }

    #[test]
    fn never_panics_on_line_soups(text in soup()) {
        let app = parse(&text);
        let _ = crate::lists::forum::parse(&text);
        let _ = detect(text.as_bytes());
        assert_accounted(&text, &app);
    }
}

#[test]
fn words_in_brackets_after_the_points_are_kept_aside() {
    let list = parse("Regiment 1\nAbhorrant Ghoul King on Royal Terrorgheist (350) (Batussy)\n• General");
    let u = &list.units[0];
    assert_eq!(
        (u.warscroll.as_str(), u.points, u.aside.as_deref()),
        (
            "Abhorrant Ghoul King on Royal Terrorgheist",
            Some(350),
            Some("Batussy")
        )
    );
}

#[test]
fn a_lore_printed_with_its_cost_is_the_lore() {
    assert_eq!(
        lore("Spell Lore - Lore of Change (30 Points)"),
        Some(("spell", "Lore of Change"))
    );
    assert_eq!(
        lore("Manifestation Lore: Forbidden Power (20)"),
        Some(("manifestation", "Forbidden Power"))
    );
    assert_eq!(
        lore("Prayer Lore - Blessings (of the Deep)"),
        Some(("prayer", "Blessings (of the Deep)"))
    );
}
