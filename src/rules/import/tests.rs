//! Matching lists against the bundled catalogue: units, points warnings, enhancements to their
//! tables, lores, every line in the report, and the faction picked.

use super::*;
use crate::catalogue::Catalogue;
use crate::lists::{ListLore, ListUnit, ParsedList};
use crate::rules::roster::tests::empty_roster;
use std::sync::OnceLock;

fn cat() -> &'static Catalogue {
    static CAT: OnceLock<Catalogue> = OnceLock::new();
    CAT.get_or_init(|| Catalogue::bundled().expect("bundled data"))
}

fn unit(line: usize, warscroll: &str, points: Option<u32>) -> ListUnit {
    ListUnit {
        line,
        warscroll: warscroll.into(),
        points,
        ..Default::default()
    }
}

fn stormcast() -> &'static Faction {
    cat().faction("Stormcast Eternals").unwrap()
}

/// A Stormcast list: a general with an enhancement, reinforced Liberators named by the player
/// at an old price, a unit of another faction, a lore, a header.
fn list() -> ParsedList {
    let f = stormcast();
    let trait_name = f.enhancement_tables[0].enhancements[0].clone();
    let liberators = f.unit("Liberators").unwrap().points;
    let mut general = unit(3, "Lord-Vigilant on Gryph-stalker", None);
    general.general = true;
    general.enhancements = vec![trait_name.to_uppercase()];
    let mut libs = unit(5, "liberators", Some(liberators * 2 - 10));
    libs.reinforced = true;
    libs.custom_name = Some("Dawn Guard".into());
    let mut l = ParsedList {
        name: Some("Hammers".into()),
        faction: Some("STORMCAST ETERNALS".into()),
        units: vec![general, libs, unit(7, "Clanrats", Some(100))],
        lores: vec![ListLore {
            line: 2,
            kind: "spell".into(),
            name: f.lores[0].name.clone(),
        }],
        ..Default::default()
    };
    l.ignore(1, "Hammers 1000/2000 pts", "the list's name and points");
    l
}

#[test]
fn every_line_is_matched_ignored_or_reported_with_suggestions() {
    let m = match_list(stormcast(), &[], &list());
    let statuses: Vec<(usize, Status)> = m.report.iter().map(|l| (l.line, l.status)).collect();
    assert_eq!(
        statuses,
        [
            (1, Status::Ignored),
            (2, Status::Lore),
            (3, Status::Unit),
            (3, Status::Enhancement),
            (5, Status::Warning),
            (7, Status::Unmatched),
        ]
    );
    assert_eq!(m.unmatched(), 1);
    assert_eq!(m.units.len(), 2, "Clanrats are not a Stormcast unit");
    let libs = &m.units[1];
    assert!(libs.reinforced);
    assert_eq!(libs.custom_name.as_deref(), Some("Dawn Guard"));
    let warning = &m.report[4].detail;
    let cost = stormcast().unit("Liberators").unwrap().points * 2;
    assert!(
        warning
            .for_cli()
            .contains(&format!("the list says {} pts, the catalogue {cost}", cost - 10)),
        "{warning}"
    );
}

#[test]
fn the_faction_is_the_named_one_else_the_one_holding_the_units() {
    let factions: Vec<&Faction> = cat().factions().unwrap().into_iter().map(|(f, _)| f).collect();
    assert_eq!(
        pick_faction(&factions, &list()).unwrap().name,
        "Stormcast Eternals"
    );
    let mut unnamed = list();
    unnamed.faction = None;
    assert_eq!(
        pick_faction(&factions, &unnamed).unwrap().name,
        "Stormcast Eternals"
    );
    let mut sub = list();
    sub.faction = Some("Stormcast Eternals - Ruination Chamber".into());
    assert_eq!(pick_faction(&factions, &sub).unwrap().name, "Stormcast Eternals");
    let nothing = ParsedList::default();
    assert!(
        pick_faction(&factions, &nothing)
            .unwrap_err()
            .to_string()
            .ends_with("; add --faction FACTION")
    );
}

