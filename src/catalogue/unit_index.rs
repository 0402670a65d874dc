//! A faction's warscrolls by name: a map from each name as `names::fold` reads it to the units
//! with that name, built the first time the faction is asked for one, so a lookup does not
//! compare the typed name with every unit of the faction (a command looks up each unit of a
//! roster, an import each line of a list).
//!
//! The answers are exactly the scan's: `names::same` never holds between two names that fold
//! differently, so the map's candidates hold every match, and each is checked with
//! `same_name` and taken in the faction's order, as the scan took the first match.

use super::faction::Warscroll;
use crate::names::{self, SameName};
use std::collections::HashMap;
use std::sync::OnceLock;

/// The map, kept beside a faction's units (`Faction::unit`); not one of its facts: it is not
/// read or written with them, compares equal to any other, and a clone (which may be edited)
/// starts without one.
#[derive(Default)]
pub struct UnitIndex(OnceLock<Index>);

struct Index {
    by_name: HashMap<String, Vec<usize>>,
}

impl UnitIndex {
    /// The first of `units` whose name is `name` to a player (`SameName`), as a scan finds it.
    ///
    /// A name the map does not have is looked for by a scan as well (a miss costs what every
    /// lookup cost before): a faction edited after its first lookup (tests edit clones of
    /// one) then still answers as the scan did, unless a unit was renamed in place to the name
    /// of a later one, which no code does.
    pub fn find<'a>(&self, units: &'a [Warscroll], name: &str) -> Option<&'a Warscroll> {
        let index = self.0.get_or_init(|| Index::of(units));
        let found = match index.by_name.get(&names::fold(name)) {
            Some(places) => places
                .iter()
                .filter_map(|&i| units.get(i))
                .find(|u| u.name.same_name(name)),
            None => None,
        };
        found.or_else(|| units.iter().find(|u| u.name.same_name(name)))
    }
}

impl Index {
    fn of(units: &[Warscroll]) -> Index {
        let mut by_name: HashMap<String, Vec<usize>> = HashMap::with_capacity(units.len());
        for (i, u) in units.iter().enumerate() {
            by_name.entry(names::fold(&u.name)).or_default().push(i);
        }
        Index { by_name }
    }
}

impl Clone for UnitIndex {
    fn clone(&self) -> UnitIndex {
        UnitIndex::default()
    }
}

impl PartialEq for UnitIndex {
    fn eq(&self, _: &UnitIndex) -> bool {
        true
    }
}

impl std::fmt::Debug for UnitIndex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("UnitIndex")
    }
}

// By path, so it resolves the same when build.rs includes this file.
#[cfg(test)]
#[path = "unit_index/tests.rs"]
mod tests;
