//! Names as real lists print them, read against the bundled factions.

use super::*;
use crate::catalogue::Catalogue;
use std::sync::OnceLock;

fn faction(name: &str) -> &'static Faction {
    static CAT: OnceLock<Catalogue> = OnceLock::new();
    CAT.get_or_init(|| Catalogue::bundled().expect("bundled data"))
        .faction(name)
        .unwrap()
}

fn one(faction_name: &str, printed: &str) -> Reading<'static> {
    match find_unit(faction(faction_name), printed) {
        Found::One(r) => r,
        other => panic!("{printed}: {other:?}"),
    }
}

#[test]
fn a_seasons_tag_reads_as_the_base_warscroll_with_a_warning() {
    for printed in [
        "Kairic Acolytes (Scourge of Ghyran)",
        "Kairic Acolytes [Scourge of Ghyran]",
        "Kairic Acolytes - Scourge of Ghyran",
        "Kairic Acolytes – Scourge of Ghyran",
        "Kairic Acolytes (General’s Handbook 2024)",
        // After the name bare, abbreviated, or in braces (issue #41).
        "Kairic Acolytes SoG",
        "Kairic Acolytes Scourge of Ghyran",
        "Kairic Acolytes: Scourge of Ghyran",
        "Kairic Acolytes - SoG",
        "Kairic Acolytes {SoG}",
        "Kairic Acolytes 【SoG】",
        "Kairic Acolytes General's Handbook 2024",
        "Kairic Acolytes SoG x2",
    ] {
        let r = one("Disciples of Tzeentch", printed);
        assert_eq!(r.warscroll.name, "Kairic Acolytes", "{printed}");
        assert!(r.loose, "{printed}: a season's tag is said");
        assert!(r.notes[0].contains("season"), "{printed}: {:?}", r.notes);
    }
    let bell = one("Skaven", "Grey Seer on Screaming Bell (Scourge of Aqshy)");
    assert_eq!(bell.warscroll.name, "Grey Seer on Screaming Bell");
}

#[test]
fn typography_is_no_guess() {
    let r = one("Stormcast Eternals", "Lord\u{2011}Celestant");
    assert_eq!(r.warscroll.name, "Lord-Celestant");
    let plain = one("Stormcast Eternals", "Liberators\u{a0}");
    assert!(!plain.loose && plain.notes.is_empty());
}

#[test]
fn counts_models_and_markers_in_the_name_are_read_off() {
    let r = one("Stormcast Eternals", "Liberators x3");
    assert_eq!((r.warscroll.name.as_str(), r.count), ("Liberators", Some(3)));
    let r = one("Stormcast Eternals", "Liberators x 2");
    assert_eq!(r.count, Some(2));
    let r = one("Stormcast Eternals", "Liberators [10 models]");
    assert_eq!((r.models, r.loose), (Some(10), false));
    let r = one("Stormcast Eternals", "Liberators (Reinforced)");
    assert!(r.reinforced && !r.loose);
}

#[test]
fn models_fewer_than_the_unit_find_its_undersize_copy() {
    let r = one("Seraphon", "Terradon Riders [2 models]");
    assert_eq!(r.warscroll.name, "Terradon Riders (2 Models)");
    assert_eq!(one("Seraphon", "Terradon Riders (2 Models)").warscroll.points, 70);
}

#[test]
fn a_weapon_option_after_the_name_is_set_aside() {
    let r = one("Daughters of Khaine", "Sisters of Slaughter with Bladed Bucklers");
    assert_eq!(r.warscroll.name, "Sisters of Slaughter");
    assert!(r.notes[0].contains("Bladed Bucklers"));
    let r = one("Daughters of Khaine", "Witch Aelves with Paired Sciansá");
    assert_eq!(r.warscroll.name, "Witch Aelves");
}

#[test]
fn a_loose_spelling_is_a_warning_and_an_unknown_name_is_none() {
    let r = one("Daughters of Khaine", "Morathi Khaine");
    assert_eq!(r.warscroll.name, "Morathi-Khaine");
    assert!(r.loose);
    assert_eq!(
        find_unit(faction("Daughters of Khaine"), "The Shadow Queen"),
        Found::None
    );
}