#[test]
fn the_import_adds_units_reinforces_and_gives_enhancements_to_the_warlord() {
    let m = match_list(stormcast(), &[], &list());
    let mut roster = empty_roster();
    let warlord_scroll = stormcast().unit("Lord-Vigilant on Gryph-stalker").unwrap();
    let mut w = crate::rules::model::Unit::new(1, warlord_scroll);
    w.warlord = true;
    roster.units.push(w);
    let others: Vec<&ImportUnit> = m.units.iter().skip(1).collect();
    let out = plan_import(&roster, &others, m.units.first());
    let kinds: Vec<&str> = out
        .changes
        .iter()
        .map(|c| match c {
            Change::GiveEnhancement {
                unit: UnitRef::Existing(1),
                ..
            } => "warlord's enhancement",
            Change::AddUnit { .. } => "add",
            Change::Reinforce { .. } => "reinforce",
            _ => "other",
        })
        .collect();
    assert_eq!(kinds, ["warlord's enhancement", "add", "reinforce"]);
}

#[test]
fn a_line_not_understood_is_a_unit_when_it_names_one_exactly_else_gets_suggestions() {
    let mut l = ParsedList::default();
    l.not_understood(2, "Stormcast Eternals");
    l.not_understood(3, "vindictors");
    l.not_understood(4, "Vindicators");
    l.not_understood(5, "what is this");
    let m = match_list(stormcast(), &[], &l);
    let details: Vec<String> = m.report.iter().map(|r| r.detail.for_cli()).collect();
    let rows: Vec<(usize, Status, &str)> = m
        .report
        .iter()
        .zip(&details)
        .map(|(r, d)| (r.line, r.status, d.as_str()))
        .collect();
    assert_eq!(
        rows,
        vec![
            (2, Status::Ignored, "the faction"),
            (3, Status::Unit, "Vindictors (90 pts)"),
            (
                4,
                Status::Unmatched,
                "not understood as a unit, enhancement or lore: did you mean 'Vindictors' or 'Vigilors' or 'Evocators'?"
            ),
            (
                5,
                Status::Unmatched,
                "not understood as a unit, enhancement or lore"
            ),
        ]
    );
    assert_eq!(m.units.len(), 1);
}

#[test]
fn an_unknown_name_with_a_seasons_tag_gets_suggestions_for_the_name_past_it() {
    let mut l = ParsedList::default();
    l.units.push(unit(2, "Scourge of Ghyran: Vindicators", Some(90)));
    let m = match_list(stormcast(), &[], &l);
    let detail = m.report[0].detail.for_cli();
    assert!(
        detail.starts_with(
            "unknown Stormcast Eternals unit 'Scourge of Ghyran: Vindicators': did you mean 'Vindictors'"
        ),
        "{detail}"
    );
}

#[test]
fn a_long_list_of_garbage_gets_suggestions_for_its_first_lines_only() {
    use crate::lists::{LineNote, NoteKind};
    let mut l = list();
    for i in 0..450 {
        l.notes.push(LineNote {
            line: 100 + i,
            text: format!("Liberatorz number {i}"),
            kind: NoteKind::NotUnderstood,
        });
        l.units.push(unit(1000 + i, "Liberatorss", None));
    }
    assert_eq!(check_size(&l), Ok(()));
    let m = match_list(stormcast(), &[], &l);
    assert!(m.unmatched() >= 900, "{}", m.unmatched());
    assert_eq!(m.suggested, MAX_SUGGESTED_LINES);
    let with = m
        .report
        .iter()
        .filter(|r| r.detail.for_cli().contains("did you mean"))
        .count();
    assert!(with <= MAX_SUGGESTED_LINES, "{with} lines got suggestions");
    // The rest are still reported, in the same words less the suggestions.
    assert!(
        m.report
            .iter()
            .any(|r| r.detail.for_cli() == "unknown Stormcast Eternals unit 'Liberatorss'")
    );
    for i in 0..MAX_LIST_ENTRIES {
        l.units.push(unit(5000 + i, "Liberators", None));
    }
    let err = check_size(&l).unwrap_err();
    assert!(err.message.contains("at most 1000"), "{}", err.message);
}

#[test]
fn a_files_model_count_tells_a_reinforced_unit_unless_its_points_say_otherwise() {
    let f = stormcast();
    let libs = f.unit("Liberators").unwrap();
    let mut counted = unit(1, "Liberators", None);
    counted.models = Some(libs.unit_size * 2);
    let mut plain = unit(2, "Liberators", Some(libs.points));
    plain.models = Some(libs.unit_size * 2);
    let list = ParsedList {
        units: vec![counted, plain],
        ..ParsedList::default()
    };
    let m = match_list(f, &[], &list);
    assert!(m.units[0].reinforced);
    assert_eq!(m.report[0].status, Status::Warning, "{:?}", m.report[0]);
    assert!(!m.units[1].reinforced);
}

