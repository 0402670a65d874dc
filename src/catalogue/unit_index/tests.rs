use crate::catalogue::{Catalogue, Faction, Warscroll};
use crate::names::SameName;

/// What `Faction::unit` answered before the map: the first unit whose name is the same.
fn scan<'a>(f: &'a Faction, name: &str) -> Option<&'a Warscroll> {
    f.units.iter().find(|u| u.name.same_name(name))
}

fn faction(names: &[&str]) -> Faction {
    let mut f = Catalogue::bundled().unwrap().faction("Skaven").unwrap().clone();
    f.units = names
        .iter()
        .map(|n| Warscroll {
            name: (*n).to_string(),
            unit_size: 1,
            ..Warscroll::default()
        })
        .collect();
    f
}

/// The same unit (by place in the list), or both none.
fn same_answer(f: &Faction, name: &str) {
    let at = |u: Option<&Warscroll>| u.map(|u| u as *const Warscroll);
    assert_eq!(at(f.unit(name)), at(scan(f, name)), "{name:?}");
}

#[test]
fn every_bundled_warscroll_is_found_as_the_scan_found_it() {
    let cat = Catalogue::bundled().unwrap();
    for (f, _) in cat.factions().unwrap() {
        for u in &f.units {
            let n = &u.name;
            let spaced = n.replace(' ', "  ");
            for typed in [
                n.clone(),
                n.to_uppercase(),
                n.to_lowercase(),
                format!(" {spaced} "),
            ] {
                same_answer(f, &typed);
                assert!(f.unit(&typed).is_some(), "{typed:?} in {}", f.name);
            }
            same_answer(f, &format!("{n}x"));
        }
    }
}

#[test]
fn names_fold_by_unicode_rules_and_the_first_of_two_wins() {
    let f = faction(&[
        "Élite Guard",
        "Ｈammer Lord",
        "Twin",
        "twin",
        "Tab\u{b}Name",
        "Spear  Men",
    ]);
    for typed in [
        "élite guard",
        "ÉLITE GUARD",
        "E\u{301}lite Guard",
        "Elite Guard",
        "hammer lord",
        "TWIN",
        "tab name",
        "Tab\u{b}Name",
        "spear men",
        "",
        "   ",
    ] {
        same_answer(&f, typed);
    }
    assert_eq!(f.unit("hammer lord").unwrap().name, "Ｈammer Lord");
    assert!(std::ptr::eq(f.unit("TWIN").unwrap(), &f.units[2]));
    assert!(f.unit("Elite Guard").is_none());
}

#[test]
fn units_added_or_removed_after_a_lookup_are_still_found() {
    let mut f = faction(&["Spearmen", "Archers"]);
    assert!(f.unit("archers").is_some());
    f.units.push(Warscroll {
        name: "Big Beast".into(),
        unit_size: 1,
        ..Warscroll::default()
    });
    assert_eq!(f.unit("big beast").unwrap().name, "Big Beast");
    f.units.retain(|u| u.name != "Spearmen");
    assert!(f.unit("spearmen").is_none());
    same_answer(&f, "archers");
    // A clone starts without the map, and builds its own.
    let g = f.clone();
    assert_eq!(g, f);
    assert_eq!(g.unit("Big Beast").unwrap().name, "Big Beast");
}
