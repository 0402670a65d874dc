//! Every bundled faction's list, exported as app text, reads back to the same units, points
//! and enhancements (issue #18).

use ptg::catalogue::{Catalogue, Faction, Warscroll};
use ptg::lists::export::{ExportEnhancement, ExportList, ExportUnit, SCHEMA, VERSION, app_text};
use ptg::lists::{Format, parse};
use ptg::rules::import::{Status, match_list};

/// Units a list of this faction may hold: not Anvil of Apotheosis, with points (Legends too:
/// Beasts of Chaos has nothing else).
fn usable(f: &Faction) -> impl Iterator<Item = &Warscroll> {
    f.units.iter().filter(|w| !w.anvil_of_apotheosis && w.points > 0)
}

/// A list of `f`: a HERO as general with an enhancement, then up to four other units, the
/// first reinforceable one reinforced and named by its player.
fn list_of(f: &Faction) -> Option<ExportList> {
    let general = usable(f).find(|w| w.has_keyword("HERO") && !w.has_keyword("UNIQUE"))?;
    let enhancement = f
        .enhancement_tables
        .iter()
        .find(|t| !t.enhancements.is_empty())
        .map(|t| ExportEnhancement {
            table: t.name.clone(),
            name: t.enhancements[0].clone(),
        });
    let unit = |w: &Warscroll, warlord: bool, reinforced: bool| ExportUnit {
        warscroll: w.name.clone(),
        name: reinforced.then(|| "Our Own".to_string()),
        points: u64::from(w.points) * if reinforced { 2 } else { 1 },
        reinforced,
        warlord,
        hero: w.has_keyword("HERO"),
        faction_terrain: w.has_keyword("FACTION TERRAIN"),
        ally: None,
        enhancements: if warlord {
            enhancement.clone().into_iter().collect()
        } else {
            Vec::new()
        },
        renown: 0,
        rank: None,
        path: None,
    };
    let mut units = vec![unit(general, true, false)];
    let mut reinforced_one = false;
    for w in usable(f).filter(|w| w.name != general.name).take(4) {
        let reinforce = w.reinforceable && !reinforced_one;
        reinforced_one |= reinforce;
        units.push(unit(w, false, reinforce));
    }
    Some(ExportList {
        schema: SCHEMA,
        version: VERSION,
        name: format!("{} Host", f.name),
        faction: f.name.clone(),
        points: units.iter().map(|u| u.points).sum(),
        limit: 1000,
        units,
        tome: Vec::new(),
    })
}

/// A unit as compared: warscroll, own name, reinforced, general, points, enhancements.
type UnitLine = (String, Option<String>, bool, bool, u64, Vec<String>);

#[test]
fn every_bundled_faction_round_trips_through_app_text() {
    let cat = Catalogue::bundled().expect("bundled data");
    let factions = cat.factions().expect("factions");
    assert_eq!(factions.len(), 27);
    for (f, _) in factions {
        let Some(list) = list_of(f) else {
            panic!("{} has no HERO to lead a list", f.name);
        };
        let text = app_text(&list);
        let (format, parsed) = parse(text.as_bytes(), None).expect("reads back");
        assert_eq!(format, Format::App, "{}:\n{text}", f.name);
        assert_eq!(parsed.faction.as_deref(), Some(f.name.as_str()), "{text}");
        let m = match_list(f, &[], &parsed);
        let wrong: Vec<_> = m
            .report
            .iter()
            .filter(|l| !matches!(l.status, Status::Unit | Status::Enhancement | Status::Ignored))
            .collect();
        assert!(wrong.is_empty(), "{}: {wrong:?}\n{text}", f.name);
        let got: Vec<UnitLine> = m
            .units
            .iter()
            .map(|u| {
                (
                    u.warscroll.name.clone(),
                    u.custom_name.clone(),
                    u.reinforced,
                    u.general,
                    u64::from(u.warscroll.points) * if u.reinforced { 2 } else { 1 },
                    u.enhancements.iter().map(|(_, _, n)| n.clone()).collect(),
                )
            })
            .collect();
        let mut want: Vec<_> = list
            .units
            .iter()
            .map(|u| {
                (
                    u.warscroll.clone(),
                    u.name.clone(),
                    u.reinforced,
                    u.warlord,
                    u.points,
                    u.enhancements.iter().map(|e| e.name.clone()).collect::<Vec<_>>(),
                )
            })
            .collect();
        // The export puts HEROes other than the general in regiments of their own, after the
        // General's Regiment, and faction terrain last.
        let mut got_sorted = got.clone();
        got_sorted.sort();
        want.sort();
        assert_eq!(got_sorted, want, "{}:\n{text}", f.name);
    }
}