#[test]
fn a_zero_point_line_after_its_unit_is_a_companion_set_aside() {
    let dok = cat().faction("Daughters of Khaine").unwrap();
    let list = ParsedList {
        units: vec![
            unit(1, "Morathi-Khaine", Some(750)),
            unit(2, "The Shadow Queen", Some(0)),
        ],
        ..ParsedList::default()
    };
    let m = match_list(dok, &[], &list);
    assert_eq!(m.units.len(), 1);
    assert_eq!(m.report[1].status, Status::Ignored);
    assert!(
        m.report[1].detail.for_cli().contains("comes with Morathi-Khaine"),
        "{}",
        m.report[1].detail
    );
    // Alone, or under a heading of its own, it is not matched.
    let alone = ParsedList {
        units: vec![unit(1, "The Shadow Queen", Some(0))],
        ..ParsedList::default()
    };
    assert_eq!(match_list(dok, &[], &alone).unmatched(), 1);
}

#[test]
fn words_after_the_points_are_an_enhancement_else_the_units_own_name() {
    let f = stormcast();
    let trait_name = f.enhancement_tables[0].enhancements[0].clone();
    let mut named = unit(1, "Liberators", None);
    named.aside = Some("Dawn Guard".into());
    let mut enhanced = unit(2, "Lord-Vigilant on Gryph-stalker", None);
    enhanced.aside = Some(trait_name.clone());
    let list = ParsedList {
        units: vec![named, enhanced],
        ..ParsedList::default()
    };
    let m = match_list(f, &[], &list);
    assert_eq!(m.units[0].custom_name.as_deref(), Some("Dawn Guard"));
    assert_eq!(m.report[0].status, Status::Warning);
    assert_eq!(m.units[1].enhancements[0].2, trait_name);
}

#[test]
fn fewer_models_than_the_unit_are_its_undersize_copy_when_the_faction_has_one() {
    let seraphon = cat().faction("Seraphon").unwrap();
    let mut small = unit(1, "Terradon Riders", Some(70));
    small.count = Some(2);
    // Two whole units at their points are two units.
    let mut two = unit(2, "Terradon Riders", Some(180));
    two.count = Some(2);
    let list = ParsedList {
        units: vec![small, two],
        ..ParsedList::default()
    };
    let m = match_list(seraphon, &[], &list);
    let names: Vec<&str> = m.units.iter().map(|u| u.warscroll.name.as_str()).collect();
    assert_eq!(
        names,
        vec!["Terradon Riders (2 Models)", "Terradon Riders", "Terradon Riders"]
    );
    assert_eq!(m.report[0].status, Status::Warning);
}

/// Bare bullets under a unit (the app's and Sigdex's enhancements, no table named): under a
/// HERO, one naming an enhancement is that enhancement, on its own line; one naming nothing
/// known stays wargear; under a non-HERO or a UNIQUE HERO, an enhancement's name is set aside
/// with a warning beside its line, never silently.
#[test]
fn bare_bullets_naming_enhancements_are_a_heros_enhancements() {
    let f = stormcast();
    let artefact = f
        .enhancement_tables
        .iter()
        .find(|t| t.name == "Artefacts of Power")
        .unwrap();
    let pendant = artefact.enhancements[0].clone();
    let mut arcanum = unit(3, "Knight-Arcanum", None);
    arcanum.bullets = vec![(4, pendant.clone()), (5, "Mindstealer Sphinx".into())];
    let mut libs = unit(6, "Liberators", None);
    libs.bullets = vec![(7, pendant.clone())];
    let mut prime = unit(8, "Celestant-Prime, Hammer of Sigmar", None);
    prime.bullets = vec![(9, pendant.clone())];
    let mut list = ParsedList {
        faction: Some("Stormcast Eternals".into()),
        units: vec![arcanum, libs, prime],
        ..Default::default()
    };
    for (n, text) in [(4, &pendant), (7, &pendant), (9, &pendant)] {
        list.ignore(
            n,
            &format!("• {text}"),
            "a wargear option or model count of the unit above",
        );
    }
    list.ignore(
        5,
        "• Mindstealer Sphinx",
        "a wargear option or model count of the unit above",
    );
    let m = match_list(f, &[], &list);
    let at = |line: usize| {
        let lines: Vec<_> = m.report.iter().filter(|l| l.line == line).collect();
        assert_eq!(lines.len(), 1, "line {line} once: {lines:?}");
        (lines[0].status, lines[0].detail.to_string())
    };
    assert_eq!(at(4).0, Status::Enhancement);
    assert!(
        at(4).1.contains("(Artefacts of Power) on Knight-Arcanum"),
        "{:?}",
        at(4)
    );
    assert_eq!(at(5).0, Status::Ignored);
    assert_eq!(at(7).0, Status::Warning);
    assert!(at(7).1.contains("only a HERO"), "{:?}", at(7));
    assert_eq!(at(9).0, Status::Warning);
    assert!(at(9).1.contains("UNIQUE"), "{:?}", at(9));
    let held: Vec<_> = m
        .units
        .iter()
        .map(|u| (u.warscroll.name.as_str(), u.enhancements.len()))
        .collect();
    assert_eq!(
        held,
        [
            ("Knight-Arcanum", 1),
            ("Liberators", 0),
            ("Celestant-Prime, Hammer of Sigmar", 0)
        ]
    );
}

