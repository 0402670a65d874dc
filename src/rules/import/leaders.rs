//! Who of a list may lead a new roster (issue #33, item 5): shared lists are built for matched
//! play and often lead with a UNIQUE hero or one over the warlord's points cap. The import says
//! which HEROes of the list may lead instead (or that none may), and which Paths the warlord
//! may walk.

use super::Matched;
use crate::catalogue::battlepack::Battlepack;
use crate::catalogue::{Faction, Warscroll};
use crate::rules::model::Unit;
use crate::rules::renown::open_paths;
use crate::rules::roster::{Allowed, check_may_join, check_unlocks, warlord_problems};

/// Why `w` cannot lead a new roster of `faction`, in words; `None` when it may.
pub fn cannot_lead(pack: &Battlepack, faction: &Faction, allowed: Allowed, w: &Warscroll) -> Option<String> {
    if let Err(e) = check_may_join(w, allowed) {
        return Some(e.message);
    }
    if let Err(e) = check_unlocks(faction, &[], &[w.name.as_str()]) {
        return Some(e.message);
    }
    warlord_problems(pack, faction, &Unit::new(0, w))
        .into_iter()
        .next()
        .map(|e| e.message)
}

/// The warscrolls of the list that may lead a new roster, each once, in list order.
pub fn may_lead<'m>(
    pack: &Battlepack,
    faction: &Faction,
    allowed: Allowed,
    matched: &'m Matched,
) -> Vec<&'m str> {
    let mut out: Vec<&str> = Vec::new();
    for u in matched.units.iter().filter(|u| u.ally.is_none()) {
        let name = u.warscroll.name.as_str();
        if !out.contains(&name) && cannot_lead(pack, faction, allowed, &u.warscroll).is_none() {
            out.push(name);
        }
    }
    out
}

/// "of the list's HEROes, A or B may lead", or that none may.
pub fn leaders_in_words(leaders: &[&str]) -> String {
    match leaders {
        [] => "no HERO of the list may lead (a warlord is a HERO of one model, not UNIQUE, within \
               the points cap): add one, or name a HERO of the faction"
            .into(),
        [one] => format!("of the list's HEROes, {one} may lead"),
        many => format!(
            "of the list's HEROes, {} may lead",
            super::quoted(&many.iter().map(|s| s.to_string()).collect::<Vec<_>>())
        ),
    }
}

/// The ids of the Paths `w` may walk as warlord.
pub fn warlord_paths<'p>(pack: &'p Battlepack, w: &Warscroll) -> Vec<&'p str> {
    let mut unit = Unit::new(0, w);
    unit.warlord = true;
    open_paths(pack, &unit)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::Catalogue;
    use crate::lists::{ListUnit, ParsedList};
    use crate::rules::import::match_list;

    fn allowed() -> Allowed<'static> {
        Allowed {
            campaign: "Ashen Vale",
            legends: false,
        }
    }

    #[test]
    fn a_unique_or_costly_hero_cannot_lead_and_the_others_are_named() {
        let cat = Catalogue::bundled().unwrap();
        let pack = cat.battlepack("ascension").unwrap();
        let dok = cat.faction("Daughters of Khaine").unwrap();
        let morathi = dok.unit("Morathi-Khaine").unwrap();
        let why = cannot_lead(pack, dok, allowed(), morathi).unwrap();
        assert!(why.contains("UNIQUE"), "{why}");
        let list = ParsedList {
            units: ["Morathi-Khaine", "Witch Aelves", "Hag Queen", "Hag Queen"]
                .iter()
                .enumerate()
                .map(|(i, w)| ListUnit {
                    line: i + 1,
                    warscroll: w.to_string(),
                    ..ListUnit::default()
                })
                .collect(),
            ..ParsedList::default()
        };
        let m = match_list(dok, &[], &list);
        assert_eq!(may_lead(pack, dok, allowed(), &m), vec!["Hag Queen"]);
        assert!(leaders_in_words(&[]).starts_with("no HERO of the list may lead"));
    }

    #[test]
    fn a_warlord_is_offered_only_the_paths_it_may_walk() {
        let cat = Catalogue::bundled().unwrap();
        let pack = cat.battlepack("ascension").unwrap();
        let gitz = cat.faction("Gloomspite Gitz").unwrap();
        let loonboss = gitz.unit("Loonboss").unwrap();
        // A HERO that is neither WIZARD nor PRIEST: not mage or devout, nor the non-HERO Paths.
        assert_eq!(warlord_paths(pack, loonboss), vec!["warrior", "leader"]);
    }
}