#[test]
fn a_count_or_the_factions_name_before_the_name_is_read_off() {
    let r = one("Stormcast Eternals", "10 Liberators");
    assert_eq!((r.warscroll.name.as_str(), r.count), ("Liberators", Some(10)));
    let r = one("Stormcast Eternals", "Stormcast Eternals Liberators");
    assert_eq!((r.warscroll.name.as_str(), r.loose), ("Liberators", false));
}

#[test]
fn a_companion_after_the_name_or_the_start_of_a_long_name_is_read_with_a_warning() {
    let r = one("Daughters of Khaine", "Morathi-Khaine & The Shadow Queen");
    assert_eq!(r.warscroll.name, "Morathi-Khaine");
    assert!(r.notes[0].contains("The Shadow Queen"));
    let k = one("Ironjawz", "Kragnos");
    assert_eq!(
        (k.warscroll.name.as_str(), k.loose),
        ("Kragnos, the End of Empires", true)
    );
    // A start several warscrolls share is no guess: they are named.
    match find_unit(faction("Stormcast Eternals"), "Knight") {
        Found::Ambiguous(names) => assert!(names.len() > 1, "{names:?}"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_seasons_tag_in_front_reads_as_the_base_warscroll_with_a_warning() {
    for (faction_name, printed, want) in [
        (
            "Disciples of Tzeentch",
            "Scourge of Ghyran Ogroid Thaumaturge",
            "Ogroid Thaumaturge",
        ),
        (
            "Kharadron Overlords",
            "Scourge of Aqshy: Endrinriggers",
            "Endrinriggers",
        ),
        (
            "Kharadron Overlords",
            "Scourge of Aqshy - Endrinriggers",
            "Endrinriggers",
        ),
        (
            "Disciples of Tzeentch",
            "SoG Ogroid Thaumaturge",
            "Ogroid Thaumaturge",
        ),
        ("Disciples of Tzeentch", "SoG: Kairic Acolytes", "Kairic Acolytes"),
        ("Disciples of Tzeentch", "[SoG] Tzaangors", "Tzaangors"),
        ("Disciples of Tzeentch", "(SoA) Tzaangors", "Tzaangors"),
        (
            "Disciples of Tzeentch",
            "{Scourge of Ghyran} Tzaangors",
            "Tzaangors",
        ),
        ("Disciples of Tzeentch", "GHB 2024 Tzaangors", "Tzaangors"),
        ("Disciples of Tzeentch", "Tzaangors (SoG)", "Tzaangors"),
        ("Disciples of Tzeentch", "Tzaangors [SoA]", "Tzaangors"),
        ("Disciples of Tzeentch", "Tzaangors - SoG", "Tzaangors"),
    ] {
        let r = one(faction_name, printed);
        assert_eq!(r.warscroll.name, want, "{printed}");
        assert!(r.loose, "{printed}: the season is said");
        assert!(
            r.notes.iter().any(|n| n.contains("season")),
            "{printed}: {:?}",
            r.notes
        );
    }
}

#[test]
fn no_warscroll_name_loses_a_word_to_a_season_tag() {
    let cat = Catalogue::bundled().expect("bundled data");
    let mut checked = 0;
    for (f, _) in cat.factions().expect("factions") {
        for w in &f.units {
            assert_eq!(season::leading(&w.name), None, "{} ({})", w.name, f.name);
            assert_eq!(season::trailing(&w.name), None, "{} ({})", w.name, f.name);
            let r = one(&f.name, &w.name);
            assert_eq!(r.warscroll.name, w.name);
            assert!(!r.loose && r.notes.is_empty(), "{}: {:?}", w.name, r.notes);
            checked += 1;
        }
    }
    assert!(checked > 900, "{checked} warscrolls checked");
}

#[test]
fn full_width_text_is_plain() {
    assert_eq!(tidy("Ｌｉｂｅｒａｔｏｒｓ"), "Liberators");
    assert_eq!(
        crate::lists::plain_width("Liberators（２２０）：General"),
        "Liberators (220):General"
    );
    assert_eq!(crate::lists::plain_width("Sciansá"), "Sciansá");
    assert_eq!(
        crate::lists::plain_width("Tzaangors【SoG】〔１７０〕"),
        "Tzaangors [SoG] [170]"
    );
    assert_eq!(
        one("Stormcast Eternals", "Ｌｉｂｅｒａｔｏｒｓ").warscroll.name,
        "Liberators"
    );
}

#[test]
fn a_former_name_from_the_datas_history_reads_as_the_warscroll_now() {
    for (faction_name, old, now) in [
        ("Soulblight Gravelords", "Grave Guard", "Barrow Guard"),
        ("Soulblight Gravelords", "Black Knights", "Barrow Knights"),
        ("Ogor Mawtribes", "Ogor Gluttons", "Gluttons"),
        (
            "Cities of Sigmar",
            "Freeguild Command Corps",
            "Freeguild Command Corps Adjutants",
        ),
    ] {
        let r = one(faction_name, old);
        assert_eq!(r.warscroll.name, now, "{old}");
        assert!(r.loose);
        assert_eq!(r.notes, [format!("{old} is now {now}")]);
    }
    // A former name with a season's tag after it.
    assert_eq!(
        one("Soulblight Gravelords", "Grave Guard (SoG)").warscroll.name,
        "Barrow Guard"
    );
}

#[test]
fn a_name_without_its_factions_word_or_in_the_singular_is_a_warning() {
    let r = one("Kruleboyz", "Monsta-killaz");
    assert_eq!(r.warscroll.name, "Kruleboyz Monsta-killaz");
    assert!(r.loose);
    for (faction_name, printed, want) in [
        ("Stormcast Eternals", "Liberator", "Liberators"),
        ("Kruleboyz", "Gutrippa", "Gutrippaz"),
        (
            "Soulblight Gravelords",
            "Deathrattle Skeleton",
            "Deathrattle Skeletons",
        ),
    ] {
        let r = one(faction_name, printed);
        assert_eq!(r.warscroll.name, want, "{printed}");
        assert!(
            r.loose && r.notes[0].contains("plural"),
            "{printed}: {:?}",
            r.notes
        );
    }
    // A singular that is another warscroll's exact name stays that warscroll.
    let r = one("Soulblight Gravelords", "Wight King");
    assert_eq!(r.warscroll.name, "Wight King");
    assert!(!r.loose);
    assert_eq!(find_unit(faction("Stormcast Eternals"), "Liberat"), Found::None);
}

/// A made-up faction where short names, singulars and former names fit two warscrolls.
const TWINS: &str = r#"
name = "Twin Host"
[source]
origin = "hand-written for tests"

[[units]]
name = "Gitz Stabbaz"
points = 100
unit_size = 10
reinforceable = true
keywords = ["GITZ"]

[[units]]
name = "Grotz Stabbaz"
points = 100
unit_size = 10
reinforceable = true
keywords = ["GROTZ"]

[[units]]
name = "Shield Guard"
points = 100
unit_size = 10
reinforceable = true
formerly = ["Old Guard"]

[[units]]
name = "Spear Guard"
points = 100
unit_size = 10
reinforceable = true
formerly = ["Old Guard"]
"#;

#[test]
fn a_short_or_former_name_several_warscrolls_fit_is_refused_with_them() {
    let twins = crate::catalogue::parse_faction("twins", TWINS).expect("fixture parses");
    let Found::Ambiguous(fit) = find_unit(&twins, "Stabbaz") else {
        panic!("Stabbaz fits two warscrolls")
    };
    assert_eq!(fit, ["Gitz Stabbaz", "Grotz Stabbaz"]);
    let Found::Ambiguous(fit) = find_unit(&twins, "Old Guard") else {
        panic!("Old Guard was two warscrolls")
    };
    assert_eq!(fit, ["Shield Guard", "Spear Guard"]);
    // A loose name never reaches a warscroll it does not name.
    assert_eq!(find_unit(&twins, "Guard"), Found::None);
}

#[test]
fn suggestions_look_past_a_seasons_tag_before_or_after_the_name() {
    assert_eq!(untagged("Scourge of Ghyran: Exalted Flamers"), "Exalted Flamers");
    assert_eq!(untagged("Exalted Flamers SoG"), "Exalted Flamers");
    assert_eq!(untagged("[SoA] Exalted Flamers"), "Exalted Flamers");
    assert_eq!(untagged("Exalted Flamers"), "Exalted Flamers");
}