/// A line with no points and no warscroll right under a UNIQUE hero (`Neave's Companions`) is
/// a companion set aside with a warning; under a unit that is not UNIQUE, or after a blank
/// line, it is still not matched.
#[test]
fn a_pointless_line_right_under_a_unique_hero_is_a_companion_set_aside() {
    let f = stormcast();
    let list = |gap: usize, hero: &str| {
        let mut l = ParsedList {
            units: vec![unit(1, hero, Some(280))],
            ..ParsedList::default()
        };
        l.ignore(2, "- General", "the general marker (read onto the unit above)");
        l.not_understood(3 + gap, "Neave's Companions");
        l
    };
    let m = match_list(f, &[], &list(0, "Neave Blacktalon"));
    assert_eq!(m.unmatched(), 0, "{:?}", m.report);
    let line = m.report.iter().find(|l| l.line == 3).unwrap();
    assert_eq!(line.status, Status::Warning);
    assert!(line.detail.for_cli().contains("companion"), "{}", line.detail);
    assert_eq!(m.units.len(), 1);
    // A labelled enhancement between them (`- Heroic Traits: …`, no note of its own).
    let mut labelled = list(1, "Neave Blacktalon");
    let t = f.enhancement_tables[0].enhancements[0].clone();
    labelled.units[0].enhancements.push(t.clone());
    labelled.units[0].enhancement_lines.push((3, t));
    assert_eq!(match_list(f, &[], &labelled).unmatched(), 0);
    assert_eq!(match_list(f, &[], &list(0, "Knight-Arcanum")).unmatched(), 1);
    assert_eq!(match_list(f, &[], &list(1, "Neave Blacktalon")).unmatched(), 1);
}

/// Path to Glory's enhancement rules on bullets read as enhancements: a second of one table on
/// a HERO, or one a HERO earlier in the list already holds, is a warning beside its line and is
/// not given (not an unknown line that stops the import).
#[test]
fn enhancements_the_rules_refuse_are_warnings_and_not_given() {
    let f = stormcast();
    let traits = &f
        .enhancement_tables
        .iter()
        .find(|t| t.name == "Heroic Traits")
        .unwrap()
        .enhancements;
    let mut lord = unit(1, "Lord-Celestant on Dracoth", None);
    lord.bullets = vec![(2, traits[0].clone()), (3, traits[1].clone())];
    let mut arcanum = unit(4, "Knight-Arcanum", None);
    arcanum.bullets = vec![(5, traits[0].clone())];
    let mut list = ParsedList {
        units: vec![lord, arcanum],
        ..ParsedList::default()
    };
    for (n, t) in [(2, &traits[0]), (3, &traits[1]), (5, &traits[0])] {
        list.ignore(
            n,
            &format!("• {t}"),
            "a wargear option or model count of the unit above",
        );
    }
    let m = match_list(f, &[], &list);
    assert_eq!(m.unmatched(), 0, "{:?}", m.report);
    let status = |line: usize| m.report.iter().find(|l| l.line == line).unwrap().status;
    assert_eq!(
        [status(2), status(3), status(5)],
        [Status::Enhancement, Status::Warning, Status::Warning]
    );
    let held: Vec<usize> = m.units.iter().map(|u| u.enhancements.len()).collect();
    assert_eq!(held, [1, 0]);
}
